/**
 * A player's ledger statement (the back office's player card, docs/backoffice.md): every transfer
 * that touched one of the player's accounts, newest first, one row per account it touched, signed
 * for that account, with the account's balance right after it.
 *
 * The balance after is a running sum over all of the account's legs in transfer order (a window
 * function), taken before the operator's filters narrow the rows: a filtered page still shows the
 * true balances. An account starts at zero and its balance is the sum of its legs (the ledger's
 * invariant, `auditLedger`), so the newest row's balance is the account's balance. A transfer
 * takes its id before it locks the accounts (`ledger_move.sql`): two transfers racing on one
 * account may have moved it in the other order, which changes the balance shown between them only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';

export type StatementFilter = {
  currency?: string | undefined;
  kind?: string | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
};

export type StatementRow = {
  transferId: number;
  at: Date;
  kind: string;
  reference: string;
  currency: string;
  accountKind: string;
  /** Signed for the player's account. */
  amount: number;
  balanceAfter: number;
};

/** The player's legs (debits negative), each with its account's running balance. */
function legs(userId: number, currency: string | undefined): SQL {
  return sql`
    with mine as (
      select id, kind from ledger_accounts
        where user_id = ${userId} and (${currency ?? null}::text is null or currency = ${currency ?? null}::text)
    ), moved as (
      select t.id as transfer_id, t.created_at, t.kind, t.reference, t.currency, m.id as account_id,
          m.kind as account_kind, -t.amount as amount
        from ledger_transfers t join mine m on m.id = t.debit_account_id
      union all
      select t.id, t.created_at, t.kind, t.reference, t.currency, m.id, m.kind, t.amount
        from ledger_transfers t join mine m on m.id = t.credit_account_id
    ), running as (
      select moved.*, sum(amount) over (
          partition by account_id order by transfer_id rows between unbounded preceding and current row
        ) as balance_after
        from moved
    )`;
}

function narrowed(filter: StatementFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.kind !== undefined) conditions.push(sql`kind = ${filter.kind}`);
  if (filter.from !== undefined) conditions.push(sql`created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to !== undefined) conditions.push(sql`created_at < ${filter.to.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` and `);
}

const dateOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** One page of the player's statement, newest first, and how many rows the filter leaves in all. */
export async function accountStatement(
  db: Executor,
  userId: number,
  filter: StatementFilter,
  page: number,
  perPage: number,
): Promise<{ rows: StatementRow[]; total: number }> {
  const where = narrowed(filter);
  const [result, counted] = await Promise.all([
    db.execute(sql`${legs(userId, filter.currency)}
      select transfer_id, created_at, kind, reference, currency, account_kind, amount, balance_after
        from running where ${where}
        order by transfer_id desc, account_kind
        limit ${perPage} offset ${(page - 1) * perPage}`),
    db.execute(sql`${legs(userId, filter.currency)} select count(*) as n from running where ${where}`),
  ]);
  const rows = result.rows as Array<Record<string, unknown>>;
  return {
    total: Number((counted.rows[0] as { n: unknown } | undefined)?.n ?? 0),
    rows: rows.map((r) => ({
      transferId: Number(r.transfer_id),
      at: dateOf(r.created_at),
      kind: String(r.kind),
      reference: String(r.reference),
      currency: String(r.currency),
      accountKind: String(r.account_kind),
      amount: Number(r.amount),
      balanceAfter: Number(r.balance_after),
    })),
  };
}
