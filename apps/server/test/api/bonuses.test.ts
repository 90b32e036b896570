/**
 * Bonuses through the API and the doors they guard (docs/bonuses.md): registration gifts and
 * their offers (a decline racing the gift's delivery), deposit offers chosen by code, promo codes
 * waiting for a deposit its template is for, a template taken once, coupons, operator templates
 * and grants; every stage transition (issued → handle_bets → wager_done, lost, canceled, expired)
 * with the money where the rules put it, within the max win (10 × the bonus when none is named);
 * an activation racing a coupon; the max bet and the games at the pre-bet door, also for a player
 * the door had cleared; a cashout refused while a bonus wagers, and one forfeiting the deposit
 * bonuses waiting to be activated; expiry by the sweep of another process; live
 * `bonuses_changes`. The clock is a fake one; the ledger audit runs after each test. The races
 * run here on both databases; they race for real only on PostgreSQL.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bonusCancelInfoSchema,
  bonusOffersResponseSchema,
  playerBonusesResponseSchema,
  playerBonusSchema,
  playerFreespinSchema,
  playerFreespinsResponseSchema,
  type PlayerBonus,
  type PlayerFreespin,
} from '@orbit/contracts';
import { buildApp } from '../../src/app';
import { playerBonuses, playerFreespins } from '../../src/modules/bonuses/schema';
import { PLAYER_REGISTERED_TOPIC } from '../../src/modules/identity';
import { users } from '../../src/modules/identity/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import type { Fetch } from '../../src/platform/context';
import { playerTopic } from '../../src/platform/realtime/channels';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { expectError, walletClient, type Player } from '../support/provider-wallet';
import { ScriptedPsp } from '../support/scripted-psp';

const clock = new FakeClock('2026-06-15T10:00:00Z');
const DAY = 86_400_000;
const OPERATOR = 'operator-token-operator-token-operator-token';
const psp = new ScriptedPsp();
/** The calls the platform made to the studio's free-spins endpoint, and whether it answers. */
const studioCalls: Array<{ url: string; body: Record<string, unknown>; signature: string }> = [];
let studioAnswers = true;
const studioOrPsp: Fetch = async (url, init) => {
  if (!url.includes('/studio/api/freespins/')) return psp.fetch(url, init);
  studioCalls.push({ url, body: JSON.parse(init.body ?? '{}'), signature: init.headers['x-request-sign'] ?? '' });
  return studioAnswers
    ? { status: 200, text: async () => '{"status":"ok"}' }
    : { status: 503, text: async () => 'unavailable' };
};
const bus = new MemoryPubSub();
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;
let registrationHold: { userId: number; reached: () => void; released: Promise<void> } | null = null;

