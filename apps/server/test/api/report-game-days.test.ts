/**
 * The games report's per-day aggregate (docs/reports.md "Games and RTP"): rounds played through
 * the provider wallet and written directly over two days, then the report's answer read from the
 * rounds alone, and again once the job aggregated those days: the same figures, exactly. A
 * period cut inside a day, today's rounds and the filters mix both paths; recomputing a day gives
 * the same rows, and a changed aggregate shows (the report does read it).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeGamesReportSchema, type BackofficeGamesReport } from '@orbit/contracts';
import { aggregateDay, gameFigures, Reports, splitPeriod } from '../../src/modules/reports';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { newOperator, signInAdmin, type SignedInOperator } from '../support/backoffice';
import { call, register } from '../support/identity';
import { walletClient, type Player } from '../support/provider-wallet';

type WalletClient = ReturnType<typeof walletClient>;

const DAY1 = '2027-03-01';
const DAY2 = '2027-03-02';
const TODAY = '2027-03-03';
const clock = new FakeClock(`${DAY1}T10:00:00Z`);
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let finance: SignedInOperator;
let ann: Player;
let bob: Player;

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];

async function gamesReport(query: string): Promise<BackofficeGamesReport> {
  const res = await call(t, 'GET', `/api/backoffice/reports/games?${query}`, { cookie: finance.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return backofficeGamesReportSchema.parse(res.json());
}

const round = (...args: Parameters<WalletClient['playRound']>) => client.playRound(...args);

/** Rounds written directly at a time: stakes i·unit, every third winning, every fifth a free spin, one jackpot. */
async function syntheticRounds(at: string, game: string, currency: string, users: number[], n: number, unit: number) {
  const [ids] = await rows<{ game: number; provider: number }>(sql`
    select g.id as game, g.provider_id as provider from games g where g.identifier = ${game}`);
  await t.database.db.execute(sql`
    insert into game_rounds (provider_id, external_id, user_id, game_id, session_id, currency, bet_cents, bet_real_cents,
      win_cents, jackpot_win_cents, status, bet, created_at, closed_at)
    select ${ids!.provider}, 'synthetic-' || ${at} || '-' || ${game} || '-' || ${currency} || '-' || i,
      (array[${sql.join(
        users.map((u) => sql`${u}`),
        sql`, `,
      )}]::bigint[])[1 + i % ${users.length}], ${ids!.game}, 0, ${currency},
      case when i % 5 = 0 then 0 else i * ${unit} end, case when i % 5 = 0 then 0 else i * ${unit} end,
      case when i % 3 = 0 then i * ${unit} * 2 else 0 end, case when i = 7 then 5000 else 0 end,
      case when i % 11 = 0 then 'open' when i % 13 = 0 then 'rolled_back' else 'closed' end,
      jsonb_build_object('stake', greatest(1, i * ${unit} / 2)),
      ${at}::timestamptz + i * interval '1 minute', ${at}::timestamptz + i * interval '1 minute' + interval '5 seconds'
    from generate_series(1, ${n}) i`);
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  client = walletClient(t, new Ledger(clock));
  const a = await register(t, { email: 'ann-game-days@example.com', currency: 'EUR' }, '10.78.0.1');
  const b = await register(t, { email: 'bob-game-days@example.com', currency: 'EUR' }, '10.78.0.2');
  ann = { cookie: a.cookie, id: a.player.id };
  bob = { cookie: b.cookie, id: b.player.id };
  await client.fund(ann, 100_000);
  await client.fund(bob, 100_000);

  // Day 1 through the wallet: settled, open, refunded and a doubled blackjack hand.
  const roulette = await client.session(ann, 'orbit/european-roulette');
  await round(roulette, 'european-roulette', [100], 3_600);
  await round(roulette, 'european-roulette', [200], 0);
  await round(roulette, 'european-roulette', [300], null);
  const back = await round(roulette, 'european-roulette', [400], null);
  const rolled = await client.wallet('rollback', {
    session_token: roulette,
    game: 'european-roulette',
    round_id: back.id,
    transaction_id: client.uid('rb'),
    reference_transaction_id: back.placed[0],
  });
  expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
  const blackjack = await client.session(bob, 'orbit/orbit-blackjack');
  await round(blackjack, 'orbit-blackjack', [100, 100], 400, { stake: 100 });

  // Both days, both players, two currencies; and today's rounds, read from the rounds always.
  for (const [day, hour] of [
    [DAY1, '12'],
    [DAY2, '03'],
    [TODAY, '00'],
  ] as const) {
    await syntheticRounds(`${day}T${hour}:00:00Z`, 'orbit/european-roulette', 'EUR', [ann.id, bob.id], 60, 50);
    await syntheticRounds(`${day}T${hour}:00:00Z`, 'orbit/orbit-blackjack', 'USD', [bob.id], 40, 100);
    await syntheticRounds(`${day}T${hour}:00:00Z`, 'orbit/orbit-dice', 'EUR', [ann.id], 30, 10);
  }
  clock.set(new Date(`${TODAY}T02:00:00Z`));
  // Operators sign in now: a session idle since day 1 would have ended.
  finance = await newOperator(t, clock, await signInAdmin(t, clock), 'finance');
});
afterAll(() => t?.close());

