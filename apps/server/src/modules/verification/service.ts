import { and, desc, eq } from 'drizzle-orm';
import type { VerificationDocument } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import { verificationDocuments, type VerificationDocumentRow } from './schema';

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
   * `status: ['already_reviewed']` for one already decided (a decision is final).
   */
  async review(
    id: number,
    status: 'approved' | 'rejected',
    reason: string | undefined,
  ): Promise<VerificationDocumentRow> {
    const [row] = await this.db
      .update(verificationDocuments)
      .set({ status, reason: reason === undefined || reason === '' ? null : reason, reviewedAt: this.clock.now() })
      .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.status, 'pending')))
      .returning();
    if (row) return row;
    const [existing] = await this.db
      .select({ id: verificationDocuments.id })
      .from(verificationDocuments)
      .where(eq(verificationDocuments.id, id));
    if (!existing) throw notFound();
    throw conflict('already_reviewed', 'status');
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
