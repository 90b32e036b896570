/**
 * A day's aggregates (docs/reports.md): each figure is a set-based sum over the day's ledger
 * transfers, payments, registrations and stakes, written in one transaction that first deletes
 * the day's rows, so recomputing a day replaces it and two recomputations give the same rows.
 *
 * Reports are the one place that reads across modules' tables (the ledger with its accounts and
 * the players' countries, the payments, the bonuses' kinds): a day of a busy casino is millions
 * of transfers, and only one statement joining them in the database sums them in seconds. The
 * module reads those tables and writes only its own.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { aggregateGameDay } from './games';

export const DAY_MS = 86_400_000;

/** A UTC calendar day `YYYY-MM-DD` and its bounds. */
export function dayBounds(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00.000Z`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The Monday (UTC) of a day's week: cohorts are counted by ISO weeks. */
export function weekOf(day: string): string {
  const at = new Date(`${day}T00:00:00.000Z`);
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return dayOf(new Date(at.getTime() - sinceMonday * DAY_MS));
}

/** The player's licence from their country, as `licenceOfCountry` (contracts) decides it. */
export function licenceSql(country: SQL, defaultLicence: string): SQL {
  return sql`(case ${country} when 'EE' then 'EE' when 'AU' then 'AU' else ${defaultLicence}::text end)`;
}

/** The money figures of a day: every transfer that moved a player's money, classified once. */
async function money(tx: Executor, day: string, from: Date, to: Date, licence: SQL): Promise<void> {
  await tx.execute(sql`
    insert into report_money_daily (day, currency, licence, bets, wins, bonus_bets, bonus_wins, bonus_costs,
      freespin_costs, jackpot_contributions, jackpot_payouts, comp_point_exchanges, adjustments)
    select ${day}::date, m.currency, ${licence},
      coalesce(sum(case when m.kind = 'bet' and m.d_kind = 'real' then m.amount
                        when m.kind = 'rollback' and m.c_kind = 'real' then -m.amount else 0 end), 0),
      coalesce(sum(case when m.kind = 'win' and m.c_kind = 'real' then m.amount else 0 end), 0),
      coalesce(sum(case when m.kind = 'bet' and m.d_kind = 'bonus' then m.amount
                        when m.kind = 'rollback' and m.c_kind = 'bonus' then -m.amount else 0 end), 0),
      coalesce(sum(case when m.kind = 'win' and m.c_kind = 'bonus' then m.amount else 0 end), 0),
      coalesce(sum(case when m.kind = 'bonus' and m.d_kind = 'bonus' and m.c_kind = 'real' then m.amount else 0 end), 0),
      coalesce(sum(case when m.kind = 'bonus' and m.d_kind = 'bonus' and m.c_kind = 'real'
                         and m.reference ~ '^bonus:[0-9]{1,18}$'
                         and exists (select 1 from player_bonuses b
                                     where b.id = substring(m.reference from 7)::bigint and b.kind = 'freespins')
                        then m.amount else 0 end), 0),
      coalesce(sum(case when m.kind = 'bet' and m.d_kind = 'real' and m.c_kind = 'jackpot_pool' then m.amount else 0 end), 0),
      coalesce(sum(case when m.kind = 'jackpot' and m.d_kind = 'jackpot_pool' and m.c_user is not null then m.amount else 0 end), 0),
      coalesce(sum(case when m.kind = 'adjustment' and m.reference like 'comp\\_points:%' then m.amount else 0 end), 0),
      coalesce(sum(case when m.kind <> 'adjustment' or m.reference like 'comp\\_points:%' then 0
                        when m.c_user is not null then m.amount else -m.amount end), 0)
    from (
      select t.kind, t.reference, t.currency, t.amount, coalesce(d.user_id, c.user_id) as user_id,
        d.kind as d_kind, c.kind as c_kind, c.user_id as c_user
      from ledger_transfers t
      join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id
      where t.created_at >= ${from} and t.created_at < ${to}
        and t.kind in ('bet', 'win', 'rollback', 'bonus', 'jackpot', 'adjustment')
        and (d.user_id is not null or c.user_id is not null)
    ) m
    left join users u on u.id = m.user_id
    group by m.currency, 3
  `);
}

/**
 * Deposits and cashouts that finished on the day (their final state's time), per licence and
 * also for all licences together (licence `*`): a median cannot be summed from its parts.
 */
async function payments(tx: Executor, day: string, from: Date, to: Date, licence: SQL): Promise<void> {
  await tx.execute(sql`
    insert into report_payments_daily (day, method, currency, licence, deposits, deposits_cents, cashouts,
      cashouts_cents, declines, cashouts_rejected, approvals, approval_ms_sum, approval_ms_median)
    select ${day}::date, p.method, p.currency, coalesce(p.licence, '*'),
      count(*) filter (where p.action = 'deposit' and p.state = 'succeeded'),
      coalesce(sum(p.amount) filter (where p.action = 'deposit' and p.state = 'succeeded'), 0),
      count(*) filter (where p.action = 'cashout' and p.state = 'succeeded'),
      coalesce(sum(p.amount) filter (where p.action = 'cashout' and p.state = 'succeeded'), 0),
      count(*) filter (where p.action = 'deposit' and p.state = 'declined'),
      count(*) filter (where p.action = 'cashout' and p.state = 'rejected'),
      count(*) filter (where p.action = 'cashout' and p.state = 'succeeded'),
      coalesce(sum(p.ms) filter (where p.action = 'cashout' and p.state = 'succeeded'), 0),
      percentile_disc(0.5) within group (order by p.ms) filter (where p.action = 'cashout' and p.state = 'succeeded')
    from (
      select q.method, q.currency, q.action, q.state, q.amount, ${licence} as licence,
        floor(extract(epoch from (q.finished_at - q.created_at)) * 1000)::bigint as ms
      from payments q
      left join users u on u.id = q.user_id
      where q.finished_at >= ${from} and q.finished_at < ${to}
    ) p
    group by grouping sets ((p.method, p.currency, p.licence), (p.method, p.currency))
  `);
}

/** Who staked on the day; then registrations, first deposits and active players per licence. */
async function players(tx: Executor, day: string, from: Date, to: Date, licence: SQL): Promise<void> {
  await tx.execute(sql`
    insert into report_active_players (day, user_id)
    select distinct ${day}::date, d.user_id
    from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    where t.created_at >= ${from} and t.created_at < ${to} and t.kind = 'bet'
      and d.user_id is not null and d.kind in ('real', 'bonus')
  `);
  await tx.execute(sql`
    insert into report_players_daily (day, licence, registrations, first_depositors, active_players)
    select ${day}::date, x.licence, sum(x.registrations), sum(x.first_depositors), sum(x.active_players)
    from (
      select ${licence} as licence, 1 as registrations, 0 as first_depositors, 0 as active_players
      from users u where u.created_at >= ${from} and u.created_at < ${to}
      union all
      select ${licence}, 0, 1, 0
      from (select distinct p.user_id from payments p
            where p.action = 'deposit' and p.state = 'succeeded' and p.finished_at >= ${from} and p.finished_at < ${to}
              and not exists (select 1 from payments e where e.user_id = p.user_id and e.action = 'deposit'
                              and e.state = 'succeeded' and e.finished_at < ${from})) f
      left join users u on u.id = f.user_id
      union all
      select ${licence}, 0, 0, 1
      from report_active_players a left join users u on u.id = a.user_id
      where a.day = ${day}::date
    ) x
    group by x.licence
  `);
}

/** The retention counts of the day's week: every cohort's players active in that week. */
async function cohorts(tx: Executor, day: string, licence: SQL): Promise<void> {
  const week = weekOf(day);
  await tx.execute(sql`delete from report_cohorts where activity_week = ${week}::date`);
  await tx.execute(sql`
    insert into report_cohorts (cohort_week, activity_week, licence, active)
    select date_trunc('week', u.created_at at time zone 'UTC')::date, ${week}::date, ${licence}, count(distinct a.user_id)
    from report_active_players a
    join users u on u.id = a.user_id
    where a.day >= ${week}::date and a.day < ${week}::date + 7
    group by 1, 3
  `);
}

/**
 * The BRIN indexes the reports read by time. Their newest pages are summarised by autovacuum on a
 * PostgreSQL server; embedded PGlite runs none, and an index with unsummarised pages reads them
 * all. The job summarises what is new after each pass (cheap: only pages not summarised yet).
 */
const BRIN_INDEXES = ['ledger_transfers_created_at', 'game_rounds_created_at'] as const;

/**
 * Recomputes one day whole. One lock for all the reports' writes: two instances (or a sweep and
 * an operator's refresh) computing at once take turns instead of both inserting the same rows.
 */
export async function aggregateDay(db: Db, day: string, defaultLicence: string, computedAt: Date): Promise<void> {
  const { from, to } = dayBounds(day);
  const licence = licenceSql(sql`u.country`, defaultLicence);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('orbit.reports'))`);
    for (const table of [
      'report_money_daily',
      'report_payments_daily',
      'report_players_daily',
      'report_active_players',
    ])
      await tx.execute(sql`delete from ${sql.identifier(table)} where day = ${day}::date`);
    await money(tx, day, from, to, licence);
    await payments(tx, day, from, to, licence);
    await players(tx, day, from, to, licence);
    await cohorts(tx, day, licence);
    await aggregateGameDay(tx, day, { from, to });
    await tx.execute(sql`
      insert into report_days (day, computed_at, with_games) values (${day}::date, ${computedAt}, true)
      on conflict (day) do update set computed_at = excluded.computed_at, with_games = true
    `);
  });
  for (const index of BRIN_INDEXES)
    await db.execute(sql`select brin_summarize_new_values(${index}::regclass)`).catch(() => {
      // Only the table's owner may; a server's autovacuum summarises for a role that is not.
    });
}
