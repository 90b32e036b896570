/**
 * The reports read from the daily aggregates (docs/reports.md), and the job that keeps them:
 * today again every few minutes, each past day once after it ended (plus a grace for the
 * transactions open at midnight), and any period on demand.
 */
import { sql } from 'drizzle-orm';
import type {
  BackofficeCohort,
  BackofficeDashboard,
  BackofficeGgrReport,
  BackofficeGgrRow,
  BackofficePaymentsReport,
  BackofficePlayersReport,
  BackofficeReportQuery,
  GgrFigures,
} from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { rateHistory, referenceRatesNow, type ReferenceRates } from '../wallet';
import { aggregateDay, DAY_MS, dayOf, weekOf } from './aggregate';

/** A past day is final once computed this long after its end: transfers written just before midnight have committed. */
export const FINAL_GRACE_MS = 10 * 60_000;
/** Past days one pass of the job recomputes at most (a fresh install's history fills in over a few passes). */
const PAST_DAYS_PER_PASS = 7;
/** The default period: the last 30 days. */
const DEFAULT_DAYS = 30;

type Period = { from: string; to: string };
type Filters = Period & { currency?: string | undefined; licence?: string | undefined };

const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

function rows<T>(result: { rows: unknown[] }): T[] {
  return result.rows as T[];
}

/** NGR from the figures (docs/reports.md "GGR and NGR"): what the house kept after what play and promotion cost it. */
export function withTotals(f: Omit<GgrFigures, 'ggr' | 'ngr'>): GgrFigures {
  const ggr = f.bets - f.wins;
  return {
    ...f,
    ggr,
    ngr: ggr - f.bonus_costs - f.jackpot_contributions - f.comp_point_exchanges - f.adjustments,
  };
}

const FIGURES = [
  'bets',
  'wins',
  'ggr',
  'bonus_bets',
  'bonus_wins',
  'bonus_costs',
  'freespin_costs',
  'jackpot_contributions',
  'jackpot_payouts',
  'comp_point_exchanges',
  'adjustments',
  'ngr',
] as const satisfies ReadonlyArray<keyof GgrFigures>;

const zeroFigures = (): GgrFigures => Object.fromEntries(FIGURES.map((k) => [k, 0])) as GgrFigures;

function inEur(rates: ReferenceRates, f: GgrFigures, currency: string): GgrFigures {
  return Object.fromEntries(FIGURES.map((k) => [k, rates.convert(f[k], currency, 'EUR', 'down')])) as GgrFigures;
}

