import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchQuerySchema, batchResponseSchema } from '@orbit/contracts';
import { noStore } from '../../../platform/http/no-store';
import { inProcessEdgeHeaders } from '../../../platform/http/proxy';
import { batchCalls } from '../batch';

const tags = ['promotions'];

/** `/batch`: several of this server's GET calls at once. */
export function batchRoutes() {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/batch',
      {
        schema: {
          tags,
          summary: "Up to 12 of this server's GET calls at once (statuses); a failed one answers {}",
          querystring: batchQuerySchema,
          response: { 200: batchResponseSchema },
        },
      },
      async (request, reply) => {
        // Each url resolved and checked before any call; a refused one refuses the batch (batch.ts).
        const calls = batchCalls(request.query);
        // The visitor's address, host and trusted edge country as this request resolved them (as a page's own API calls).
        const headers: Record<string, string> = request.host ? { host: request.host } : {};
        for (const name of ['cookie', 'accept-language', 'x-requested-with', 'accept-client'])
          if (typeof request.headers[name] === 'string') headers[name] = request.headers[name];
        Object.assign(headers, inProcessEdgeHeaders(request));
        const answers = await Promise.all(
          [...calls].map(async ([url, target]) => {
            try {
              const res = await fastify.inject({ method: 'GET', url: target, headers, remoteAddress: request.ip });
              return [url, res.statusCode === 200 ? (res.json() as unknown) : {}] as const;
            } catch {
              return [url, {}] as const;
            }
          }),
        );
        reply.headers(noStore);
        return Object.fromEntries(answers);
      },
    );
  };
}