beforeAll(async () => {
  t = await createTestApp(
    { ...psp.env, OPERATOR_TOKEN: OPERATOR, CASHOUT_AUTO_APPROVE_UNITS: '0' },
    { clock, fetch: studioOrPsp, pubsub: bus },
  );
  client = walletClient(t, new Ledger(clock));
  // Holds the delivery of one player's registration after the bonuses have written its gift, so
  // that a test can act while the gift's row is written but not committed.
  t.app.orbitOutbox.on(PLAYER_REGISTERED_TOPIC, 'test.hold-registration', async (event) => {
    const hold = registrationHold;
    if (!hold || (event.payload as { userId: number }).userId !== hold.userId) return;
    hold.reached();
    await hold.released;
  });
  // A small manual template: 10.00 EUR, x2 on slots, max bet 5.00, max win 15.00.
  const res = await operator('PUT', '/api/operator/bonus_templates/test-manual', {
    kind: 'manual',
    title: 'Test gift',
    money: { EUR: { amount_cents: 1_000, max_bet_cents: 500, max_win_cents: 1_500 } },
    wager_multiplier: 2,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

const operator = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${OPERATOR}` },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function newPlayer(overrides: Record<string, unknown> = {}): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `bonus${seq}@example.com`, ...overrides }, `10.40.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}

const bonusesOf = async (p: Player): Promise<PlayerBonus[]> => {
  const res = await call(t, 'GET', '/api/player/bonuses', { cookie: p.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return playerBonusesResponseSchema.parse(res.json());
};
/** A bonus as stored (for tests where the player's session has long idled out). */
const stored = async (id: number) =>
  (await t.database.db.select().from(playerBonuses).where(eq(playerBonuses.id, id)))[0]!;
const byKey = async (p: Player, key: string) => (await bonusesOf(p)).find((b) => b.group_key === key)!;

async function grant(p: Player, amount?: number): Promise<PlayerBonus> {
  const res = await operator('POST', `/api/operator/players/${p.id}/bonuses`, {
    template_key: 'test-manual',
    currency: 'EUR',
    idempotency_key: `grant-${p.id}-${++seq}`,
    ...(amount ? { amount_cents: amount } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return playerBonusSchema.parse(res.json());
}
async function activate(p: Player, id: number): Promise<PlayerBonus> {
  const res = await call(t, 'POST', `/api/player/bonuses/${id}/activation`, { cookie: p.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return playerBonusSchema.parse(res.json());
}

const psp_webhook = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/cashbox/webhooks/sandbox', payload: body, headers });
/** A deposit the PSP approves and notifies, its events delivered. */
async function deposited(p: Player, cents: number): Promise<void> {
  const res = await call(t, 'POST', '/api/cashbox/deposits', {
    cookie: p.cookie,
    payload: { payment_method: 'card_visa', amount_cents: cents, currency: 'EUR' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const settled = psp.last();
  settled.status = 'succeeded';
  settled.card = { brand: 'visa', last4: '4242', token: `tok_${seq}_${cents}` };
  const { body, headers } = psp.webhook(settled, clock.now());
  expect((await psp_webhook(body, headers)).statusCode).toBe(200);
  await t.app.orbitOutbox.drain();
}

/** A studio's round on a game: a bet, then its win (0 for a loss); the events delivered. */
async function round(token: string, game: string, bet: number, win: number) {
  const id = client.uid('round');
  const placed = await client.wallet('bet', {
    session_token: token,
    game,
    round_id: id,
    transaction_id: client.uid('bet'),
    amount_cents: bet,
    currency: 'EUR',
  });
  if (placed.status !== 200) return placed;
  const settled = await client.wallet('win', {
    session_token: token,
    game,
    round_id: id,
    transaction_id: client.uid('win'),
    amount_cents: win,
    currency: 'EUR',
  });
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  await t.app.orbitOutbox.drain();
  return placed;
}
const SLOT = 'orbit/stellar-sevens';
const IBAN = 'DE89370400440532013000';
const promoCode = (p: Player, code: string) =>
  call(t, 'POST', '/api/v2/bonuses/promo-code', { cookie: p.cookie, payload: { code } });
const chooseOffer = async (p: Player, code: string) => {
  const res = await call(t, 'PATCH', '/api/player/set_bonus_code', {
    cookie: p.cookie,
    payload: { deposit_bonus_code: code },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const cashout = (p: Player, cents: number) =>
  call(t, 'POST', '/api/cashbox/cashouts', {
    cookie: p.cookie,
    payload: { payment_method: 'bank_sofort', amount_cents: cents, currency: 'EUR', destination: IBAN },
  });

describe('offers and issuing', () => {
  it('a new player gets the registration gift, offered to guests beforehand; declining cancels it', async () => {
    const offers = bonusOffersResponseSchema.parse(
      (await call(t, 'GET', '/api/bonuses/registration?currency=EUR')).json(),
    );
    expect(offers.map((o) => o.group_key)).toEqual(['welcome-gift']);
    expect(offers[0]).toMatchObject({ amount_cents: 500, wager_multiplier: 20, max_bet_cents: 500 });

    const p = await newPlayer();
    const gift = await byKey(p, 'welcome-gift');
    expect(gift).toMatchObject({
      stage: 'issued',
      amount_cents: 500,
      amount_wager_requirement_cents: 10_000,
      activatable: true,
      cancelable: true,
      type: 'registration',
    });
    expect(Date.parse(gift.activatable_until!) - clock.now().getTime()).toBe(7 * DAY);
    expect((await balancesOf(t.database.db, p.id, 'EUR')).bonus).toBe(0);

    const declined = await call(t, 'DELETE', `/api/bonuses/registration/${offers[0]!.id}`, { cookie: p.cookie });
    expect(declined.statusCode).toBe(204);
    expect((await byKey(p, 'welcome-gift')).stage).toBe('canceled');
  });

  it('a registration gift declined before it is given (right after the sign-up) is never given', async () => {
    seq++;
    const { cookie, player } = await register(t, { email: `early${seq}@example.com` }, `10.41.${seq}.1`);
    const offers = bonusOffersResponseSchema.parse((await call(t, 'GET', '/api/bonuses/registration')).json());
    // The outbox has not given the gift yet.
    const declined = await call(t, 'DELETE', `/api/bonuses/registration/${offers[0]!.id}`, { cookie });
    expect(declined.statusCode).toBe(204);
    await t.app.orbitOutbox.drain();
    const gifts = await bonusesOf({ cookie, id: player.id });
    expect(gifts.map((g) => [g.group_key, g.stage])).toEqual([['welcome-gift', 'canceled']]);
    expect((await balancesOf(t.database.db, player.id, 'EUR')).bonus).toBe(0);
  });

  it('a player with bonuses turned off is offered codes but given nothing until they turn bonuses on', async () => {
    const p = await newPlayer();
    const off = await call(t, 'PATCH', '/api/player/update_bonus_settings', {
      cookie: p.cookie,
      payload: { can_issue: false },
    });
    expect(off.json()).toEqual({ deposit_bonus_code: null, can_issue_bonuses: false });
    const code = await call(t, 'POST', '/api/v2/bonuses/promo-code', {
      cookie: p.cookie,
      payload: { code: 'orbit10' },
    });
    expect(code.statusCode).toBe(422);
    expect(code.json()).toEqual({ errors: { code: ['bonuses_disabled'] } });
    const coupon = await call(t, 'POST', '/api/bonuses/coupon', {
      cookie: p.cookie,
      payload: { coupon_code: 'ORBIT10' },
    });
    expect(coupon.json()).toEqual({ status: 'failed_to_activate' });
    const id = (await byKey(p, 'welcome-gift')).id;
    const refused = await call(t, 'POST', `/api/player/bonuses/${id}/activation`, { cookie: p.cookie });
    expect(refused.json()).toEqual({ errors: { base: ['bonuses_disabled'] } });
    expect((await call(t, 'GET', '/api/player', { cookie: p.cookie })).json()).toMatchObject({
      can_issue_bonuses: false,
    });
  });

  it('the first deposit takes the chosen deposit offer: 100 % up to 200, wagering at once', async () => {
    const p = await newPlayer();
    const offers = bonusOffersResponseSchema.parse(
      (await call(t, 'GET', '/api/bonuses/deposit', { cookie: p.cookie })).json(),
    );
    expect(offers.map((o) => o.code)).toEqual(['WELCOME100']);
    const bad = await call(t, 'PATCH', '/api/player/set_bonus_code', {
      cookie: p.cookie,
      payload: { deposit_bonus_code: 'RELOAD50' },
    });
    expect(bad.json()).toEqual({ errors: { deposit_bonus_code: ['invalid'] } });
    const set = await call(t, 'PATCH', '/api/player/set_bonus_code', {
      cookie: p.cookie,
      payload: { deposit_bonus_code: 'welcome100' },
    });
    expect(set.json()).toEqual({ deposit_bonus_code: 'WELCOME100', can_issue_bonuses: true });
    expect((await call(t, 'GET', '/api/player', { cookie: p.cookie })).json()).toMatchObject({
      deposit_bonus_code: 'WELCOME100',
    });

    await deposited(p, 30_000);
    const bonus = await byKey(p, 'first-deposit-100');
    expect(bonus).toMatchObject({
      stage: 'handle_bets',
      amount_cents: 20_000,
      amount_wager_requirement_cents: 700_000,
      balance_cents: 20_000,
      type: 'deposit_bonus',
    });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 30_000, bonus: 20_000 });
    // The code was used up; the next deposit's offers are the reload's.
    expect((await call(t, 'GET', '/api/player', { cookie: p.cookie })).json()).toMatchObject({
      deposit_bonus_code: null,
    });
    const next = bonusOffersResponseSchema.parse(
      (await call(t, 'GET', '/api/bonuses/deposit', { cookie: p.cookie })).json(),
    );
    expect(next.map((o) => o.code)).toEqual(['RELOAD50']);
    const accounts = (await call(t, 'GET', '/api/player/accounts', { cookie: p.cookie })).json() as Array<
      Record<string, number>
    >;
    expect(accounts[0]).toMatchObject({
      amount_cents: 50_000,
      bonus_cents: 20_000,
      available_to_cashout_cents: 30_000,
    });
  });

  it('a deposit without a chosen offer, or below its minimum, takes no bonus; a multi-account player is offered none', async () => {
    const p = await newPlayer();
    await deposited(p, 5_000);
    expect((await bonusesOf(p)).filter((b) => b.type === 'deposit_bonus')).toEqual([]);

    const q = await newPlayer();
    await call(t, 'PATCH', '/api/player/set_bonus_code', {
      cookie: q.cookie,
      payload: { deposit_bonus_code: 'WELCOME100' },
    });
    await deposited(q, 1_000);
    expect((await bonusesOf(q)).some((b) => b.type === 'deposit_bonus')).toBe(false);

    const m = await newPlayer();
    await t.database.db.execute(
      sql`insert into user_groups (user_id, group_id, added_at) values (${m.id}, 100, now())`,
    );
    const offers = await call(t, 'GET', '/api/bonuses/deposit', { cookie: m.cookie });
    expect(offers.json()).toEqual([]);
  });

  it('a deposit promo code waits for the next deposit that qualifies, once', async () => {
    const p = await newPlayer();
    const res = await call(t, 'POST', '/api/v2/bonuses/promo-code', {
      cookie: p.cookie,
      payload: { code: 'Welcome100' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { bonus_id } = res.json() as { bonus_id: number };
    expect((await bonusesOf(p)).find((b) => b.id === bonus_id)).toMatchObject({
      stage: 'wait',
      amount_cents: 0,
      percent: 100,
      max_amount_cents: 20_000,
      min_deposit_cents: 2_000,
    });
    const again = await call(t, 'POST', '/api/v2/bonuses/promo-code', {
      cookie: p.cookie,
      payload: { code: 'WELCOME100' },
    });
    expect(again.json()).toEqual({ errors: { code: ['already_used'] } });
    const unknown = await call(t, 'POST', '/api/v2/bonuses/promo-code', {
      cookie: p.cookie,
      payload: { code: 'NOPE' },
    });
    expect(unknown.json()).toEqual({ errors: { code: ['invalid'] } });
    const blank = await call(t, 'POST', '/api/v2/bonuses/promo-code', { cookie: p.cookie, payload: { code: ' ' } });
    expect(blank.statusCode).toBe(422);

    await deposited(p, 4_000);
    expect((await bonusesOf(p)).find((b) => b.id === bonus_id)).toMatchObject({
      stage: 'handle_bets',
      amount_cents: 4_000,
      balance_cents: 4_000,
    });
  });

  it('a coupon is activated once', async () => {
    const p = await newPlayer();
    const first = await call(t, 'POST', '/api/bonuses/coupon', {
      cookie: p.cookie,
      payload: { coupon_code: 'orbit10' },
    });
    expect(first.json()).toEqual({ status: 'successfully_activated' });
    const second = await call(t, 'POST', '/api/bonuses/coupon', {
      cookie: p.cookie,
      payload: { coupon_code: 'ORBIT10' },
    });
    expect(second.json()).toEqual({ status: 'already_activated' });
    const wrong = await call(t, 'POST', '/api/bonuses/coupon', {
      cookie: p.cookie,
      payload: { coupon_code: 'WELCOME100' },
    });
    expect(wrong.json()).toEqual({ status: 'failed_to_activate' });
    expect(await byKey(p, 'orbit-coupon')).toMatchObject({ stage: 'handle_bets', balance_cents: 1_000 });
  });

  it('a deposit offer taken by the first deposit is refused as a promo code (already_used): one first-deposit bonus', async () => {
    const p = await newPlayer();
    await chooseOffer(p, 'WELCOME100');
    await deposited(p, 5_000);
    expect(await byKey(p, 'first-deposit-100')).toMatchObject({ stage: 'handle_bets', amount_cents: 5_000 });
    // The same offer typed as a promo code before the second deposit.
    const again = await promoCode(p, 'WELCOME100');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { code: ['already_used'] } });
    await deposited(p, 5_000);
    expect((await bonusesOf(p)).filter((b) => b.group_key === 'first-deposit-100')).toHaveLength(1);

    // A first-deposit code after a first deposit without a bonus: no deposit to come can take it.
    const q = await newPlayer();
    await deposited(q, 5_000);
    const late = await promoCode(q, 'WELCOME100');
    expect(late.json()).toEqual({ errors: { code: ['invalid'] } });
    expect((await bonusesOf(q)).some((b) => b.type === 'deposit_bonus')).toBe(false);
  });

  it('a waiting deposit code is filled only by a deposit its template is for', async () => {
    // RELOAD50 (deposits 2 to 5) typed before the first deposit: the first deposit leaves it waiting.
    const p = await newPlayer();
    const res = await promoCode(p, 'RELOAD50');
    expect(res.statusCode, res.body).toBe(200);
    const reload = (res.json() as { bonus_id: number }).bonus_id;
    await deposited(p, 4_000);
    expect((await bonusesOf(p)).find((b) => b.id === reload)).toMatchObject({ stage: 'wait', amount_cents: 0 });
    await deposited(p, 6_000);
    expect((await bonusesOf(p)).find((b) => b.id === reload)).toMatchObject({
      stage: 'handle_bets',
      amount_cents: 3_000,
    });

    // WELCOME100 typed before a first deposit too small for it: the second deposit does not fill it.
    const q = await newPlayer();
    const code = await promoCode(q, 'WELCOME100');
    expect(code.statusCode, code.body).toBe(200);
    const welcome = (code.json() as { bonus_id: number }).bonus_id;
    await deposited(q, 1_000);
    await deposited(q, 5_000);
    expect((await bonusesOf(q)).find((b) => b.id === welcome)).toMatchObject({ stage: 'wait', amount_cents: 0 });
    expect((await balancesOf(t.database.db, q.id, 'EUR')).bonus).toBe(0);
  });

  it('a registration gift declined while it is being given (its row written, not yet committed) ends canceled', async () => {
    seq++;
    const { cookie, player } = await register(t, { email: `racing${seq}@example.com` }, `10.42.${seq}.1`);
    const offers = bonusOffersResponseSchema.parse((await call(t, 'GET', '/api/bonuses/registration')).json());
    let reached!: () => void;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    registrationHold = { userId: player.id, reached, released: new Promise<void>((resolve) => (release = resolve)) };
    try {
      const delivering = t.app.orbitOutbox.drain();
      await held;
      // The gift's row is written in the delivery's transaction; the decline comes now.
      const declining = call(t, 'DELETE', `/api/bonuses/registration/${offers[0]!.id}`, { cookie });
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      const [declined] = await Promise.all([declining, delivering]);
      expect(declined.statusCode).toBe(204);
    } finally {
      registrationHold = null;
      release();
    }
    await t.app.orbitOutbox.drain();
    const gifts = await bonusesOf({ cookie, id: player.id });
    expect(gifts.map((g) => [g.group_key, g.stage])).toEqual([['welcome-gift', 'canceled']]);
    expect((await balancesOf(t.database.db, player.id, 'EUR')).bonus).toBe(0);
  });

  it('operators create, change and retire templates; a bad template changes nothing', async () => {
    const bad = await operator('PUT', '/api/operator/bonus_templates/x', { kind: 'manual', title: '', money: {} });
    expect(bad.statusCode).toBe(422);
    const unauthorised = await t.app.inject({ method: 'GET', url: '/api/operator/bonus_templates' });
    expect(unauthorised.statusCode).toBe(401);
    const created = await operator('PUT', '/api/operator/bonus_templates/spring-reg', {
      kind: 'registration',
      title: 'Spring gift',
      money: { EUR: { amount_cents: 300 } },
    });
    expect(created.statusCode, created.body).toBe(200);
    let offers = bonusOffersResponseSchema.parse((await call(t, 'GET', '/api/bonuses/registration')).json());
    expect(offers.map((o) => o.group_key)).toEqual(['welcome-gift', 'spring-reg']);
    expect((await operator('DELETE', '/api/operator/bonus_templates/spring-reg')).statusCode).toBe(200);
    offers = bonusOffersResponseSchema.parse((await call(t, 'GET', '/api/bonuses/registration')).json());
    expect(offers.map((o) => o.group_key)).toEqual(['welcome-gift']);
  });
});

describe('wagering', () => {
  it('bets count by game category; at the requirement the bonus money moves to real up to the max win', async () => {
    const p = await newPlayer();
    await client.fund(p, 0);
    const gift = await grant(p);
    expect(gift).toMatchObject({ stage: 'issued', amount_cents: 1_000, amount_wager_requirement_cents: 2_000 });
    await activate(p, gift.id);
    const slot = await client.session(p, SLOT);
    const table = await client.session(p, 'orbit/european-roulette');

    // Roulette counts 10 %: 500 staked, 50 wagered.
    await round(table, 'european-roulette', 500, 1_000);
    expect((await bonusesOf(p)).find((b) => b.id === gift.id)!.amount_wager_cents).toBe(50);
    // Slots count fully: a win raises the bonus balance above the max win.
    await round(slot, 'stellar-sevens', 500, 2_000);
    const mid = (await bonusesOf(p)).find((b) => b.id === gift.id)!;
    expect(mid).toMatchObject({ stage: 'handle_bets', amount_wager_cents: 550, balance_cents: 3_000 });
    await round(slot, 'stellar-sevens', 500, 500);
    await round(slot, 'stellar-sevens', 500, 500);
    await round(slot, 'stellar-sevens', 500, 500);
    const done = (await bonusesOf(p)).find((b) => b.id === gift.id)!;
    expect(done).toMatchObject({
      stage: 'wager_done',
      amount_wager_cents: 2_000,
      converted_cents: 1_500,
      forfeited_cents: 1_500,
      balance_cents: 0,
    });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 1_500, bonus: 0 });
  });

  it('the max bet and the bonus games are refused at the door, also for a player the door had cleared', async () => {
    const p = await newPlayer();
    await client.fund(p, 10_000);
    const slot = await client.session(p, SLOT);
    // Cleared: no rule for this player, so their bets skip the checks while the rules version stands.
    expect((await round(slot, 'stellar-sevens', 2_000, 0)).body).toMatchObject({ status: 'ok' });
    expect((await round(slot, 'stellar-sevens', 2_000, 0)).body).toMatchObject({ status: 'ok' });
    const gift = await grant(p);
    await activate(p, gift.id);
    expectError(await round(slot, 'stellar-sevens', 501, 0), 403, 'bonus_max_bet');
    expect((await round(slot, 'stellar-sevens', 500, 0)).status).toBe(200);
    // Wagering progress leaves the player's rules version (the door keeps the bonus's terms
    // cleared): still refused above the max bet; once the bonus ends, the next bet is free of it.
    const version = async () =>
      (await t.database.db.execute(sql`select version from pre_bet_rule_versions where user_id = ${p.id}`)).rows;
    const before = await version();
    expect((await round(slot, 'stellar-sevens', 500, 0)).status).toBe(200);
    expect((await stored(gift.id)).wageredCents).toBe(1_000);
    expect(await version()).toEqual(before);
    expectError(await round(slot, 'stellar-sevens', 501, 0), 403, 'bonus_max_bet');
    const cancel = await call(t, 'DELETE', `/api/player/bonuses/${gift.id}`, { cookie: p.cookie });
    expect(cancel.statusCode).toBe(200);
    expect((await round(slot, 'stellar-sevens', 501, 0)).status).toBe(200);

    const narrow = await operator('PUT', '/api/operator/bonus_templates/slots-only', {
      kind: 'manual',
      title: 'Slots only',
      money: { EUR: { amount_cents: 500 } },
      games: ['orbit/stellar-sevens'],
    });
    expect(narrow.statusCode, narrow.body).toBe(200);
    const q = await newPlayer();
    await client.fund(q, 5_000);
    const res = await operator('POST', `/api/operator/players/${q.id}/bonuses`, {
      template_key: 'slots-only',
      currency: 'EUR',
      idempotency_key: `narrow-${q.id}`,
    });
    await activate(q, (res.json() as PlayerBonus).id);
    const launched = await client.launch(q, 'orbit/european-roulette');
    expect(launched.statusCode).toBe(422);
    expect(launched.json()).toEqual({ errors: { base: ['bonus_game_restricted'] } });
  });

  it('the welcome gift activated at the same moment as coupon ORBIT10, 20 times: never a 500, at most one wagering', async () => {
    for (let i = 0; i < 20; i++) {
      const p = await newPlayer();
      const gift = await byKey(p, 'welcome-gift');
      const [activation, coupon] = await Promise.all([
        call(t, 'POST', `/api/player/bonuses/${gift.id}/activation`, { cookie: p.cookie }),
        call(t, 'POST', '/api/bonuses/coupon', { cookie: p.cookie, payload: { coupon_code: 'ORBIT10' } }),
      ]);
      expect([200, 422], `try ${i}: ${activation.body}`).toContain(activation.statusCode);
      if (activation.statusCode === 422)
        expect(activation.json()).toEqual({ errors: { base: ['bonus_already_wagering'] } });
      expect(coupon.statusCode, `try ${i}: ${coupon.body}`).toBe(200);
      expect(coupon.json()).toEqual({ status: 'successfully_activated' });
      await t.app.orbitOutbox.drain();
      const wagering = (await bonusesOf(p)).filter((b) => b.stage === 'handle_bets');
      expect(wagering).toHaveLength(1);
      expect((await balancesOf(t.database.db, p.id, 'EUR')).bonus).toBe(wagering[0]!.amount_cents);
    }
    await expectLedgerHolds(t.database.db);
  });

  it('a bonus given without a max win is capped at conversion: 10 × its amount', async () => {
    const template = await operator('PUT', '/api/operator/bonus_templates/no-cap', {
      kind: 'manual',
      title: 'No cap named',
      money: { EUR: { amount_cents: 100 } },
      wager_multiplier: 1,
    });
    expect(template.statusCode, template.body).toBe(200);
    const p = await newPlayer();
    const res = await operator('POST', `/api/operator/players/${p.id}/bonuses`, {
      template_key: 'no-cap',
      currency: 'EUR',
      idempotency_key: `no-cap-${p.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const gift = playerBonusSchema.parse(res.json());
    await activate(p, gift.id);
    const slot = await client.session(p, SLOT);
    await round(slot, 'stellar-sevens', 100, 5_000);
    expect((await bonusesOf(p)).find((b) => b.id === gift.id)).toMatchObject({
      stage: 'wager_done',
      converted_cents: 1_000,
      forfeited_cents: 4_000,
    });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 1_000, bonus: 0 });
    // The player's bonus showed the cap it got from the start.
    expect(gift).toMatchObject({ amount_cents: 100, max_win_cents: 1_000 });
  });

  it('one bonus wagers at a time; the next waits queued, offering no Activate, until the first ends', async () => {
    const p = await newPlayer();
    const first = await grant(p);
    const second = await grant(p);
    await activate(p, first.id);
    const refused = await call(t, 'POST', `/api/player/bonuses/${second.id}/activation`, { cookie: p.cookie });
    expect(refused.json()).toEqual({ errors: { base: ['bonus_already_wagering'] } });
    expect((await bonusesOf(p)).find((b) => b.id === second.id)).toMatchObject({
      stage: 'issued',
      queue: 'queued',
      activatable: false,
      actions: ['cancel'],
    });
    const cancel = await call(t, 'DELETE', `/api/player/bonuses/${first.id}`, { cookie: p.cookie });
    expect(cancel.statusCode).toBe(200);
    await activate(p, second.id);
  });

  it('a bonus whose money falls under the minimum bet is lost; a win still to come keeps it alive', async () => {
    const p = await newPlayer();
    const gift = await grant(p);
    await activate(p, gift.id);
    const slot = await client.session(p, SLOT);
    await round(slot, 'stellar-sevens', 500, 0);
    // A round open with bonus money: not lost while its win may come.
    const open = client.uid('round');
    const bet = await client.wallet('bet', {
      session_token: slot,
      game: 'stellar-sevens',
      round_id: open,
      transaction_id: client.uid('bet'),
      amount_cents: 495,
      currency: 'EUR',
    });
    expect(bet.status).toBe(200);
    await t.app.orbitOutbox.drain();
    expect((await bonusesOf(p)).find((b) => b.id === gift.id)!.stage).toBe('handle_bets');
    await client.wallet('win', {
      session_token: slot,
      game: 'stellar-sevens',
      round_id: open,
      transaction_id: client.uid('win'),
      amount_cents: 0,
      currency: 'EUR',
    });
    await t.app.orbitOutbox.drain();
    expect((await bonusesOf(p)).find((b) => b.id === gift.id)).toMatchObject({ stage: 'lost', forfeited_cents: 5 });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0, bonus: 0 });
  });
});

describe('cancelling, cashouts and expiry', () => {
  it('cancel_info tells what goes; cancelling forfeits the bonus and its winnings, real money stays', async () => {
    const p = await newPlayer();
    await client.fund(p, 300);
    const gift = await grant(p);
    await activate(p, gift.id);
    const slot = await client.session(p, SLOT);
    // 300 real and 200 bonus staked; the win of 900 paid 540 real, 360 bonus.
    await round(slot, 'stellar-sevens', 500, 900);
    const info = bonusCancelInfoSchema.parse(
      (await call(t, 'GET', `/api/player/bonuses/${gift.id}/cancel_info`, { cookie: p.cookie })).json(),
    );
    expect(info).toEqual({
      id: gift.id,
      total_withdrawal_amount: 540,
      current_balance: 1_700,
      cash_balance: 540,
      bonus_balance: 1_160,
      bonus_winnings: 160,
    });
    const res = await call(t, 'DELETE', `/api/player/bonuses/${gift.id}`, { cookie: p.cookie });
    expect(playerBonusSchema.parse(res.json())).toMatchObject({ stage: 'canceled', forfeited_cents: 1_160 });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 540, bonus: 0 });
    const twice = await call(t, 'DELETE', `/api/player/bonuses/${gift.id}`, { cookie: p.cookie });
    expect(twice.json()).toEqual({ errors: { base: ['not_cancelable'] } });
    const other = await newPlayer();
    expect((await call(t, 'DELETE', `/api/player/bonuses/${gift.id}`, { cookie: other.cookie })).statusCode).toBe(404);
  });

  it('a cashout while a bonus wagers is refused with bonus_wagering and reserves nothing', async () => {
    const p = await newPlayer();
    await deposited(p, 10_000);
    await activate(p, (await grant(p)).id);
    const res = await call(t, 'POST', '/api/cashbox/cashouts', {
      cookie: p.cookie,
      payload: { payment_method: 'bank_sofort', amount_cents: 5_000, currency: 'EUR', destination: IBAN },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ errors: { base: ['bonus_wagering'] } });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 10_000, reserved: 0 });
  });

  it('a cashout forfeits the deposit bonus waiting to be activated: no bonus money without its deposit', async () => {
    const p = await newPlayer();
    const coupon = await call(t, 'POST', '/api/bonuses/coupon', {
      cookie: p.cookie,
      payload: { coupon_code: 'ORBIT10' },
    });
    expect(coupon.json()).toEqual({ status: 'successfully_activated' });
    await chooseOffer(p, 'WELCOME100');
    await deposited(p, 5_000);
    const waiting = await byKey(p, 'first-deposit-100');
    expect(waiting).toMatchObject({ stage: 'issued', amount_cents: 5_000 });
    const canceled = await call(t, 'DELETE', `/api/player/bonuses/${(await byKey(p, 'orbit-coupon')).id}`, {
      cookie: p.cookie,
    });
    expect(canceled.statusCode).toBe(200);
    const out = await cashout(p, 5_000);
    expect(out.statusCode, out.body).toBe(201);
    // Before the outbox tells the bonuses of the cashout, the activation sees it waiting.
    const early = await call(t, 'POST', `/api/player/bonuses/${waiting.id}/activation`, { cookie: p.cookie });
    expect(early.json()).toEqual({ errors: { base: ['not_activatable'] } });
    await t.app.orbitOutbox.drain();
    expect(await byKey(p, 'first-deposit-100')).toMatchObject({
      stage: 'canceled',
      activatable: false,
      forfeited_cents: 0,
    });
    const late = await call(t, 'POST', `/api/player/bonuses/${waiting.id}/activation`, { cookie: p.cookie });
    expect(late.json()).toEqual({ errors: { base: ['not_activatable'] } });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0, bonus: 0, reserved: 5_000 });
  });

  it('a deposit made after a cashout keeps its bonus', async () => {
    const p = await newPlayer();
    await deposited(p, 5_000);
    expect((await cashout(p, 2_000)).statusCode).toBe(201);
    // Delivered together with the cashout's own event: the later deposit's bonus stays.
    const coupon = await call(t, 'POST', '/api/bonuses/coupon', {
      cookie: p.cookie,
      payload: { coupon_code: 'ORBIT10' },
    });
    expect(coupon.json()).toEqual({ status: 'successfully_activated' });
    await chooseOffer(p, 'RELOAD50');
    await deposited(p, 4_000);
    // Kept, waiting in line behind the coupon (docs/bonuses.md "The queue").
    expect(await byKey(p, 'reload-50')).toMatchObject({ stage: 'issued', amount_cents: 2_000, queue: 'queued' });
  });

  it('expiry survives a restart: another process expires activation and wagering windows, forfeiting the money', async () => {
    const p = await newPlayer();
    const waiting = await byKey(p, 'welcome-gift');
    const wagering = await grant(p);
    // Another player's gift, nothing wagering: its activation window runs.
    const q = await newPlayer();
    const idle = await byKey(q, 'welcome-gift');
    await activate(p, wagering.id);
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
      clock.advance(8 * DAY);
      await restarted.orbitSweeps.runAll();
      await restarted.orbitOutbox.drain();
    } finally {
      await restarted.close();
    }
    expect(await stored(idle.id)).toMatchObject({ stage: 'expired', forfeitedCents: 0 });
    // Queued behind the wagering bonus, the welcome gift's clock stands still (docs/bonuses.md "The queue").
    expect((await stored(waiting.id)).stage).toBe('issued');
    // The test template's wagering window is the default 30 days: still wagering.
    expect((await stored(wagering.id)).stage).toBe('handle_bets');
    clock.advance(23 * DAY);
    await t.app.orbitSweeps.runAll();
    expect(await stored(wagering.id)).toMatchObject({ stage: 'expired', forfeitedCents: 1_000 });
    expect((await balancesOf(t.database.db, p.id, 'EUR')).bonus).toBe(0);
    // Its clock runs again from the wagering's end: its whole 7 days (it came as the other began).
    expect((await stored(waiting.id)).activatableUntil!.getTime() - clock.now().getTime()).toBe(7 * DAY);
    clock.advance(7 * DAY);
    await t.app.orbitSweeps.runAll();
    expect(await stored(waiting.id)).toMatchObject({ stage: 'expired', forfeitedCents: 0 });
  });

  it('every change goes live on bonuses_changes with the whole bonus', async () => {
    const p = await newPlayer();
    const seen: RealtimeMessage[] = [];
    const stop = await bus.subscribe(playerTopic(p.id), (m) => seen.push(m));
    try {
      const gift = await grant(p);
      await activate(p, gift.id);
      await t.app.orbitOutbox.drain();
      const changes = seen.filter((m) => m.event === 'bonuses_changes').map((m) => playerBonusSchema.parse(m.data));
      // The sign-up's welcome gift goes live as issued, before or after the granted gift's own changes.
      expect(changes.map((c) => c.stage)).toContain('issued');
      const own = changes.filter((c) => c.id === gift.id);
      expect(own.at(-1)).toMatchObject({ id: gift.id, stage: 'handle_bets', balance_cents: 1_000 });
    } finally {
      await stop();
    }
  });
});

describe('free spins', () => {
  async function grantSpins(p: Player): Promise<PlayerFreespin> {
    const res = await operator('POST', `/api/operator/players/${p.id}/freespins`, {
      template_key: 'stellar-spins',
      currency: 'EUR',
      idempotency_key: `spins-${p.id}-${++seq}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return playerFreespinSchema.parse(res.json());
  }
  const spinsOf = async (p: Player) =>
    playerFreespinsResponseSchema.parse((await call(t, 'GET', '/api/player/freespins', { cookie: p.cookie })).json());
  const spin = (token: string, freespinId: number | string, win: number, game = 'stellar-sevens') =>
    client.wallet('freespin', {
      session_token: token,
      game,
      round_id: client.uid('fs-round'),
      transaction_id: client.uid('fs'),
      freespin_id: String(freespinId),
      amount_cents: win,
      currency: 'EUR',
      round: { stake_cents: 20, outcome: { reels: [] } },
    });

  it('activation tells the studio (signed, retried until it answers); each spin counts; the wins become a bonus', async () => {
    const p = await newPlayer();
    const grant = await grantSpins(p);
    expect(grant).toMatchObject({
      stage: 'issued',
      freespins_total: 10,
      freespins_performed: 0,
      games: ['orbit/stellar-sevens'],
      provider: 'orbit',
      bet_level: 20,
      activatable: true,
    });
    const token = await client.session(p, SLOT);
    // Not activated: the studio has not been told and a spin is refused.
    expectError(await spin(token, grant.id, 0), 409, 'freespins_used');

    studioAnswers = false;
    const activated = await call(t, 'POST', `/api/player/freespins/${grant.id}/activation`, { cookie: p.cookie });
    expect(playerFreespinSchema.parse(activated.json())).toMatchObject({ stage: 'activated' });
    studioCalls.length = 0;
    await t.app.orbitOutbox.drain();
    expect(studioCalls).toHaveLength(1);
    // The studio was down: the outbox tries again later.
    studioAnswers = true;
    clock.advance(5_000);
    await t.app.orbitOutbox.drain();
    expect(studioCalls).toHaveLength(2);
    const issued = studioCalls[1]!;
    expect(issued.url).toMatch(/\/studio\/api\/freespins\/issue$/);
    expect(issued.body).toMatchObject({
      freespin_id: String(grant.id),
      player_id: String(p.id),
      currency: 'EUR',
      games: ['stellar-sevens'],
      count: 10,
      bet_level_cents: 20,
    });
    expect(issued.signature).toBe(
      createHmac('sha256', t.config.studio.walletSecret).update(JSON.stringify(issued.body)).digest('hex'),
    );

    // Wrong game, unknown grant, another player's: not found.
    const table = await client.session(p, 'orbit/european-roulette');
    expectError(await spin(table, grant.id, 0, 'european-roulette'), 404, 'freespin_not_found');
    expectError(await spin(token, 999_999, 0), 404, 'freespin_not_found');
    const other = await newPlayer();
    expectError(await spin(await client.session(other, SLOT), grant.id, 0), 404, 'freespin_not_found');

    const before = await balancesOf(t.database.db, p.id, 'EUR');
    const first = await spin(token, grant.id, 150);
    expect(first.body).toMatchObject({ status: 'ok', freespins_left: 9, balance_cents: before.real + before.bonus });
    for (let i = 0; i < 8; i++) expect((await spin(token, grant.id, i === 3 ? 250 : 0)).status).toBe(200);
    const last = await spin(token, grant.id, 100);
    expect(last.body).toMatchObject({ freespins_left: 0 });
    expectError(await spin(token, grant.id, 0), 409, 'freespins_used');
    await t.app.orbitOutbox.drain();

    expect((await spinsOf(p)).find((g) => g.id === grant.id)).toMatchObject({
      stage: 'finished',
      freespins_performed: 10,
      win_cents: 500,
    });
    const winnings = (await bonusesOf(p)).find((b) => b.strategy === 'freespins')!;
    expect(winnings).toMatchObject({
      stage: 'handle_bets',
      amount_cents: 500,
      amount_wager_requirement_cents: 5_000,
      type: 'freespins',
      balance_cents: 500,
    });
    expect((await balancesOf(t.database.db, p.id, 'EUR')).bonus).toBe(500);
  });

  it('a spin sent again answers its first answer and counts once', async () => {
    const p = await newPlayer();
    const grant = await grantSpins(p);
    await call(t, 'POST', `/api/player/freespins/${grant.id}/activation`, { cookie: p.cookie });
    const token = await client.session(p, SLOT);
    const body = {
      session_token: token,
      game: 'stellar-sevens',
      round_id: client.uid('fs-round'),
      transaction_id: client.uid('fs'),
      freespin_id: String(grant.id),
      amount_cents: 40,
      currency: 'EUR',
    };
    const once = await client.wallet('freespin', body);
    const again = await client.wallet('freespin', body);
    expect(again.body).toEqual(once.body);
    expectError(await client.wallet('freespin', { ...body, amount_cents: 41 }), 409, 'duplicate_transaction');
    expect((await spinsOf(p)).find((g) => g.id === grant.id)).toMatchObject({ freespins_performed: 1, win_cents: 40 });
  });

  it('cancelling withdraws the spins and tells the studio; a promo code gives spins once', async () => {
    const p = await newPlayer();
    const code = await call(t, 'POST', '/api/v2/bonuses/promo-code', {
      cookie: p.cookie,
      payload: { code: 'spins10' },
    });
    expect(code.json()).toMatchObject({ bonus_type: 'freespins', name: '10 free spins on Stellar Sevens' });
    const again = await call(t, 'POST', '/api/v2/bonuses/promo-code', {
      cookie: p.cookie,
      payload: { code: 'SPINS10' },
    });
    expect(again.json()).toEqual({ errors: { code: ['already_used'] } });
    const id = (code.json() as { bonus_id: number }).bonus_id;
    await call(t, 'POST', `/api/player/freespins/${id}/activation`, { cookie: p.cookie });
    await t.app.orbitOutbox.drain();
    studioCalls.length = 0;
    const canceled = await call(t, 'DELETE', `/api/player/freespins/${id}`, { cookie: p.cookie });
    expect(playerFreespinSchema.parse(canceled.json())).toMatchObject({ stage: 'canceled', cancelable: false });
    await t.app.orbitOutbox.drain();
    expect(studioCalls.map((c) => [c.url.split('/').at(-1), c.body])).toEqual([
      ['cancel', { freespin_id: String(id) }],
    ]);
    const token = await client.session(p, SLOT);
    expectError(await spin(token, id, 10), 409, 'freespins_used');
  });

  it('spins left unplayed when the window ends expire; what they won is still paid as a bonus', async () => {
    const p = await newPlayer();
    const grant = await grantSpins(p);
    await call(t, 'POST', `/api/player/freespins/${grant.id}/activation`, { cookie: p.cookie });
    const token = await client.session(p, SLOT);
    await spin(token, grant.id, 300);
    clock.advance(8 * DAY);
    await t.app.orbitSweeps.runAll();
    await t.app.orbitOutbox.drain();
    const [row] = await t.database.db.select().from(playerFreespins).where(eq(playerFreespins.id, grant.id));
    expect(row).toMatchObject({ stage: 'expired', performed: 1, winCents: 300 });
    const [bonus] = await t.database.db.select().from(playerBonuses).where(eq(playerBonuses.id, row!.bonusId!));
    expect(bonus).toMatchObject({ kind: 'freespins', amountCents: 300, stage: 'handle_bets' });
  });
});
