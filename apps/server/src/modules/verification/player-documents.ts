/**
 * A player's verification documents as the back office's card shows them (docs/backoffice.md "The
 * player's card"): their metadata, newest first (the file itself is the KYC desk's to open), and
 * how many are approved, waiting or refused.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { VerificationDocument } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { verificationDocuments } from './schema';
import { toDocument } from './service';
import { verificationStatusOf, type VerificationStatus } from './status';

export type VerificationSummary = {
  status: VerificationStatus;
  approved: number;
  pending: number;
  rejected: number;
  approved_kinds: string[];
};

export async function documentsOfPlayer(db: Executor, userId: number): Promise<VerificationDocument[]> {
  const rows = await db
    .select()
    .from(verificationDocuments)
    .where(eq(verificationDocuments.userId, userId))
    .orderBy(desc(verificationDocuments.createdAt), desc(verificationDocuments.id));
  return rows.map(toDocument);
}

export async function verificationSummaryOf(db: Executor, userId: number): Promise<VerificationSummary> {
  const [groups, status] = await Promise.all([
    db
      .select({ kind: verificationDocuments.kind, status: verificationDocuments.status, n: count() })
      .from(verificationDocuments)
      .where(eq(verificationDocuments.userId, userId))
      .groupBy(verificationDocuments.kind, verificationDocuments.status),
    verificationStatusOf(db, userId),
  ]);
  const counted = (state: string) => groups.filter((g) => g.status === state).reduce((n, g) => n + Number(g.n), 0);
  return {
    status,
    approved: counted('approved'),
    pending: counted('pending'),
    rejected: counted('rejected'),
    approved_kinds: groups
      .filter((g) => g.status === 'approved')
      .map((g) => g.kind)
      .sort(),
  };
}
