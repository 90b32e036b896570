/**
 * The games report's sums (docs/reports.md "Games and RTP"): per game and currency over a period,
 * from the per-day aggregate (`report_game_daily`) for the whole past days the job computed, and
 * from the rounds themselves for the rest (today, a day not computed, a period's partial ends).
 * Both paths go through `roundDaySums`, the one definition of a day's figures, so an answer is
 * the same whichever path each day took.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { GAME_MATH_SHEETS } from '../games';

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export type TimeRange = { from: Date; to: Date };
export type GameFilters = { provider?: string | undefined; game?: string | undefined; currency?: string | undefined };

/** Games whose return is counted per unit of the opening stake (doubles and splits add stake). */
const OPENING_STAKE_GAMES = Object.entries(GAME_MATH_SHEETS)
  .filter(([, sheet]) => sheet.openingStake)
  .map(([identifier]) => identifier);

/** The opening stake of a round: its `bet.stake` for those games (when sane), else its whole stake. */
const openingStake = sql`case when g.identifier in (${sql.join(
  OPENING_STAKE_GAMES.map((g) => sql`${g}`),
  sql`, `,
)}) and (gr.bet ->> 'stake') ~ '^[0-9]{1,15}$' and (gr.bet ->> 'stake')::bigint between 1 and gr.bet_cents
  then (gr.bet ->> 'stake')::bigint else gr.bet_cents end`;

/** The figures' columns, in the order `roundDaySums` answers them and `report_game_daily` stores them. */
const FIGURES = [
  'rounds',
  'open_rounds',
  'players',
  'bets',
  'wins',
  'jackpot_wins',
  'freespin_rounds',
  'freespin_wins',
  'settled_rounds',
  'stakes',
  'stake_squares',
  'returned',
] as const;
const figureColumns = sql.raw(FIGURES.join(', '));

function gameWhere(filters: GameFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.provider !== undefined)
    where.push(sql`g.provider_id in (select p.id from providers p where p.identifier = ${filters.provider})`);
  if (filters.game !== undefined) where.push(sql`g.identifier = ${filters.game}`);
  return where;
}

/**
 * Per UTC day (of the round's start), game and currency: the rounds started in the ranges, less
 * those whose every bet was rolled back. `players` counts each day's distinct players.
 */
export function roundDaySums(ranges: readonly TimeRange[], filters: GameFilters = {}): SQL {
  const inRanges = sql.join(
    ranges.map((r) => sql`(gr.created_at >= ${r.from} and gr.created_at < ${r.to})`),
    sql` or `,
  );
  const where = [sql`(${inRanges})`, sql`gr.status <> 'rolled_back'`, ...gameWhere(filters)];
  if (filters.currency !== undefined) where.push(sql`gr.currency = ${filters.currency}`);
  const settled = sql`gr.bet_cents > 0 and gr.status = 'closed'`;
  return sql`
    select (gr.created_at at time zone 'UTC')::date as day, gr.game_id, gr.currency,
      count(*) filter (where gr.bet_cents > 0) as rounds,
      count(*) filter (where gr.bet_cents > 0 and gr.status = 'open') as open_rounds,
      count(distinct gr.user_id) filter (where gr.bet_cents > 0) as players,
      coalesce(sum(gr.bet_cents), 0) as bets,
      coalesce(sum(gr.win_cents) filter (where gr.bet_cents > 0), 0) as wins,
      coalesce(sum(gr.jackpot_win_cents), 0) as jackpot_wins,
      count(*) filter (where gr.bet_cents = 0) as freespin_rounds,
      coalesce(sum(gr.win_cents) filter (where gr.bet_cents = 0), 0) as freespin_wins,
      count(*) filter (where ${settled}) as settled_rounds,
      coalesce(sum(${openingStake}) filter (where ${settled}), 0) as stakes,
      coalesce(sum((${openingStake})::numeric * (${openingStake})) filter (where ${settled}), 0) as stake_squares,
      coalesce(sum(gr.win_cents - (gr.bet_cents - ${openingStake})) filter (where ${settled}), 0) as returned
    from game_rounds gr join games g on g.id = gr.game_id
    where ${sql.join(where, sql` and `)}
    group by 1, 2, 3`;
}

/** The job's part of a day (inside `aggregateDay`'s transaction, after it deleted the day's rows). */
export async function aggregateGameDay(tx: Executor, day: string, range: TimeRange): Promise<void> {
  await tx.execute(sql`delete from report_game_daily where day = ${day}::date`);
  await tx.execute(sql`
    insert into report_game_daily (day, game_id, currency, ${figureColumns})
    select day, game_id, currency, ${figureColumns} from (${roundDaySums([range])}) s
  `);
}

/** How a period is read: the days from the aggregate, the rest from the rounds, and as of when. */
export type PeriodSplit = {
  /** The UTC days read from `report_game_daily`. */
  days: string[];
  /** The parts read from the rounds, as time ranges. */
  raw: TimeRange[];
  /**
   * When the aggregate's part holds: the oldest computation of a day read from the aggregate
   * while it was not over (today as of the job's last pass); null when every such day was
   * computed after its end (or none is read from the aggregate): the answer is as of now.
   */
  asOf: Date | null;
};

