/**
 * The cashbox through its HTTP API, against a provider whose answers the test scripts (the
 * shipped sandbox PSP is driven end to end by the browser journeys): deposits credited exactly
 * once by webhook or poll, forged and stale webhooks refused, cashouts reserved, recalled,
 * approved, paid out or rejected; bad input refused with nothing moved; the ledger audited after each.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  depositResponseSchema,
  paymentMethodsResponseSchema,
  paymentSchema,
  paymentsResponseSchema,
  paymentsWithPagesResponseSchema,
  cryptoAddressResponseSchema,
} from '@orbit/contracts';
import { payments } from '../../src/modules/cashbox/schema';
import { users } from '../../src/modules/identity/schema';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { ScriptedPsp } from '../support/scripted-psp';
import { eq } from 'drizzle-orm';

const clock = new FakeClock('2026-09-01T12:00:00Z');
const OPERATOR = 'operator-token-operator-token-operator-token';
const psp = new ScriptedPsp();
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp(
    { ...psp.env, OPERATOR_TOKEN: OPERATOR, CASHOUT_AUTO_APPROVE_UNITS: '100' },
    { clock, fetch: psp.fetch },
  );
});
afterAll(() => t.close());
beforeEach(() => {
  psp.unreachable = false;
});

type Player = { cookie: string; id: number };
async function newPlayer(overrides: Record<string, unknown> = {}, confirmed = true): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `cash${seq}@example.com`, ...overrides }, `10.20.${seq}.1`);
  if (confirmed) await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  return { cookie, id: player.id };
}

const post = (p: Player, url: string, payload: unknown) => call(t, 'POST', url, { cookie: p.cookie, payload });
const webhook = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/cashbox/webhooks/sandbox', payload: body, headers });

async function deposit(p: Player, amount: number, method = 'card_visa', currency = 'EUR') {
  const res = await post(p, '/api/cashbox/deposits', { payment_method: method, amount_cents: amount, currency });
  expect(res.statusCode, res.body).toBe(201);
  return depositResponseSchema.parse(res.json());
}

/** A deposit the PSP approved and notified: the player's money to play with. */
async function funded(amount: number, overrides: Record<string, unknown> = {}): Promise<Player> {
  const p = await newPlayer(overrides);
  await deposit(p, amount);
  const settled = psp.last();
  settled.status = 'succeeded';
  settled.card = { brand: 'visa', last4: '3220', token: `tok_${seq}` };
  const { body, headers } = psp.webhook(settled, clock.now());
  expect((await webhook(body, headers)).statusCode).toBe(200);
  return p;
}

/** A payment's state as stored (for tests where the player's session has long expired). */
async function stateOf(id: number) {
  const [row] = await t.database.db
    .select({ state: payments.state, reason: payments.cancellationReason })
    .from(payments)
    .where(eq(payments.id, id));
  return row;
}

async function payment(p: Player, id: number) {
  const list = paymentsResponseSchema.parse(
    (await call(t, 'GET', '/api/player/payments', { cookie: p.cookie })).json(),
  );
  return list.find((x) => x.id === id)!;
}

