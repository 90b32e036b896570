/**
 * What other modules may know of a deposit without reading the cashbox's tables: a deposit
 * bonus needs its amount, whether it was held and which of the player's deposits it is.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { payments } from './schema';

export type DepositFacts = {
  paymentId: number;
  userId: number;
  currency: string;
  amountCents: number;
  succeeded: boolean;
  /** Credited as withdraw-only money (past a limit, during an exclusion): it takes no bonus. */
  held: boolean;
  /** 1 for the player's first succeeded deposit (any currency), 2 for the second ... */
  number: number;
};

export async function depositFacts(db: Executor, paymentId: number): Promise<DepositFacts | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row || row.action !== 'deposit') return undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, row.userId),
        eq(payments.action, 'deposit'),
        eq(payments.state, 'succeeded'),
        lte(payments.id, row.id),
      ),
    );
  return {
    paymentId: row.id,
    userId: row.userId,
    currency: row.currency,
    amountCents: row.amount,
    succeeded: row.state === 'succeeded',
    held: row.heldCents > 0 && row.heldReason !== null,
    number: count?.n ?? 0,
  };
}

/** How many deposits of the player have succeeded (the next one is this plus one). */
export async function succeededDeposits(db: Executor, userId: number): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.action, 'deposit'), eq(payments.state, 'succeeded')));
  return count?.n ?? 0;
}
