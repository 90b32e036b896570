/**
 * The operators' queue of documents (the back office's "Documents", docs/backoffice.md "KYC"):
 * a page of every player's documents, one document, and its stored bytes. The verification
 * module owns the table and the files, so the back office reads them through these functions.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DocumentStatus } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { verificationDocuments, type VerificationDocumentRow } from './schema';
import { SNIFF_BYTES, sniffContentType, type SniffedType } from './sniff';

export type DocumentQueueFilter = { status?: DocumentStatus | undefined; userId?: number | undefined };

/** Pending documents first (the work waiting), then the newest; one page and how many in all. */
export async function documentQueue(
  db: Executor,
  filter: DocumentQueueFilter,
  page: number,
  perPage: number,
): Promise<{ rows: VerificationDocumentRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status !== undefined) conditions.push(eq(verificationDocuments.status, filter.status));
  if (filter.userId !== undefined) conditions.push(eq(verificationDocuments.userId, filter.userId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(verificationDocuments)
      .where(where)
      .orderBy(
        desc(sql`${verificationDocuments.status} = 'pending'`),
        desc(verificationDocuments.createdAt),
        desc(verificationDocuments.id),
      )
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(verificationDocuments).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function documentById(db: Executor, id: number): Promise<VerificationDocumentRow | undefined> {
  const [row] = await db.select().from(verificationDocuments).where(eq(verificationDocuments.id, id));
  return row;
}

/** Only names this module gave (128 random bits in hex): nothing a row could make point elsewhere. */
const STORAGE_NAME = /^[0-9a-f]{32}$/;

export type DocumentFile = { row: VerificationDocumentRow; type: SniffedType; bytes: Buffer };

/**
 * A document's stored bytes (at most 10 MB) with the type its first bytes say, which must be the
 * type recorded at the upload; undefined for an unknown document, a file gone from the folder, or
 * bytes that are no longer an image or a PDF (nothing else is ever handed to a browser).
 */
export async function documentFile(db: Executor, documentsDir: string, id: number): Promise<DocumentFile | undefined> {
  const row = await documentById(db, id);
  if (!row || !STORAGE_NAME.test(row.storageName)) return undefined;
  const bytes = await fs.readFile(path.join(documentsDir, row.storageName)).catch(() => undefined);
  if (!bytes) return undefined;
  const type = sniffContentType(bytes.subarray(0, SNIFF_BYTES));
  if (!type || type.type !== row.contentType) return undefined;
  return { row, type, bytes };
}
