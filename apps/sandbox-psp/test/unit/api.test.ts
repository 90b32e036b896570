import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deposit, harness, type Harness } from './helpers';

let t: Harness;
beforeEach(async () => {
  t = await harness();
});
afterEach(() => t.close());

const NOTIFY = 'https://casino.test/api/cashbox/webhooks/sandbox';
const payout = (overrides: Record<string, unknown> = {}) => ({
  reference: `wd-${Math.random().toString(36).slice(2)}`,
  amount_cents: 4000,
  currency: 'EUR',
  method: 'bank_transfer',
  destination: 'DE44500105175407324931',
  notification_url: NOTIFY,
  ...overrides,
});

describe('merchant authentication', () => {
  it('refuses a missing or wrong API key with 401', async () => {
    for (const key of ['', 'wrong']) {
      for (const [method, url] of [
        ['POST', '/payments'],
        ['GET', '/payments/pay_x'],
        ['POST', '/payouts'],
        ['POST', '/crypto/addresses'],
      ] as const) {
        const res = await t.api(method, url, method === 'POST' ? deposit('card') : undefined, key);
        expect(res.status).toBe(401);
        expect(res.json).toEqual({ error: 'unauthorized' });
      }
    }
  });
});

describe('request validation', () => {
  it.each([
    ['negative amount', { amount_cents: -5 }],
    ['fractional amount', { amount_cents: 1.5 }],
    ['unsafe amount', { amount_cents: 2 ** 53 }],
    ['unknown method', { method: 'cash' }],
    ['bad currency', { currency: 'euro' }],
    ['bad return url', { return_url: 'not a url' }],
  ])('answers 422 for %s', async (_name, overrides) => {
    const res = await t.api('POST', '/payments', deposit('card', overrides));
    expect(res.status).toBe(422);
    expect(res.json.error).toBe('invalid_request');
    expect(res.json.details).toBeDefined();
  });

  it('answers 422 for malformed JSON and 404 for an unknown payment', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox-psp/api/payments',
      headers: { authorization: 'Bearer test_api_key', 'content-type': 'application/json' },
      payload: '{"reference":',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('invalid_request');
    expect((await t.api('GET', '/payments/pay_unknown')).status).toBe(404);
  });
});

describe('reference idempotency', () => {
  it('answers the first payment again for the same reference and payload, 409 for a different payload', async () => {
    const body = deposit('card');
    const first = await t.api('POST', '/payments', body);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await t.api('POST', '/payments', reordered);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    const conflict = await t.api('POST', '/payments', { ...body, amount_cents: 2501 });
    expect(conflict.status).toBe(409);
    expect(conflict.json).toEqual({ error: 'reference_conflict' });
  });

  it('applies to payouts too', async () => {
    const body = payout();
    const first = await t.api('POST', '/payouts', body);
    expect(first.status).toBe(201);
    expect((await t.api('POST', '/payouts', body)).json.id).toBe(first.json.id);
    expect((await t.api('POST', '/payouts', { ...body, destination: 'other' })).status).toBe(409);
  });
});

describe('payouts', () => {
  it('settles a bank transfer payout after the bank delay and sends payout.succeeded', async () => {
    const res = await t.api('POST', '/payouts', payout());
    expect(res.status).toBe(201);
    expect(res.json.status).toBe('pending');
    await t.advance(19_999);
    expect((await t.api('GET', `/payments/${res.json.id}`)).json.status).toBe('pending');
    await t.advance(1);
    const got = await t.api('GET', `/payments/${res.json.id}`);
    expect(got.json).toMatchObject({
      kind: 'payout',
      method: 'bank_transfer',
      status: 'succeeded',
      amount_cents: 4000,
      currency: 'EUR',
    });
    expect(t.delivered.map((d) => d.event.type)).toEqual(['payout.succeeded']);
  });

  it('fails a payout whose destination contains FAIL, with a reason', async () => {
    const res = await t.api('POST', '/payouts', payout({ method: 'ewallet', destination: 'FAIL@wallet.test' }));
    await t.advance(5_000);
    const got = await t.api('GET', `/payments/${res.json.id}`);
    expect(got.json.status).toBe('failed');
    expect(got.json.decline_reason).toBeTruthy();
    expect(t.delivered.map((d) => d.event.type)).toEqual(['payout.failed']);
  });

  it('settles a crypto payout after its confirmations', async () => {
    const res = await t.api(
      'POST',
      '/payouts',
      payout({ method: 'crypto', currency: 'BTC', amount_cents: 150_000, destination: 'tb1qdestination' }),
    );
    await t.advance(9_999);
    expect((await t.api('GET', `/payments/${res.json.id}`)).json.status).toBe('pending');
    await t.advance(1);
    const got = await t.api('GET', `/payments/${res.json.id}`);
    expect(got.json).toMatchObject({ status: 'succeeded', currency: 'BTC', amount_cents: 150_000 });
    expect(got.json.txid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a crypto payout in a fiat currency', async () => {
    expect((await t.api('POST', '/payouts', payout({ method: 'crypto' }))).status).toBe(422);
  });
});
