/**
 * Promotions through the API (docs/promotions.md): tournaments (list, one, status, player,
 * recent, confirm and its refusals, `/batch`), standings counted from bets and wins after commit
 * and pushed on `tournaments_statuses`, scope by category and confirmation, the end job that
 * ranks and pays each place once (also from a second process after a restart), quests' levels
 * and test quests; lotteries (tickets from deposits played through, by the scale, the cap, the
 * draw from the committed seed across a restart, its verification reproducing the winners, a
 * winner without a nickname masked). FakeClock; the ledger audit runs after each test.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  batchResponseSchema,
  drawTickets,
  lootboxesResponseSchema,
  lootboxSchema,
  pickByRoll,
  playerFreespinsResponseSchema,
  weightedRoll,
  exchangeResponseSchema,
  lotteriesOfferedResponseSchema,
  lotteriesResponseSchema,
  lotterySchema,
  lotteryStatusesResponseSchema,
  lotteryStatusSchema,
  playerBonusesResponseSchema,
  tournamentPlayerResponseSchema,
  tournamentSchema,
  tournamentsRecentResponseSchema,
  tournamentsResponseSchema,
  tournamentsStatusesEventSchema,
  tournamentStatusSchema,
  typedRewardsResponseSchema,
} from '@orbit/contracts';
import { buildApp } from '../../src/app';
import { userGroups, users } from '../../src/modules/identity/schema';
import { compPointBalances } from '../../src/modules/loyalty/schema';
import { nodeHmac, newServerSeed, seedHash } from '../../src/modules/promotions/lotteries';
import {
  promoLootboxes,
  promoLotteries,
  promoLotteryTickets,
  promoPayouts,
  promoTournaments,
  type StoredPrize,
} from '../../src/modules/promotions/schema';
import { PRIZE_BONUS_TEMPLATE, PRIZE_SPINS_TEMPLATE } from '../../src/modules/promotions/seed';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { playerTopic } from '../../src/platform/realtime/channels';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { call, register, XHR } from '../support/identity';
import { expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';
import { ScriptedPsp } from '../support/scripted-psp';

const run = promisify(execFile);
const clock = new FakeClock('2026-06-15T10:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const psp = new ScriptedPsp();
const OPERATOR = 'operator-token-operator-token-operator-token';
const bus = new MemoryPubSub();
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp(
    { ...psp.env, CASHOUT_AUTO_APPROVE_UNITS: '0', OPERATOR_TOKEN: OPERATOR },
    { clock, fetch: psp.fetch, pubsub: bus },
  );
  client = walletClient(t, new Ledger(clock));
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

async function newPlayer(): Promise<Player & { nickname: string; email: string }> {
  seq++;
  const nickname = `racer${seq}x${Date.now() % 100000}`;
  const email = `promo${seq}@example.com`;
  const { cookie, player } = await register(t, { email, nickname }, `10.70.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id, nickname, email };
}

const money = (place: number, cents: number): StoredPrize => ({
  award_place: place,
  money_award_cents: cents,
  wager_multiplier: 10,
  bonus_template: PRIZE_BONUS_TEMPLATE,
  freespins_count: 0,
  freespins_template: null,
  chargeable_comp_points: 0,
  persistent_comp_points: 0,
});
const spins = (place: number): StoredPrize => ({
  ...money(place, 0),
  bonus_template: null,
  freespins_count: 10,
  freespins_template: PRIZE_SPINS_TEMPLATE,
});

let tournamentSeq = 0;
async function tournament(fields: Partial<typeof promoTournaments.$inferInsert> = {}) {
  tournamentSeq++;
  const [row] = await t.database.db
    .insert(promoTournaments)
    .values({
      title: `Race ${tournamentSeq}`,
      frontendIdentifier: `tournament--race-${tournamentSeq}-${Date.now()}`,
      strategy: 'bet_sum',
      currencies: ['EUR'],
      currency: 'EUR',
      gameCategories: [],
      providers: [],
      groupIds: [],
      prizes: [money(1, 3_000), money(2, 2_000), spins(3)],
      startAt: new Date(clock.now().getTime() - HOUR),
      endAt: new Date(clock.now().getTime() + DAY),
      createdAt: clock.now(),
      ...fields,
    })
    .returning();
  return row!;
}

/** A round on a game: a bet and (when given) a win, the events delivered. */
async function play(token: string, game: string, betCents: number, winCents = 0) {
  const round = client.uid('round');
  const base = { session_token: token, game, round_id: round, currency: 'EUR' };
  const placed = await client.wallet('bet', { ...base, transaction_id: `${round}:bet`, amount_cents: betCents });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const won = await client.wallet('win', { ...base, transaction_id: `${round}:win`, amount_cents: winCents });
  expect(won.status, JSON.stringify(won.body)).toBe(200);
  await t.app.orbitOutbox.drain();
}

/**
 * Plays a deposit through (docs/promotions.md "Deposits played through"): a real-money bet of its
 * amount, then what it brings (the deposit played through, then its rewards) delivered.
 */
