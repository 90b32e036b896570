/**
 * What moved in and out of a player's money accounts (real and bonus) over a time window, by
 * the ledger's own transfers: the usage responsible-gambling limits count (deposits, bets, wins)
 * and the session's net position. Bets count net of their rollbacks (a rollback refunds a bet).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';

export type PlayerMovements = { deposits: number; bets: number; wins: number };

export async function playerMovements(executor: Executor, userId: number, currency: string, from: Date, to: Date): Promise<PlayerMovements> {
  // Two index walks (debit side, credit side) over the player's two money accounts.
  const result = await executor.execute(sql`
    with mine as (
      select id from ledger_accounts where user_id = ${userId} and currency = ${currency} and kind in ('real', 'bonus')
    ), moved as (
      select t.kind, -t.amount as amount from ledger_transfers t
        where t.debit_account_id in (select id from mine) and t.credit_account_id not in (select id from mine)
          and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
      union all
      select t.kind, t.amount from ledger_transfers t
        where t.credit_account_id in (select id from mine) and t.debit_account_id not in (select id from mine)
          and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    )
    select
      coalesce(sum(amount) filter (where kind = 'deposit'), 0)::bigint as deposits,
      coalesce(-sum(amount) filter (where kind in ('bet', 'rollback')), 0)::bigint as bets,
      coalesce(sum(amount) filter (where kind in ('win', 'jackpot')), 0)::bigint as wins
    from moved`);
  const row = result.rows[0] as { deposits: string | number; bets: string | number; wins: string | number };
  return { deposits: Number(row.deposits), bets: Number(row.bets), wins: Number(row.wins) };
}
