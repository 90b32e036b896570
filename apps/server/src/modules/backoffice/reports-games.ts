/**
 * The reports on games and observed RTP, promotions, responsible gambling and the significant
 * events log (docs/reports.md). Read only, computed over the period from the rows themselves (the
 * rounds, the bonuses, the limits, the audit log), never from counters that could drift; the games'
 * sums come from the reports module (its per-day aggregate for past days, the rounds for today). The back
 * office is the top layer: it reads the other modules' tables by name, in SQL, as the reports'
 * one reader; it writes nothing of theirs.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  backofficeGamesReportSchema,
  type BackofficeGameReportRow,
  type BackofficeGamesReport,
  type BackofficeGamesReportQuery,
  type BackofficePromotionsReport,
  type BackofficePromotionsReportQuery,
  type BackofficeReportPeriodQuery,
  type BackofficeResponsibleGamblingReport,
  type BackofficeSignificantEvent,
  type BackofficeSignificantEventsCsvQuery,
  type SignificantEventKind,
} from '@orbit/contracts';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { GAME_MATH_SHEETS } from '../games';
import { gameFigures } from '../reports';
import { checkRtp } from './rtp-interval';

const DAY_MS = 86_400_000;
/** The default period: the last 30 days. */
const DEFAULT_DAYS = 30;
/** The longest period a report reads row by row (docs/reports.md "Cost"). */
const MAX_DAYS = 367;

export type ReportPeriod = { from: Date; to: Date };

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The period asked for: `from` inclusive; `to` exclusive as an instant, inclusive as a day (its
 * end). 422 `to: before_from` for an empty period, `to: too_long` beyond 367 days (as the daily reports).
 */
export function reportPeriod(query: BackofficeReportPeriodQuery, now: Date): ReportPeriod {
  const to =
    query.to === undefined
      ? now
      : isDay(query.to)
        ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)
        : new Date(query.to);
  // The default starts at a UTC midnight: whole days are what the games report reads from its aggregate.
  const from =
    query.from === undefined
      ? new Date(Math.floor((to.getTime() - DEFAULT_DAYS * DAY_MS) / DAY_MS) * DAY_MS)
      : new Date(isDay(query.from) ? `${query.from}T00:00:00Z` : query.from);
  if (from.getTime() >= to.getTime()) throw AppError.validation({ to: ['before_from'] });
  if (to.getTime() - from.getTime() > MAX_DAYS * DAY_MS) throw AppError.validation({ to: ['too_long'] });
  return { from, to };
}

const presentPeriod = (period: ReportPeriod, now: Date) => ({
  from: period.from.toISOString(),
  to: period.to.toISOString(),
  as_of: now.toISOString(),
});

type Row = Record<string, unknown>;
async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  return (await db.execute(query)).rows as Row[];
}
/** bigint and numeric columns arrive as strings: every count and sum is read through this. */
const int = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const text = (v: unknown): string => String(v);
const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

// ---- games and observed RTP ------------------------------------------------------------------------

/**
 * Per game and currency over the period: money, players, and the observed RTP against the sheet.
 * The sums come from the reports module: past days from its per-day aggregate, the rest from the
 * rounds (docs/reports.md "Games and RTP").
 */
export async function gamesReport(
  db: Db,
  query: BackofficeGamesReportQuery,
  now: Date,
): Promise<BackofficeGamesReport> {
  const period = reportPeriod(query, now);
  const { rows, asOf } = await gameFigures(db, period, {
    provider: query.provider,
    game: query.game,
    currency: query.currency,
  });
  // As of the job's pass when a day (today) is read from its aggregate while not over; else now.
  return { ...presentPeriod(period, asOf ?? now), data: rows.map(presentGameRow) };
}

/**
 * The games report as CSV rows: the JSON's figures with the interval flattened, and `players`
 * named for what it is (player-days: each day's distinct players, summed over the days).
 */
export function gamesReportCsv(report: BackofficeGamesReport): { columns: string[]; rows: Row[] } {
  const rename = (column: string) => (column === 'players' ? 'player_days' : column);
  const columns = Object.keys(backofficeGamesReportSchema.shape.data.element.shape)
    .filter((c) => c !== 'interval')
    .map(rename)
    .concat('interval_low', 'interval_high');
  const rows = report.data.map(({ interval, players, ...row }) => ({
    ...row,
    player_days: players,
    interval_low: interval?.low ?? null,
    interval_high: interval?.high ?? null,
  }));
  return { columns, rows };
}