async function playThrough(p: Player, cents: number) {
  await play(await client.session(p, 'orbit/european-roulette'), 'european-roulette', cents);
  await t.app.orbitOutbox.drain();
}

async function player(cents = 100_000) {
  const p = await newPlayer();
  await client.fund(p, cents);
  const roulette = await client.session(p, 'orbit/european-roulette');
  const slots = await client.session(p, 'orbit/stellar-sevens');
  return { ...p, roulette, slots };
}

const status = async (p: Player, id: number) =>
  tournamentStatusSchema.parse((await call(t, 'GET', `/api/tournaments/${id}/status`, { cookie: p.cookie })).json());

async function listen(p: Player) {
  const seen: RealtimeMessage[] = [];
  const stop = await bus.subscribe(playerTopic(p.id), (m) => seen.push(m));
  return { seen, stop };
}

describe('tournaments', () => {
  it('lists active before future before archive, and answers one by id or slug; unknown is 404', async () => {
    const active = await tournament();
    const future = await tournament({
      startAt: new Date(clock.now().getTime() + DAY),
      endAt: new Date(clock.now().getTime() + 2 * DAY),
    });
    const archive = await tournament({
      startAt: new Date(clock.now().getTime() - 2 * DAY),
      endAt: new Date(clock.now().getTime() - DAY),
    });
    const list = tournamentsResponseSchema.parse((await call(t, 'GET', '/api/tournaments')).json());
    const ours = list.filter((x) => [active.id, future.id, archive.id].includes(x.id));
    expect(ours.map((x) => [x.id, x.status])).toEqual([
      [active.id, 'active'],
      [future.id, 'future'],
      [archive.id, 'archive'],
    ]);
    const order = { active: 0, future: 1, archive: 2 };
    const statuses = list.map((x) => order[x.status]);
    expect(statuses).toEqual([...statuses].sort((x, y) => x - y));
    const one = tournamentSchema.parse((await call(t, 'GET', `/api/tournaments/${active.id}`)).json());
    expect(one).toMatchObject({ id: active.id, in_progress: true, kind: 'tournament', questSize: null });
    expect(one.prizes[0]).toMatchObject({ award_place: 1, money_award_cents: 3_000, wager_multiplier: 10 });
    const bySlug = await call(t, 'GET', `/api/tournaments/${active.frontendIdentifier.split('--')[1]}`);
    expect(tournamentSchema.parse(bySlug.json()).id).toBe(active.id);
    const missing = await call(t, 'GET', '/api/tournaments/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: { base: ['not_found'] } });
  });

  it('counts bets after commit, by strategy and scope, and pushes the standing live', async () => {
    const sum = await tournament({ strategy: 'bet_sum', gameCategories: ['slots'] });
    const count = await tournament({ strategy: 'bet_count' });
    const rate = await tournament({ strategy: 'win_rate' });
    const a = await player();
    const { seen, stop } = await listen(a);
    try {
      await play(a.slots, 'stellar-sevens', 200, 1_000);
      await play(a.roulette, 'european-roulette', 500, 0);
      await play(a.roulette, 'european-roulette', 100, 300);
    } finally {
      await stop();
    }
    // Only the slots round counts in the slots race; every round in the others.
    expect(await status(a, sum.id)).toMatchObject({ bets: 1, bet_cents: 200, points: 200, award_place: 1 });
    expect(await status(a, count.id)).toMatchObject({ bets: 3, bet_cents: 800, wins: 2, win_cents: 1_300, points: 3 });
    expect(await status(a, rate.id)).toMatchObject({ rate: 500, points: 500, games_taken: 2 });
    const events = seen
      .filter((m) => m.event === 'tournaments_statuses')
      .map((m) => tournamentsStatusesEventSchema.parse(m.data));
    const last = events.filter((e) => e.tournament_id === count.id).at(-1)!;
    expect(last.status.bets).toBe(3);
    expect(last.top_players[0]).toMatchObject({ nickname: a.nickname, me: true, points: 3 });
    // A redelivered batch counts nothing again.
    await t.app.orbitOutbox.drain();
    expect((await status(a, count.id)).bets).toBe(3);
  });

  it('with confirmation, only bets after joining count; joining refusals change nothing', async () => {
    const race = await tournament({ confirmationRequired: true });
    const a = await player();
    await play(a.roulette, 'european-roulette', 300);
    expect(await status(a, race.id)).toMatchObject({ user_confirmed: false, bets: 0, award_place: null });
    const bad = await call(t, 'POST', `/api/tournaments/${race.id}/confirm`, {
      cookie: a.cookie,
      payload: { confirmed: false },
    });
    expect(bad.statusCode).toBe(422);
    const guest = await call(t, 'POST', `/api/tournaments/${race.id}/confirm`, { payload: { confirmed: true } });
    expect(guest.statusCode).toBe(401);
    const joined = await call(t, 'POST', `/api/tournaments/${race.id}/confirm`, {
      cookie: a.cookie,
      payload: { confirmed: true },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(tournamentStatusSchema.parse(joined.json()).user_confirmed).toBe(true);
    await play(a.roulette, 'european-roulette', 400);
    expect(await status(a, race.id)).toMatchObject({ user_confirmed: true, bets: 1, bet_cents: 400 });

    const usd = await tournament({ currencies: ['USD'], currency: 'USD', confirmationRequired: true });
    const refused = await call(t, 'POST', `/api/tournaments/${usd.id}/confirm`, {
      cookie: a.cookie,
      payload: { confirmed: true },
    });
    expect(refused.json()).toEqual({ errors: { base: ['tournament_not_eligible'] } });
    const vip = await tournament({ groupIds: [759], confirmationRequired: true });
    const notVip = await call(t, 'POST', `/api/tournaments/${vip.id}/confirm`, {
      cookie: a.cookie,
      payload: { confirmed: true },
    });
    expect(notVip.json()).toEqual({ errors: { base: ['tournament_not_eligible'] } });
    const ended = await tournament({
      startAt: new Date(clock.now().getTime() - 2 * DAY),
      endAt: new Date(clock.now().getTime() - DAY),
    });
    const late = await call(t, 'POST', `/api/tournaments/${ended.id}/confirm`, {
      cookie: a.cookie,
      payload: { confirmed: true },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ errors: { base: ['tournament_finished'] } });
    const guestStatus = await call(t, 'GET', `/api/tournaments/${race.id}/status`);
    expect(guestStatus.statusCode).toBe(401);
  });

  it('ends once: ranks with ties to who got there first and pays each place once, also after a restart', async () => {
    const race = await tournament({ endAt: new Date(clock.now().getTime() + 10 * MINUTE) });
    const [a, b, c, d] = [await player(), await player(), await player(), await player()];
    await play(a.roulette, 'european-roulette', 500); // 500 first
    clock.advance(1_000);
    await play(b.roulette, 'european-roulette', 900); // the top
    clock.advance(1_000);
    await play(c.roulette, 'european-roulette', 500); // ties a, later: third
    clock.advance(1_000);
    await play(d.roulette, 'european-roulette', 100); // fourth: no prize
    // A second process, as after a restart, runs the end job when the hour is over.
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
      clock.advance(10 * MINUTE);
      await restarted.orbitSweeps.runAll();
    } finally {
      await restarted.close();
    }
    await t.app.orbitSweeps.runAll();
    await t.app.orbitSweeps.runAll();
    const payouts = await t.database.db.select().from(promoPayouts).where(eq(promoPayouts.promoId, race.id));
    const ours = payouts.filter((p) => p.promoKind === 'tournament');
    expect(ours.map((p) => [p.awardPlace, p.userId, p.outcome]).sort()).toEqual([
      [1, b.id, 'paid'],
      [2, a.id, 'paid'],
      [3, c.id, 'paid'],
    ]);
    expect((await status(a, race.id)).award_place).toBe(2);
    expect((await status(d, race.id)).award_place).toBe(4);
    const bonusesOf = async (p: Player) =>
      playerBonusesResponseSchema.parse((await call(t, 'GET', '/api/player/bonuses', { cookie: p.cookie })).json());
    expect((await bonusesOf(b)).filter((x) => x.amount_cents === 3_000)).toHaveLength(1);
    expect((await bonusesOf(a)).filter((x) => x.amount_cents === 2_000)).toHaveLength(1);
    const one = tournamentSchema.parse((await call(t, 'GET', `/api/tournaments/${race.id}`)).json());
    expect(one.status).toBe('archive');
    expect(one.finished_at).not.toBeNull();
    expect(one.top_players.map((p) => p.nickname)).toEqual([b.nickname, a.nickname, c.nickname, d.nickname]);
    const recent = tournamentsRecentResponseSchema.parse((await call(t, 'GET', '/api/tournaments/recent')).json());
    expect(recent.some((x) => x.id === race.id)).toBe(true);
    const mine = tournamentPlayerResponseSchema.parse(
      (await call(t, 'GET', '/api/tournaments/player', { cookie: b.cookie })).json(),
    );
    expect(mine.find((s) => s.tournament_id === race.id)?.award_place).toBe(1);
    // Bets after the end count nowhere.
    await play(d.roulette, 'european-roulette', 5_000);
    expect((await status(d, race.id)).bet_cents).toBe(100);
  });

  it('a refunded bet counts for nothing: five 100 EUR bets rolled back win no place, no quest level, no comp points', async () => {
    const endAt = new Date(clock.now().getTime() + 10 * MINUTE);
    const races = [
      await tournament({ strategy: 'bet_sum', endAt }),
      await tournament({ strategy: 'bet_count', endAt }),
      await tournament({ strategy: 'points', endAt }),
      await tournament({ strategy: 'bet_sum', endAt, frontendIdentifier: `quest--xs--refunds-${Date.now()}` }),
    ];
    const cheat = await player(60_000);
    const honest = await player();
    const pointsOf = async (p: Player) =>
      (await call(t, 'GET', '/api/player/comp_points', { cookie: p.cookie })).json() as {
        chargeable: { points: number };
        persistent: { points: number };
      };
    const rolledBack: string[] = [];
    for (let i = 0; i < 5; i++) {
      const round = client.uid('refunded');
      const base = { session_token: cheat.slots, game: 'stellar-sevens', round_id: round, currency: 'EUR' };
      const bet = await client.wallet('bet', { ...base, transaction_id: `${round}:bet`, amount_cents: 10_000 });
      expect(bet.status, JSON.stringify(bet.body)).toBe(200);
      // Counted first (the standings and points move)...
      if (i === 0) {
        await t.app.orbitOutbox.drain();
        expect((await status(cheat, races[0]!.id)).bet_cents).toBe(10_000);
        expect((await pointsOf(cheat)).persistent.points).toBe(10);
      }
      // ...then the provider gives the stake back.
      const back = await client.wallet('rollback', {
        ...base,
        transaction_id: `${round}:rollback`,
        reference_transaction_id: `${round}:bet`,
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      rolledBack.push(round);
    }
    await t.app.orbitOutbox.drain();
    // A redelivery takes nothing back twice.
    await t.app.orbitOutbox.drain();
    for (const race of races)
      expect(await status(cheat, race.id)).toMatchObject({ bets: 0, bet_cents: 0, points: 0, award_place: null });
    expect((await status(cheat, races[3]!.id)).levels.filter((l) => l.state === 'completed')).toHaveLength(1);
    expect(await pointsOf(cheat)).toEqual({ chargeable: { points: 0 }, persistent: { points: 0 } });

    // A round of two bets with one refunded keeps the other; an honest 1 EUR bet takes place 1.
    const round = client.uid('half');
    const base = { session_token: cheat.roulette, game: 'european-roulette', round_id: round, currency: 'EUR' };
    await client.wallet('bet', { ...base, transaction_id: `${round}:bet:1`, amount_cents: 300 });
    await client.wallet('bet', { ...base, transaction_id: `${round}:bet:2`, amount_cents: 5_000 });
    await client.wallet('rollback', {
      ...base,
      transaction_id: `${round}:rollback`,
      reference_transaction_id: `${round}:bet:2`,
    });
    await client.wallet('win', { ...base, transaction_id: `${round}:win`, amount_cents: 0 });
    await t.app.orbitOutbox.drain();
    expect(await status(cheat, races[1]!.id)).toMatchObject({ bets: 1, bet_cents: 300 });
    await play(honest.roulette, 'european-roulette', 400);
    clock.advance(10 * MINUTE);
    await t.app.orbitSweeps.runAll();
    const payouts = await t.database.db.select().from(promoPayouts).where(eq(promoPayouts.promoId, races[0]!.id));
    expect(
      payouts.filter((p) => p.promoKind === 'tournament').map((p) => [p.awardPlace, p.userId === honest.id]),
    ).toEqual([
      [1, true],
      [2, false],
    ]);
    expect((await status(cheat, races[0]!.id)).award_place).toBe(2);
  });

  it('pays comp-point and free-spin prizes once; a player with bonuses off is skipped, the others paid', async () => {
    const pointsPrize: StoredPrize = {
      ...money(1, 0),
      bonus_template: null,
      chargeable_comp_points: 70,
      persistent_comp_points: 70,
    };
    const race = await tournament({
      endAt: new Date(clock.now().getTime() + 5 * MINUTE),
      prizes: [pointsPrize, money(2, 1_000), spins(3)],
    });
    const [a, b, c] = [await player(), await player(), await player()];
    await play(a.roulette, 'european-roulette', 900);
    await play(b.roulette, 'european-roulette', 500);
    await play(c.roulette, 'european-roulette', 100);
    const off = await call(t, 'PATCH', '/api/player/update_bonus_settings', {
      cookie: b.cookie,
      payload: { can_issue: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    clock.advance(5 * MINUTE);
    await t.app.orbitSweeps.runAll();
    await t.app.orbitSweeps.runAll();
    const [balance] = await t.database.db.select().from(compPointBalances).where(eq(compPointBalances.userId, a.id));
    expect(balance?.chargeable).toBe(70);
    const payouts = (await t.database.db.select().from(promoPayouts).where(eq(promoPayouts.promoId, race.id)))
      .filter((p) => p.promoKind === 'tournament')
      .sort((x, y) => x.awardPlace - y.awardPlace);
    expect(payouts.map((p) => [p.userId, p.outcome])).toEqual([
      [a.id, 'paid'],
      [b.id, 'skipped'],
      [c.id, 'paid'],
    ]);
    expect(payouts[1]!.detail).toEqual({ currency: 'EUR', refusal: 'bonuses_disabled' });
    const spinsOf = playerFreespinsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/freespins', { cookie: c.cookie })).json(),
    );
    expect(spinsOf).toHaveLength(1);
  });

  it('a quest parses its size and slug and shows levels; test quests are hidden unless asked', async () => {
    const quest = await tournament({ frontendIdentifier: `quest--xs--stars-${Date.now()}` });
    const hidden = await tournament({ frontendIdentifier: `quest--s--ffc-check-${Date.now()}` });
    const a = await player(300_000);
    await play(a.roulette, 'european-roulette', 20_000);
    await play(a.roulette, 'european-roulette', 40_000);
    const s = await status(a, quest.id);
    expect(s.levels.map((l) => l.state)).toEqual(['completed', 'completed', 'completed', 'active', 'locked', 'locked']);
    expect(s.levels.map((l) => l.min_bets_cents)).toEqual([0, 15_000, 50_000, 100_000, 500_000, 1_500_000]);
    const one = tournamentSchema.parse((await call(t, 'GET', `/api/tournaments/${quest.id}`)).json());
    expect(one).toMatchObject({ kind: 'quest', questSize: 'xs' });
    expect(one.questSlug).toMatch(/^stars-/);
    const list = tournamentsResponseSchema.parse((await call(t, 'GET', '/api/tournaments')).json());
    expect(list.some((x) => x.id === hidden.id)).toBe(false);
    const asked = tournamentsResponseSchema.parse((await call(t, 'GET', '/api/tournaments?test_quests=1')).json());
    expect(asked.find((x) => x.id === hidden.id)).toMatchObject({ questSize: 's' });
  });

  it('/batch answers up to 12 calls keyed by url; a failed one is empty; more than 12 is refused (batch.test.ts: what it may call)', async () => {
    const race = await tournament();
    const a = await player();
    await play(a.roulette, 'european-roulette', 700);
    const res = await call(
      t,
      'GET',
      `/batch?url[]=api/tournaments/${race.id}/status&url[]=api/tournaments/999999/status`,
      { cookie: a.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = batchResponseSchema.parse(res.json());
    expect(tournamentStatusSchema.parse(body[`api/tournaments/${race.id}/status`]).bet_cents).toBe(700);
    expect(body['api/tournaments/999999/status']).toEqual({});
    const many = Array.from({ length: 13 }, (_, i) => `url[]=api/tournaments/${i + 1}/status`).join('&');
    const refused = await call(t, 'GET', `/batch?${many}`, { cookie: a.cookie });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { 'url[]': ['too_many_urls'] } });
  });
});

describe('lotteries', () => {
  async function lottery(fields: Partial<typeof promoLotteries.$inferInsert> = {}) {
    const serverSeed = newServerSeed();
    const [row] = await t.database.db
      .insert(promoLotteries)
      .values({
        slug: `draw-${++seq}-${Date.now()}`,
        title: 'Draw',
        currency: 'EUR',
        groupIds: [],
        compPointsTicketPrice: 50,
        depositScaleRules: {
          EUR: [
            { from_amount_cents: 2_000, price_cents: 2_000 },
            { from_amount_cents: 10_000, price_cents: 1_000 },
          ],
        },
        maxTicketsPerPlayer: 12,
        prizes: [money(1, 5_000), money(2, 1_000)],
        serverSeed,
        serverSeedHash: seedHash(serverSeed),
        startAt: new Date(clock.now().getTime() - HOUR),
        endAt: new Date(clock.now().getTime() + 10 * MINUTE),
        createdAt: clock.now(),
        ...fields,
      })
      .returning();
    return row!;
  }

  async function deposited(p: Player, cents: number): Promise<void> {
    const res = await call(t, 'POST', '/api/cashbox/deposits', {
      cookie: p.cookie,
      payload: { payment_method: 'card_visa', amount_cents: cents, currency: 'EUR' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const settled = psp.last();
    settled.status = 'succeeded';
    settled.card = { brand: 'visa', last4: '4242', token: `tok_${++seq}_${cents}` };
    const { body, headers } = psp.webhook(settled, clock.now());
    const hook = await t.app.inject({ method: 'POST', url: '/api/cashbox/webhooks/sandbox', payload: body, headers });
    expect(hook.statusCode).toBe(200);
    await t.app.orbitOutbox.drain();
    await playThrough(p, cents);
  }

  it("counts the lotteries offered by the player's groups as the list does (the menu's question)", async () => {
    const count = async (cookie?: string) =>
      lotteriesOfferedResponseSchema.parse((await call(t, 'GET', '/api/lotteries/offered_count', { cookie })).json())
        .count;
    const listed = async (cookie?: string) =>
      lotteriesResponseSchema.parse((await call(t, 'GET', '/api/lotteries', { cookie })).json()).length;
    const member = await newPlayer();
    const outsider = await newPlayer();
    const guestBefore = await count();
    const memberBefore = await count(member.cookie);
    await lottery({ groupIds: [1309] });
    await t.database.db.insert(userGroups).values({ userId: member.id, groupId: 1309, addedAt: clock.now() });
    expect(await count()).toBe(guestBefore);
    expect(await count(outsider.cookie)).toBe(guestBefore);
    expect(await count(member.cookie)).toBe(memberBefore + 1);
    for (const cookie of [undefined, outsider.cookie, member.cookie])
      expect(await count(cookie)).toBe(await listed(cookie));
  });

  it('deposits buy tickets by the scale up to the cap; the draw reveals the seed and verifies, once, after a restart', async () => {
    const l = await lottery();
    const a = await newPlayer();
    const b = await newPlayer();
    await deposited(a, 5_000); // 2 tickets at 20
    await deposited(b, 15_000); // 15 at 10, capped at 12
    await deposited(a, 1_000); // below the scale: none
    const sa = lotteryStatusSchema.parse(
      (await call(t, 'GET', `/api/lotteries/${l.id}/status`, { cookie: a.cookie })).json(),
    );
    expect(sa).toMatchObject({ tickets_count: 2, ticket_numbers: [1, 2] });
    const all = lotteryStatusesResponseSchema.parse(
      (await call(t, 'GET', '/api/lotteries/statuses', { cookie: b.cookie })).json(),
    );
    expect(all.find((s) => s.lottery_id === l.id)?.tickets_count).toBe(12);
    const before = lotterySchema.parse((await call(t, 'GET', `/api/lotteries/${l.slug}`)).json());
    expect(before.draw).toMatchObject({ server_seed: null, server_seed_hash: l.serverSeedHash, winning_tickets: [] });
    expect(before.lottery_tickets_count).toBe(14);
    const list = lotteriesResponseSchema.parse((await call(t, 'GET', '/api/lotteries')).json());
    expect(list.find((x) => x.id === l.id)?.status).toBe('active');

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
      clock.advance(11 * MINUTE);
      await restarted.orbitSweeps.runAll();
    } finally {
      await restarted.close();
    }
    await t.app.orbitSweeps.runAll();
    const after = lotterySchema.parse((await call(t, 'GET', `/api/lotteries/${l.slug}`)).json());
    expect(after.status).toBe('archive');
    expect(after.draw.server_seed).not.toBeNull();
    expect(createHash('sha256').update(after.draw.server_seed!).digest('hex')).toBe(after.draw.server_seed_hash);
    const again = await drawTickets(nodeHmac, after.draw.server_seed!, after.id, after.draw.tickets_count, 2);
    expect(after.draw.winning_tickets).toEqual(again);
    expect(new Set(again).size).toBe(2);
    const payouts = (await t.database.db.select().from(promoPayouts).where(eq(promoPayouts.promoId, l.id))).filter(
      (p) => p.promoKind === 'lottery',
    );
    expect(payouts).toHaveLength(2);
    const owners = await t.database.db
      .select()
      .from(promoLotteryTickets)
      .where(and(eq(promoLotteryTickets.lotteryId, l.id)));
    const ownerOf = new Map(owners.map((o) => [o.number, o.userId]));
    expect(payouts.sort((x, y) => x.awardPlace - y.awardPlace).map((p) => p.userId)).toEqual(
      again.map((n) => ownerOf.get(n)),
    );
    // `npm run verify-draw` reproduces the winners from the published data, and notices a forgery.
    const args = [
      '--import',
      'tsx',
      'scripts/verify-draw.ts',
      '--seed',
      after.draw.server_seed!,
      '--lottery-id',
      String(after.id),
      '--tickets',
      String(after.draw.tickets_count),
      '--places',
      '2',
      '--hash',
      after.draw.server_seed_hash,
      '--winners',
    ];
    const root = path.resolve(import.meta.dirname, '../../../..');
    const verified = await run(process.execPath, [...args, after.draw.winning_tickets.join(',')], { cwd: root });
    expect(verified.stdout).toContain('winners match');
    const forged = [...after.draw.winning_tickets].reverse().join(',');
    await expect(run(process.execPath, [...args, forged], { cwd: root })).rejects.toMatchObject({ code: 1 });
    // Deposits after the draw buy nothing.
    await deposited(a, 5_000);
    const late = lotteryStatusSchema.parse(
      (await call(t, 'GET', `/api/lotteries/${l.id}/status`, { cookie: a.cookie })).json(),
    );
    expect(late.tickets_count).toBe(2);
  });

  it("shows a winner without a nickname, and a leaderboard's player, by a masked name as jackpots do", async () => {
    const l = await lottery();
    seq++;
    const { cookie, player: anon } = await register(
      t,
      { email: `anon${seq}@example.com`, nickname: null },
      `10.70.${seq}.9`,
    );
    await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, anon.id));
    await t.app.orbitOutbox.drain();
    const p = { cookie, id: anon.id };
    await deposited(p, 2_000);
    const race = await tournament();
    expect((await status(p, race.id)).nickname).toBe('player***');
    clock.advance(11 * MINUTE);
    await t.app.orbitSweeps.runAll();
    const drawn = lotterySchema.parse((await call(t, 'GET', `/api/lotteries/${l.slug}`)).json());
    expect(drawn.winners).toEqual([{ award_place: 1, ticket_number: 1, nickname: 'player***', me: false }]);
    expect(JSON.stringify(drawn)).not.toContain(`player${anon.id}`);
  });

  it('sells tickets for comp points through the shop, within the cap, only while the lottery runs', async () => {
    const l = await lottery({ maxTicketsPerPlayer: 3 });
    const a = await newPlayer();
    await t.database.db
      .insert(compPointBalances)
      .values({ userId: a.id, chargeable: 1_000, persistent: 1_000, updatedAt: clock.now() });
    const buy = (body: Record<string, unknown>) =>
      call(t, 'POST', '/api/comp_points/exchange/lotteries', {
        cookie: a.cookie,
        payload: { exchange: { group: 'lottery-tickets', ...body } },
      });
    const cards = typedRewardsResponseSchema.parse((await call(t, 'GET', '/api/comp_points/rates/lotteries')).json());
    expect(cards[0]?.rate.lottery_ids).toContain(l.id);
    const bought = await buy({ tickets_count: 2, lottery_id: l.id });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(exchangeResponseSchema.parse(bought.json())).toMatchObject({
      points: 100,
      reward: { kind: 'lottery_tickets', lottery_id: l.id, tickets_count: 2 },
      comp_points: { chargeable: { points: 900 } },
    });
    const over = await buy({ tickets_count: 2, lottery_id: l.id });
    expect(over.json()).toEqual({ errors: { base: ['ticket_limit_reached'] } });
    const status = lotteryStatusSchema.parse(
      (await call(t, 'GET', `/api/lotteries/${l.id}/status`, { cookie: a.cookie })).json(),
    );
    expect(status.tickets_count).toBe(2);
    const future = await lottery({
      startAt: new Date(clock.now().getTime() + HOUR),
      endAt: new Date(clock.now().getTime() + 2 * HOUR),
    });
    const early = await buy({ tickets_count: 1, lottery_id: future.id });
    expect(early.json()).toEqual({ errors: { base: ['lottery_not_running'] } });
    expect((await buy({ tickets_count: 1, lottery_id: 999_999 })).json()).toEqual({
      errors: { base: ['unknown_reward'] },
    });
    const [left] = await t.database.db.select().from(compPointBalances).where(eq(compPointBalances.userId, a.id));
    expect(left?.chargeable).toBe(900);
  });

  it('unknown lottery is 404; statuses need a player', async () => {
    expect((await call(t, 'GET', '/api/lotteries/no-such-draw')).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/lotteries/statuses')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/lotteries/1/status')).statusCode).toBe(401);
  });
});

describe('loot boxes and wheels', () => {
  const operator = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${OPERATOR}`, ...XHR }, payload });
  const issue = async (p: Player, key: string, tier = 'rocket_lite', extra: object = {}) => {
    const res = await operator(`/api/operator/players/${p.id}/lootboxes`, {
      tier,
      currency: 'EUR',
      idempotency_key: key,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return lootboxSchema.parse(res.json());
  };
  const boxesOf = async (p: Player) =>
    lootboxesResponseSchema.parse((await call(t, 'GET', '/api/player/lootboxes', { cookie: p.cookie })).json());
  const open = (p: Player, id: number) =>
    call(t, 'POST', `/api/player/lootboxes/${id}/activation`, { cookie: p.cookie });

  it('an operator issues a wheel box once per key; opening draws one item provably and issues its prize once, live', async () => {
    const a = await newPlayer();
    const box = await issue(a, `wheel-${a.id}-1`);
    expect((await issue(a, `wheel-${a.id}-1`)).id).toBe(box.id);
    expect(box).toMatchObject({ stage: 'issued', group_key: 'wheel_rocket_lite', title: 'Rocket wheel LITE' });
    expect(box.items.map((i) => i.weight)).toEqual([5000, 2000, 1400, 820, 470, 250, 50, 10]);
    expect(box.fairness).toMatchObject({ server_seed: null, roll: null });
    expect((await boxesOf(a)).map((b) => b.id)).toEqual([box.id]);
    const { seen, stop } = await listen(a);
    let opened;
    try {
      const res = await open(a, box.id);
      expect(res.statusCode, res.body).toBe(200);
      opened = lootboxSchema.parse(res.json());
    } finally {
      await stop();
    }
    expect(opened.stage).toBe('activated');
    const won = opened.items.filter((i) => i.prize);
    expect(won).toHaveLength(1);
    // Anyone can check: the revealed seed hashes to the shown commitment and rolls onto the won item.
    expect(createHash('sha256').update(opened.fairness.server_seed!).digest('hex')).toBe(box.fairness.server_seed_hash);
    const weights = opened.items.map((i) => i.weight);
    const roll = await weightedRoll(
      nodeHmac,
      opened.fairness.server_seed!,
      `lootbox:${box.id}`,
      weights.reduce((x, y) => x + y, 0),
    );
    expect(roll).toBe(opened.fairness.roll);
    expect(opened.items[pickByRoll(weights, roll)]!.id).toBe(won[0]!.id);
    const prize = won[0]!.bonuses[0]!;
    if (prize.type === 'bonus') {
      const bonuses = playerBonusesResponseSchema.parse(
        (await call(t, 'GET', '/api/player/bonuses', { cookie: a.cookie })).json(),
      );
      const amount = (prize.attributes[0]!.value as Array<{ amount_cents: number }>)[0]!.amount_cents;
      expect(bonuses.filter((b) => b.amount_cents === amount && b.wager_multiplier === 30)).toHaveLength(1);
    } else {
      const spins = playerFreespinsResponseSchema.parse(
        (await call(t, 'GET', '/api/player/freespins', { cookie: a.cookie })).json(),
      );
      expect(spins.filter((f) => f.wager_multiplier === 3)).toHaveLength(1);
    }
    expect(seen.filter((m) => m.event === 'lootboxes_changes').map((m) => lootboxSchema.parse(m.data).stage)).toEqual([
      'activated',
    ]);
    // Once: a second opening is refused and issues nothing.
    const again = await open(a, box.id);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { base: ['lootbox_not_issued'] } });
    // Opened today: still shown, as activated.
    expect((await boxesOf(a))[0]).toMatchObject({ id: box.id, stage: 'activated' });
    const b = await newPlayer();
    expect((await open(b, box.id)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/player/lootboxes/${box.id}/activation`)).statusCode).toBe(401);
    expect((await open(a, 0)).statusCode).toBe(422);
  });

  it('the segment set follows the player group (1308 doubles the bonuses) and the tier scales them', async () => {
    const a = await newPlayer();
    await t.database.db
      .insert(userGroups)
      .values({ userId: a.id, groupId: 1308, addedAt: clock.now() })
      .onConflictDoNothing();
    const lite = await issue(a, `g-${a.id}-lite`);
    const pro = await issue(a, `g-${a.id}-pro`, 'rocket_pro');
    const amount = (box: typeof lite) =>
      (box.items[0]!.bonuses[0]!.attributes[0]!.value as Array<{ amount_cents: number }>)[0]!.amount_cents;
    expect(amount(lite)).toBe(200);
    expect(amount(pro)).toBe(600);
    expect(lite.items[1]!.bonuses[0]).toMatchObject({ type: 'freespins' });
  });

  it('refuses opening while bonuses are off (the box stays issued), and expires boxes past their time', async () => {
    const a = await newPlayer();
    const box = await issue(a, `bonuses-off-${a.id}`, 'rocket_lite', { valid_days: 1 });
    const off = await call(t, 'PATCH', '/api/player/update_bonus_settings', {
      cookie: a.cookie,
      payload: { can_issue: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await open(a, box.id);
    expect(refused.json()).toEqual({ errors: { base: ['bonuses_disabled'] } });
    expect((await boxesOf(a))[0]).toMatchObject({ id: box.id, stage: 'issued' });
    clock.advance(DAY + MINUTE);
    await t.app.orbitSweeps.runAll();
    const [stored] = await t.database.db.select().from(promoLootboxes).where(eq(promoLootboxes.id, box.id));
    expect(stored?.stage).toBe('expired');
  });

  it('the shop sells wheel boxes for comp points through the door, with the debit in one transaction', async () => {
    const a = await newPlayer();
    await t.database.db
      .insert(compPointBalances)
      .values({ userId: a.id, chargeable: 400, persistent: 400, updatedAt: clock.now() });
    const res = await call(t, 'POST', '/api/comp_points/exchange/lootboxes', {
      cookie: a.cookie,
      payload: { exchange: { points: 150, group: 'wheel-spin', quantity: 2 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const exchanged = exchangeResponseSchema.parse(res.json());
    expect(exchanged).toMatchObject({
      points: 300,
      reward: { kind: 'lootboxes' },
      comp_points: { chargeable: { points: 100 } },
    });
    const boxes = await boxesOf(a);
    expect(boxes.map((b) => b.id).sort()).toEqual([...exchanged.reward.lootbox_ids!].sort());
    expect(boxes.every((b) => b.group_key === 'wheel_rocket_lite' && b.stage === 'issued')).toBe(true);
    const poor = await call(t, 'POST', '/api/comp_points/exchange/lootboxes', {
      cookie: a.cookie,
      payload: { exchange: { points: 150, group: 'wheel-spin' } },
    });
    expect(poor.json()).toEqual({ errors: { base: ['not_enough_points'] } });
    expect(await boxesOf(a)).toHaveLength(2);
  });

  it('a deposit reaching a tier earns a spin of the highest tier reached, once', async () => {
    const a = await newPlayer();
    const res = await call(t, 'POST', '/api/cashbox/deposits', {
      cookie: a.cookie,
      payload: { payment_method: 'card_visa', amount_cents: 12_000, currency: 'EUR' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const settled = psp.last();
    settled.status = 'succeeded';
    settled.card = { brand: 'visa', last4: '4242', token: `tok_${++seq}_wheel` };
    const { body, headers } = psp.webhook(settled, clock.now());
    for (let i = 0; i < 2; i++)
      await t.app.inject({ method: 'POST', url: '/api/cashbox/webhooks/sandbox', payload: body, headers });
    await t.app.orbitOutbox.drain();
    // Not before it is played through.
    expect(await boxesOf(a)).toEqual([]);
    await playThrough(a, 12_000);
    expect((await boxesOf(a)).map((b) => b.group_key)).toEqual(['wheel_rocket_pro']);
  });
});
