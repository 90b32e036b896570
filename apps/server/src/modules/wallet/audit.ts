import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';

export type BrokenAccount = {
  accountId: number;
  userId: number | null;
  currency: string;
  kind: string;
  balance: number;
  sumOfLegs: number;
};

export type LedgerAudit = {
  ok: boolean;
  transfers: number;
  accounts: number;
  /** One line per broken invariant, the first offender named. */
  problems: string[];
  /** The first account whose balance is not the sum of its legs, or is below zero for a player. */
  firstBroken?: BrokenAccount;
};

type Row = Record<string, unknown>;
async function rows<T extends Row>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/**
 * Proves the ledger's invariants over the whole history: every transfer's legs are in its own
 * currency and sum to zero per currency; every account's balance equals the sum of its legs;
 * no player account is below zero.
 */
export async function auditLedger(db: Executor): Promise<LedgerAudit> {
  const problems: string[] = [];
  let firstBroken: BrokenAccount | undefined;
  const [counts] = await rows<{ transfers: string; accounts: string }>(
    db,
    sql`select (select count(*) from ledger_transfers)::text as transfers, (select count(*) from ledger_accounts)::text as accounts`,
  );

  const [foreignLeg] = await rows<{ id: number; currency: string }>(
    db,
    sql`select t.id, t.currency from ledger_transfers t
        join ledger_accounts d on d.id = t.debit_account_id
        join ledger_accounts c on c.id = t.credit_account_id
        where d.currency <> t.currency or c.currency <> t.currency or t.amount <= 0
        order by t.id limit 1`,
  );
  if (foreignLeg)
    problems.push(
      `transfer ${foreignLeg.id} moves ${foreignLeg.currency} between accounts of another currency or a non-positive amount`,
    );

  const legs = sql`select t.debit_account_id as account_id, a.currency, -t.amount as amount from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
                   union all
                   select t.credit_account_id, a.currency, t.amount from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id`;
  const [unbalanced] = await rows<{ currency: string; total: string }>(
    db,
    sql`select currency, sum(amount)::text as total from (${legs}) legs group by currency having sum(amount) <> 0 order by currency limit 1`,
  );
  if (unbalanced) problems.push(`legs in ${unbalanced.currency} sum to ${unbalanced.total}, not zero`);

  const [mismatch] = await rows<{
    id: number;
    user_id: number | null;
    currency: string;
    kind: string;
    balance: number;
    legs: string;
  }>(
    db,
    sql`select a.id, a.user_id, a.currency, a.kind, a.balance, coalesce(s.total, 0)::text as legs
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from (${legs}) legs group by account_id) s on s.account_id = a.id
        where a.balance <> coalesce(s.total, 0) or (a.user_id is not null and a.balance < 0)
        order by a.id limit 1`,
  );
  if (mismatch) {
    firstBroken = {
      accountId: Number(mismatch.id),
      userId: mismatch.user_id === null ? null : Number(mismatch.user_id),
      currency: mismatch.currency,
      kind: mismatch.kind,
      balance: Number(mismatch.balance),
      sumOfLegs: Number(mismatch.legs),
    };
    const owner = firstBroken.userId === null ? 'house' : `player ${firstBroken.userId}`;
    problems.push(
      firstBroken.balance < 0 && firstBroken.userId !== null && firstBroken.balance === firstBroken.sumOfLegs
        ? `account ${firstBroken.accountId} (${owner} ${firstBroken.kind} ${firstBroken.currency}) is below zero: ${firstBroken.balance}`
        : `account ${firstBroken.accountId} (${owner} ${firstBroken.kind} ${firstBroken.currency}) holds ${firstBroken.balance} but its legs sum to ${firstBroken.sumOfLegs}`,
    );
  }
  return {
    ok: problems.length === 0,
    transfers: Number(counts?.transfers ?? 0),
    accounts: Number(counts?.accounts ?? 0),
    problems,
    ...(firstBroken ? { firstBroken } : {}),
  };
}