function presentGameRow(r: Row): BackofficeGameReportRow {
  const game = text(r.game);
  const sheet = GAME_MATH_SHEETS[game];
  const catalogueRtp = r.payout === null || r.payout === undefined ? null : Number(r.payout) / 100;
  const exactRtp = sheet?.rtp ?? catalogueRtp;
  const verdict = checkRtp(
    { stakes: int(r.stakes), stakeSquares: int(r.stake_squares), returned: int(r.returned) },
    exactRtp,
    sheet?.variance ?? null,
  );
  return {
    provider: text(r.provider),
    game,
    title: text(r.title),
    currency: text(r.currency),
    rounds: int(r.rounds),
    open_rounds: int(r.open_rounds),
    players: int(r.players),
    bets_cents: int(r.bets),
    wins_cents: int(r.wins),
    jackpot_wins_cents: int(r.jackpot_wins),
    ggr_cents: int(r.ggr),
    freespin_rounds: int(r.freespin_rounds),
    freespin_wins_cents: int(r.freespin_wins),
    bets_eur: textOrNull(r.bets_eur),
    wins_eur: textOrNull(r.wins_eur),
    ggr_eur: textOrNull(r.ggr_eur),
    observed_rtp: verdict.observed,
    settled_rounds: int(r.settled_rounds),
    effective_rounds: verdict.effectiveRounds,
    exact_rtp: exactRtp,
    return_std_dev: verdict.stdDev,
    rtp_source: sheet ? 'math_sheet' : catalogueRtp === null ? null : 'catalogue',
    interval: verdict.interval,
    flagged: verdict.flagged,
  };
}

/** The games outside their interval over the last `days` days, for the dashboard: `provider/slug` and currency. */
export async function flaggedGames(
  db: Db,
  now: Date,
  days = DEFAULT_DAYS,
): Promise<
  Array<Pick<BackofficeGameReportRow, 'game' | 'title' | 'currency' | 'observed_rtp' | 'exact_rtp' | 'interval'>>
> {
  // From a UTC midnight, so that every past day comes from the aggregate (and only today from the rounds).
  const from = new Date(Math.floor((now.getTime() - days * DAY_MS) / DAY_MS) * DAY_MS);
  const report = await gamesReport(db, { from: from.toISOString() }, now);
  return report.data
    .filter((row) => row.flagged)
    .map(({ game, title, currency, observed_rtp, exact_rtp, interval }) => ({
      game,
      title,
      currency,
      observed_rtp,
      exact_rtp,
      interval,
    }));
}

// ---- promotions ------------------------------------------------------------------------------------

