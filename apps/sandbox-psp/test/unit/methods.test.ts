import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deposit, harness, type Harness } from './helpers';

let t: Harness;
beforeEach(async () => {
  t = await harness();
});
afterEach(() => t.close());

const status = async (id: string) => (await t.api('GET', `/payments/${id}`)).json.status as string;

describe('bank transfer', () => {
  it('shows the IBAN and reference, stays pending after "I have sent the transfer" and settles after the delay', async () => {
    const { json: p } = await t.api('POST', '/payments', deposit('bank_transfer'));
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-psp/pay/${p.id}` });
    expect(page.body).toContain('DE89 3704 0044 0532 0130 00');
    expect(page.body).toContain(p.id);
    expect(page.body).toContain('I have sent the transfer');

    const sent = await t.form(`/pay/${p.id}`, {});
    expect(sent.status).toBe(303);
    expect(new URL(sent.location!).searchParams.get('status')).toBe('pending');

    await t.advance(19_000);
    expect(await status(p.id)).toBe('pending');
    expect(t.delivered.map((d) => d.event.type)).toEqual(['payment.pending']);
    await t.advance(1_000);
    expect(await status(p.id)).toBe('succeeded');
    expect(t.delivered.map((d) => d.event.type)).toEqual(['payment.pending', 'payment.succeeded']);
  });

  it('is no longer cancelable once the customer says the transfer is sent', async () => {
    const { json: p } = await t.api('POST', '/payments', deposit('bank_transfer'));
    await t.form(`/pay/${p.id}`, {});
    expect((await t.api('POST', `/payments/${p.id}/cancel`, {})).status).toBe(409);
  });
});

describe('e-wallet', () => {
  it('settles after the ewallet delay once approved', async () => {
    const { json: p } = await t.api('POST', '/payments', deposit('ewallet'));
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-psp/pay/${p.id}` });
    expect(page.body).toContain('Sign in to SandboxWallet');
    await t.form(`/pay/${p.id}`, {});
    await t.advance(4_999);
    expect(await status(p.id)).toBe('pending');
    await t.advance(1);
    expect(await status(p.id)).toBe('succeeded');
  });

  it('cancels from the wallet page', async () => {
    const { json: p } = await t.api('POST', '/payments', deposit('ewallet'));
    const res = await t.form(`/pay/${p.id}/cancel`, {});
    expect(new URL(res.location!).searchParams.get('status')).toBe('canceled');
    await t.advance(10_000);
    expect(await status(p.id)).toBe('canceled');
  });
});

describe('API cancel', () => {
  it('cancels a pending deposit and sends payment.canceled', async () => {
    const { json: p } = await t.api('POST', '/payments', deposit('card'));
    const res = await t.api('POST', `/payments/${p.id}/cancel`, {});
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('canceled');
    await t.psp.runDue();
    expect(t.delivered.map((d) => d.event.type)).toEqual(['payment.canceled']);
  });
});

describe('vouchers', () => {
  it('pays with a valid pre-made voucher, records its code, and refuses it a second time', async () => {
    const { json: p } = await t.api('POST', '/payments', deposit('voucher', { amount_cents: 1000 }));
    const res = await t.form(`/pay/${p.id}`, { code: 'SANDBOX-EUR-10' });
    expect(new URL(res.location!).searchParams.get('status')).toBe('succeeded');
    expect((await t.api('GET', `/payments/${p.id}`)).json).toMatchObject({
      status: 'succeeded',
      voucher_code: 'SANDBOX-EUR-10',
    });

    const { json: p2 } = await t.api('POST', '/payments', deposit('voucher', { amount_cents: 500 }));
    const used = await t.form(`/pay/${p2.id}`, { code: 'SANDBOX-EUR-10' });
    expect(used.status).toBe(422);
    expect(used.body).toContain('already been used');
    expect(await status(p2.id)).toBe('pending');
  });

  it('refuses a voucher of another currency, one worth less than the amount, and an unknown code', async () => {
    const { json: p } = await t.api('POST', '/payments', deposit('voucher', { amount_cents: 6000 }));
    expect((await t.form(`/pay/${p.id}`, { code: 'SANDBOX-USD-100' })).body).toContain('This voucher is in USD');
    expect((await t.form(`/pay/${p.id}`, { code: 'SANDBOX-EUR-50' })).body).toContain('less than the amount');
    expect((await t.form(`/pay/${p.id}`, { code: 'NOPE' })).body).toContain('does not exist');
    expect(await status(p.id)).toBe('pending');
    // The refused vouchers are still usable.
    const { json: small } = await t.api('POST', '/payments', deposit('voucher', { amount_cents: 5000 }));
    expect(
      new URL((await t.form(`/pay/${small.id}`, { code: 'SANDBOX-EUR-50' })).location!).searchParams.get('status'),
    ).toBe('succeeded');
  });

  it('issues a new voucher on /vouchers that then pays', async () => {
    const issued = await t.form('/vouchers', { currency: 'gbp', value: '12.50' });
    expect(issued.status).toBe(201);
    const code = /id="voucher-code">([^<]+)</.exec(issued.body)![1]!;
    expect(code).toMatch(/^SBX-GBP-/);
    // Only its issuer sees the whole code: the list every visitor can open cuts it short.
    const list = await t.app.inject({ method: 'GET', url: '/sandbox-psp/vouchers' });
    expect(list.body).not.toContain(code);
    expect(list.body).toContain(`…${code.slice(-4)}`);
    const { json: p } = await t.api('POST', '/payments', deposit('voucher', { amount_cents: 1250, currency: 'GBP' }));
    const res = await t.form(`/pay/${p.id}`, { code: code.toLowerCase() });
    expect(new URL(res.location!).searchParams.get('status')).toBe('succeeded');
  });
});

describe('dashboard', () => {
  it("lists recent payments with their ids cut short (a visitor cannot act on another's) and links to the crypto and voucher pages", async () => {
    const { json: p } = await t.api('POST', '/payments', deposit('card'));
    const res = await t.app.inject({ method: 'GET', url: '/sandbox-psp/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(p.id);
    expect(res.body).toContain(`…${p.id.slice(-4)}`);
    expect(res.body).toContain('/sandbox-psp/crypto');
    expect(res.body).toContain('/sandbox-psp/vouchers');
  });
});
