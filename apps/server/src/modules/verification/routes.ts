import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentIdParamsSchema,
  documentReviewRequestSchema,
  verificationDocumentSchema,
  verificationDocumentsResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { operatorGuard } from '../../platform/http/operator';
import { requirePlayer } from '../identity';
import { MULTIPART_LIMITS, receiveDocument, removeQuietly } from './intake';
import { toDocument, type VerificationService } from './service';

export function verificationRoutes(service: VerificationService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const documentsDir = ctx.config.documentsDir;

    // The multipart parser is registered for this module's routes only (encapsulated).
    await fastify.register(async (scope) => {
      await scope.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
      const app = scope.withTypeProvider<ZodTypeProvider>();
      const player = { tags: ['player'] };

      app.post(
        '/api/player/documents',
        {
          schema: {
            ...player,
            summary: 'Upload a verification document (multipart: kind, file; PDF, JPEG or PNG, at most 10 MB)',
            consumes: ['multipart/form-data'],
            response: { 201: verificationDocumentSchema },
          },
        },
        async (request, reply) => {
          const { user } = await requirePlayer(request);
          const received = await receiveDocument(request, documentsDir);
          try {
            const row = await service.create({
              userId: user.id,
              kind: received.kind,
              contentType: received.contentType,
              sizeBytes: received.sizeBytes,
              storageName: received.storageName,
              originalName: received.originalName,
            });
            return reply.status(201).send(toDocument(row));
          } catch (error) {
            // No row, no file.
            await removeQuietly(received.storagePath);
            throw error;
          }
        },
      );

      app.get(
        '/api/player/documents',
        {
          schema: {
            ...player,
            summary: "The player's verification documents, newest first",
            response: { 200: verificationDocumentsResponseSchema },
          },
        },
        async (request) => {
          const { user } = await requirePlayer(request);
          return (await service.list(user.id)).map(toDocument);
        },
      );

      app.post(
        '/api/operator/documents/:id/review',
        {
          // Token-authenticated, server to server: no browser session, so no CSRF header.
          config: { csrf: false },
          onRequest: operatorGuard(ctx.config.operatorToken),
          schema: {
            tags: ['operator'],
            summary: 'Approve or reject a pending document (Authorization: Bearer OPERATOR_TOKEN)',
            params: documentIdParamsSchema,
            body: documentReviewRequestSchema,
            response: { 200: verificationDocumentSchema },
          },
        },
        async (request) =>
          toDocument(await service.review(request.params.id, request.body.status, request.body.reason)),
      );
    });
  };
}