export async function promotionsReport(
  db: Db,
  query: BackofficePromotionsReportQuery,
  now: Date,
): Promise<BackofficePromotionsReport> {
  const period = reportPeriod(query, now);
  const inPeriod = (column: SQL) => sql`${column} >= ${period.from} and ${column} < ${period.to}`;
  const ofCurrency = (column: SQL) => (query.currency === undefined ? sql`true` : sql`${column} = ${query.currency}`);
  // Promotions running at any time in the period.
  const overlapping = (start: SQL, end: SQL) => sql`${start} < ${period.to} and ${end} > ${period.from}`;

  const [bonuses, freespins, tournaments, lotteries, payouts] = await Promise.all([
    rowsOf(
      db,
      sql`select t.id, t.key, t.title, t.kind, b.currency, count(*) as issued, count(b.activated_at) as activated,
        count(*) filter (where b.stage = 'wager_done') as converted, coalesce(sum(b.converted_cents), 0) as converted_cents,
        count(*) filter (where b.stage = 'lost') as lost, count(*) filter (where b.stage = 'canceled') as canceled,
        count(*) filter (where b.stage = 'expired') as expired, coalesce(sum(b.forfeited_cents), 0) as forfeited_cents,
        count(*) filter (where b.stage in ('issued', 'wait', 'handle_bets')) as running,
        coalesce(sum(b.amount_cents), 0) as issued_cents
      from player_bonuses b join bonus_templates t on t.id = b.template_id
      where ${inPeriod(sql`b.created_at`)} and ${ofCurrency(sql`b.currency`)}
      group by t.id, t.key, t.title, t.kind, b.currency order by t.id, b.currency`,
    ),
    rowsOf(
      db,
      sql`select t.id, t.key, t.title, f.currency, count(*) as issued, count(f.activated_at) as activated,
        coalesce(sum(f.count), 0) as granted, coalesce(sum(f.performed), 0) as played, coalesce(sum(f.win_cents), 0) as wins,
        count(*) filter (where f.stage = 'canceled') as canceled, count(*) filter (where f.stage = 'expired') as expired
      from player_freespins f join bonus_templates t on t.id = f.template_id
      where ${inPeriod(sql`f.created_at`)} and ${ofCurrency(sql`f.currency`)}
      group by t.id, t.key, t.title, f.currency order by t.id, f.currency`,
    ),
    rowsOf(
      db,
      sql`select t.id, t.title, t.currency, t.start_at, t.end_at, t.finished_at is not null as finished,
        (select count(*) from promo_tournament_players tp where tp.tournament_id = t.id) as entrants,
        (select coalesce(sum(tp.bet_cents), 0) from promo_tournament_players tp where tp.tournament_id = t.id) as bets
      from promo_tournaments t
      where ${overlapping(sql`t.start_at`, sql`t.end_at`)} and ${ofCurrency(sql`t.currency`)} order by t.start_at, t.id`,
    ),
    rowsOf(
      db,
      sql`select l.id, l.title, l.currency, l.start_at, l.end_at, l.finished_at is not null as drawn,
        (select count(*) from promo_lottery_tickets k where k.lottery_id = l.id) as tickets,
        (select count(distinct k.user_id) from promo_lottery_tickets k where k.lottery_id = l.id) as players
      from promo_lotteries l
      where ${overlapping(sql`l.start_at`, sql`l.end_at`)} and ${ofCurrency(sql`l.currency`)} order by l.start_at, l.id`,
    ),
    // Prizes by promotion: paid as a bonus (its amount), free spins (their count) and comp points.
    rowsOf(
      db,
      sql`select pp.promo_kind, pp.promo_id, pp.outcome, b.currency as bonus_currency,
        count(*) as payouts, coalesce(sum(b.amount_cents), 0) as bonus_cents, coalesce(sum(f.count), 0) as spins,
        coalesce(sum(case when (pp.detail ->> 'comp_points') ~ '^[0-9]{1,9}$' then (pp.detail ->> 'comp_points')::int else 0 end), 0) as points
      from promo_payouts pp
      left join player_bonuses b on (pp.detail ->> 'bonus_id') ~ '^[0-9]{1,18}$' and b.id = (pp.detail ->> 'bonus_id')::bigint
      left join player_freespins f on (pp.detail ->> 'freespin_id') ~ '^[0-9]{1,18}$' and f.id = (pp.detail ->> 'freespin_id')::bigint
      group by pp.promo_kind, pp.promo_id, pp.outcome, b.currency`,
    ),
  ]);

  const prizesOf = (kind: 'tournament' | 'lottery', id: number) => {
    const mine = payouts.filter((p) => p.promo_kind === kind && int(p.promo_id) === id);
    const paid = mine.filter((p) => p.outcome === 'paid');
    return {
      prizes_paid: paid.reduce((n, p) => n + int(p.payouts), 0),
      prizes_skipped: mine.filter((p) => p.outcome === 'skipped').reduce((n, p) => n + int(p.payouts), 0),
      prize_money: paid
        .filter((p) => p.bonus_currency !== null && int(p.bonus_cents) > 0)
        .map((p) => ({ currency: text(p.bonus_currency), amount_cents: int(p.bonus_cents) }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      prize_freespins: paid.reduce((n, p) => n + int(p.spins), 0),
      prize_comp_points: paid.reduce((n, p) => n + int(p.points), 0),
    };
  };

  return {
    ...presentPeriod(period, now),
    bonuses: bonuses.map((r) => ({
      template_id: int(r.id),
      template_key: text(r.key),
      title: text(r.title),
      kind: text(r.kind),
      currency: text(r.currency),
      issued: int(r.issued),
      activated: int(r.activated),
      converted: int(r.converted),
      converted_cents: int(r.converted_cents),
      lost: int(r.lost),
      canceled: int(r.canceled),
      expired: int(r.expired),
      forfeited_cents: int(r.forfeited_cents),
      running: int(r.running),
      issued_cents: int(r.issued_cents),
    })),
    freespins: freespins.map((r) => ({
      template_id: int(r.id),
      template_key: text(r.key),
      title: text(r.title),
      currency: text(r.currency),
      issued: int(r.issued),
      activated: int(r.activated),
      spins_granted: int(r.granted),
      spins_played: int(r.played),
      wins_cents: int(r.wins),
      canceled: int(r.canceled),
      expired: int(r.expired),
    })),
    tournaments: tournaments.map((r) => ({
      id: int(r.id),
      title: text(r.title),
      currency: text(r.currency),
      start_at: iso(r.start_at),
      end_at: iso(r.end_at),
      finished: r.finished === true,
      entrants: int(r.entrants),
      bets_cents: int(r.bets),
      ...prizesOf('tournament', int(r.id)),
    })),
    lotteries: lotteries.map((r) => ({
      id: int(r.id),
      title: text(r.title),
      currency: text(r.currency),
      start_at: iso(r.start_at),
      end_at: iso(r.end_at),
      drawn: r.drawn === true,
      tickets: int(r.tickets),
      players: int(r.players),
      ...prizesOf('lottery', int(r.id)),
    })),
  };
}

// ---- responsible gambling --------------------------------------------------------------------------

export async function responsibleGamblingReport(
  db: Db,
  query: BackofficeReportPeriodQuery,
  now: Date,
): Promise<BackofficeResponsibleGamblingReport> {
  const period = reportPeriod(query, now);
  const inPeriod = (column: SQL) => sql`${column} >= ${period.from} and ${column} < ${period.to}`;
  const day = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [rows, reality, changed] = await Promise.all([
    rowsOf(
      db,
      sql`with events as (
        select ${day(sql`l.created_at`)} as day, l.type, 'set' as what from user_limits l where ${inPeriod(sql`l.created_at`)}
        union all
        select ${day(sql`c.requested_at`)}, l.type, c.action || '_requested' from user_limit_changes c
          join user_limits l on l.id = c.limit_id where ${inPeriod(sql`c.requested_at`)}
        union all
        select ${day(sql`c.confirmed_at`)}, l.type, c.action || '_confirmed' from user_limit_changes c
          join user_limits l on l.id = c.limit_id where ${inPeriod(sql`c.confirmed_at`)}
        union all
        select ${day(sql`a.at`)}, a.after ->> 'type', 'by_operator' from audit_log a
          where a.action = 'player.limit.set' and ${inPeriod(sql`a.at`)}
      )
      select day, type,
        count(*) filter (where what = 'set') as set,
        count(*) filter (where what = 'raise_requested') as raise_requested,
        count(*) filter (where what = 'raise_confirmed') as raised,
        count(*) filter (where what = 'remove_requested') as removal_requested,
        count(*) filter (where what = 'remove_confirmed') as removed,
        count(*) filter (where what = 'by_operator') as by_operator
      from events where type in ('deposit', 'loss', 'wager', 'session', 'cooling_off', 'self_exclusion')
      group by day, type order by day, type`,
    ),
    rowsOf(db, sql`select minutes, count(*) as players from reality_checks where minutes > 0 group by minutes`),
    rowsOf(db, sql`select count(*) as n from reality_checks where ${inPeriod(sql`updated_at`)}`),
  ]);
  return {
    ...presentPeriod(period, now),
    data: rows.map((r) => ({
      day: text(r.day),
      type: text(r.type) as BackofficeResponsibleGamblingReport['data'][number]['type'],
      set: int(r.set),
      raise_requested: int(r.raise_requested),
      raised: int(r.raised),
      removal_requested: int(r.removal_requested),
      removed: int(r.removed),
      by_operator: int(r.by_operator),
    })),
    reality_checks: {
      players_by_minutes: Object.fromEntries(reality.map((r) => [text(r.minutes), int(r.players)])),
      changed: int(changed[0]?.n),
      shown: null,
      games_left_after: null,
    },
  };
}

// ---- significant events ----------------------------------------------------------------------------

/** Which audit entries are significant, and as what. */
const AUDIT_KIND = sql`case
  when a.action in ('sign_in', 'sign_in.failed') then 'operator_sign_in'
  when a.action like 'adjustment.%' then 'manual_adjustment'
  when a.action = 'ledger.audit' or a.action like 'token:% /api/operator/ledger/audit' then 'ledger_audit'
  when a.action like 'system.%' then 'system'
  when a.action = 'player.limit.set' and a.after ->> 'type' in ('cooling_off', 'self_exclusion') then 'exclusion_change'
  when a.action = 'player.limit.set' then 'limit_change'
  when a.action in ('player.block', 'player.unblock') then 'exclusion_change'
  when a.action ~ '^(game|games|provider|providers|catalogue)[.]' or a.action ~ '^token:[A-Z]+ /api/operator/(games|providers)' then 'game_change'
end`;

/** Operators' limit changes at a player's request are the audit's entries; the limits' own rows would repeat them. */
const NOT_BY_OPERATOR = sql`not exists (select 1 from audit_log x where x.action = 'player.limit.set'
  and x.target_id = l.user_id::text and x.after ->> 'type' = l.type and x.at between l.created_at - interval '5 seconds' and l.created_at + interval '5 seconds')`;

/** The least win of the partial index `game_rounds_big_wins` (migration 0037), in minor units. */
const BIG_WIN_INDEX_CENTS = 100_000;

/**
 * Whether every currency's threshold in its minor units is at least the index's least win: then
 * the big wins' query says so in a constant, and PostgreSQL reads them from that small index
 * instead of every round of the period. A lower threshold (a test's) reads the rounds.
 */
async function bigWinsIndexed(db: Db, winThresholdEur: number): Promise<boolean> {
  const [row] = await rowsOf(
    db,
    sql`select min(floor(${winThresholdEur}::numeric * c.subunits_to_unit / rr.eur_per_unit)) as least
      from reference_rates rr join currencies c on c.code = rr.currency where rr.eur_per_unit > 0`,
  );
  return row?.least !== null && row?.least !== undefined && Number(row.least) >= BIG_WIN_INDEX_CENTS;
}

function eventsUnion(period: ReportPeriod, winThresholdEur: number, indexed: boolean): SQL {
  const inPeriod = (column: SQL) => sql`${column} >= ${period.from} and ${column} < ${period.to}`;
  // A literal, not a parameter: the planner matches a partial index's condition on constants only.
  const bigWinFloor = indexed ? sql.raw(`and gr.win_cents >= ${BIG_WIN_INDEX_CENTS}`) : sql``;
  return sql`
    select * from (
      select 'audit:' || a.seq as id, a.at, ${AUDIT_KIND} as kind, a.action, a.actor,
        case when a.target_type = 'player' and a.target_id ~ '^[0-9]{1,18}$' then a.target_id::bigint end as player_id,
        null::text as game, null::text as currency, null::bigint as amount_cents,
        jsonb_strip_nulls(jsonb_build_object('target_type', a.target_type, 'target_id', a.target_id, 'ip', a.ip,
          'before', a.before, 'after', a.after, 'reason', a.reason)) as detail
      from audit_log a where ${inPeriod(sql`a.at`)}
    ) audited where kind is not null
    union all
    select 'jackpot_win:' || w.id, w.created_at, 'jackpot_hit', 'jackpot.hit', 'player', w.user_id, g.identifier, w.currency,
      w.amount_cents, jsonb_build_object('jackpot', j.identifier, 'level', lv.identifier, 'round', w.round_reference)
    from jackpot_wins w join jackpot_levels lv on lv.id = w.level_id join jackpots j on j.id = lv.jackpot_id
      left join game_rounds gr on split_part(w.round_reference, ':', 2) ~ '^[0-9]{1,18}$'
        and gr.id = split_part(w.round_reference, ':', 2)::bigint
      left join games g on g.id = gr.game_id
    where ${inPeriod(sql`w.created_at`)}
    union all
    select 'round:' || gr.id, gr.closed_at, 'big_win', 'round.win', 'player', gr.user_id, g.identifier, gr.currency,
      gr.win_cents, jsonb_build_object('bet_cents', gr.bet_cents, 'win_eur', round(gr.win_cents::numeric * rr.eur_per_unit / c.subunits_to_unit, 2),
        'round', gr.external_id)
    from game_rounds gr join games g on g.id = gr.game_id join currencies c on c.code = gr.currency
      join reference_rates rr on rr.currency = gr.currency
    where gr.status = 'closed' and ${inPeriod(sql`gr.closed_at`)} and gr.win_cents > 0 ${bigWinFloor}
      and gr.win_cents::numeric * rr.eur_per_unit / c.subunits_to_unit >= ${winThresholdEur}
    union all
    select 'limit:' || l.id, l.created_at,
      case when l.type in ('cooling_off', 'self_exclusion') then 'exclusion_change' else 'limit_change' end,
      case when l.type in ('cooling_off', 'self_exclusion') then 'exclusion.start' else 'limit.set' end,
      'player', l.user_id, null, null, null,
      jsonb_strip_nulls(jsonb_build_object('type', l.type, 'period', l.period, 'minutes', l.minutes, 'ends_at', l.ends_at))
    from user_limits l where ${inPeriod(sql`l.created_at`)} and ${NOT_BY_OPERATOR}
    union all
    select 'limit_change:' || c.id, c.confirmed_at, 'limit_change', 'limit.' || c.action, 'player', c.user_id, null,
      c.currency, c.amount, jsonb_strip_nulls(jsonb_build_object('type', l.type, 'period', l.period))
    from user_limit_changes c join user_limits l on l.id = c.limit_id where ${inPeriod(sql`c.confirmed_at`)}`;
}

export type SignificantEventsFilter = Omit<BackofficeSignificantEventsCsvQuery, 'win_threshold_eur'> & {
  win_threshold_eur: number;
};

function eventsWhere(kinds: readonly SignificantEventKind[] | undefined): SQL {
  return kinds === undefined || kinds.length === 0
    ? sql`true`
    : sql`e.kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`;
}

const presentEvent = (r: Row): BackofficeSignificantEvent => ({
  id: text(r.id),
  at: iso(r.at),
  kind: text(r.kind) as SignificantEventKind,
  action: text(r.action),
  actor: text(r.actor),
  player_id: r.player_id === null || r.player_id === undefined ? null : int(r.player_id),
  game: textOrNull(r.game),
  currency: textOrNull(r.currency),
  amount_cents: r.amount_cents === null || r.amount_cents === undefined ? null : int(r.amount_cents),
  detail: r.detail ?? null,
});

/** A page of the log, newest first. */
export async function significantEvents(
  db: Db,
  query: SignificantEventsFilter & { page: number; per_page: number },
  now: Date,
): Promise<{ data: BackofficeSignificantEvent[]; total: number }> {
  const period = reportPeriod(query, now);
  const union = eventsUnion(period, query.win_threshold_eur, await bigWinsIndexed(db, query.win_threshold_eur));
  const where = eventsWhere(query.kind);
  const [rows, [total]] = await Promise.all([
    rowsOf(
      db,
      sql`select * from (${union}) e where ${where} order by e.at desc, e.id desc
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
    ),
    rowsOf(db, sql`select count(*) as n from (${union}) e where ${where}`),
  ]);
  return { data: rows.map(presentEvent), total: int(total?.n) };
}

/** Most events one export holds; a longer period is exported in parts. */
export const EVENTS_CSV_MAX_ROWS = 100_000;

/** The whole filtered log, oldest first (as a regulator reads it), at most EVENTS_CSV_MAX_ROWS. */
export async function significantEventsAll(
  db: Db,
  query: SignificantEventsFilter,
  now: Date,
): Promise<BackofficeSignificantEvent[]> {
  const period = reportPeriod(query, now);
  const rows = await rowsOf(
    db,
    sql`select * from (${eventsUnion(period, query.win_threshold_eur, await bigWinsIndexed(db, query.win_threshold_eur))}) e where ${eventsWhere(query.kind)}
      order by e.at, e.id limit ${EVENTS_CSV_MAX_ROWS}`,
  );
  return rows.map(presentEvent);
}
