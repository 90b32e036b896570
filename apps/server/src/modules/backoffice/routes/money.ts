/** Money in the back office: the cashout queue and manual adjustments (docs/backoffice.md "Money"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficeAdjustmentCreateRequestSchema,
  backofficeAdjustmentSchema,
  backofficeAdjustmentsQuerySchema,
  backofficeAdjustmentsResponseSchema,
  backofficeCashoutsResponseSchema,
  backofficeDecisionRequestSchema,
  backofficeIdParamsSchema,
  backofficeListQuerySchema,
  paymentSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import type { Adjustments } from '../adjustments';
import type { CashoutQueue } from '../cashout-queue';
import { requirePermission, type BackofficeGuard } from './guard';
import { actingOperator } from './player-actions';

export function moneyRoutes(queue: CashoutQueue, adjustments: Adjustments, guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];

    app.get(
      '/api/backoffice/cashouts',
      {
        onRequest: requirePermission(guard, 'cashouts.decide'),
        schema: {
          tags,
          summary: 'Cashouts waiting for an operator, oldest first, with the facts to decide on',
          querystring: backofficeListQuerySchema,
          response: { 200: backofficeCashoutsResponseSchema },
        },
      },
      (request) => queue.page(request.query.page, request.query.per_page, ctx.clock.now()),
    );
    app.post(
      '/api/backoffice/cashouts/:id/decision',
      {
        onRequest: requirePermission(guard, 'cashouts.decide'),
        schema: {
          tags,
          summary: 'Approves or rejects a waiting cashout (reason required); 409 not_pending once decided',
          params: backofficeIdParamsSchema,
          body: backofficeDecisionRequestSchema,
          response: { 200: paymentSchema },
        },
      },
      (request) => queue.decide(actingOperator(request), request.params.id, request.body, () => ctx.clock.now()),
    );

    app.get(
      '/api/backoffice/adjustments',
      {
        onRequest: requirePermission(guard, 'adjustments.create'),
        schema: {
          tags,
          summary: 'Manual adjustments, newest first (filters: state, player)',
          querystring: backofficeAdjustmentsQuerySchema,
          response: { 200: backofficeAdjustmentsResponseSchema },
        },
      },
      (request) => {
        const { page, per_page, ...filter } = request.query;
        return adjustments.page(filter, page, per_page);
      },
    );
    app.get(
      '/api/backoffice/adjustments/:id',
      {
        onRequest: requirePermission(guard, 'adjustments.create'),
        schema: {
          tags,
          summary: 'One adjustment',
          params: backofficeIdParamsSchema,
          response: { 200: backofficeAdjustmentSchema },
        },
      },
      async (request) => {
        const adjustment = await adjustments.one(request.params.id);
        if (!adjustment) throw notFound();
        return adjustment;
      },
    );
    app.post(
      '/api/backoffice/adjustments',
      {
        onRequest: requirePermission(guard, 'adjustments.create'),
        schema: {
          tags,
          summary:
            'Credits or debits the player’s real balance; above the four-eyes amount it waits for a second operator',
          body: backofficeAdjustmentCreateRequestSchema,
          response: { 201: backofficeAdjustmentSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await adjustments.create(actingOperator(request), request.body)),
    );
    app.post(
      '/api/backoffice/adjustments/:id/decision',
      {
        onRequest: requirePermission(guard, 'adjustments.approve'),
        schema: {
          tags,
          summary: 'A second operator approves (the money moves) or rejects a waiting adjustment; never its creator',
          params: backofficeIdParamsSchema,
          body: backofficeDecisionRequestSchema,
          response: { 200: backofficeAdjustmentSchema },
        },
      },
      (request) => adjustments.decide(actingOperator(request), request.params.id, request.body),
    );
  };
}