describe('payment methods', () => {
  it('lists the fiat methods with limits in minor units and suggests 50 for a first deposit', async () => {
    const p = await newPlayer();
    const res = await call(t, 'GET', '/api/cashbox/methods?action=deposit&currency=EUR', { cookie: p.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = paymentMethodsResponseSchema.parse(res.json());
    expect(body.suggested_amount_cents).toBe(5_000);
    expect(body.methods.find((m) => m.id === 'card_visa')).toMatchObject({
      min_amount_cents: 1_000,
      max_amount_cents: 500_000,
      fee_percent: 0,
      processing_time: 'instant',
    });
  });

  it('hides sofort from players in group 631', async () => {
    const p = await newPlayer();
    await t.database.db.execute(
      sql`insert into player_groups (id, name, kind, writable) values (631, 'No sofort', 'group', false) on conflict do nothing`,
    );
    const before = paymentMethodsResponseSchema.parse(
      (await call(t, 'GET', '/api/cashbox/methods?action=deposit', { cookie: p.cookie })).json(),
    );
    expect(before.methods.map((m) => m.brand)).toContain('sofort');
    await t.database.db.execute(
      sql`insert into user_groups (user_id, group_id, added_at) values (${p.id}, 631, now())`,
    );
    const after = paymentMethodsResponseSchema.parse(
      (await call(t, 'GET', '/api/cashbox/methods?action=deposit', { cookie: p.cookie })).json(),
    );
    expect(after.methods.map((m) => m.brand)).not.toContain('sofort');
  });

  it('needs a session', async () => {
    expect((await call(t, 'GET', '/api/cashbox/methods?action=deposit')).statusCode).toBe(401);
  });

  it('answers every crypto currency both ways, limits exact in minor units (dogecoin: 10^8 subunits)', async () => {
    const p = await newPlayer();
    for (const currency of ['BTC', 'BCH', 'ETH', 'LTC', 'DOG', 'USDT'])
      for (const action of ['deposit', 'cashout']) {
        const res = await call(t, 'GET', `/api/cashbox/methods?action=${action}&currency=${currency}`, {
          cookie: p.cookie,
        });
        expect(res.statusCode, `${currency} ${action}: ${res.body}`).toBe(200);
        for (const m of paymentMethodsResponseSchema.parse(res.json()).methods)
          expect(Number.isSafeInteger(m.max_amount_cents) && m.min_amount_cents <= m.max_amount_cents).toBe(true);
      }
  });
});

describe('deposits', () => {
  it("sends the player back to the return page in the page's language", async () => {
    const p = await newPlayer();
    for (const [locale, path] of [
      ['de', '/de/cashbox/return'],
      ['fr-CA', '/fr-CA/cashbox/return'],
      ['en', '/cashbox/return'],
    ] as const) {
      const res = await call(t, 'POST', '/api/cashbox/deposits', {
        cookie: p.cookie,
        headers: { locale },
        payload: { payment_method: 'card_visa', amount_cents: 2_500, currency: 'EUR' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { payment } = depositResponseSchema.parse(res.json());
      expect(psp.calls.filter((c) => c.method === 'POST' && c.path === '/api/payments').at(-1)!.body).toMatchObject({
        return_url: `http://localhost:3000${path}?payment=${payment.id}`,
      });
    }
  });

  it('starts a pending deposit at the PSP and answers its page; the signed webhook credits it once', async () => {
    const p = await newPlayer();
    const started = await deposit(p, 2_500);
    expect(started.redirect_url).toMatch(/^http:\/\/psp\.test\/sandbox\/pay\//);
    expect(started.payment).toMatchObject({
      state: 'pending',
      action: 'deposit',
      amount_cents: 2_500,
      currency: 'EUR',
      brand: 'visa',
      recallable: false,
    });
    expect(psp.calls.filter((c) => c.method === 'POST' && c.path === '/api/payments').at(-1)!.body).toMatchObject({
      reference: `payment:${started.payment.id}`,
      amount_cents: 2_500,
      method: 'card',
      return_url: `http://localhost:3000/cashbox/return?payment=${started.payment.id}`,
    });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0 });

    const settled = psp.last();
    settled.status = 'succeeded';
    const { body, headers } = psp.webhook(settled, clock.now());
    for (let i = 0; i < 3; i++) expect((await webhook(body, headers)).statusCode).toBe(200);
    // A poll after the webhook changes nothing either.
    expect(
      paymentSchema.parse((await post(p, `/api/player/payments/${started.payment.id}/check`, {})).json()).state,
    ).toBe('succeeded');
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 2_500 });
    expect(await payment(p, started.payment.id)).toMatchObject({
      state: 'succeeded',
      success: true,
      finished_at: clock.now().toISOString(),
    });
    await expectLedgerHolds(t.database.db);
  });

  it('credits on a status poll when the webhook never comes, and a late webhook does not credit again', async () => {
    const p = await newPlayer();
    const { payment: started } = await deposit(p, 4_000);
    const settled = psp.last();
    settled.status = 'succeeded';
    const [a, b] = await Promise.all([
      post(p, `/api/player/payments/${started.id}/check`, {}),
      post(p, `/api/player/payments/${started.id}/check`, {}),
    ]);
    expect([a.json().state, b.json().state]).toEqual(['succeeded', 'succeeded']);
    const { body, headers } = psp.webhook(settled, clock.now());
    await webhook(body, headers);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 4_000 });
    await expectLedgerHolds(t.database.db);
  });

  it('refuses forged, tampered and stale webhooks and moves nothing', async () => {
    const p = await newPlayer();
    const { payment: started } = await deposit(p, 1_500);
    const settled = psp.last();
    settled.status = 'succeeded';
    const forged = psp.webhook(settled, clock.now(), 'not-the-secret-not-the-secret-not-the-secret');
    expect((await webhook(forged.body, forged.headers)).statusCode).toBe(401);
    const good = psp.webhook(settled, clock.now());
    expect(
      (await webhook(good.body.replace('"amount_cents":1500', '"amount_cents":150000'), good.headers)).statusCode,
    ).toBe(401);
    expect((await webhook(good.body, { 'content-type': 'application/json' })).statusCode).toBe(401);
    const stale = psp.webhook(settled, new Date(clock.now().getTime() - 10 * 60_000));
    const res = await webhook(stale.body, stale.headers);
    expect([res.statusCode, res.json()]).toEqual([401, { errors: { base: ['invalid_signature'] } }]);
    expect(await payment(p, started.id)).toMatchObject({ state: 'pending' });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0 });
  });

  it('records a decline and a cancellation with their reasons, crediting nothing', async () => {
    const p = await newPlayer();
    const { payment: declined } = await deposit(p, 1_000);
    Object.assign(psp.last(), { status: 'declined', decline_reason: 'card_declined' });
    await post(p, `/api/player/payments/${declined.id}/check`, {});
    const { payment: canceled } = await deposit(p, 1_000);
    const c = Object.assign(psp.last(), { status: 'canceled' as const });
    const { body, headers } = psp.webhook(c, clock.now());
    await webhook(body, headers);
    expect(await payment(p, declined.id)).toMatchObject({
      state: 'declined',
      success: false,
      cancellation_reason: 'card_declined',
    });
    expect(await payment(p, canceled.id)).toMatchObject({
      state: 'canceled',
      cancellation_reason: 'canceled_by_player',
    });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0 });
  });

  it('does not credit a PSP word naming another amount', async () => {
    const p = await newPlayer();
    const { payment: started } = await deposit(p, 1_000);
    const wrong = Object.assign(psp.last(), { status: 'succeeded' as const, amount_cents: 100_000 });
    const { body, headers } = psp.webhook(wrong, clock.now());
    expect((await webhook(body, headers)).statusCode).toBe(200);
    expect(await payment(p, started.id)).toMatchObject({ state: 'pending' });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0 });
  });

  it('refuses bad amounts, methods and currencies with stable codes, opening nothing at the PSP', async () => {
    const p = await newPlayer();
    const calls = psp.calls.length;
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ payment_method: 'card_visa', amount_cents: 999, currency: 'EUR' }, { amount_cents: ['too_small'] }],
      [{ payment_method: 'card_visa', amount_cents: 500_001, currency: 'EUR' }, { amount_cents: ['too_large'] }],
      [{ payment_method: 'card_visa', amount_cents: 10.5, currency: 'EUR' }, { amount_cents: ['invalid'] }],
      [{ payment_method: 'card_visa', amount_cents: -100, currency: 'EUR' }, { amount_cents: ['invalid'] }],
      [{ payment_method: 'cheque', amount_cents: 2_000, currency: 'EUR' }, { payment_method: ['invalid'] }],
      [{ payment_method: 'card_visa', amount_cents: 2_000, currency: 'USD' }, { currency: ['account_not_found'] }],
      [{ payment_method: 'card_visa', amount_cents: 2_000, currency: 'XYZ' }, { currency: ['invalid'] }],
      [{ payment_method: 'crypto_btc', amount_cents: 2_000_000, currency: 'EUR' }, { payment_method: ['invalid'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await post(p, '/api/cashbox/deposits', payload);
      expect([res.statusCode, res.json()], JSON.stringify(payload)).toEqual([422, { errors }]);
    }
    expect(psp.calls.length).toBe(calls);
    expect(
      paymentsResponseSchema.parse((await call(t, 'GET', '/api/player/payments', { cookie: p.cookie })).json()),
    ).toEqual([]);
  });

  it('declines the payment and says so when the PSP cannot be reached', async () => {
    const p = await newPlayer();
    psp.unreachable = true;
    const res = await post(p, '/api/cashbox/deposits', {
      payment_method: 'card_visa',
      amount_cents: 2_000,
      currency: 'EUR',
    });
    expect([res.statusCode, res.json()]).toEqual([422, { errors: { base: ['provider_unavailable'] } }]);
    const [row] = paymentsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/payments', { cookie: p.cookie })).json(),
    );
    expect(row).toMatchObject({ state: 'declined', cancellation_reason: 'provider_error' });
  });

  it('saves the card of an approved deposit and deposits with it in one click', async () => {
    const p = await funded(3_000);
    const methods = paymentMethodsResponseSchema.parse(
      (await call(t, 'GET', '/api/cashbox/methods?action=deposit', { cookie: p.cookie })).json(),
    );
    expect(methods.suggested_amount_cents).toBeNull();
    const [card] = methods.methods.find((m) => m.id === 'card_visa')!.saved_profiles;
    expect(card).toMatchObject({ brand: 'visa', last4: '3220' });
    const res = await post(p, '/api/cashbox/deposits', {
      payment_method: 'card_visa',
      amount_cents: 1_200,
      currency: 'EUR',
      saved_profile_id: card!.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ redirect_url: null, payment: { state: 'succeeded' } });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 4_200 });
    const other = await newPlayer();
    const stolen = await post(other, '/api/cashbox/deposits', {
      payment_method: 'card_visa',
      amount_cents: 1_200,
      currency: 'EUR',
      saved_profile_id: card!.id,
    });
    expect([stolen.statusCode, stolen.json()]).toEqual([422, { errors: { saved_profile_id: ['invalid'] } }]);
  });

  it('cancels at the PSP a deposit left unfinished for a day, and polls one whose webhook was lost', async () => {
    const p = await newPlayer();
    const { payment: abandoned } = await deposit(p, 1_000);
    const { payment: lost } = await deposit(p, 2_000);
    psp.last().status = 'succeeded';
    clock.advance(20 * 60_000);
    await t.app.orbitSweeps.runAll();
    expect(await stateOf(lost.id)).toEqual({ state: 'succeeded', reason: null });
    expect(await stateOf(abandoned.id)).toEqual({ state: 'pending', reason: null });
    clock.advance(24 * 3_600_000);
    await t.app.orbitSweeps.runAll();
    expect(await stateOf(abandoned.id)).toEqual({ state: 'canceled', reason: 'timeout' });
    expect(psp.payments.get(`psp_${Number(psp.last().id.slice(4)) - 1}`)!.status).toBe('canceled');
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 2_000 });
  });
});

