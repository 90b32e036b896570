import { and, desc, eq } from 'drizzle-orm';
import type { VerificationDocument } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { conflict, notFound } from '../../platform/errors';
import { verificationDocuments, type VerificationDocumentRow } from './schema';

/** A document's decision as the audit log records it, before and after. */
export type ReviewState = { status: string; reason: string | null };
/** Called inside the decision's transaction, right after the change. */
export type ReviewHook = (tx: Executor, before: ReviewState, after: ReviewState) => Promise<void>;

export type NewDocument = {
  userId: number;
  kind: string;
  contentType: string;
  sizeBytes: number;
  storageName: string;
  originalName: string | null;
};

export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(doc: NewDocument): Promise<VerificationDocumentRow> {
    const [row] = await this.db
      .insert(verificationDocuments)
      .values({ ...doc, status: 'pending', createdAt: this.clock.now() })
      .returning();
    return row!;
  }

  /** A player's documents, newest first. */
  list(userId: number): Promise<VerificationDocumentRow[]> {
    return this.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.userId, userId))
      .orderBy(desc(verificationDocuments.createdAt), desc(verificationDocuments.id));
  }

  /**
   * The operator's decision on a pending document: 404 for an unknown one, 409
   * `status: ['already_reviewed']` for one already decided (a decision is final). `within` runs in
   * the decision's transaction right after the change (the back office writes its audit entry
   * there): if it throws, the decision does not happen.
   */
  async review(
    id: number,
    status: 'approved' | 'rejected',
    reason: string | undefined,
    within?: ReviewHook,
  ): Promise<VerificationDocumentRow> {
    return this.db.transaction(async (tx) => {
      // Guarded on `pending`: of two concurrent decisions the second finds nothing to change.
      const [row] = await tx
        .update(verificationDocuments)
        .set({ status, reason: reason === undefined || reason === '' ? null : reason, reviewedAt: this.clock.now() })
        .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.status, 'pending')))
        .returning();
      if (row) {
        await within?.(tx, { status: 'pending', reason: null }, { status: row.status, reason: row.reason });
        return row;
      }
      const [existing] = await tx
        .select({ id: verificationDocuments.id })
        .from(verificationDocuments)
        .where(eq(verificationDocuments.id, id));
      if (!existing) throw notFound();
      throw conflict('already_reviewed', 'status');
    });
  }
}

export function toDocument(row: VerificationDocumentRow): VerificationDocument {
  return {
    id: row.id,
    kind: row.kind as VerificationDocument['kind'],
    status: row.status as VerificationDocument['status'],
    reason: row.reason,
    content_type: row.contentType as VerificationDocument['content_type'],
    size_bytes: row.sizeBytes,
    original_name: row.originalName,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}
