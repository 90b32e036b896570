/**
 * Promotions in the back office (docs/backoffice.md "Promotions"): a marketing operator creates a
 * tournament and changes it while it has not started (refused once it has); players' bets fill its
 * leaderboard as the back office reads it; "end now" asked twenty times at once ranks and pays
 * each place once through the end job's own code, with one audit entry; a lottery is created with
 * its seed's fingerprint and, after its draw, shows data that verifies it; bad input is 422 and
 * writes nothing; support and finance are refused (403).
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeLotteriesResponseSchema,
  backofficeLotterySchema,
  backofficeTournamentSchema,
  backofficeTournamentsResponseSchema,
  playerBonusesResponseSchema,
  tournamentSchema,
} from '@orbit/contracts';
import { checkAuditChain } from '../../src/modules/backoffice';
import { users } from '../../src/modules/identity/schema';
import { promoLotteryTickets, promoPayouts } from '../../src/modules/promotions/schema';
import { PRIZE_BONUS_TEMPLATE } from '../../src/modules/promotions/seed';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import {
  auditCount,
  newOperator,
  signInAdmin,
  signInOperator,
  type SignedInOperator,
  auditsOf,
  rowCount,
} from '../support/backoffice';
import { call, register } from '../support/identity';
import { expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';

const clock = new FakeClock('2026-12-20T09:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let marketing: SignedInOperator;
let support: SignedInOperator;
let finance: SignedInOperator;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  client = walletClient(t, new Ledger(clock));
  const admin = await signInAdmin(t, clock);
  marketing = await newOperator(t, clock, admin, 'marketing', 'promo-marketing@orbit.example');
  support = await newOperator(t, clock, admin, 'support', 'promo-support@orbit.example');
  finance = await newOperator(t, clock, admin, 'finance', 'promo-finance@orbit.example');
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

/** Time passes past an operator's idle timeout: the operators sign in again. */
async function later(ms: number) {
  clock.advance(ms);
  for (const who of [marketing, support, finance]) who.cookie = await signInOperator(t, clock, who);
}

const iso = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

function tournamentBody(fields: Record<string, unknown> = {}) {
  seq++;
  return {
    title: `Comet race ${seq}`,
    description: 'The most staked on roulette wins.',
    frontend_identifier: `tournament--comet-race-${seq}`,
    strategy: 'bet_sum',
    currencies: ['EUR'],
    currency: 'EUR',
    start_at: iso(-MINUTE),
    end_at: iso(HOUR),
    prizes: [
      { award_place: 1, money_award_cents: 5_000, bonus_template: PRIZE_BONUS_TEMPLATE },
      { award_place: 2, comp_points: 40 },
    ],
    ...fields,
  };
}

const bo = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = marketing.cookie) =>
  call(t, method, `/api/backoffice${url}`, { cookie, payload });

async function newPlayer(): Promise<Player> {
  seq++;
  const { cookie, player } = await register(
    t,
    { email: `bo-promo${seq}@example.com`, nickname: `boracer${seq}` },
    `10.93.${seq}.1`,
  );
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}

