/**
 * The back office's KYC document queue and the ledger audit (docs/backoffice.md "KYC",
 * "Ledger audit"): `/api/backoffice/documents*` (permission `kyc.review`) and
 * `/api/backoffice/ledger_audit` (permission `ledger.audit`).
 */
import { z } from 'zod';
import { backofficeList, backofficeListQuerySchema } from './backoffice';
import { INT32_MAX } from './bounds';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_STATUSES, documentKindSchema, documentStatusSchema } from './verification';

/** A document's id in the path: a positive whole number an `integer` could hold. */
const documentId = z.coerce.number().int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big');

// ---- GET /api/backoffice/documents ------------------------------------------------------------------
/** Pending documents first, then the newest; `status` and `user_id` narrow the queue. */
export const backofficeDocumentsQuerySchema = backofficeListQuerySchema.extend({
  status: z.enum(DOCUMENT_STATUSES, 'invalid').optional(),
  user_id: documentId.optional(),
});
export type BackofficeDocumentsQuery = z.infer<typeof backofficeDocumentsQuerySchema>;

export const backofficeDocumentParamsSchema = z.object({ id: documentId });

/** One document as an operator sees it: the player's, its file's type and size, the decision. */
export const backofficeDocumentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** The player's address; null only for a player who no longer exists. */
  player_email: z.string().nullable(),
  kind: documentKindSchema,
  status: documentStatusSchema,
  content_type: z.enum(DOCUMENT_CONTENT_TYPES),
  size_bytes: z.number().int().nonnegative(),
  original_name: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type BackofficeDocument = z.infer<typeof backofficeDocumentSchema>;
export const backofficeDocumentsResponseSchema = backofficeList(backofficeDocumentSchema);

// ---- POST /api/backoffice/documents/:id/review ------------------------------------------------------
/** A decision on a pending document; the reason is required for both outcomes (the player reads it). */
export const backofficeDocumentReviewRequestSchema = z.object({
  status: z.enum(['approved', 'rejected'], 'invalid'),
  reason: z.string().trim().min(1, 'required').max(500, 'too_long'),
});
export type BackofficeDocumentReviewRequest = z.infer<typeof backofficeDocumentReviewRequestSchema>;

// ---- GET /api/backoffice/ledger_audit ---------------------------------------------------------------
/** An account whose balance is not the sum of its legs, or a player's below zero. */
export const backofficeBrokenAccountSchema = z.object({
  account_id: z.number().int(),
  /** The player's id; null for a house account. */
  user_id: z.number().int().nullable(),
  currency: z.string(),
  kind: z.string(),
  balance: z.number().int(),
  sum_of_legs: z.number().int(),
});
/** The wallet's `auditLedger` verdict: every invariant over the whole history. */
export const backofficeLedgerAuditSchema = z.object({
  ok: z.boolean(),
  transfers: z.number().int(),
  accounts: z.number().int(),
  /** One line per broken invariant, the first offender named. */
  problems: z.array(z.string()),
  /** The first broken account (the audit stops at the first), or none. */
  broken_accounts: z.array(backofficeBrokenAccountSchema),
});
export type BackofficeLedgerAudit = z.infer<typeof backofficeLedgerAuditSchema>;
