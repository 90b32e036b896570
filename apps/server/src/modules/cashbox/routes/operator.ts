import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cashoutReviewRequestSchema,
  paymentIdParamsSchema,
  paymentSchema,
  paymentsResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { operatorGuard } from '../../../platform/http/operator';
import { presentPayment, type CashboxService } from '../service';

/** The operator's open cashouts and their review. */
export function operatorCashboxRoutes(service: CashboxService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const operator = { tags: ['operator'], onRequest: operatorGuard(ctx.config.operatorToken) };
    app.get(
      '/api/operator/cashouts',
      {
        onRequest: operator.onRequest,
        schema: {
          tags: operator.tags,
          summary: 'Open cashouts, oldest first (Authorization: Bearer OPERATOR_TOKEN)',
          response: { 200: paymentsResponseSchema },
        },
      },
      () => service.pendingCashouts(),
    );
    app.post(
      '/api/operator/payments/:id/review',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Approves or rejects a pending cashout',
          params: paymentIdParamsSchema,
          body: cashoutReviewRequestSchema,
          response: { 200: paymentSchema },
        },
      },
      async (request) => {
        const { decision, reason } = request.body;
        const row =
          decision === 'approve'
            ? await service.approve(request.params.id)
            : await service.reject(request.params.id, reason);
        if (!row) throw new AppError(409, 'not_pending');
        return presentPayment(row);
      },
    );
  };
}
