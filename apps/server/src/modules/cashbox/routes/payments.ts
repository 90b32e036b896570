import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  paymentIdParamsSchema,
  paymentSchema,
  paymentsQuerySchema,
  paymentsResponseSchema,
  paymentsWithPagesRequestSchema,
  paymentsWithPagesResponseSchema,
} from '@orbit/contracts';
import { requirePlayer } from '../../identity';
import type { CashboxService } from '../service';
import { noStore } from '../../../platform/http/no-store';

/** The player's payments: listed, recalled, checked with the PSP. */
export function paymentRoutes(service: CashboxService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/player/payments',
      {
        schema: {
          tags: ['player'],
          summary: "The player's payments, newest first",
          querystring: paymentsQuerySchema,
          response: { 200: paymentsResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const { page, page_size, currency, type } = request.query;
        reply.headers(noStore);
        return (await service.list(player.user.id, { currency, type }, page, page_size)).data;
      },
    );

    app.post(
      '/api/player/payments/with_pages',
      {
        schema: {
          tags: ['player'],
          summary: "The player's payments, paged",
          body: paymentsWithPagesRequestSchema,
          response: { 200: paymentsWithPagesResponseSchema },
        },
      },
      async (request) => {
        const player = await requirePlayer(request);
        const { page, page_size, filter } = request.body;
        const { data, total } = await service.list(player.user.id, filter, page, page_size);
        return { data, pagination: { page, per_page: page_size, total_count: total } };
      },
    );

    app.post(
      '/api/player/payments/:id/recall',
      {
        schema: {
          tags: ['player'],
          summary: 'Recalls a pending cashout: the money returns to the balance',
          params: paymentIdParamsSchema,
          response: { 200: paymentSchema },
        },
      },
      async (request) => service.recall(await requirePlayer(request), request.params.id),
    );

    app.post(
      '/api/player/payments/:id/check',
      {
        schema: {
          tags: ['player'],
          summary: 'Asks the PSP where a payment stands (the page calls it on return from the PSP)',
          params: paymentIdParamsSchema,
          response: { 200: paymentSchema },
        },
      },
      async (request) => service.check(await requirePlayer(request), request.params.id),
    );
  };
}
