/**
 * Responsible-gambling limits through the API and every door they guard (docs/limits.md): the
 * limits calls with bad input; new and lower limits at once, raises and removals only after 24
 * hours and the mailed confirmation; the strictest period winning; deposits refused before the
 * PSP is called; provider bets and real launches refused by wager, loss and session limits;
 * cooling-off and self-exclusion ending sessions and blocking sign-in, deposits and bets while
 * a cashout stays payable; exclusions ending on time by the sweep; periods across a zone's
 * midnight. The clock is a fake one: nothing sleeps. The ledger audit runs after each test.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmUserLimitResponseSchema,
  isLimitReached,
  paymentsResponseSchema,
  playerAccountsResponseSchema,
  responsibleGamingResponseSchema,
  userLimitsResponseSchema,
  withdrawalResponseSchema,
  type UserLimit,
} from '@orbit/contracts';
import { payments } from '../../src/modules/cashbox/schema';
import { sessions, users } from '../../src/modules/identity/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { playerTopic } from '../../src/platform/realtime/channels';
import { hashToken, newToken } from '../../src/platform/tokens';
import { buildApp } from '../../src/app';
import { createTestApp, type TestApp } from '../support/app';
import { call, lastMailTo, PASSWORD, register, signIn, tokenIn, XHR } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { expectError, walletClient, type Player } from '../support/provider-wallet';
import { ScriptedPsp } from '../support/scripted-psp';

const clock = new FakeClock('2026-06-15T10:00:00Z');
const HOUR = 3600_000;
const OPERATOR = 'operator-token-operator-token-operator-token';
const psp = new ScriptedPsp();
const bus = new MemoryPubSub();
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp(
    { ...psp.env, OPERATOR_TOKEN: OPERATOR, CASHOUT_AUTO_APPROVE_UNITS: '0' },
    { clock, fetch: psp.fetch, pubsub: bus },
  );
  client = walletClient(t, new Ledger(clock));
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

type Someone = Player & { email: string };
async function newPlayer(overrides: Record<string, unknown> = {}): Promise<Someone> {
  seq++;
  const email = `limits${seq}@example.com`;
  const { cookie, player } = await register(t, { email, ...overrides }, `10.30.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  return { cookie, id: player.id, email };
}

let ips = 0;
/** Signs the player in again (after the clock moved past the 30 idle minutes), keeping the new cookie. */
async function again(p: Player & { email: string }): Promise<void> {
  const res = await signIn(t, p.email, PASSWORD, `10.32.${++ips % 250}.${Math.floor(ips / 250) + 1}`);
  expect(res.statusCode, res.body).toBe(200);
  p.cookie = String(res.headers['set-cookie']).split(';')[0]!;
}

const limitsOf = async (p: Player): Promise<UserLimit[]> => {
  const res = await call(t, 'GET', '/api/user_limits', { cookie: p.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return userLimitsResponseSchema.parse(res.json());
};
const setLimit = (p: Player, body: object) => call(t, 'POST', '/api/user_limits', { cookie: p.cookie, payload: body });
async function setOk(p: Player, body: object): Promise<UserLimit[]> {
  const res = await setLimit(p, body);
  expect(res.statusCode, res.body).toBe(200);
  return userLimitsResponseSchema.parse(res.json());
}
const amount = (type: string, period: string, cents: number, currency = 'EUR') => ({
  type,
  period,
  accounts: [{ currency, amount_cents: cents }],
});
const find = (limits: UserLimit[], type: string, period?: string) =>
  limits.find((l) => l.type === type && (period === undefined || l.period === period));
const depositCall = (p: Player, cents: number, currency = 'EUR') =>
  call(t, 'POST', '/api/cashbox/deposits', {
    cookie: p.cookie,
    payload: { payment_method: 'card_visa', amount_cents: cents, currency },
  });
const webhook = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/cashbox/webhooks/sandbox', payload: body, headers });

/** A deposit the PSP approves and notifies. */
async function deposited(p: Player, cents: number, currency = 'EUR'): Promise<void> {
  const res = await depositCall(p, cents, currency);
  expect(res.statusCode, res.body).toBe(201);
  const settled = psp.last();
  settled.status = 'succeeded';
  settled.card = { brand: 'visa', last4: '4242', token: `tok_${seq}_${cents}` };
  const { body, headers } = psp.webhook(settled, clock.now());
  expect((await webhook(body, headers)).statusCode).toBe(200);
}

/** The confirmation of a waiting change: the sweep after 24 hours mails it; the token confirms it. */
async function confirmationToken(p: Someone): Promise<string> {
  await t.app.orbitSweeps.runAll();
  const mail = await lastMailTo(t, p.email);
  expect(mail.subject).toBe('Confirm the change of your limit');
  return tokenIn(mail.text, 'token');
}
const confirm = (token: string) => call(t, 'POST', '/api/user_limits/confirm', { payload: { token } });

let round = 0;
/** One roulette round through the protocol: a bet, and a win when `win` > 0. */
async function play(token: string, bet: number, win = 0) {
  round++;
  const placed = await client.bet(token, `r-${round}`, `b-${round}`, bet);
  if (placed.status === 200 && win > 0)
    expect((await client.win(token, `r-${round}`, `w-${round}`, win)).status).toBe(200);
  return placed;
}

describe('the limits calls', () => {
  it('refuse bad input with a field and a code and create nothing; guests get 401', async () => {
    const p = await newPlayer();
    expect((await call(t, 'GET', '/api/user_limits')).statusCode).toBe(401);
    const cases: Array<[object, string]> = [
      [{ type: 'deposit', period: 'year', accounts: [{ currency: 'EUR', amount_cents: 100 }] }, 'period'],
      [{ type: 'deposit', period: 'day', accounts: [] }, 'accounts'],
      [{ type: 'loss', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 0 }] }, 'accounts'],
      [{ type: 'wager', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 1.5 }] }, 'accounts'],
      [{ type: 'session', period: 'day', minutes: 24 * 60 + 1 }, 'minutes'],
      [{ type: 'cooling_off', period: '2_days' }, 'period'],
      [{ type: 'self_exclusion', period: '1_week' }, 'period'],
      [{ type: 'lucky', period: 'day' }, 'type'],
    ];
    for (const [body, field] of cases) {
      const res = await setLimit(p, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(
        Object.keys((res.json() as { errors: Record<string, string[]> }).errors).some((k) => k.startsWith(field)),
        res.body,
      ).toBe(true);
    }
    const noAccount = await setLimit(p, amount('deposit', 'day', 10_000, 'USD'));
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json()).toEqual({ errors: { currency: ['no_account'] } });
    expect(await limitsOf(p)).toEqual([]);
    expect((await call(t, 'DELETE', '/api/user_limits/999999', { cookie: p.cookie })).statusCode).toBe(404);
    expect((await confirm('not-a-token')).json()).toEqual({ errors: { token: ['invalid'] } });
  });
});