describe('crypto deposits', () => {
  it('hands out one address per currency with its QR code, and credits a transaction once it is confirmed', async () => {
    const p = await newPlayer();
    expect((await post(p, '/api/player/accounts', { currency: 'BTC' })).statusCode).toBe(200);
    const first = cryptoAddressResponseSchema.parse(
      (await post(p, '/api/cashbox/crypto_address', { currency: 'BTC' })).json(),
    );
    const again = cryptoAddressResponseSchema.parse(
      (await post(p, '/api/cashbox/crypto_address', { currency: 'BTC' })).json(),
    );
    expect(again.address).toBe(first.address);
    expect(first).toMatchObject({ currency: 'BTC', min_amount_cents: 10_000, confirmations_required: 2 });
    expect(first.qr_code).toMatch(/^data:image\/png;base64,/);

    const tx = psp.cryptoDeposit(first.address, `player:${p.id}:BTC`, 'BTC', 2_500_000, 'pending');
    let hook = psp.webhook(tx, clock.now());
    expect((await webhook(hook.body, hook.headers)).statusCode).toBe(200);
    const [pending] = paymentsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/payments', { cookie: p.cookie })).json(),
    );
    expect(pending).toMatchObject({ state: 'pending', amount_cents: 2_500_000, currency: 'BTC', brand: 'bitcoin' });
    tx.status = 'succeeded';
    hook = psp.webhook(tx, clock.now());
    await webhook(hook.body, hook.headers);
    await webhook(hook.body, hook.headers);
    expect(await balancesOf(t.database.db, p.id, 'BTC')).toMatchObject({ real: 2_500_000 });
    await expectLedgerHolds(t.database.db);
  });

  it('refuses a currency without crypto deposits, or one the player holds no account in', async () => {
    const p = await newPlayer();
    expect((await post(p, '/api/cashbox/crypto_address', { currency: 'EUR' })).json()).toEqual({
      errors: { currency: ['invalid'] },
    });
    expect((await post(p, '/api/cashbox/crypto_address', { currency: 'ETH' })).json()).toEqual({
      errors: { currency: ['account_not_found'] },
    });
  });
});