export class Reports {
  private firstDay: string | null | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly defaultLicence: string,
    /** How many games the games report flags now; unknown (null) until one is plugged in. */
    private readonly flaggedGames: () => Promise<number | null> = async () => null,
  ) {}

  /** The period asked, with the defaults: up to today, 30 days. */
  period(query: Pick<BackofficeReportQuery, 'from' | 'to'>): Period {
    const to = query.to ?? dayOf(this.clock.now());
    const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
    return { from, to };
  }

  /**
   * When the period's figures hold: the oldest computation of a day not over when computed (the
   * figures are exact up to then); when every day was computed after its end, the last day's end.
   * Null when no day of the period is computed.
   */
  private async asOf(period: Period): Promise<string | null> {
    const [row] = rows<{ as_of: Date | string | null }>(
      await this.db.execute(sql`
        select coalesce(min(computed_at) filter (where computed_at < (day + 1)::timestamp at time zone 'UTC'),
                        max((day + 1)::timestamp at time zone 'UTC')) as as_of
        from report_days where day >= ${period.from}::date and day <= ${period.to}::date
      `),
    );
    return row?.as_of ? new Date(row.as_of).toISOString() : null;
  }

  async ggr(filters: Filters): Promise<BackofficeGgrReport> {
    const found = rows<Record<string, unknown>>(
      await this.db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, currency,
          sum(bets) as bets, sum(wins) as wins, sum(bonus_bets) as bonus_bets, sum(bonus_wins) as bonus_wins,
          sum(bonus_costs) as bonus_costs, sum(freespin_costs) as freespin_costs,
          sum(jackpot_contributions) as jackpot_contributions, sum(jackpot_payouts) as jackpot_payouts,
          sum(comp_point_exchanges) as comp_point_exchanges, sum(adjustments) as adjustments
        from report_money_daily
        where day >= ${filters.from}::date and day <= ${filters.to}::date
          and (${filters.currency ?? null}::text is null or currency = ${filters.currency ?? null})
          and (${filters.licence ?? null}::text is null or licence = ${filters.licence ?? null})
        group by day, currency
        order by day, currency
      `),
    );
    // Each day in euros by that day's rates: a past day's figures do not move when a rate changes.
    const history = await rateHistory(this.db);
    const totals = zeroFigures();
    const data: BackofficeGgrRow[] = found.map((r) => {
      const currency = String(r.currency);
      const figures = withTotals({
        bets: num(r.bets),
        wins: num(r.wins),
        bonus_bets: num(r.bonus_bets),
        bonus_wins: num(r.bonus_wins),
        bonus_costs: num(r.bonus_costs),
        freespin_costs: num(r.freespin_costs),
        jackpot_contributions: num(r.jackpot_contributions),
        jackpot_payouts: num(r.jackpot_payouts),
        comp_point_exchanges: num(r.comp_point_exchanges),
        adjustments: num(r.adjustments),
      });
      const eur = inEur(history.at(String(r.day)), figures, currency);
      for (const k of FIGURES) totals[k] += eur[k];
      return { day: String(r.day), currency, ...figures, eur };
    });
    return { from: filters.from, to: filters.to, as_of: await this.asOf(filters), data, totals_eur: totals };
  }

  async payments(filters: Filters): Promise<BackofficePaymentsReport> {
    const found = rows<Record<string, unknown>>(
      await this.db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, method, currency, deposits, deposits_cents, cashouts, cashouts_cents,
          declines, cashouts_rejected, approvals, approval_ms_sum, approval_ms_median
        from report_payments_daily
        where day >= ${filters.from}::date and day <= ${filters.to}::date
          and licence = ${filters.licence ?? '*'}
          and (${filters.currency ?? null}::text is null or currency = ${filters.currency ?? null})
        order by day, method, currency
      `),
    );
    const history = await rateHistory(this.db);
    const data = found.map((r) => {
      const currency = String(r.currency);
      const rates = history.at(String(r.day));
      const approvals = num(r.approvals);
      return {
        day: String(r.day),
        method: String(r.method),
        currency,
        deposits: num(r.deposits),
        deposits_cents: num(r.deposits_cents),
        cashouts: num(r.cashouts),
        cashouts_cents: num(r.cashouts_cents),
        declines: num(r.declines),
        cashouts_rejected: num(r.cashouts_rejected),
        approval_avg_ms: approvals > 0 ? Math.round(num(r.approval_ms_sum) / approvals) : null,
        approval_median_ms: r.approval_ms_median === null ? null : num(r.approval_ms_median),
        deposits_eur: rates.convert(num(r.deposits_cents), currency, 'EUR', 'down'),
        cashouts_eur: rates.convert(num(r.cashouts_cents), currency, 'EUR', 'down'),
      };
    });
    return { from: filters.from, to: filters.to, as_of: await this.asOf(filters), data };
  }

  async players(filters: Filters): Promise<BackofficePlayersReport> {
    const licence = filters.licence ?? null;
    const found = rows<Record<string, unknown>>(
      await this.db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, sum(registrations) as registrations,
          sum(first_depositors) as first_depositors, sum(active_players) as active_players
        from report_players_daily
        where day >= ${filters.from}::date and day <= ${filters.to}::date
          and (${licence}::text is null or licence = ${licence})
        group by day order by day
      `),
    );
    const data = found.map((r) => {
      const registrations = num(r.registrations);
      const firstDepositors = num(r.first_depositors);
      return {
        day: String(r.day),
        registrations,
        first_depositors: firstDepositors,
        conversion: registrations > 0 ? firstDepositors / registrations : null,
        active_players: num(r.active_players),
      };
    });
    return {
      from: filters.from,
      to: filters.to,
      as_of: await this.asOf(filters),
      data,
      cohorts: await this.cohorts(filters.from, filters.to, licence),
    };
  }

  /** The registration weeks starting within the period, each with its players active week by week up to the period's last week. */
  private async cohorts(from: string, to: string, licence: string | null): Promise<BackofficeCohort[]> {
    const firstWeek = weekOf(from) < from ? addDays(weekOf(from), 7) : weekOf(from);
    const lastWeek = weekOf(to);
    if (firstWeek > lastWeek) return [];
    const sizes = rows<{ week: string; registrations: unknown }>(
      await this.db.execute(sql`
        select to_char(date_trunc('week', day)::date, 'YYYY-MM-DD') as week, sum(registrations) as registrations
        from report_players_daily
        where day >= ${firstWeek}::date and day < ${lastWeek}::date + 7
          and (${licence}::text is null or licence = ${licence})
        group by 1
      `),
    );
    const actives = rows<{ cohort_week: string; activity_week: string; active: unknown }>(
      await this.db.execute(sql`
        select to_char(cohort_week, 'YYYY-MM-DD') as cohort_week, to_char(activity_week, 'YYYY-MM-DD') as activity_week,
          sum(active) as active
        from report_cohorts
        where cohort_week >= ${firstWeek}::date and cohort_week <= ${lastWeek}::date
          and activity_week >= cohort_week and activity_week <= ${lastWeek}::date
          and (${licence}::text is null or licence = ${licence})
        group by 1, 2
      `),
    );
    const size = new Map(sizes.map((s) => [s.week, num(s.registrations)]));
    const cohorts: BackofficeCohort[] = [];
    for (let week = firstWeek; week <= lastWeek; week = addDays(week, 7)) {
      const weeks = Math.round((Date.parse(lastWeek) - Date.parse(week)) / (7 * DAY_MS)) + 1;
      const active = Array.from({ length: weeks }, () => 0);
      for (const a of actives)
        if (a.cohort_week === week)
          active[Math.round((Date.parse(a.activity_week) - Date.parse(week)) / (7 * DAY_MS))] = num(a.active);
      const registrations = size.get(week) ?? 0;
      cohorts.push({
        week,
        registrations,
        active,
        retention: active.map((n) => (registrations > 0 ? n / registrations : null)),
      });
    }
    return cohorts;
  }

  /** Today at a glance: its aggregates (as of their last computation) and the cashouts waiting now. */
  async dashboard(): Promise<BackofficeDashboard> {
    const day = dayOf(this.clock.now());
    const [ggr, payments, players] = await Promise.all([
      this.ggr({ from: day, to: day }),
      this.payments({ from: day, to: day }),
      this.players({ from: day, to: day }),
    ]);
    const waiting = rows<{ currency: string; n: unknown; cents: unknown }>(
      await this.db.execute(sql`
        select currency, count(*) as n, sum(amount) as cents from payments
        where action = 'cashout' and state = 'pending' group by currency
      `),
    );
    const rates = await referenceRatesNow(this.db);
    return {
      day,
      as_of: ggr.as_of,
      ggr_eur: ggr.totals_eur.ggr,
      ngr_eur: ggr.totals_eur.ngr,
      deposits: payments.data.reduce((n, r) => n + r.deposits, 0),
      deposits_eur: payments.data.reduce((n, r) => n + r.deposits_eur, 0),
      cashouts_waiting: waiting.reduce((n, w) => n + num(w.n), 0),
      cashouts_waiting_eur: waiting.reduce((n, w) => n + rates.convert(num(w.cents), w.currency, 'EUR', 'down'), 0),
      active_players: players.data.reduce((n, r) => n + r.active_players, 0),
      flagged_games: await this.flaggedGames(),
    };
  }

  /** Recomputes each day of the period now, oldest first; answers the days and the time they are as of. */
  async refresh(period: Period): Promise<{ days: string[]; asOf: Date }> {
    const asOf = this.clock.now();
    const days: string[] = [];
    for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
      await aggregateDay(this.db, day, this.defaultLicence, asOf);
      days.push(day);
    }
    return { days, asOf };
  }

  /**
   * The job's pass: today, then the past days not final yet (never computed, or computed before
   * their end plus the grace), newest first, from the ledger's first transfer on.
   */
  async sweep(): Promise<string[]> {
    const now = this.clock.now();
    const today = dayOf(now);
    await aggregateDay(this.db, today, this.defaultLicence, now);
    // The ledger's first day, read once per process: transfers are never deleted nor back-dated.
    this.firstDay ??= rows<{ day: string | null }>(
      await this.db.execute(
        sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD') as day from ledger_transfers`,
      ),
    )[0]?.day;
    if (!this.firstDay) return [today];
    const due = rows<{ day: string }>(
      await this.db.execute(sql`
        select to_char(d, 'YYYY-MM-DD') as day
        from generate_series(${this.firstDay}::date, ${today}::date - 1, interval '1 day') d
        left join report_days r on r.day = d::date
        where r.day is null or not r.with_games
          or r.computed_at < (d::date + 1)::timestamp at time zone 'UTC' + ${`${FINAL_GRACE_MS / 1000} seconds`}::interval
        order by d desc
        limit ${PAST_DAYS_PER_PASS}
      `),
    );
    for (const { day } of due) await aggregateDay(this.db, day, this.defaultLicence, this.clock.now());
    return [today, ...due.map((d) => d.day)];
  }
}