describe('the games report from its per-day aggregate', () => {
  const periods = [
    `from=${DAY1}&to=${DAY2}`,
    `from=${DAY1}&to=${TODAY}`,
    `from=${DAY1}T12:30:00Z&to=${TODAY}T00:20:00Z`,
    `from=${DAY1}&to=${DAY2}&game=orbit/orbit-blackjack`,
    `from=${DAY1}&to=${TODAY}&currency=USD`,
    `from=${DAY1}&to=${TODAY}&provider=orbit&currency=EUR`,
    `from=${DAY2}&to=${DAY2}&provider=elsewhere`,
  ];

  it('answers the same figures once the days are aggregated as read from the rounds alone', async () => {
    const whole3 = { from: new Date(`${DAY1}T00:00:00Z`), to: new Date(`${TODAY}T00:00:00Z`) };
    expect((await splitPeriod(t.database.db, whole3)).days).toEqual([]);
    const fromRounds = [];
    for (const p of periods) fromRounds.push(await gamesReport(p));
    // Not trivially equal: the two days hold every kind of round.
    const whole = fromRounds[1]!.data;
    expect(whole.map((r) => `${r.game} ${r.currency}`)).toEqual([
      'orbit/european-roulette EUR',
      'orbit/orbit-blackjack EUR',
      'orbit/orbit-blackjack USD',
      'orbit/orbit-dice EUR',
    ]);
    for (const r of whole) {
      expect(r.rounds).toBeGreaterThan(0);
      expect(r.settled_rounds).toBeGreaterThan(0);
    }
    expect(whole.some((r) => r.freespin_rounds > 0 && r.open_rounds > 0 && r.jackpot_wins_cents > 0)).toBe(true);
    // Players are counted per day: ann and bob played roulette on each of the three days.
    expect(whole.find((r) => r.game === 'orbit/european-roulette')!.players).toBe(6);

    const reports = new Reports(t.database.db, clock, 'MT');
    await reports.refresh({ from: DAY1, to: DAY2 });
    const split = await splitPeriod(t.database.db, {
      from: new Date(`${DAY1}T12:30:00Z`),
      to: new Date(`${TODAY}T00:20:00Z`),
    });
    expect(split).toEqual({
      days: [DAY2],
      raw: [
        { from: new Date(`${DAY1}T12:30:00Z`), to: new Date(`${DAY2}T00:00:00Z`) },
        { from: new Date(`${TODAY}T00:00:00Z`), to: new Date(`${TODAY}T00:20:00Z`) },
      ],
      asOf: null,
    });
    for (const [i, p] of periods.entries()) expect(await gamesReport(p), p).toEqual(fromRounds[i]);
  });

  it('reads the aggregate for past days, and a recomputation restores the same rows', async () => {
    const period = { from: new Date(`${DAY1}T00:00:00Z`), to: new Date(`${TODAY}T00:00:00Z`) };
    expect((await splitPeriod(t.database.db, period)).raw).toEqual([]);
    const stored = sql`select * from report_game_daily order by day, game_id, currency`;
    const before = await rows(stored);
    expect(before.length).toBe(7);
    const answer = await gamesReport(`from=${DAY1}&to=${DAY2}`);

    await t.database.db.execute(sql`update report_game_daily set bets = bets + 1 where day = ${DAY2}::date`);
    const changed = await gamesReport(`from=${DAY1}&to=${DAY2}`);
    // Blackjack in EUR was played on day 1 only: it has no row of day 2 to change.
    const onDay2 = (r: { game: string; currency: string }) =>
      r.game !== 'orbit/orbit-blackjack' || r.currency !== 'EUR';
    expect(changed.data.map((r) => r.bets_cents)).toEqual(answer.data.map((r) => r.bets_cents + (onDay2(r) ? 1 : 0)));

    await aggregateDay(t.database.db, DAY2, 'MT', clock.now());
    await aggregateDay(t.database.db, DAY2, 'MT', clock.now());
    expect(await rows(stored)).toEqual(before);
    expect(await gamesReport(`from=${DAY1}&to=${DAY2}`)).toEqual(answer);
    // Counts arrive as numbers from the aggregate, as strings from a count over rounds: compare their text.
    const asText = (figures: Array<Record<string, unknown>>) =>
      figures.map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v])),
      );
    expect(asText((await gameFigures(t.database.db, period, {})).rows)).toEqual(
      asText((await gameFigures(t.database.db, period, {}, 'rounds')).rows),
    );
  });

  it('reads a day from the rounds until its aggregate holds the games, and the job redoes such a day', async () => {
    const period = { from: new Date(`${DAY1}T00:00:00Z`), to: new Date(`${DAY2}T00:00:00Z`) };
    await t.database.db.execute(sql`update report_days set with_games = false where day = ${DAY1}::date`);
    await t.database.db.execute(sql`delete from report_game_daily where day = ${DAY1}::date`);
    expect(await splitPeriod(t.database.db, period)).toEqual({ days: [], raw: [period], asOf: null });
    const fromRounds = await gamesReport(`from=${DAY1}&to=${DAY1}`);
    expect(fromRounds.data.length).toBe(4);

    const done = await new Reports(t.database.db, clock, 'MT').sweep();
    expect(done).toContain(DAY1);
    expect(await splitPeriod(t.database.db, period)).toEqual({ days: [DAY1], raw: [], asOf: null });
    expect(await gamesReport(`from=${DAY1}&to=${DAY1}`)).toEqual(fromRounds);
  });

  it("reads today from the job's last pass, as of that pass, until a refresh recomputes it", async () => {
    // The sweep of the test before computed today (its pass); rounds come in after it.
    const [computed] = await rows<{ at: Date | string }>(
      sql`select computed_at as at from report_days where day = ${TODAY}::date`,
    );
    const pass = new Date(computed!.at);
    expect(pass < new Date(`${TODAY}T02:05:00Z`)).toBe(true);
    clock.set(new Date(`${TODAY}T02:30:00Z`));
    await syntheticRounds(`${TODAY}T02:05:00Z`, 'orbit/orbit-dice', 'EUR', [ann.id], 3, 10);
    const period = { from: new Date(`${DAY1}T00:00:00Z`), to: clock.now() };
    expect(await splitPeriod(t.database.db, period)).toEqual({ days: [DAY1, DAY2, TODAY], raw: [], asOf: pass });
    // Today's aggregate is the direct sum of its rounds up to the pass, to the cent; later rounds wait.
    const asText = (figures: Array<Record<string, unknown>>) =>
      figures.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? v : String(v)])));
    const upToPass = await gameFigures(t.database.db, { from: period.from, to: pass }, {}, 'rounds');
    expect(asText((await gameFigures(t.database.db, period, {})).rows)).toEqual(asText(upToPass.rows));
    const query = `from=${DAY1}&to=${period.to.toISOString()}`;
    const asOfPass = await gamesReport(query);
    expect(asOfPass.as_of).toBe(pass.toISOString());
    // A period ending before the pass reads today's part from the rounds, as of now.
    const before = { from: period.from, to: new Date(`${TODAY}T01:00:00Z`) };
    expect((await splitPeriod(t.database.db, before)).raw).toEqual([
      { from: new Date(`${TODAY}T00:00:00Z`), to: before.to },
    ]);

    const refreshed = await call(t, 'POST', '/api/backoffice/reports/refresh', { cookie: finance.cookie, payload: {} });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const now = await gamesReport(query);
    expect(now.as_of).toBe(clock.now().toISOString());
    const dice = (r: BackofficeGamesReport) => r.data.find((row) => row.game === 'orbit/orbit-dice')!;
    expect(dice(now).rounds).toBe(dice(asOfPass).rounds + 3);
    const direct = await gameFigures(t.database.db, period, {}, 'rounds');
    expect(asText((await gameFigures(t.database.db, period, {})).rows)).toEqual(asText(direct.rows));
  });
});
