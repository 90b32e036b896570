import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStore, signSandboxPayload, verifySandboxSignature } from '../../src/index';
import { GOOD_CARD, SECRET, deposit, harness, type Harness } from './helpers';

let open: Harness[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.map((h) => h.close()));
  open = [];
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(...args: Parameters<typeof harness>) {
  const h = await harness(...args);
  open.push(h);
  return h;
}

async function approvedCardPayment(t: Harness): Promise<string> {
  const { json: p } = await t.api('POST', '/payments', deposit('card'));
  await t.form(`/pay/${p.id}`, GOOD_CARD);
  return p.id as string;
}

describe('webhook signature', () => {
  it('signs the raw body: it verifies with the secret, not when tampered, not with another secret, not when stale', async () => {
    const t = await start();
    await approvedCardPayment(t);
    await t.psp.runDue();
    const hook = t.delivered[0]!;
    const header = hook.headers['x-sandbox-signature']!;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(hook.headers['content-type']).toBe('application/json');
    const now = new Date(t.now.t);
    expect(verifySandboxSignature(hook.body, header, SECRET, now)).toBe(true);
    expect(verifySandboxSignature(hook.body.replace('"succeeded"', '"declined"'), header, SECRET, now)).toBe(false);
    expect(verifySandboxSignature(hook.body, header, 'other-secret', now)).toBe(false);
    expect(verifySandboxSignature(hook.body, header, SECRET, new Date(t.now.t + 301_000))).toBe(false);
    expect(verifySandboxSignature(hook.body, 'garbage', SECRET, now)).toBe(false);
    expect(hook.event.id).toMatch(/^evt_/);
    expect(hook.event.created_at).toBe(now.toISOString());
  });

  it('matches the documented format HMAC-SHA256(secret, "<t>.<body>")', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const header = signSandboxPayload('{"a":1}', 's3cret', now);
    const expected = createHmac('sha256', 's3cret').update('1767225600.{"a":1}').digest('hex');
    expect(header).toBe(`t=1767225600,v1=${expected}`);
    expect(verifySandboxSignature('{"a":1}', header, 's3cret', now)).toBe(true);
  });
});

describe('webhook delivery', () => {
  it('retries with exponential backoff until a 2xx, then never again', async () => {
    const t = await start();
    t.respond.status = 500;
    await approvedCardPayment(t);
    await t.psp.runDue(); // attempt 1 fails → next in 1 s
    expect(t.delivered).toHaveLength(1);
    await t.advance(999);
    expect(t.delivered).toHaveLength(1);
    await t.advance(1); // attempt 2 → next in 2 s
    expect(t.delivered).toHaveLength(2);
    t.respond.status = 'network_error';
    await t.advance(2_000); // attempt 3 (network error) → next in 4 s
    t.respond.status = 503;
    await t.advance(3_999);
    expect(t.delivered).toHaveLength(2);
    await t.advance(1); // attempt 4 → next in 8 s
    expect(t.delivered).toHaveLength(3);
    t.respond.status = 204;
    await t.advance(8_000);
    expect(t.delivered).toHaveLength(4);
    await t.advance(600_000);
    await t.advance(600_000);
    expect(t.delivered).toHaveLength(4);
    // Every attempt carries the same event, freshly signed.
    expect(new Set(t.delivered.map((d) => d.event.id)).size).toBe(1);
    const last = t.delivered[3]!;
    expect(
      verifySandboxSignature(last.body, last.headers['x-sandbox-signature']!, SECRET, new Date(t.now.t - 1_200_000)),
    ).toBe(true);
  });

  it('delivers the events of one payment in order: a later event waits for the earlier one', async () => {
    const t = await start();
    const { json: p } = await t.api('POST', '/payments', deposit('ewallet'));
    t.respond.status = 500;
    await t.form(`/pay/${p.id}`, {});
    await t.advance(0); // payment.pending fails
    await t.advance(5_000); // settles; payment.pending retried first, fails again
    expect(t.delivered.map((d) => d.event.type)).toEqual(['payment.pending', 'payment.pending']);
    t.respond.status = 200;
    await t.advance(2_000);
    expect(t.delivered.map((d) => d.event.type)).toEqual([
      'payment.pending',
      'payment.pending',
      'payment.pending',
      'payment.succeeded',
    ]);
  });

  it('gives up after 20 attempts and shows the failed delivery on the dashboard', async () => {
    const t = await start();
    t.respond.status = 500;
    await approvedCardPayment(t);
    for (let i = 0; i < 40; i++) await t.advance(300_000);
    expect(t.delivered).toHaveLength(20);
    const dash = await t.app.inject({ method: 'GET', url: '/sandbox-psp/' });
    expect(dash.body).toContain('payment.succeeded');
    expect(dash.body).toMatch(/failed/);
  });
});

describe('file store', () => {
  it('keeps payments, vouchers and a pending webhook across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-psp-'));
    dirs.push(dir);
    const file = join(dir, 'state.json');

    const first = await start({ store: fileStore(file) });
    first.respond.status = 500;
    const paid = await approvedCardPayment(first);
    const { json: voucherPay } = await first.api('POST', '/payments', deposit('voucher', { amount_cents: 1000 }));
    await first.form(`/pay/${voucherPay.id}`, { code: 'SANDBOX-EUR-10' });
    const { json: bank } = await first.api('POST', '/payments', deposit('bank_transfer'));
    await first.form(`/pay/${bank.id}`, {});
    const { json: addr } = await first.api('POST', '/crypto/addresses', {
      currency: 'BTC',
      reference: 'acct-1',
      notification_url: 'https://casino.test/hook',
    });
    await first.psp.runDue();
    expect(first.delivered.length).toBeGreaterThan(0);
    await first.close();
    expect(readdirSync(dir)).toEqual(['state.json']); // no temp file left behind

    const second = await start({ store: fileStore(file) });
    second.now.t = first.now.t;
    expect((await second.api('GET', `/payments/${paid}`)).json.status).toBe('succeeded');
    expect(
      (
        await second.api('POST', '/crypto/addresses', {
          currency: 'BTC',
          reference: 'acct-1',
          notification_url: 'https://casino.test/hook',
        })
      ).json.address,
    ).toBe(addr.address);
    const { json: reuse } = await second.api('POST', '/payments', deposit('voucher', { amount_cents: 500 }));
    expect((await second.form(`/pay/${reuse.id}`, { code: 'SANDBOX-EUR-10' })).body).toContain('already been used');

    await second.advance(20_000);
    const types = second.delivered.map((d) => `${d.event.payment.id}:${d.event.type}`);
    expect(types).toContain(`${paid}:payment.succeeded`);
    expect(types).toContain(`${voucherPay.id}:payment.succeeded`);
    expect(types).toContain(`${bank.id}:payment.pending`);
    expect(types).toContain(`${bank.id}:payment.succeeded`);
    expect((await second.api('GET', `/payments/${bank.id}`)).json.status).toBe('succeeded');
  });
});