/**
 * Which parts of a period the aggregate answers: each UTC day of the period the job computed
 * (with its games), whole or, for the period's last day, up to the period's end when the day was
 * computed by then (today: as of the job's last pass, the reports' 5-minute sweep). A day
 * computed before its end stands for its rounds up to that computation (`asOf`); a day never
 * computed, a period's start inside a day, and a last day computed after the period's end are
 * read from the rounds.
 */
export async function splitPeriod(db: Db, period: TimeRange): Promise<PeriodSplit> {
  const from = period.from.getTime();
  const to = period.to.getTime();
  const firstWhole = Math.ceil(from / DAY_MS) * DAY_MS;
  // The day holding the period's last instant: whole when `to` is a midnight, else cut at `to`.
  const lastDay = Math.floor((to - 1) / DAY_MS) * DAY_MS;
  const lastCut = to % DAY_MS !== 0;
  const found =
    firstWhole <= lastDay
      ? ((
          await db.execute(sql`
            select to_char(day, 'YYYY-MM-DD') as day, computed_at from report_days
            where day >= ${dayOf(new Date(firstWhole))}::date and day <= ${dayOf(new Date(lastDay))}::date
              and with_games ${lastCut ? sql`and (day < ${dayOf(new Date(lastDay))}::date or computed_at <= ${period.to})` : sql``}
            order by day
          `)
        ).rows as Array<{ day: string; computed_at: Date | string }>)
      : [];
  const days: string[] = [];
  const raw: TimeRange[] = [];
  let asOf: Date | null = null;
  let cursor = from;
  for (const { day, computed_at } of found) {
    const start = Date.parse(`${day}T00:00:00Z`);
    const end = Math.min(start + DAY_MS, to);
    const computed = new Date(computed_at);
    if (start > cursor) raw.push({ from: new Date(cursor), to: new Date(start) });
    if (computed.getTime() < end && (asOf === null || computed < asOf)) asOf = computed;
    days.push(day);
    cursor = end;
  }
  if (to > cursor) raw.push({ from: new Date(cursor), to: period.to });
  return { days, raw, asOf };
}

/** A minor-units sum in euros at today's reference rate, to the cent; null without a rate. */
const eurOf = (cents: SQL) =>
  sql`case when rr.eur_per_unit is null then null else round((${cents})::numeric * rr.eur_per_unit / c.subunits_to_unit, 2)::text end`;

export type GameFigureRow = Record<string, unknown>;

/**
 * Per game and currency over the period: the games' identity, the figures summed over its days
 * and the EUR equivalents. `source: 'rounds'` reads every day from the rounds (what a test
 * compares the aggregate with).
 */
export async function gameFigures(
  db: Db,
  period: TimeRange,
  filters: GameFilters,
  source: 'aggregate' | 'rounds' = 'aggregate',
): Promise<{ rows: GameFigureRow[]; asOf: Date | null }> {
  const split: PeriodSplit =
    source === 'aggregate' ? await splitPeriod(db, period) : { days: [], raw: [period], asOf: null };
  const parts: SQL[] = [];
  if (split.days.length > 0) {
    // The days as runs of consecutive days: a year is one range, not 365 values to match.
    const runs: Array<{ first: string; last: string }> = [];
    for (const day of split.days) {
      const run = runs.at(-1);
      if (run && Date.parse(day) - Date.parse(run.last) === DAY_MS) run.last = day;
      else runs.push({ first: day, last: day });
    }
    const where = [
      sql`(${sql.join(
        runs.map((r) => sql`(d.day >= ${r.first}::date and d.day <= ${r.last}::date)`),
        sql` or `,
      )})`,
    ];
    if (filters.currency !== undefined) where.push(sql`d.currency = ${filters.currency}`);
    parts.push(
      sql`select game_id, currency, ${figureColumns} from report_game_daily d where ${sql.join(where, sql` and `)}`,
    );
  }
  if (split.raw.length > 0)
    parts.push(sql`select game_id, currency, ${figureColumns} from (${roundDaySums(split.raw, filters)}) r`);
  if (parts.length === 0) return { rows: [], asOf: split.asOf };
  const sums = FIGURES.map((f) => sql`sum(u.${sql.identifier(f)}) as ${sql.identifier(f)}`);
  const where = gameWhere(filters);
  const rows = (
    await db.execute(sql`
      with u as (${sql.join(parts, sql` union all `)}),
      t as (select u.game_id, u.currency, ${sql.join(sums, sql`, `)} from u group by u.game_id, u.currency),
      s as (
        select g.identifier as game, g.title, g.payout, p.identifier as provider, t.*
        from t join games g on g.id = t.game_id join providers p on p.id = g.provider_id
        ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
      )
      select s.*, s.bets - s.wins - s.jackpot_wins as ggr,
        ${eurOf(sql`s.bets`)} as bets_eur, ${eurOf(sql`s.wins`)} as wins_eur,
        ${eurOf(sql`s.bets - s.wins - s.jackpot_wins`)} as ggr_eur
      from s left join currencies c on c.code = s.currency left join reference_rates rr on rr.currency = s.currency
      order by s.provider, s.game, s.currency
    `)
  ).rows as GameFigureRow[];
  return { rows, asOf: split.asOf };
}
