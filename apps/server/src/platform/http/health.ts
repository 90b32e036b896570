import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@orbit/contracts';
import type { Database } from '../db/client';

export async function healthRoutes(app: FastifyInstance, database: Database): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { tags: ['platform'], response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const, database: database.kind };
        } catch {
          return reply.status(503).send({ status: 'unavailable' as const, database: database.kind });
        }
      },
    );
}