describe('cashouts', () => {
  const IBAN = 'DE89370400440532013000';

  it('reserves the amount and lets the player recall it while it waits', async () => {
    const p = await funded(50_000);
    const res = await post(p, '/api/cashbox/cashouts', {
      payment_method: 'bank_sofort',
      amount_cents: 20_000,
      currency: 'EUR',
      destination: IBAN,
    });
    expect(res.statusCode, res.body).toBe(201);
    const cashout = paymentSchema.parse(res.json());
    expect(cashout).toMatchObject({ state: 'pending', recallable: true, action: 'cashout' });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 30_000, reserved: 20_000 });
    const accounts = (await call(t, 'GET', '/api/player/accounts', { cookie: p.cookie })).json();
    expect(accounts[0]).toMatchObject({ amount_cents: 30_000, available_to_cashout_cents: 30_000 });

    const recalled = await post(p, `/api/player/payments/${cashout.id}/recall`, {});
    expect(recalled.json()).toMatchObject({
      state: 'recalled',
      recallable: false,
      cancellation_reason: 'recalled_by_player',
    });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 50_000, reserved: 0 });
    const twice = await post(p, `/api/player/payments/${cashout.id}/recall`, {});
    expect([twice.statusCode, twice.json()]).toEqual([409, { errors: { base: ['not_recallable'] } }]);
    await expectLedgerHolds(t.database.db);
  });

  it('approves small cashouts by itself; the worker sends them and the PSP pays them out', async () => {
    const p = await funded(20_000);
    const [card] = paymentMethodsResponseSchema
      .parse((await call(t, 'GET', '/api/cashbox/methods?action=cashout', { cookie: p.cookie })).json())
      .methods.find((m) => m.id === 'card_visa')!.saved_profiles;
    const res = await post(p, '/api/cashbox/cashouts', {
      payment_method: 'card_visa',
      amount_cents: 5_000,
      currency: 'EUR',
      destination: String(card!.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    const cashout = paymentSchema.parse(res.json());
    expect(cashout).toMatchObject({ state: 'processing', recallable: false });
    expect((await post(p, `/api/player/payments/${cashout.id}/recall`, {})).statusCode).toBe(409);
    await t.app.orbitOutbox.drain();
    const payout = psp.last();
    expect(payout).toMatchObject({
      kind: 'payout',
      reference: `payment:${cashout.id}`,
      amount_cents: 5_000,
      destination: `tok_${seq}`,
    });
    // A redelivery of the request asks again with the same reference: the PSP pays once.
    payout.status = 'succeeded';
    const { body, headers } = psp.webhook(payout, clock.now());
    await webhook(body, headers);
    expect(await payment(p, cashout.id)).toMatchObject({ state: 'succeeded', success: true });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 15_000, reserved: 0 });
    await expectLedgerHolds(t.database.db);
  });

  it('waits for an operator above the limit; a rejection or a failed payout returns the money', async () => {
    const p = await funded(200_000);
    const big = paymentSchema.parse(
      (
        await post(p, '/api/cashbox/cashouts', {
          payment_method: 'bank_sofort',
          amount_cents: 60_000,
          currency: 'EUR',
          destination: IBAN,
        })
      ).json(),
    );
    const other = paymentSchema.parse(
      (
        await post(p, '/api/cashbox/cashouts', {
          payment_method: 'bank_sofort',
          amount_cents: 70_000,
          currency: 'EUR',
          destination: 'DE89370400440532FAIL00',
        })
      ).json(),
    );
    expect([big.state, other.state]).toEqual(['pending', 'pending']);
    const open = await call(t, 'GET', '/api/operator/cashouts', { headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(paymentsResponseSchema.parse(open.json()).map((x) => x.id)).toEqual(
      expect.arrayContaining([big.id, other.id]),
    );

    const review = (id: number, decision: string, reason?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/operator/payments/${id}/review`,
        headers: { authorization: `Bearer ${OPERATOR}` },
        payload: { decision, ...(reason ? { reason } : {}) },
      });
    expect((await review(big.id, 'reject', 'documents_missing')).json()).toMatchObject({
      state: 'rejected',
      cancellation_reason: 'documents_missing',
    });
    expect((await review(big.id, 'approve')).statusCode).toBe(409);
    expect((await review(other.id, 'approve')).json()).toMatchObject({ state: 'processing' });
    await t.app.orbitOutbox.drain();
    const payout = Object.assign(psp.last(), { status: 'failed' as const, decline_reason: 'account_closed' });
    const { body, headers } = psp.webhook(payout, clock.now());
    await webhook(body, headers);
    expect(await payment(p, other.id)).toMatchObject({ state: 'rejected', cancellation_reason: 'account_closed' });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 200_000, reserved: 0 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/operator/payments/${big.id}/review`,
          payload: { decision: 'approve' },
        })
      ).statusCode,
    ).toBe(401);
    await expectLedgerHolds(t.database.db);
  });

  it('retries a payout request the PSP could not take, until it can', async () => {
    const p = await funded(10_000);
    const cashout = paymentSchema.parse(
      (
        await post(p, '/api/cashbox/cashouts', {
          payment_method: 'ewallet_ecopayz',
          amount_cents: 3_000,
          currency: 'EUR',
          destination: 'me@wallet.example',
        })
      ).json(),
    );
    psp.unreachable = true;
    await t.app.orbitOutbox.drain();
    expect(psp.last().kind).toBe('deposit');
    psp.unreachable = false;
    clock.advance(2_000);
    await t.app.orbitOutbox.drain();
    expect(psp.last()).toMatchObject({ kind: 'payout', reference: `payment:${cashout.id}` });
  });

  it('refuses without a confirmed email, beyond the balance, below the minimum or to a bad destination, moving nothing', async () => {
    const unconfirmed = await newPlayer({}, false);
    const res = await post(unconfirmed, '/api/cashbox/cashouts', {
      payment_method: 'bank_sofort',
      amount_cents: 5_000,
      currency: 'EUR',
      destination: IBAN,
    });
    expect([res.statusCode, res.json()]).toEqual([422, { errors: { base: ['email_not_confirmed'] } }]);

    const p = await funded(10_000);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [
        { payment_method: 'bank_sofort', amount_cents: 10_001, currency: 'EUR', destination: IBAN },
        { amount_cents: ['insufficient_funds'] },
      ],
      [
        { payment_method: 'bank_sofort', amount_cents: 1_999, currency: 'EUR', destination: IBAN },
        { amount_cents: ['too_small'] },
      ],
      [
        { payment_method: 'bank_sofort', amount_cents: 5_000, currency: 'EUR', destination: 'not an iban' },
        { destination: ['invalid'] },
      ],
      [
        { payment_method: 'card_visa', amount_cents: 5_000, currency: 'EUR', destination: '999999' },
        { destination: ['invalid'] },
      ],
      [
        { payment_method: 'voucher_sandbox', amount_cents: 5_000, currency: 'EUR', destination: 'x12345' },
        { payment_method: ['invalid'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const r = await post(p, '/api/cashbox/cashouts', payload);
      expect([r.statusCode, r.json()], JSON.stringify(payload)).toEqual([422, { errors }]);
    }
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 10_000, reserved: 0 });
    const list = paymentsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/payments?type=cashout', { cookie: p.cookie })).json(),
    );
    expect(list).toEqual([]);
  });

  it("never recalls another player's cashout", async () => {
    const p = await funded(10_000);
    const cashout = paymentSchema.parse(
      (
        await post(p, '/api/cashbox/cashouts', {
          payment_method: 'bank_sofort',
          amount_cents: 2_000,
          currency: 'EUR',
          destination: IBAN,
        })
      ).json(),
    );
    const other = await newPlayer();
    expect((await post(other, `/api/player/payments/${cashout.id}/recall`, {})).statusCode).toBe(404);
  });
});

describe('payment history', () => {
  it('pages and filters, newest first, in both forms', async () => {
    const p = await funded(30_000);
    for (const amount of [2_000, 2_100, 2_200])
      await post(p, '/api/cashbox/cashouts', {
        payment_method: 'bank_sofort',
        amount_cents: amount,
        currency: 'EUR',
        destination: 'DE89370400440532013000',
      });
    const all = paymentsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/payments', { cookie: p.cookie })).json(),
    );
    expect(all.map((x) => [x.action, x.amount_cents])).toEqual([
      ['cashout', 2_200],
      ['cashout', 2_100],
      ['cashout', 2_000],
      ['deposit', 30_000],
    ]);
    const page = paymentsWithPagesResponseSchema.parse(
      (await post(p, '/api/player/payments/with_pages', { page: 2, page_size: 2, filter: { type: 'cashout' } })).json(),
    );
    expect(page.pagination).toEqual({ page: 2, per_page: 2, total_count: 3 });
    expect(page.data.map((x) => x.amount_cents)).toEqual([2_000]);
    const deposits = paymentsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/payments?type=deposit&page_size=1', { cookie: p.cookie })).json(),
    );
    expect(deposits.map((x) => x.amount_cents)).toEqual([30_000]);
  });
});
