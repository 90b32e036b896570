/**
 * `npm run bench:reports`: the back office's reports on a year of data (issue: reports "fast on a
 * year of data"). On its own database (embedded PGlite in a temporary folder; with DATABASE_URL a
 * throw-away database on that server, dropped at the end) it writes:
 *   - 100,000 players registered over the year, with a real-money ledger account each;
 *   - 364 past days of the reports' daily aggregates, as the job would have left them for a casino
 *     of 1,000,000 rounds a day (money, payments, players, cohorts, per game) with sums of the
 *     same order as the rounds below;
 *   - the last day in full: 1,000,000 rounds (`--rounds N` for a quick run) with their bet and win
 *     transfers in the ledger, then today's first half hour of rounds (read from the rounds).
 * It times the job over the last day (`aggregateDay`, as the 5-minute sweep runs it), then calls
 * each report's function directly (the same call its route makes, the answer serialised to JSON;
 * no HTTP nor session check) `--runs` times after one warm-up, and prints p50 and max per report
 * and a verdict: every report under 300 ms, the day's job under a minute.
 * Not part of `npm test`. Figures: docs/performance.md "`npm run bench:reports`".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  flaggedGames,
  gamesReport,
  promotionsReport,
  responsibleGamblingReport,
  significantEvents,
} from '../apps/server/src/modules/backoffice/reports-games';
import { aggregateDay, Reports } from '../apps/server/src/modules/reports';
import { FakeClock } from '../apps/server/src/platform/clock';
import { createDatabase, type Database, type Db } from '../apps/server/src/platform/db/client';
import { seedAll } from '../apps/server/src/seed';
import { percentile, throwawayDatabase } from './bench-support';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '1000000' },
    players: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
  },
});
const ROUNDS = Number(args.rounds);
const PLAYERS = Number(args.players);
const RUNS = Number(args.runs);
/** Players who play on a given day: a fifth of them, as a busy casino's daily actives. */
const ACTIVE = Math.max(1, Math.round(PLAYERS / 5));
const REPORT_LIMIT_MS = 300;
const JOB_LIMIT_MS = 60_000;
const DAY_MS = 86_400_000;
const LICENCE = 'CW';

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const TODAY = dayOf(new Date());
const LAST_DAY = dayOf(new Date(Date.parse(TODAY) - DAY_MS));
const FIRST_DAY = dayOf(new Date(Date.parse(TODAY) - 365 * DAY_MS));
/** Half an hour into today: the job computed yesterday, today's rounds are read as they are. */
const clock = new FakeClock(new Date(Date.parse(TODAY) + 30 * 60_000));

