import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, livenessSchema } from '@orbit/contracts';
import type { Database } from '../db/client';
import type { PubSub } from '../realtime/pubsub';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when a graceful stop began (main.ts): readiness answers 503 so that traffic goes elsewhere. */
    orbitStopping: boolean;
  }
}

/**
 * The two checks orchestrators ask (docs/operations.md "Health"): liveness (`/api/health/live`: the
 * process answers; a database outage is no reason to restart it) and readiness (`/api/health`: send
 * it players, 503 while the database does not answer or once it is stopping).
 */
export async function healthRoutes(app: FastifyInstance, database: Database, pubsub: PubSub): Promise<void> {
  app.decorate('orbitStopping', false);
  // Stopping, each answer closes its connection: a kept-alive connection that became idle after the
  // close began would otherwise hold the stop until its keep-alive time ran out.
  app.addHook('onSend', async (_request, reply) => {
    if (app.orbitStopping) reply.header('connection', 'close');
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/health/live', { schema: { tags: ['platform'], response: { 200: livenessSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  typed.get(
    '/api/health',
    { schema: { tags: ['platform'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const redis = pubsub.state();
      if (app.orbitStopping)
        return reply.status(503).send({ status: 'stopping' as const, database: database.kind, redis });
      try {
        await database.ping();
        return { status: 'ok' as const, database: database.kind, redis };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: database.kind, redis });
      }
    },
  );
}
