import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cashoutRequestSchema,
  paymentSchema,
  withdrawalQuerySchema,
  withdrawalRequestSchema,
  withdrawalResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { requirePlayer, withdrawalPlayer } from '../../identity';
import type { CashboxService } from '../service';
import { noStore } from '../../../platform/http/no-store';

const cashbox = { tags: ['cashbox'] };

/** Cashouts: the player's, and through the mailed link by a player who may not sign in. */
export function cashoutRoutes(service: CashboxService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // A player who may not sign in (cooling-off, self-exclusion) withdraws through the mailed link.
    app.get(
      '/api/cashbox/withdrawal',
      {
        schema: {
          ...cashbox,
          summary: "A withdrawal link's player: masked address, real money per account, cashout methods",
          querystring: withdrawalQuerySchema,
          response: { 200: withdrawalResponseSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return service.withdrawal(await withdrawalPlayer(ctx.db, request.query.withdrawal_token, ctx.clock.now()));
      },
    );
    app.post(
      '/api/cashbox/withdrawal',
      {
        schema: {
          ...cashbox,
          summary: 'Requests a cashout through a withdrawal link (no session)',
          body: withdrawalRequestSchema,
          response: { 201: paymentSchema },
        },
      },
      async (request, reply) => {
        const { withdrawal_token: token, ...cashout } = request.body;
        const player = await withdrawalPlayer(ctx.db, token, ctx.clock.now());
        return reply.status(201).send(await service.cashout(player, cashout));
      },
    );

    app.post(
      '/api/cashbox/cashouts',
      {
        schema: {
          ...cashbox,
          summary: 'Requests a cashout: the amount is reserved until it is paid, recalled or rejected',
          body: cashoutRequestSchema,
          response: { 201: paymentSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.cashout(await requirePlayer(request), request.body)),
    );
  };
}