async function openDatabase(): Promise<{ database: Database; where: string; drop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const throwaway = await throwawayDatabase(process.env.DATABASE_URL, `orbit_bench_reports_${process.pid}`);
    const database = await createDatabase({ databaseUrl: throwaway.url, poolSize: 4 });
    return { database, where: 'PostgreSQL (throw-away database)', drop: throwaway.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-reports-'));
  const database = await createDatabase({ dataDir: dir });
  return {
    database,
    where: `PGlite (${dir})`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await run();
  console.log(`  ${label.padEnd(58)} ${seconds(performance.now() - t0)}`);
  return result;
}

/** The players (ids in a row), each with a real-money account in their currency. */
async function players(db: Db): Promise<number> {
  await db.execute(sql`
    insert into users (email, password_hash, currency, country, created_at, confirmed_at)
    select 'bench-' || i || '@example.com', 'bench', c.currency, c.country, t.at, t.at
    from generate_series(1, ${PLAYERS}) i
    cross join lateral (select case when i % 10 < 7 then 'EUR' when i % 10 < 9 then 'USD' else 'CAD' end as currency,
      case when i % 20 = 0 then 'EE' when i % 20 = 1 then 'AU' else 'DE' end as country) c
    cross join lateral (select ${FIRST_DAY}::timestamptz + (i::float8 / ${PLAYERS}) * interval '365 days' as at) t`);
  const [first] = (await db.execute(sql`select min(id) as id from users where email like 'bench-%'`)).rows as Array<{
    id: number;
  }>;
  await db.execute(sql`
    insert into ledger_accounts (user_id, currency, kind, balance)
    select id, currency, 'real', 100000000 from users where email like 'bench-%'`);
  await db.execute(sql`
    insert into ledger_accounts (user_id, currency, kind, shard)
    select null, c, 'bets', 0 from unnest(array['EUR', 'USD', 'CAD']) c
    on conflict do nothing`);
  return Number(first!.id);
}

/**
 * Rounds over [from, from + span) with their ledger transfers: the day's active players (the most
 * active play most), any game, stakes from 0.10 to 10.00, 30 % of rounds paying 3.2× (RTP 96 %),
 * one in a thousand still open.
 */
async function rounds(db: Db, firstUser: number, from: string, n: number, spanMs: number, tag: string) {
  await db.execute(sql`
    insert into game_rounds (provider_id, external_id, user_id, game_id, session_id, currency, bet_cents,
      bet_real_cents, win_cents, status, created_at, closed_at)
    select g.provider_id, ${tag} || r.i, u.id, g.id, 0, u.currency, r.stake, r.stake,
      case when r.w < 0.3 and r.i % 1000 <> 0 then r.stake * 32 / 10 else 0 end,
      case when r.i % 1000 = 0 then 'open' else 'closed' end,
      r.at, case when r.i % 1000 = 0 then null else r.at + interval '3 seconds' end
    from (
      select i, ${firstUser} + floor(power(random(), 2) * ${ACTIVE})::int * ${Math.max(1, Math.floor(PLAYERS / ACTIVE))} as uid,
        floor(random() * (select count(*) from games))::int as gi,
        (array[10, 20, 50, 100, 200, 500, 1000])[1 + floor(random() * 7)::int] as stake, random() as w,
        ${from}::timestamptz + (i::float8 / ${n}) * ${`${spanMs} milliseconds`}::interval as at
      from generate_series(1, ${n}) i
    ) r
    join users u on u.id = r.uid
    join (select id, provider_id, (row_number() over (order by id) - 1)::int as gi from games) g on g.gi = r.gi`);
  await db.execute(sql`
    insert into ledger_transfers (idempotency_key, kind, reference, currency, amount, debit_account_id, credit_account_id,
      payload_hash, created_at)
    select 'bench-bet-' || gr.id, 'bet', 'round:' || gr.id, gr.currency, gr.bet_cents, p.id, h.id, 'bench', gr.created_at
    from game_rounds gr
    join ledger_accounts p on p.user_id = gr.user_id and p.currency = gr.currency and p.kind = 'real'
    join ledger_accounts h on h.user_id is null and h.currency = gr.currency and h.kind = 'bets' and h.shard = 0
    where gr.external_id like ${`${tag}%`}
    union all
    select 'bench-win-' || gr.id, 'win', 'round:' || gr.id, gr.currency, gr.win_cents, h.id, p.id, 'bench', gr.closed_at
    from game_rounds gr
    join ledger_accounts p on p.user_id = gr.user_id and p.currency = gr.currency and p.kind = 'real'
    join ledger_accounts h on h.user_id is null and h.currency = gr.currency and h.kind = 'bets' and h.shard = 0
    where gr.external_id like ${`${tag}%`} and gr.win_cents > 0`);
}

/**
 * The past days' aggregates as the job writes them, for 1,000,000 rounds a day: an average stake
 * of 2.70 (the stakes above), RTP 96 %, currencies 70/20/10 %, licences CW/EE/AU 90/5/5 %, each
 * day ±10 %.
 */
async function pastDays(db: Db, firstUser: number) {
  const days = sql`generate_series(${FIRST_DAY}::date, ${LAST_DAY}::date - 1, interval '1 day') d`;
  const shares = sql`(values ('EUR', 0.7), ('USD', 0.2), ('CAD', 0.1)) cur(currency, share)`;
  const licences = sql`(values ('CW', 0.9), ('EE', 0.05), ('AU', 0.05)) lic(licence, share)`;
  const perDay = 1_000_000;
  await db.execute(sql`
    insert into report_days (day, computed_at, with_games)
    select d::date, d + interval '1 day 15 minutes', true from ${days}`);
  await db.execute(sql`
    insert into report_money_daily (day, currency, licence, bets, wins, bonus_bets, bonus_wins, bonus_costs, freespin_costs,
      jackpot_contributions, jackpot_payouts, comp_point_exchanges, adjustments)
    select d::date, cur.currency, lic.licence, b, round(b * 0.96), round(b * 0.05), round(b * 0.048), round(b * 0.01),
      round(b * 0.002), round(b * 0.005), round(b * 0.004), round(b * 0.001), round(b * 0.0002)
    from ${days}, ${shares}, ${licences},
      lateral (select round(${perDay} * 270 * cur.share * lic.share * (0.9 + random() * 0.2))::bigint as b) x`);
  await db.execute(sql`
    insert into report_payments_daily (day, method, currency, licence, deposits, deposits_cents, cashouts, cashouts_cents,
      declines, cashouts_rejected, approvals, approval_ms_sum, approval_ms_median)
    select d::date, m.method, cur.currency, l.licence, n, n * 5000, n / 4, n / 4 * 12000, n / 20, n / 100, n / 4,
      n / 4 * 3600000, 3600000
    from ${days}, ${shares}, (values ('card'), ('bank'), ('wallet')) m(method),
      (values ('CW', 0.9), ('EE', 0.05), ('AU', 0.05), ('*', 1.0)) l(licence, share),
      lateral (select round(3000 * cur.share * l.share * (0.9 + random() * 0.2))::int as n) x`);
  await db.execute(sql`
    insert into report_players_daily (day, licence, registrations, first_depositors, active_players)
    select d::date, lic.licence, round(${PLAYERS / 365} * lic.share), round(${PLAYERS / 365} * lic.share * 0.4),
      round(${ACTIVE} * lic.share * (0.9 + random() * 0.2))
    from ${days}, ${licences}`);
  // Retention by registration week: half the cohort in its first week, then a slow decline.
  await db.execute(sql`
    insert into report_cohorts (cohort_week, activity_week, licence, active)
    select c::date, a::date, lic.licence,
      round(${(PLAYERS / 365) * 7} * lic.share * 0.5 / (1 + (a::date - c::date) / 7 * 0.3))
    from generate_series(date_trunc('week', ${FIRST_DAY}::date), ${LAST_DAY}::date - 1, interval '7 days') c,
      generate_series(date_trunc('week', ${FIRST_DAY}::date), ${LAST_DAY}::date - 1, interval '7 days') a, ${licences}
    where a >= c and a < date_trunc('week', ${LAST_DAY}::date)`);
  // Per game: each game an equal share of the day's rounds.
  await db.execute(sql`
    insert into report_game_daily (day, game_id, currency, rounds, open_rounds, players, bets, wins, jackpot_wins,
      freespin_rounds, freespin_wins, settled_rounds, stakes, stake_squares, returned)
    select d::date, g.id, cur.currency, n, n / 1000, least(n, round(${ACTIVE} * cur.share / 4)), n * 270,
      round(n * 270 * (0.9 + random() * 0.12)), 0, n / 50, n / 50 * 100, n - n / 1000, (n - n / 1000) * 270,
      (n - n / 1000)::numeric * 165000, round((n - n / 1000) * 270 * 0.96)
    from ${days}, ${shares}, games g,
      lateral (select round(${perDay} * cur.share / (select count(*) from games) * (0.9 + random() * 0.2))::int as n) x`);
  // The players active on the last day's week before it: what the job's cohort step reads.
  await db.execute(sql`
    insert into report_active_players (day, user_id)
    select d::date, ${firstUser} + i * ${Math.max(1, Math.floor(PLAYERS / ACTIVE))}
    from generate_series(date_trunc('week', ${LAST_DAY}::date), ${LAST_DAY}::date - 1, interval '1 day') d,
      generate_series(0, ${ACTIVE - 1}) i`);
}

type Timing = { label: string; p50: number; max: number; size: number };
async function time(label: string, run: () => Promise<unknown>): Promise<Timing> {
  let size = JSON.stringify(await run()).length;
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    size = JSON.stringify(await run()).length;
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { label, p50: percentile(ms, 50), max: ms[ms.length - 1]!, size };
}

const { database, where, drop } = await openDatabase();
try {
  const db = database.db;
  console.log(`bench:reports on ${where}: ${PLAYERS} players, ${ROUNDS} rounds on ${LAST_DAY}, today ${TODAY}`);
  console.log(`  ${os.cpus().length} cores, node ${process.version}\n`);
  await step('migrate and seed', async () => {
    await database.migrate();
    await seedAll(db, { demoPlayer: false });
  });
  const firstUser = await step(`${PLAYERS} players and their accounts`, () => players(db));
  await step('364 past days of aggregates', () => pastDays(db, firstUser));
  await step(`${ROUNDS} rounds of ${LAST_DAY} and their transfers`, () =>
    rounds(db, firstUser, LAST_DAY, ROUNDS, DAY_MS, 'bench-day-'),
  );
  const todayRounds = Math.round(ROUNDS / 48);
  await step(`${todayRounds} rounds of today's first half hour`, () =>
    rounds(db, firstUser, TODAY, todayRounds, 30 * 60_000, 'bench-now-'),
  );
  await step('analyze', () => db.execute(sql`analyze`));

  const jobStart = performance.now();
  await aggregateDay(db, LAST_DAY, LICENCE, clock.now());
  const jobMs = performance.now() - jobStart;
  const againStart = performance.now();
  await aggregateDay(db, LAST_DAY, LICENCE, clock.now());
  const againMs = performance.now() - againStart;
  console.log(`\nthe job over ${LAST_DAY} (aggregateDay): ${seconds(jobMs)}, recomputed: ${seconds(againMs)}`);

  const reports = new Reports(db, clock, LICENCE, async () => (await flaggedGames(db, clock.now())).length);
  const now = clock.now();
  const month = reports.period({});
  const year = { from: dayOf(new Date(Date.parse(TODAY) - 364 * DAY_MS)), to: TODAY };
  const timings: Timing[] = [];
  const add = async (label: string, run: () => Promise<unknown>) => {
    const t = await time(label, run);
    timings.push(t);
    console.log(
      `  ${t.label.padEnd(40)} p50 ${t.p50.toFixed(1).padStart(7)} ms   max ${t.max.toFixed(1).padStart(7)} ms`,
    );
  };
  console.log(`\nreports (${RUNS} runs after a warm-up, the function its route calls, answer serialised to JSON):`);
  await add('ggr, 30 days', () => reports.ggr(month));
  await add('ggr, 365 days', () => reports.ggr(year));
  await add('payments, 30 days', () => reports.payments(month));
  await add('payments, 365 days', () => reports.payments(year));
  await add('players, 30 days', () => reports.players(month));
  await add('players and cohorts, 365 days', () => reports.players(year));
  await add('dashboard (with flagged games)', () => reports.dashboard());
  await add('games, 30 days (default)', () => gamesReport(db, {}, now));
  await add('games, 365 days', () => gamesReport(db, { from: year.from, to: year.to }, now));
  await add('games, one game, 365 days', () =>
    gamesReport(db, { from: year.from, to: year.to, game: 'orbit/european-roulette' }, now),
  );
  await add('promotions, 30 days', () => promotionsReport(db, {}, now));
  await add('responsible gambling, 30 days', () => responsibleGamblingReport(db, {}, now));
  await add('significant events, 30 days, page 1', () =>
    significantEvents(db, { page: 1, per_page: 25, win_threshold_eur: 10_000 }, now),
  );
  // Informative: what reading a whole day of rounds costs (the games report for today, late in the day).
  const rawDay = await time('games, the last day read from its rounds', () =>
    gamesReport(db, { from: `${LAST_DAY}T00:00:00.001Z`, to: `${TODAY}T00:00:00Z` }, now),
  );
  console.log(`\n  (${rawDay.label}: p50 ${rawDay.p50.toFixed(0)} ms: the cost of today read late in a full day)`);

  const sizes = (
    await db.execute(sql`
    select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size
    from pg_class c where c.relname in ('game_rounds', 'game_rounds_user', 'game_rounds_created_at', 'game_rounds_closed_at',
      'report_game_daily', 'report_money_daily', 'ledger_transfers', 'ledger_transfers_created_at')
    order by c.relname`)
  ).rows as Array<{ name: string; size: string }>;
  console.log(`\nsizes: ${sizes.map((s) => `${s.name} ${s.size}`).join(', ')}`);

  const slowest = timings.reduce((a, b) => (b.max > a.max ? b : a));
  const ok = slowest.max < REPORT_LIMIT_MS && jobMs < JOB_LIMIT_MS;
  console.log(
    `\nverdict: ${ok ? 'PASS' : 'FAIL'}: slowest report ${slowest.label} max ${slowest.max.toFixed(0)} ms ` +
      `(limit ${REPORT_LIMIT_MS} ms); the day's job ${seconds(jobMs)} (limit ${seconds(JOB_LIMIT_MS)})`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await database.close();
  await drop();
}
