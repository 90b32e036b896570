import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerAccountSchema, playerAccountsResponseSchema } from '@orbit/contracts';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-05-10T10:00:00Z');
const OPERATOR = 'operator-token-operator-token-operator-token';
let t: TestApp;
let ann: { cookie: string; id: number };

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock });
  const r = await register(t, { email: 'ann@example.com', currency: 'EUR' });
  ann = { cookie: r.cookie, id: r.player.id };
});
afterAll(() => t.close());

async function accounts(cookie: string) {
  const res = await call(t, 'GET', '/api/player/accounts?compatibility=1', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return playerAccountsResponseSchema.parse(res.json());
}

describe('player accounts', () => {
  it('lists the account opened at registration, empty and active', async () => {
    expect(await accounts(ann.cookie)).toEqual([
      {
        currency: 'EUR',
        amount_cents: 0,
        bonus_cents: 0,
        available_to_cashout_cents: 0,
        held_cents: 0,
        available_to_bet_with_locked_cent: 0,
        hidden_at: null,
        deposit_available: true,
        active: true,
      },
    ]);
  });

  it('shows real plus bonus money as the amount, and only real money as available to cash out', async () => {
    const ledger = new Ledger(clock);
    await ledger.transfer(t.database.db, {
      idempotencyKey: 'acc-dep',
      kind: 'deposit',
      reference: 'payment:1',
      currency: 'EUR',
      amount: 5_000,
      from: { house: 'psp_clearing' },
      to: { player: ann.id, kind: 'real' },
    });
    await ledger.transfer(t.database.db, {
      idempotencyKey: 'acc-bonus',
      kind: 'bonus',
      reference: 'bonus:1',
      currency: 'EUR',
      amount: 1_500,
      from: { house: 'bonus_funding' },
      to: { player: ann.id, kind: 'bonus' },
    });
    await ledger.transfer(t.database.db, {
      idempotencyKey: 'acc-out',
      kind: 'cashout_reserve',
      reference: 'payment:2',
      currency: 'EUR',
      amount: 1_000,
      from: { player: ann.id, kind: 'real' },
      to: { player: ann.id, kind: 'reserved' },
    });
    const [eur] = await accounts(ann.cookie);
    expect(eur).toMatchObject({
      currency: 'EUR',
      amount_cents: 5_500,
      available_to_cashout_cents: 4_000,
      available_to_bet_with_locked_cent: 5_500,
    });
  });

  it('opens an account in another currency and makes it the active one; switching back keeps the money', async () => {
    const res = await call(t, 'POST', '/api/player/accounts', { cookie: ann.cookie, payload: { currency: 'BTC' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(playerAccountSchema.parse(res.json())).toMatchObject({ currency: 'BTC', amount_cents: 0, active: true });
    expect((await accounts(ann.cookie)).map((a) => [a.currency, a.active])).toEqual([
      ['BTC', true],
      ['EUR', false],
    ]);
    const back = await call(t, 'POST', '/api/player/accounts', { cookie: ann.cookie, payload: { currency: 'EUR' } });
    expect(back.json()).toMatchObject({ currency: 'EUR', amount_cents: 5_500, active: true });
    expect((await accounts(ann.cookie)).map((a) => a.currency)).toEqual(['EUR', 'BTC']);
  });

  it('refuses an unknown currency, the demo money and a malformed body, and opens nothing', async () => {
    for (const currency of ['XYZ', 'FUN', 'eur!', '']) {
      const res = await call(t, 'POST', '/api/player/accounts', { cookie: ann.cookie, payload: { currency } });
      expect(res.statusCode, currency).toBe(422);
      expect(res.json()).toEqual({ errors: { currency: ['invalid'] } });
    }
    const missing = await call(t, 'POST', '/api/player/accounts', { cookie: ann.cookie, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.currency).toBeDefined();
    expect((await accounts(ann.cookie)).map((a) => a.currency)).toEqual(['EUR', 'BTC']);
  });

  it('needs a session and the page header', async () => {
    expect((await call(t, 'GET', '/api/player/accounts')).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/player/accounts', { payload: { currency: 'USD' } })).statusCode).toBe(401);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/player/accounts',
      headers: { cookie: ann.cookie },
      payload: { currency: 'USD' },
    });
    expect(noHeader.statusCode).toBe(403);
  });
});

describe('operator ledger audit', () => {
  it('reports the invariants holding, to the operator only', async () => {
    expect((await call(t, 'GET', '/api/operator/ledger/audit')).statusCode).toBe(401);
    const res = await call(t, 'GET', '/api/operator/ledger/audit', {
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, problems: [] });
    expect(res.json().transfers).toBeGreaterThanOrEqual(3);
  });
});
