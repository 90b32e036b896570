/**
 * A player's verification in one word, as an operator deciding a cashout reads it: `pending`
 * while a document waits, else `verified` once one was approved, `rejected` when every one was
 * refused, `none` without any.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { verificationDocuments } from './schema';

export type VerificationStatus = 'verified' | 'pending' | 'rejected' | 'none';

export async function verificationStatusOf(db: Executor, userId: number): Promise<VerificationStatus> {
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${verificationDocuments.status} = 'pending'))::int`,
      approved: sql<number>`(count(*) filter (where ${verificationDocuments.status} = 'approved'))::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.userId, userId));
  if (!row || Number(row.all) === 0) return 'none';
  if (Number(row.pending) > 0) return 'pending';
  return Number(row.approved) > 0 ? 'verified' : 'rejected';
}
