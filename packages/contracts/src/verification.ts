import { z } from 'zod';
/*
 * Verification (KYC) documents: the player uploads identity, address and payment-method proofs
 * (multipart, so the upload itself has no JSON schema); the operator approves or rejects them.
 */

export const DOCUMENT_KINDS = ['identity', 'address', 'payment_method'] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS, 'invalid');
export type DocumentKind = z.infer<typeof documentKindSchema>;

export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** The content types a document may have, decided from the file's first bytes. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** Largest accepted document, in bytes. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

// ---- POST /api/player/documents (multipart: kind, file) → 201 document ------------------------------
// ---- GET /api/player/documents → documents, newest first ------------------------------------------

export const verificationDocumentSchema = z.object({
  id: z.number().int(),
  kind: documentKindSchema,
  status: documentStatusSchema,
  /** The operator's reason (usually for a rejection); null until given. */
  reason: z.string().nullable(),
  content_type: z.enum(DOCUMENT_CONTENT_TYPES),
  size_bytes: z.number().int().nonnegative(),
  /** The name the file had on the player's device (sanitised); metadata only. */
  original_name: z.string().nullable(),
  created_at: z.iso.datetime(),
  reviewed_at: z.iso.datetime().nullable(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;
export const verificationDocumentsResponseSchema = z.array(verificationDocumentSchema);

// ---- POST /api/operator/documents/:id/review (Authorization: Bearer <OPERATOR_TOKEN>) -----------------

export const documentIdParamsSchema = z.object({ id: z.coerce.number().int('not_found').positive('not_found') });
export const documentReviewRequestSchema = z.object({
  status: z.enum(['approved', 'rejected'], 'invalid'),
  reason: z.string().trim().max(500, 'too_long').optional(),
});
export type DocumentReviewRequest = z.infer<typeof documentReviewRequestSchema>;
