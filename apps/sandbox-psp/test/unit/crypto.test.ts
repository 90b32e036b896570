import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from './helpers';

let t: Harness;
beforeEach(async () => {
  t = await harness();
});
afterEach(() => t.close());

const NOTIFY = 'https://casino.test/api/cashbox/webhooks/sandbox';

describe('crypto deposit addresses', () => {
  it('answers the same address for the same (currency, reference) and a new one otherwise', async () => {
    const a = await t.api('POST', '/crypto/addresses', {
      currency: 'BTC',
      reference: 'acct-1',
      notification_url: NOTIFY,
    });
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ currency: 'BTC', confirmations_required: 2 });
    expect(a.json.address).toMatch(/^tb1q[a-z0-9]{38}$/);
    const again = await t.api('POST', '/crypto/addresses', {
      currency: 'BTC',
      reference: 'acct-1',
      notification_url: NOTIFY,
    });
    expect(again.json.address).toBe(a.json.address);
    const other = await t.api('POST', '/crypto/addresses', {
      currency: 'BTC',
      reference: 'acct-2',
      notification_url: NOTIFY,
    });
    expect(other.json.address).not.toBe(a.json.address);
    const eth = await t.api('POST', '/crypto/addresses', {
      currency: 'ETH',
      reference: 'acct-1',
      notification_url: NOTIFY,
    });
    expect(eth.json.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(eth.json.confirmations_required).toBe(3);
    const usdt = await t.api('POST', '/crypto/addresses', {
      currency: 'USDT',
      reference: 'acct-1',
      notification_url: NOTIFY,
    });
    expect(usdt.json.address).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('refuses an unknown currency', async () => {
    const res = await t.api('POST', '/crypto/addresses', {
      currency: 'XRP',
      reference: 'acct-1',
      notification_url: NOTIFY,
    });
    expect(res.status).toBe(422);
    expect(res.json.error).toBe('invalid_request');
  });
});

describe('simulated crypto transactions', () => {
  it('sends crypto.deposit.pending when seen and crypto.deposit.succeeded at the required confirmations', async () => {
    const { json: addr } = await t.api('POST', '/crypto/addresses', {
      currency: 'LTC',
      reference: 'acct-9',
      notification_url: NOTIFY,
    });
    const sent = await t.form('/crypto', { address: addr.address, amount: '0.015' });
    expect(sent.status).toBe(201);
    await t.psp.runDue();
    expect(t.delivered.map((d) => d.event.type)).toEqual(['crypto.deposit.pending']);
    const pending = t.delivered[0]!.event.payment;
    expect(pending).toMatchObject({
      kind: 'deposit',
      method: 'crypto',
      status: 'pending',
      currency: 'LTC',
      amount_cents: 1_500_000,
      reference: 'acct-9',
      address: addr.address,
    });
    expect(pending.txid).toMatch(/^[0-9a-f]{64}$/);

    await t.advance(5_000);
    await t.advance(5_000);
    const page = await t.app.inject({ method: 'GET', url: '/sandbox-psp/crypto' });
    expect(page.body).toContain('2 / 3');
    // Another visitor sees the transaction, not the player's address to send more to.
    expect(page.body).not.toContain(addr.address);
    expect((await t.api('GET', `/payments/${pending.id}`)).json.status).toBe('pending');
    expect(t.delivered).toHaveLength(1);

    await t.advance(5_000);
    expect(t.delivered.map((d) => d.event.type)).toEqual(['crypto.deposit.pending', 'crypto.deposit.succeeded']);
    expect(t.delivered[1]!.event.payment).toMatchObject({ id: pending.id, status: 'succeeded', txid: pending.txid });
    await t.advance(60_000);
    expect(t.delivered).toHaveLength(2);
  });

  it('converts USDT amounts with 6 decimals and refuses unknown addresses or bad amounts', async () => {
    const { json: addr } = await t.api('POST', '/crypto/addresses', {
      currency: 'USDT',
      reference: 'acct-3',
      notification_url: NOTIFY,
    });
    await t.form('/crypto', { address: addr.address, amount: '12.5' });
    await t.psp.runDue();
    expect(t.delivered[0]!.event.payment.amount_cents).toBe(12_500_000);
    expect((await t.form('/crypto', { address: 'tb1qnothing', amount: '1' })).status).toBe(422);
    expect((await t.form('/crypto', { address: addr.address, amount: '0.0000001' })).status).toBe(422);
    expect((await t.form('/crypto', { address: addr.address, amount: '0' })).status).toBe(422);
  });
});
