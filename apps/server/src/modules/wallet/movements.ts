/**
 * What moved in and out of a player's money accounts (real and bonus) over a time window, by
 * the ledger's own transfers: the usage responsible-gambling limits count (deposits, bets, wins)
 * and the session's net position. Bets count net of their rollbacks (a rollback refunds a bet).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';

export type PlayerMovements = { deposits: number; bets: number; wins: number };

const NOTHING: PlayerMovements = { deposits: 0, bets: 0, wins: 0 };

/** One currency's movements. */
export async function playerMovements(
  executor: Executor,
  userId: number,
  currency: string,
  from: Date,
  to: Date,
): Promise<PlayerMovements> {
  return (await movementsByCurrency(executor, userId, currency, from, to)).get(currency) ?? NOTHING;
}

/** Every currency's movements (a limit binds all of them), currencies without any left out. */
export function playerMovementsByCurrency(
  executor: Executor,
  userId: number,
  from: Date,
  to: Date,
): Promise<Map<string, PlayerMovements>> {
  return movementsByCurrency(executor, userId, null, from, to);
}

async function movementsByCurrency(
  executor: Executor,
  userId: number,
  currency: string | null,
  from: Date,
  to: Date,
): Promise<Map<string, PlayerMovements>> {
  // Two index walks (debit side, credit side) over the player's money accounts; a move between
  // two of them (real and bonus) is no movement.
  const result = await executor.execute(sql`
    with mine as (
      select id, currency from ledger_accounts
        where user_id = ${userId} and kind in ('real', 'bonus') and (${currency}::text is null or currency = ${currency}::text)
    ), moved as (
      select m.currency, t.kind, -t.amount as amount from ledger_transfers t join mine m on m.id = t.debit_account_id
        where t.credit_account_id not in (select id from mine)
          and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
      union all
      select m.currency, t.kind, t.amount from ledger_transfers t join mine m on m.id = t.credit_account_id
        where t.debit_account_id not in (select id from mine)
          and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    )
    select
      currency,
      coalesce(sum(amount) filter (where kind = 'deposit'), 0)::bigint as deposits,
      coalesce(-sum(amount) filter (where kind in ('bet', 'rollback')), 0)::bigint as bets,
      coalesce(sum(amount) filter (where kind in ('win', 'jackpot')), 0)::bigint as wins
    from moved group by currency`);
  const rows = result.rows as Array<{
    currency: string;
    deposits: string | number;
    bets: string | number;
    wins: string | number;
  }>;
  return new Map(
    rows.map((r) => [r.currency, { deposits: Number(r.deposits), bets: Number(r.bets), wins: Number(r.wins) }]),
  );
}