describe('changes', () => {
  it('applies a new and a lower limit at once; a raise waits 24 hours, then applies only once confirmed', async () => {
    const p = await newPlayer();
    let limits = await setOk(p, amount('deposit', 'day', 10_000));
    expect(find(limits, 'deposit')).toMatchObject({
      status: 'active',
      accounts: [{ currency: 'EUR', amount_cents: 10_000, current_value_amount_cents: 0, pending_amount_cents: null }],
    });
    limits = await setOk(p, amount('deposit', 'day', 5_000));
    expect(find(limits, 'deposit')!.accounts[0]!.amount_cents).toBe(5_000);

    limits = await setOk(p, amount('deposit', 'day', 20_000));
    const pending = find(limits, 'deposit')!;
    expect(pending).toMatchObject({
      status: 'pending',
      accounts: [{ amount_cents: 5_000, pending_amount_cents: 20_000 }],
    });
    expect(pending.pending_change).toMatchObject({
      action: 'raise',
      confirmable_at: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
      confirm_until: null,
    });

    // Not before its 24 hours: no mail, still the lower amount.
    clock.advance(23 * HOUR);
    await t.app.orbitSweeps.runAll();
    expect(
      (
        (await call(t, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(p.email)}`)).json() as Array<{
          subject: string;
        }>
      ).some((m) => m.subject.includes('limit')),
    ).toBe(false);
    clock.advance(HOUR);
    const token = await confirmationToken(p);
    await again(p);
    expect(find(await limitsOf(p), 'deposit')!.accounts[0]!.amount_cents).toBe(5_000);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmUserLimitResponseSchema.parse(confirmed.json())).toEqual({
      confirmed: true,
      type: 'deposit',
      action: 'raise',
    });
    expect(find(await limitsOf(p), 'deposit')).toMatchObject({
      status: 'active',
      accounts: [{ amount_cents: 20_000, pending_amount_cents: null }],
    });
    // Once only.
    expect((await confirm(token)).json()).toEqual({ errors: { token: ['invalid'] } });
  });

  it('never applies a raise that is not confirmed: the mailed token expires after 7 days', async () => {
    const p = await newPlayer();
    await setOk(p, { type: 'session', period: 'week', minutes: 600 });
    await setOk(p, { type: 'session', period: 'week', minutes: 1_200 });
    clock.advance(24 * HOUR);
    const token = await confirmationToken(p);
    clock.advance(7 * 24 * HOUR);
    await t.app.orbitSweeps.runAll();
    expect((await confirm(token)).json()).toEqual({ errors: { token: ['expired'] } });
    await again(p);
    const session = find(await limitsOf(p), 'session')!;
    expect(session).toMatchObject({ status: 'active', minutes: 600, pending_change: null });
  });

  it('keeps a waiting change across a restart: another process on the same database mails and applies it', async () => {
    const p = await newPlayer();
    await setOk(p, amount('loss', 'day', 1_000));
    await setOk(p, amount('loss', 'day', 4_000));
    // "Restart": a new app on the same database, with nothing of the first one's memory.
    const restarted = await buildApp({
      config: t.config,
      database: t.database,
      web: false,
      workers: false,
      clock,
      fetch: psp.fetch,
      pubsub: bus,
    });
    try {
      clock.advance(24 * HOUR);
      await restarted.orbitSweeps.runAll();
      const token = tokenIn((await lastMailTo(t, p.email)).text, 'token');
      const res = await restarted.inject({
        method: 'POST',
        url: '/api/user_limits/confirm',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        payload: { token },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await restarted.close();
    }
    await again(p);
    expect(find(await limitsOf(p), 'loss')!.accounts[0]!.amount_cents).toBe(4_000);
  });

  it('a lower amount asked for while a raise waits cancels the raise', async () => {
    const p = await newPlayer();
    await setOk(p, amount('wager', 'month', 50_000));
    await setOk(p, amount('wager', 'month', 90_000));
    const limits = await setOk(p, amount('wager', 'month', 40_000));
    expect(find(limits, 'wager')).toMatchObject({
      status: 'active',
      accounts: [{ amount_cents: 40_000, pending_amount_cents: null }],
      pending_change: null,
    });
    clock.advance(25 * HOUR);
    await t.app.orbitSweeps.runAll();
    await again(p);
    expect(find(await limitsOf(p), 'wager')!.accounts[0]!.amount_cents).toBe(40_000);
  });

  it('removes a limit only after 24 hours and the confirmation', async () => {
    const p = await newPlayer();
    const limits = await setOk(p, amount('loss', 'week', 30_000));
    const id = find(limits, 'loss')!.id;
    const res = await call(t, 'DELETE', `/api/user_limits/${id}`, { cookie: p.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(find(userLimitsResponseSchema.parse(res.json()), 'loss')).toMatchObject({
      status: 'pending',
      pending_change: { action: 'remove' },
    });
    clock.advance(24 * HOUR);
    const token = await confirmationToken(p);
    await again(p);
    expect(find(await limitsOf(p), 'loss')).toBeDefined();
    expect(confirmUserLimitResponseSchema.parse((await confirm(token)).json())).toMatchObject({
      action: 'remove',
      type: 'loss',
    });
    expect(await limitsOf(p)).toEqual([]);
  });

  it('publishes the limits on the game_limits channel after a change', async () => {
    const p = await newPlayer();
    const seen: RealtimeMessage[] = [];
    const unsubscribe = await bus.subscribe(playerTopic(p.id), (m) => void seen.push(m));
    await setOk(p, amount('wager', 'day', 1_000));
    await unsubscribe();
    const message = seen.find((m) => m.event === 'game_limits');
    expect(message).toBeDefined();
    expect((message!.data as { limits: UserLimit[] }).limits[0]).toMatchObject({
      type: 'wager',
      accounts: [{ amount_cents: 1_000 }],
    });
  });
});

describe('deposits', () => {
  it('refuses a deposit that would pass the limit before the PSP is called, counting deposits still pending', async () => {
    const p = await newPlayer();
    await setOk(p, amount('deposit', 'day', 10_000));
    await deposited(p, 6_000);
    expect(find(await limitsOf(p), 'deposit')!.accounts[0]!.current_value_amount_cents).toBe(6_000);
    const calls = psp.calls.length;
    const over = await depositCall(p, 5_000);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ errors: { amount_cents: ['limit_reached'] } });
    expect(psp.calls.length).toBe(calls);
    // 3,000 pending at the PSP leaves 1,000.
    expect((await depositCall(p, 3_000)).statusCode).toBe(201);
    expect((await depositCall(p, 1_001)).json()).toEqual({ errors: { amount_cents: ['limit_reached'] } });
    const refused = await t.database.db
      .select({ amount: payments.amount })
      .from(payments)
      .where(eq(payments.userId, p.id));
    expect(refused.map((r) => r.amount).sort()).toEqual([3_000, 6_000]);
  });

  it('applies the strictest of several periods of one type', async () => {
    const p = await newPlayer();
    await setOk(p, amount('deposit', 'day', 10_000));
    await setOk(p, amount('deposit', 'week', 5_000));
    expect((await depositCall(p, 6_000)).json()).toEqual({ errors: { amount_cents: ['limit_reached'] } });
    await deposited(p, 5_000);
    expect((await depositCall(p, 1_000)).json()).toEqual({ errors: { amount_cents: ['limit_reached'] } });
    // A reached deposit limit never holds back a cashout.
    const cashout = await call(t, 'POST', '/api/cashbox/cashouts', {
      cookie: p.cookie,
      payload: {
        payment_method: 'bank_sofort',
        amount_cents: 5_000,
        currency: 'EUR',
        destination: 'DE89370400440532013000',
      },
    });
    expect(cashout.statusCode, cashout.body).toBe(201);
    const limits = await limitsOf(p);
    expect(isLimitReached(find(limits, 'deposit', 'week')!)).toBe(true);
    expect(isLimitReached(find(limits, 'deposit', 'day')!)).toBe(false);
  });

  it("counts the day in the player's time zone: a new day starts at their midnight", async () => {
    // 2026-07-20 23:45 in Auckland (UTC+12) is 11:45 UTC; its midnight is 12:00 UTC.
    clock.set('2026-07-20T11:45:00Z');
    const p = await newPlayer();
    await t.database.db.update(users).set({ timeZone: 'Pacific/Auckland' }).where(eq(users.id, p.id));
    await setOk(p, amount('deposit', 'day', 5_000));
    await deposited(p, 5_000);
    const before = find(await limitsOf(p), 'deposit')!;
    expect(before.accounts[0]).toMatchObject({
      current_value_amount_cents: 5_000,
      active_until: '2026-07-20T12:00:00.000Z',
    });
    expect((await depositCall(p, 1_000)).statusCode).toBe(422);
    clock.set('2026-07-20T12:00:00Z');
    expect(find(await limitsOf(p), 'deposit')!.accounts[0]!.current_value_amount_cents).toBe(0);
    expect((await depositCall(p, 1_000)).statusCode).toBe(201);
  });
});

describe('play', () => {
  it('refuses a provider bet that would pass a wager limit, and a real launch once it is reached', async () => {
    const p = await newPlayer();
    await client.fund(p, 50_000);
    const token = await client.session(p);
    await setOk(p, amount('wager', 'day', 3_000));
    expect((await play(token, 2_000)).status).toBe(200);
    expectError(await play(token, 1_500), 403, 'limit_reached');
    expect((await play(token, 1_000)).status).toBe(200);
    expect((await balancesOf(t.database.db, p.id, 'EUR')).real).toBe(47_000);
    expect(find(await limitsOf(p), 'wager')!.accounts[0]!.current_value_amount_cents).toBe(3_000);
    // The usage moves live: each bet's transfer, once delivered, sends the limits again.
    const seen: RealtimeMessage[] = [];
    const unsubscribe = await bus.subscribe(playerTopic(p.id), (m) => void seen.push(m));
    await t.app.orbitOutbox.drain();
    await unsubscribe();
    const usage = seen
      .filter((m) => m.event === 'game_limits')
      .map((m) => (m.data as { limits: UserLimit[] }).limits[0]!.accounts[0]!.current_value_amount_cents);
    expect(usage.length).toBeGreaterThan(0);
    expect(usage.at(-1)).toBe(3_000);
    const launch = await client.launch(p);
    expect(launch.statusCode).toBe(422);
    expect(launch.json()).toEqual({ errors: { base: ['limit_reached'] } });
  });

  it('counts a loss limit as bets − wins: a player who won may play on', async () => {
    const p = await newPlayer();
    await client.fund(p, 50_000);
    const token = await client.session(p);
    await setOk(p, amount('loss', 'day', 2_000));
    expect((await play(token, 1_500)).status).toBe(200);
    expectError(await play(token, 1_000), 403, 'limit_reached');
    expect((await play(token, 500, 3_000)).status).toBe(200);
    // Net: 2,000 bet − 3,000 won = −1,000: 3,000 more may be lost.
    expect(find(await limitsOf(p), 'loss')!.accounts[0]!.current_value_amount_cents).toBe(0);
    expect((await play(token, 2_900)).status).toBe(200);
    expectError(await play(token, 200), 403, 'limit_reached');
  });

  it('counts a rolled-back bet as not made', async () => {
    const p = await newPlayer();
    await client.fund(p, 10_000);
    const token = await client.session(p);
    await setOk(p, amount('wager', 'day', 1_000));
    expect((await client.bet(token, 'rb-1', 'rb-bet-1', 1_000)).status).toBe(200);
    expect((await client.rollback(token, 'rb-1', 'rb-back-1', 'rb-bet-1')).status).toBe(200);
    expect((await play(token, 1_000)).status).toBe(200);
  });

  it('cuts play when the session time of the period is used up', async () => {
    clock.set('2026-08-01T08:00:00Z');
    const p = await newPlayer();
    await client.fund(p, 10_000);
    const token = await client.session(p);
    await setOk(p, { type: 'session', period: 'day', minutes: 30 });
    clock.advance(20 * 60_000);
    expect((await play(token, 100)).status).toBe(200);
    // The page keeps the session alive.
    expect((await call(t, 'GET', '/api/player', { cookie: p.cookie })).statusCode).toBe(200);
    clock.advance(11 * 60_000);
    expectError(await play(token, 100), 403, 'limit_reached');
    const session = find(await limitsOf(p), 'session')!;
    expect(session.current_value_minutes).toBe(31);
    expect(isLimitReached(session)).toBe(true);
    expect((await client.launch(p)).json()).toEqual({ errors: { base: ['limit_reached'] } });
    // The next day starts again from zero (UTC: no time zone set).
    clock.set('2026-08-02T00:00:05Z');
    await again(p);
    expect(find(await limitsOf(p), 'session')!.current_value_minutes).toBe(0);
  });

  it("answers this session's time played and net position, and keeps the reality-check interval", async () => {
    const p = await newPlayer();
    await client.fund(p, 10_000);
    const token = await client.session(p);
    await play(token, 1_000, 400);
    clock.advance(90_000);
    const res = await call(t, 'GET', '/api/responsible_gaming', { cookie: p.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(responsibleGamingResponseSchema.parse(res.json())).toMatchObject({
      reality_check_minutes: 0,
      session: { seconds_played: 90, currency: 'EUR', bets_cents: 1_000, wins_cents: 400, net_cents: -600 },
    });
    expect(
      (await call(t, 'PATCH', '/api/responsible_gaming', { cookie: p.cookie, payload: { reality_check_minutes: 20 } }))
        .statusCode,
    ).toBe(422);
    const set = await call(t, 'PATCH', '/api/responsible_gaming', {
      cookie: p.cookie,
      payload: { reality_check_minutes: 30 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(responsibleGamingResponseSchema.parse(set.json()).reality_check_minutes).toBe(30);
  });
});

describe('one player, all currencies', () => {
  // Round figures: one dollar is worth half a euro here.
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/reference_rates',
      headers: { authorization: `Bearer ${OPERATOR}` },
      payload: { rates: [{ currency: 'USD', eur_per_unit: '0.5' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  const openAccount = async (p: Player, currency: string) => {
    const res = await call(t, 'POST', '/api/player/accounts', { cookie: p.cookie, payload: { currency } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('a deposit limit reached in euros refuses a deposit in a currency opened afterwards, counting deposits pending in any currency', async () => {
    const p = await newPlayer();
    await setOk(p, amount('deposit', 'day', 50_000));
    await deposited(p, 40_000);
    await openAccount(p, 'USD');
    // 20,001 USD cents are 10,000.5 EUR cents: over the 10,000 left.
    expect((await depositCall(p, 20_001, 'USD')).json()).toEqual({ errors: { amount_cents: ['limit_reached'] } });
    // 10,000 USD pending at the PSP are 5,000 EUR of the 10,000 left.
    expect((await depositCall(p, 10_000, 'USD')).statusCode).toBe(201);
    expect((await depositCall(p, 5_001)).json()).toEqual({ errors: { amount_cents: ['limit_reached'] } });
    expect((await depositCall(p, 5_000)).statusCode).toBe(201);
    // The dollar account took the limit (100,000 USD cents), and each amount shows the usage of every currency.
    await t.app.orbitOutbox.drain();
    expect(
      find(await limitsOf(p), 'deposit')!
        .accounts.map((a) => [a.currency, a.amount_cents, a.current_value_amount_cents])
        .sort(),
    ).toEqual([
      ['EUR', 50_000, 40_000],
      ['USD', 100_000, 80_000],
    ]);
  });

  it('a new currency account takes every amount limit in force, converted and rounded down; the stricter amount binds', async () => {
    const p = await newPlayer();
    await setOk(p, amount('wager', 'day', 3_001));
    await setOk(p, amount('loss', 'week', 2_000));
    await openAccount(p, 'USD');
    await t.app.orbitOutbox.drain();
    const limits = await limitsOf(p);
    expect(
      find(limits, 'wager')!
        .accounts.map((a) => [a.currency, a.amount_cents])
        .sort(),
    ).toEqual([
      ['EUR', 3_001],
      ['USD', 6_002],
    ]);
    expect(
      find(limits, 'loss')!
        .accounts.map((a) => [a.currency, a.amount_cents])
        .sort(),
    ).toEqual([
      ['EUR', 2_000],
      ['USD', 4_000],
    ]);
    // The player lowers the dollar amount: it applies at once and binds play in euros too.
    await setOk(p, amount('wager', 'day', 1_000, 'USD'));
    await client.fund(p, 10_000);
    await call(t, 'POST', '/api/player/accounts', { cookie: p.cookie, payload: { currency: 'EUR' } });
    const token = await client.session(p);
    expectError(await play(token, 501), 403, 'limit_reached');
    expect((await play(token, 500)).status).toBe(200);
    const wager = find(await limitsOf(p), 'wager')!;
    expect(wager.accounts.map((a) => [a.currency, a.current_value_amount_cents]).sort()).toEqual([
      ['EUR', 500],
      ['USD', 1_000],
    ]);
  });

  it('a loss limit reached in euros refuses the launch in dollars, and bets in dollars count converted', async () => {
    const p = await newPlayer();
    await client.fund(p, 10_000);
    await setOk(p, amount('loss', 'day', 1_000));
    const eur = await client.session(p);
    expect((await play(eur, 600)).status).toBe(200);
    await openAccount(p, 'USD');
    await client.fund(p, 10_000, 0, 'USD');
    const usd = await client.session(p);
    const bet = (cents: number) => {
      round++;
      return client.bet(usd, `r-${round}`, `b-${round}`, cents, { currency: 'USD' });
    };
    // 801 USD is 400.5 EUR: over the 400 left; 800 USD is exactly what is left.
    expectError(await bet(801), 403, 'limit_reached');
    expect((await bet(800)).status).toBe(200);
    expectError(await bet(1), 403, 'limit_reached');
    const launch = await client.launch(p);
    expect(launch.json()).toEqual({ errors: { base: ['limit_reached'] } });
    expect((await balancesOf(t.database.db, p.id, 'USD')).real).toBe(9_200);
  });
});

describe('money arriving past a limit or during an exclusion', () => {
  const paid = async (payment: ReturnType<typeof psp.last>) => {
    payment.status = 'succeeded';
    payment.card = { brand: 'visa', last4: '4242', token: `tok_held_${payment.id}` };
    const { body, headers } = psp.webhook(payment, clock.now());
    expect((await webhook(body, headers)).statusCode).toBe(200);
  };
  const accountOf = async (p: Player, currency = 'EUR') => {
    const res = await call(t, 'GET', '/api/player/accounts', { cookie: p.cookie });
    return playerAccountsResponseSchema.parse(res.json()).find((a) => a.currency === currency)!;
  };

  it('a card payment paid after the player lowered their deposit limit is held: withdraw-only, never played, and the player is told', async () => {
    const p = await newPlayer();
    await setOk(p, amount('deposit', 'day', 10_000));
    expect((await depositCall(p, 8_000)).statusCode).toBe(201);
    const waiting = psp.last();
    await setOk(p, amount('deposit', 'day', 5_000));
    await paid(waiting);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0, held: 8_000 });
    expect(await accountOf(p)).toMatchObject({ amount_cents: 0, held_cents: 8_000, available_to_cashout_cents: 8_000 });
    const history = paymentsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/payments', { cookie: p.cookie })).json(),
    );
    expect(history.find((h) => h.action === 'deposit')).toMatchObject({
      state: 'succeeded',
      held_reason: 'limit_reached',
    });
    // Games see none of it.
    const token = await client.session(p);
    expectError(await play(token, 100), 402, 'insufficient_funds');
    // A cashout takes it; a recalled cashout gives it back as withdraw-only money, not as real money.
    const cashout = await call(t, 'POST', '/api/cashbox/cashouts', {
      cookie: p.cookie,
      payload: {
        payment_method: 'bank_sofort',
        amount_cents: 8_000,
        currency: 'EUR',
        destination: 'DE89370400440532013000',
      },
    });
    expect(cashout.statusCode, cashout.body).toBe(201);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0, held: 0, reserved: 8_000 });
    const id = (cashout.json() as { id: number }).id;
    expect((await call(t, 'POST', `/api/player/payments/${id}/recall`, { cookie: p.cookie })).statusCode).toBe(200);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0, held: 8_000, reserved: 0 });
  });

  it('a payment the PSP could no longer cancel, paid during a cooling-off, is held and the withdrawal link goes out', async () => {
    const p = await newPlayer();
    await client.fund(p, 1_000);
    expect((await depositCall(p, 2_500)).statusCode).toBe(201);
    const waiting = psp.last();
    expect((await setLimit(p, { type: 'cooling_off', period: '24_hours' })).statusCode).toBe(200);
    // Paid before the cancellation reached the PSP.
    await paid(waiting);
    await t.app.orbitOutbox.drain();
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 1_000, held: 2_500 });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.externalId, waiting.id));
    expect(row).toMatchObject({ state: 'succeeded', heldReason: 'player_excluded', heldCents: 2_500 });
    const mail = await lastMailTo(t, p.email);
    expect(mail.subject).toBe('Withdraw your balance');
    const link = tokenIn(mail.text, 'withdrawal_token');
    const shown = withdrawalResponseSchema.parse(
      (await call(t, 'GET', `/api/cashbox/withdrawal?withdrawal_token=${encodeURIComponent(link)}`)).json(),
    );
    expect(shown.accounts).toEqual([{ currency: 'EUR', real_cents: 3_500, subunits_to_unit: 100 }]);
    // The held money leaves first.
    const out = await call(t, 'POST', '/api/cashbox/withdrawal', {
      payload: {
        withdrawal_token: link,
        payment_method: 'bank_sofort',
        amount_cents: 3_000,
        currency: 'EUR',
        destination: 'DE89370400440532013000',
      },
    });
    expect(out.statusCode, out.body).toBe(201);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 500, held: 0, reserved: 3_000 });
  });
});

describe('cooling-off and self-exclusion', () => {
  it('cancels the deposits still waiting at the PSP when an exclusion starts', async () => {
    const p = await newPlayer();
    const started = await depositCall(p, 2_500);
    expect(started.statusCode, started.body).toBe(201);
    const waiting = psp.last();
    expect(waiting.status).toBe('pending');
    expect((await setLimit(p, { type: 'cooling_off', period: '24_hours' })).statusCode).toBe(200);
    await t.app.orbitOutbox.drain();
    expect(psp.calls.some((c) => c.method === 'POST' && c.path === `/api/payments/${waiting.id}/cancel`)).toBe(true);
    expect(waiting.status).toBe('canceled');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.externalId, waiting.id));
    expect(row).toMatchObject({ state: 'canceled', cancellationReason: 'player_excluded' });
  });

  it('stops the very next bet of a player whose bets had skipped the checks, when another instance sets a cooling-off', async () => {
    const p = await newPlayer();
    await client.fund(p, 10_000);
    const token = await client.session(p);
    let checked = 0;
    t.app.orbitPreBetChecks.add('count-checks', async () => {
      checked++;
      return 'unrestricted';
    });
    expect((await play(token, 100)).status).toBe(200);
    expect((await play(token, 100)).status).toBe(200);
    // The first bet ran the checks and cleared the player (no rule restricts them); the second skipped them.
    expect(checked).toBe(1);
    // Another instance, with nothing of this one's memory, takes the player's cooling-off.
    const other = await buildApp({
      config: t.config,
      database: t.database,
      web: false,
      workers: false,
      clock,
      fetch: psp.fetch,
      pubsub: bus,
    });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/api/user_limits',
        headers: { ...XHR, cookie: p.cookie },
        payload: { type: 'cooling_off', period: '24_hours' },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await other.close();
    }
    const before = await balancesOf(t.database.db, p.id, 'EUR');
    // The bet's statement finds the player's rules moved: the checks run again and refuse it.
    expectError(await play(token, 100), 403, 'player_excluded');
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toEqual(before);
  });

  it('cooling off ends every session, blocks sign-in, deposits and bets, stops promotions, and leaves a cashout payable', async () => {
    const p = await newPlayer({ receive_promos: true });
    await client.fund(p, 20_000);
    const token = await client.session(p);
    const other = await signIn(t, p.email, PASSWORD, '10.31.0.1');
    expect(other.statusCode).toBe(200);
    const cashout = await call(t, 'POST', '/api/cashbox/cashouts', {
      cookie: p.cookie,
      payload: {
        payment_method: 'bank_sofort',
        amount_cents: 5_000,
        currency: 'EUR',
        destination: 'DE89370400440532013000',
      },
    });
    expect(cashout.statusCode, cashout.body).toBe(201);

    const res = await setLimit(p, { type: 'cooling_off', period: '24_hours' });
    expect(res.statusCode, res.body).toBe(200);
    expect(find(userLimitsResponseSchema.parse(res.json()), 'cooling_off')).toMatchObject({
      disable_at: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
    });

    // Every session is over: this one and the other device's.
    expect((await call(t, 'GET', '/api/player', { cookie: p.cookie })).statusCode).toBe(401);
    const otherCookie = String(other.headers['set-cookie']).split(';')[0]!;
    expect((await call(t, 'GET', '/api/player', { cookie: otherCookie })).statusCode).toBe(401);
    // Sign-in refused with its reason; a wrong password still says only that.
    const again = await signIn(t, p.email, PASSWORD, '10.31.0.2');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { email: ['player_excluded'] } });
    // The exclusion mailed a withdrawal link; a refused sign-in a minute later mails another.
    const links = async () =>
      (
        (await call(t, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(p.email)}`)).json() as Array<{
          subject: string;
        }>
      ).filter((m) => m.subject === 'Withdraw your balance').length;
    expect(await links()).toBe(1);
    clock.advance(61_000);
    expect((await signIn(t, p.email, PASSWORD, '10.31.0.5')).statusCode).toBe(422);
    expect(await links()).toBe(2);
    expect((await signIn(t, p.email, 'Wrong-Password-1', '10.31.0.3')).json()).toEqual({
      errors: { email: ['invalid_credentials'] },
    });
    // The game session the studio still holds takes no bet; a win it owes is still paid.
    expectError(await play(token, 100), 403, 'player_excluded');
    const [user] = await t.database.db.select({ promos: users.receivePromos }).from(users).where(eq(users.id, p.id));
    expect(user!.promos).toBe(false);
    // The cashout asked for before goes on: the operator approves it and it is paid.
    const id = (cashout.json() as { id: number }).id;
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/operator/payments/${id}/review`,
      headers: { authorization: `Bearer ${OPERATOR}` },
      payload: { decision: 'approve' },
    });
    expect(review.statusCode, review.body).toBe(200);
    await t.app.orbitOutbox.drain();
    const payout = psp.last();
    expect(payout.kind).toBe('payout');
    payout.status = 'succeeded';
    const { body, headers } = psp.webhook(payout, clock.now());
    expect((await webhook(body, headers)).statusCode).toBe(200);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 15_000, reserved: 0 });

    // The rest is withdrawn through the mailed link, with no session.
    const mail = await lastMailTo(t, p.email);
    expect(mail.subject).toBe('Withdraw your balance');
    const link = tokenIn(mail.text, 'withdrawal_token');
    const shown = await call(t, 'GET', `/api/cashbox/withdrawal?withdrawal_token=${encodeURIComponent(link)}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(withdrawalResponseSchema.parse(shown.json())).toMatchObject({
      email: `li***@example.com`,
      accounts: [{ currency: 'EUR', real_cents: 15_000, subunits_to_unit: 100 }],
    });
    expect(
      withdrawalResponseSchema
        .parse(shown.json())
        .methods.some((m) => m.id === 'bank_sofort' && m.action === 'cashout'),
    ).toBe(true);
    const withdraw = (token: string, cents: number) =>
      call(t, 'POST', '/api/cashbox/withdrawal', {
        payload: {
          withdrawal_token: token,
          payment_method: 'bank_sofort',
          amount_cents: cents,
          currency: 'EUR',
          destination: 'DE89370400440532013000',
        },
      });
    const rest = await withdraw(link, 15_000);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0, reserved: 15_000 });
    expect((await withdraw(link, 5_000)).json()).toEqual({ errors: { amount_cents: ['insufficient_funds'] } });
    expect((await withdraw('not-a-link', 1)).json()).toEqual({ errors: { withdrawal_token: ['invalid'] } });
    expect((await call(t, 'GET', '/api/cashbox/withdrawal?withdrawal_token=not-a-link')).statusCode).toBe(422);

    // It ends on time (the sweep marks it), and sign-in works again; the link has expired.
    clock.advance(24 * HOUR);
    expect((await withdraw(link, 1)).json()).toEqual({ errors: { withdrawal_token: ['expired'] } });
    await t.app.orbitSweeps.runAll();
    const back = await signIn(t, p.email, PASSWORD, '10.31.0.4');
    expect(back.statusCode, back.body).toBe(200);
    const cookie = String(back.headers['set-cookie']).split(';')[0]!;
    expect(userLimitsResponseSchema.parse((await call(t, 'GET', '/api/user_limits', { cookie })).json())).toEqual([]);
  });

  it('marks the device that excluded itself: demo play closes there where the licence says so (EE), not elsewhere', async () => {
    const p = await newPlayer();
    const res = await setLimit(p, { type: 'cooling_off', period: '1_week' });
    expect(res.statusCode, res.body).toBe(200);
    const mark = String(res.headers['set-cookie']).split(';')[0]!;
    expect(mark).toBe(`orbit_excluded_until=${new Date(clock.now().getTime() + 7 * 24 * HOUR).toISOString()}`);
    const [game] = (await t.database.db.execute(sql`select id from games where identifier = 'orbit/stellar-sevens'`))
      .rows as Array<{ id: number }>;
    const demo = (host: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/games/${game!.id}/launch`,
        headers: { ...XHR, host, ...(cookie ? { cookie } : {}) },
        payload: { mode: 'demo' },
      });
    const refused = await demo('ee.orbit.test', mark);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { base: ['player_excluded'] } });
    expect((await demo('orbit.test', mark)).statusCode).toBe(200);
    expect((await demo('ee.orbit.test')).statusCode).toBe(200);
    // Once the cooling-off is over, the mark no longer closes anything.
    clock.advance(7 * 24 * HOUR + 1);
    expect((await demo('ee.orbit.test', mark)).statusCode).toBe(200);
  });

  it('a withdrawal link confirms the address of a player who never confirmed it, so the cashout goes through', async () => {
    seq++;
    const email = `limits${seq}@example.com`;
    const { cookie, player } = await register(t, { email }, `10.30.${seq}.1`);
    const p = { cookie, id: player.id, email };
    await client.fund(p, 8_000);
    await setOk(p, { type: 'cooling_off', period: '24_hours' });
    const link = tokenIn((await lastMailTo(t, email)).text, 'withdrawal_token');
    const res = await call(t, 'POST', '/api/cashbox/withdrawal', {
      payload: {
        withdrawal_token: link,
        payment_method: 'bank_sofort',
        amount_cents: 8_000,
        currency: 'EUR',
        destination: 'DE89370400440532013000',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select({ confirmedAt: users.confirmedAt }).from(users).where(eq(users.id, p.id));
    expect(row!.confirmedAt).not.toBeNull();
  });

  it('self-exclusion cannot be removed or shortened, only made longer; deposits and launches are refused by any session', async () => {
    const p = await newPlayer();
    const limits = await setOk(p, { type: 'self_exclusion', period: '6_months' });
    const exclusion = find(limits, 'self_exclusion')!;
    const days = (Date.parse(exclusion.disable_at!) - clock.now().getTime()) / (24 * HOUR);
    expect(days).toBeGreaterThanOrEqual(181);
    expect(days).toBeLessThanOrEqual(184);
    expect(isLimitReached(exclusion)).toBe(true);
    // A session that somehow still existed (made here by hand) meets a refusal at every door.
    const token = newToken();
    await t.database.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: p.id, createdAt: clock.now(), lastSeenAt: clock.now() });
    const cookie = `orbit_session=${token}`;
    const me = { cookie, id: p.id, email: p.email };
    expect((await call(t, 'DELETE', `/api/user_limits/${exclusion.id}`, { cookie })).json()).toEqual({
      errors: { base: ['limit_locked'] },
    });
    expect((await setLimit(me, { type: 'self_exclusion', period: '6_months' })).json()).toEqual({
      errors: { period: ['shorter_than_current'] },
    });
    expect((await depositCall(me, 2_000)).json()).toEqual({ errors: { base: ['player_excluded'] } });
    // Withdrawals stay possible.
    await client.fund(me, 3_000);
    const cashout = await call(t, 'POST', '/api/cashbox/cashouts', {
      cookie,
      payload: {
        payment_method: 'bank_sofort',
        amount_cents: 3_000,
        currency: 'EUR',
        destination: 'DE89370400440532013000',
      },
    });
    expect(cashout.statusCode, cashout.body).toBe(201);
    expect(
      (await call(t, 'POST', '/api/cashbox/crypto_address', { cookie, payload: { currency: 'BTC' } })).statusCode,
    ).toBe(422);
    expect((await client.launch(me)).json()).toEqual({ errors: { base: ['player_excluded'] } });
    // Longer is allowed (and signs out again).
    const longer = await setOk(me, { type: 'self_exclusion', period: 'permanent' });
    expect(find(longer, 'self_exclusion')).toMatchObject({ period: 'permanent', disable_at: null });
    expect((await call(t, 'GET', '/api/player', { cookie })).statusCode).toBe(401);
  });
});
