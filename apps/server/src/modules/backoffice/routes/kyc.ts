/**
 * The KYC document queue (docs/backoffice.md "KYC"), permission `kyc.review`: the players'
 * documents, pending first; one document and its file, shown inside the back office; the
 * decision, audited in its own transaction through the verification door's hook.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficeDocumentParamsSchema,
  backofficeDocumentReviewRequestSchema,
  backofficeDocumentSchema,
  backofficeDocumentsQuerySchema,
  backofficeDocumentsResponseSchema,
  type BackofficeDocument,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import type { Executor } from '../../../platform/db/executor';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { playerContact } from '../../identity';
import {
  documentById,
  documentFile,
  documentQueue,
  VerificationService,
  type DocumentFile,
  type VerificationDocumentRow,
} from '../../verification';
import { appendAudit } from '../audit';
import { actorOf } from '../operators';
import { operatorOf, requirePermission, type BackofficeGuard } from './guard';

/** The players' addresses of a page of documents, each player asked once. */
async function emailsOf(db: Executor, userIds: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(userIds)];
  const contacts = await Promise.all(unique.map((id) => playerContact(db, id)));
  return new Map(unique.flatMap((id, i) => (contacts[i] ? [[id, contacts[i].email] as const] : [])));
}

function present(row: VerificationDocumentRow, email: string | undefined): BackofficeDocument {
  return {
    id: row.id,
    user_id: row.userId,
    player_email: email ?? null,
    kind: row.kind as BackofficeDocument['kind'],
    status: row.status as BackofficeDocument['status'],
    content_type: row.contentType as BackofficeDocument['content_type'],
    size_bytes: row.sizeBytes,
    original_name: row.originalName,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reason: row.reason,
  };
}

/**
 * The player's file, for operators only. It is the player's upload, so it is treated as hostile:
 * only the types its bytes proved (images, PDF), never sniffed again by the browser, sandboxed (no
 * script, no form, an origin of its own), nothing loaded from anywhere but the image or the PDF
 * itself, framed by the back office alone, never stored on the way. The browser's own PDF viewer
 * still opens it inside the back office's frame (Chromium does under `sandbox`).
 */
export const DOCUMENT_POLICY =
  "default-src 'none'; img-src 'self'; object-src 'self'; plugin-types application/pdf; frame-ancestors 'self'; sandbox";

function sendFile(reply: FastifyReply, file: DocumentFile) {
  return reply
    .header('content-type', file.type.type)
    .header('content-length', String(file.bytes.length))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', DOCUMENT_POLICY)
    .header('content-disposition', `inline; filename="document-${file.row.id}.${file.type.ext}"`)
    .header('cache-control', 'no-store')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('referrer-policy', 'no-referrer')
    .send(file.bytes);
}

export function kycRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const verification = new VerificationService(ctx.db, ctx.clock);
    const onRequest = requirePermission(guard, 'kyc.review');
    const tags = ['backoffice'];

    app.get(
      '/api/backoffice/documents',
      {
        onRequest,
        schema: {
          tags,
          summary: "The players' documents, pending first, then the newest (status, user_id)",
          querystring: backofficeDocumentsQuerySchema,
          response: { 200: backofficeDocumentsResponseSchema },
        },
      },
      async (request) => {
        const { status, user_id, page, per_page } = request.query;
        const { rows, total } = await documentQueue(ctx.db, { status, userId: user_id }, page, per_page);
        const emails = await emailsOf(
          ctx.db,
          rows.map((r) => r.userId),
        );
        return { data: rows.map((r) => present(r, emails.get(r.userId))), total };
      },
    );

    app.get(
      '/api/backoffice/documents/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One document',
          params: backofficeDocumentParamsSchema,
          response: { 200: backofficeDocumentSchema },
        },
      },
      async (request) => {
        const row = await documentById(ctx.db, request.params.id);
        if (!row) throw notFound();
        return present(row, (await playerContact(ctx.db, row.userId))?.email);
      },
    );

    app.get(
      '/api/backoffice/documents/:id/file',
      {
        onRequest,
        schema: {
          tags,
          summary: "The document's file (an image or a PDF), shown inside the back office",
          params: backofficeDocumentParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await documentFile(ctx.db, ctx.config.documentsDir, request.params.id);
        if (!file) throw notFound();
        return sendFile(reply, file);
      },
    );

    app.post(
      '/api/backoffice/documents/:id/review',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Approve or reject a pending document, with the reason the player reads',
          params: backofficeDocumentParamsSchema,
          body: backofficeDocumentReviewRequestSchema,
          response: { 200: backofficeDocumentSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { status, reason } = request.body;
        const who = actorOf(operatorOf(request).operator, request.ip);
        const row = await verification
          .review(id, status, reason, (tx, before, after) =>
            appendAudit(tx, ctx.clock.now(), who, {
              action: 'document.review',
              targetType: 'document',
              targetId: id,
              before,
              after,
              reason,
            }),
          )
          .catch((error: unknown) => {
            // Decided already (by another operator a moment ago, or long since): a decision is final.
            if (error instanceof AppError && error.status === 409) throw conflict('not_pending');
            throw error;
          });
        return present(row, (await playerContact(ctx.db, row.userId))?.email);
      },
    );
  };
}
