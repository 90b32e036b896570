import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Verification (KYC) documents a player uploaded. The file lives in the documents folder under
 * `storage_name` (random, never user-supplied); `original_name` is metadata only. `user_id` refers
 * to identity's users; no foreign key across modules, so that each module owns its tables.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** identity | address | payment_method */
    kind: text('kind').notNull(),
    /** Decided from the file's first bytes: application/pdf | image/jpeg | image/png. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageName: text('storage_name').notNull().unique(),
    originalName: text('original_name'),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [
    index('verification_documents_user_created').on(t.userId, t.createdAt),
    check('verification_documents_kind', sql`${t.kind} in ('identity', 'address', 'payment_method')`),
    check('verification_documents_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export type VerificationDocumentRow = typeof verificationDocuments.$inferSelect;