/** A real-money roulette bet through the studio's wallet protocol. */
async function bet(p: Player, cents: number) {
  const token = await client.session(p);
  const round = client.uid('round');
  const placed = await client.wallet('bet', {
    session_token: token,
    game: 'european-roulette',
    round_id: round,
    transaction_id: `${round}:bet`,
    amount_cents: cents,
    currency: 'EUR',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
}

describe('tournaments', () => {
  it('are created and changed while future (audited), listed by status, and refused a change once started', async () => {
    const body = tournamentBody({ start_at: iso(2 * HOUR), end_at: iso(5 * HOUR) });
    const created = await bo('POST', '/tournaments', body);
    expect(created.statusCode, created.body).toBe(201);
    const tournament = backofficeTournamentSchema.parse(created.json());
    expect(tournament).toMatchObject({ title: body.title, status: 'future', money_budget_cents: 5_000 });
    expect(tournament.prize_table).toEqual([
      {
        award_place: 1,
        money_award_cents: 5_000,
        bonus_template: PRIZE_BONUS_TEMPLATE,
        freespins_template: null,
        comp_points: 0,
      },
      { award_place: 2, money_award_cents: 0, bonus_template: null, freespins_template: null, comp_points: 40 },
    ]);

    const list = async (query: string) => {
      const res = await bo('GET', `/tournaments?per_page=200${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return backofficeTournamentsResponseSchema.parse(res.json()).data.map((x) => x.id);
    };
    expect(await list('&status=future')).toContain(tournament.id);
    expect(await list('&status=active')).not.toContain(tournament.id);
    expect(await list(`&q=comet-race-${seq}`)).toEqual([tournament.id]);

    // The schedule, the prize table and the games changed before the start.
    const changed = await bo('PUT', `/tournaments/${tournament.id}`, {
      ...body,
      title: 'Comet race, longer',
      game_categories: ['table'],
      end_at: iso(8 * HOUR),
      prizes: [{ award_place: 1, comp_points: 500 }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = backofficeTournamentSchema.parse(changed.json());
    expect(after).toMatchObject({ title: 'Comet race, longer', game_categories: ['table'], end_at: iso(8 * HOUR) });
    expect(after.money_budget_cents).toBe(0);
    expect(after.prize_table).toEqual([expect.objectContaining({ award_place: 1, comp_points: 500 })]);
    // The casino shows what the back office wrote.
    const pub = tournamentSchema.parse((await call(t, 'GET', `/api/tournaments/${tournament.id}`)).json());
    expect(pub.title).toBe('Comet race, longer');

    const entries = await auditsOf(t, 'tournament', tournament.id);
    expect(entries.map((e) => [e.action, e.role, e.operator_id])).toEqual([
      ['tournament.create', 'marketing', marketing.id],
      ['tournament.update', 'marketing', marketing.id],
    ]);
    expect(entries[1]!.before).toMatchObject({ title: body.title });
    expect(entries[1]!.after).toMatchObject({ title: 'Comet race, longer' });

    // Started: no change any more, nothing written.
    await later(2 * HOUR + MINUTE);
    const before = await auditCount(t);
    const late = await bo('PUT', `/tournaments/${tournament.id}`, { ...body, end_at: iso(9 * HOUR) });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ errors: { base: ['tournament_started'] } });
    expect(await auditCount(t)).toBe(before);
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });

  it('refuses bad input with a field and a code, writing nothing', async () => {
    const future = backofficeTournamentSchema.parse(
      (await bo('POST', '/tournaments', tournamentBody({ start_at: iso(HOUR), end_at: iso(2 * HOUR) }))).json(),
    );
    const before = { tournaments: await rowCount(t, 'promo_tournaments'), audit: await auditCount(t) };
    const refusals: Array<[string, string, Record<string, unknown>, string, string]> = [
      [
        'POST',
        '/tournaments',
        tournamentBody({ frontend_identifier: 'no spaces please' }),
        'frontend_identifier',
        'invalid',
      ],
      ['POST', '/tournaments', tournamentBody({ end_at: iso(-2 * MINUTE) }), 'end_at', 'must_end_after_start'],
      ['POST', '/tournaments', tournamentBody({ currency: 'USD' }), 'currency', 'not_counted'],
      [
        'POST',
        '/tournaments',
        tournamentBody({ prizes: [{ award_place: 1, money_award_cents: 10, bonus_template: 'nope' }] }),
        'prizes.0.bonus_template',
        'unknown_template',
      ],
      ['POST', '/tournaments', tournamentBody({ prizes: [{ award_place: 1 }] }), 'prizes.0.award_place', 'empty_prize'],
      [
        'POST',
        '/tournaments',
        { ...tournamentBody(), frontend_identifier: future.frontend_identifier },
        'frontend_identifier',
        'taken',
      ],
      [
        'PUT',
        `/tournaments/${future.id}`,
        tournamentBody({ start_at: iso(-MINUTE) }),
        'start_at',
        'must_start_in_future',
      ],
      ['PUT', `/tournaments/${future.id}`, tournamentBody({ strategy: 'luck' }), 'strategy', 'not_allowed'],
      ['POST', '/lotteries', { slug: 'Bad Slug' }, 'slug', 'invalid'],
    ];
    for (const [method, url, payload, field, code] of refusals) {
      const res = await bo(method as 'POST', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field], res.body).toContain(code);
    }
    expect((await bo('GET', '/tournaments?status=soon')).statusCode).toBe(422);
    expect((await bo('GET', '/tournaments/abc')).statusCode).toBe(422);
    expect((await bo('GET', '/tournaments/2147483000')).statusCode).toBe(404);
    expect((await bo('POST', '/tournaments/2147483000/end')).statusCode).toBe(404);
    // A tournament not started cannot be ended now.
    const early = await bo('POST', `/tournaments/${future.id}/end`);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ errors: { base: ['tournament_not_started'] } });
    expect({ tournaments: await rowCount(t, 'promo_tournaments'), audit: await auditCount(t) }).toEqual(before);
    expect(
      backofficeTournamentSchema.parse((await bo('GET', `/tournaments/${future.id}`)).json()).finished_at,
    ).toBeNull();
  });

  it('shows the live leaderboard; "end now" asked twenty times at once ranks and pays each place once, audited once', async () => {
    const tournament = backofficeTournamentSchema.parse((await bo('POST', '/tournaments', tournamentBody())).json());
    const [a, b, c] = [await newPlayer(), await newPlayer(), await newPlayer()];
    for (const p of [a, b, c]) await client.fund(p, 100_000);
    await bet(a, 1_000);
    await bet(b, 3_000);
    await bet(c, 500);
    await t.app.orbitOutbox.drain();

    const live = backofficeTournamentSchema.parse((await bo('GET', `/tournaments/${tournament.id}`)).json());
    expect(live.status).toBe('active');
    expect(live.players_count).toBe(3);
    expect(live.leaderboard.map((r) => [r.place, r.player_id, r.score, r.bets])).toEqual([
      [1, b.id, 3_000, 1],
      [2, a.id, 1_000, 1],
      [3, c.id, 500, 1],
    ]);
    expect(live.payouts).toEqual([]);

    clock.advance(10 * MINUTE);
    const endedAt = clock.now().toISOString();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => bo('POST', `/tournaments/${tournament.id}/end`)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const ended = backofficeTournamentSchema.parse(answers[0]!.json());
    expect(ended).toMatchObject({ status: 'archive', end_at: endedAt, finished_at: endedAt });
    expect(ended.leaderboard.map((r) => [r.place, r.player_id])).toEqual([
      [1, b.id],
      [2, a.id],
      [3, c.id],
    ]);
    expect(ended.payouts.map((p) => [p.award_place, p.player_id, p.outcome])).toEqual([
      [1, b.id, 'paid'],
      [2, a.id, 'paid'],
    ]);
    const payouts = await t.database.db
      .select()
      .from(promoPayouts)
      .where(and(eq(promoPayouts.promoKind, 'tournament'), eq(promoPayouts.promoId, tournament.id)));
    expect(payouts).toHaveLength(2);
    // The winner's bonus, once.
    const bonuses = playerBonusesResponseSchema.parse(
      (await call(t, 'GET', '/api/player/bonuses', { cookie: b.cookie })).json(),
    );
    expect(bonuses.filter((x) => x.amount_cents === 5_000)).toHaveLength(1);
    expect((await auditsOf(t, 'tournament', tournament.id)).map((e) => e.action)).toEqual([
      'tournament.create',
      'tournament.end',
    ]);

    // A bet after the end counts nowhere.
    await bet(c, 9_000);
    await t.app.orbitOutbox.drain();
    // Asked again later, and the end sweep after it: nothing more paid or written.
    expect((await bo('POST', `/tournaments/${tournament.id}/end`)).statusCode).toBe(200);
    await later(HOUR);
    await t.app.orbitSweeps.runAll();
    expect(await auditsOf(t, 'tournament', tournament.id)).toHaveLength(2);
    expect(
      await t.database.db
        .select()
        .from(promoPayouts)
        .where(and(eq(promoPayouts.promoKind, 'tournament'), eq(promoPayouts.promoId, tournament.id))),
    ).toHaveLength(2);
    const final = backofficeTournamentSchema.parse((await bo('GET', `/tournaments/${tournament.id}`)).json());
    expect(final.leaderboard.find((r) => r.player_id === c.id)?.score).toBe(500);
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });
});

describe('lotteries', () => {
  it('are created with the committed seed’s fingerprint (audited, no seed) and show verification data after the draw', async () => {
    const body = {
      slug: 'bo-comet-draw',
      title: 'Comet draw',
      currency: 'EUR',
      comp_points_ticket_price: 100,
      max_tickets_count_to_player: 10,
      start_at: iso(-MINUTE),
      end_at: iso(HOUR),
      prizes: [
        { award_place: 1, comp_points: 300 },
        { award_place: 2, comp_points: 100 },
      ],
    };
    const created = await bo('POST', '/lotteries', body);
    expect(created.statusCode, created.body).toBe(201);
    const lottery = backofficeLotterySchema.parse(created.json());
    expect(lottery.draw.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(lottery.draw.server_seed).toBeNull();
    expect(lottery.verification).toBeNull();
    const [entry] = await auditsOf(t, 'lottery', lottery.id);
    expect(entry).toMatchObject({ action: 'lottery.create', role: 'marketing' });
    expect(JSON.stringify(entry!.after)).toContain(lottery.draw.server_seed_hash);
    const [stored] = (
      await t.database.db.execute(sql`select server_seed from promo_lotteries where id = ${lottery.id}`)
    ).rows as Array<{ server_seed: string }>;
    expect(JSON.stringify(entry)).not.toContain(stored!.server_seed);
    const again = await bo('POST', '/lotteries', body);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { slug: ['taken'] } });
    const listed = backofficeLotteriesResponseSchema.parse((await bo('GET', '/lotteries?status=active')).json());
    expect(listed.data.map((l) => l.id)).toContain(lottery.id);

    // Five tickets of two players, then the draw at the end.
    const [a, b] = [await newPlayer(), await newPlayer()];
    await t.database.db.insert(promoLotteryTickets).values(
      [a.id, b.id, a.id, b.id, a.id].map((userId, i) => ({
        lotteryId: lottery.id,
        number: i + 1,
        userId,
        source: 'operator' as const,
        sourceKey: `test:${i}`,
        createdAt: clock.now(),
      })),
    );
    await later(HOUR);
    await t.app.orbitSweeps.runAll();
    const drawn = backofficeLotterySchema.parse((await bo('GET', `/lotteries/${lottery.id}`)).json());
    const v = drawn.verification!;
    expect(v).toMatchObject({
      lottery_id: lottery.id,
      server_seed: stored!.server_seed,
      server_seed_hash: lottery.draw.server_seed_hash,
      tickets_count: 5,
      places: 2,
      seed_matches_hash: true,
      winners_match: true,
    });
    expect(createHash('sha256').update(v.server_seed).digest('hex')).toBe(lottery.draw.server_seed_hash);
    expect(v.winning_tickets).toHaveLength(2);
    expect(v.winning_tickets).toEqual(drawn.draw.winning_tickets);
    expect(v.command).toContain(`--seed ${v.server_seed} --lottery-id ${lottery.id} --tickets 5 --places 2`);
    expect(drawn.winner_players.map((w) => w.player_id).every((id) => [a.id, b.id].includes(id))).toBe(true);
    expect(drawn.payouts).toHaveLength(2);
  });
});

describe('roles', () => {
  it('refuses support and finance (403), writing nothing', async () => {
    const before = { tournaments: await rowCount(t, 'promo_tournaments'), audit: await auditCount(t) };
    for (const who of [support, finance]) {
      expect((await bo('GET', '/tournaments', undefined, who.cookie)).statusCode).toBe(403);
      expect((await bo('POST', '/tournaments', tournamentBody(), who.cookie)).statusCode).toBe(403);
      expect((await bo('POST', '/tournaments/1/end', undefined, who.cookie)).statusCode).toBe(403);
      expect((await bo('GET', '/lotteries', undefined, who.cookie)).statusCode).toBe(403);
    }
    expect({ tournaments: await rowCount(t, 'promo_tournaments'), audit: await auditCount(t) }).toEqual(before);
  });
});
