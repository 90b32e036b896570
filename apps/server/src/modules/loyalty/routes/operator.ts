import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCRUAL_CURRENCY_PATTERN,
  accrualRuleSchema,
  assignManagerRequestSchema,
  compPointRateInputSchema,
  compPointRateParamsSchema,
  compPointRateSchema,
  compPointRatesResponseSchema,
  managerInputSchema,
  operatorManagerSchema,
  operatorManagersResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { operatorGuard } from '../../../platform/http/operator';
import { assignManager, createManager, listManagers, updateManager } from '../managers';
import { saveAccrualRule } from '../points';
import type { ShopService } from '../shop';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The operator's shop cards and comp point accrual. */
export function operatorShopRoutes(shop: ShopService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Operators authenticate with a bearer token, never a cookie: no CSRF check applies.
    const operator = { tags: ['operator'], onRequest: operatorGuard(ctx.config.operatorToken) };
    app.get(
      '/api/operator/comp_point_rates',
      {
        onRequest: operator.onRequest,
        schema: { tags: operator.tags, summary: 'The shop cards', response: { 200: compPointRatesResponseSchema } },
      },
      () => shop.allRates(),
    );
    app.put(
      '/api/operator/comp_point_rates/:group',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Creates or replaces a shop card',
          params: compPointRateParamsSchema,
          body: compPointRateInputSchema,
          response: { 200: compPointRateSchema },
        },
      },
      (request) => shop.saveRate(request.params.group, request.body),
    );
    app.put(
      '/api/operator/comp_point_accrual/:currency',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'How bets in a currency earn comp points (`*`: every currency without its own rule)',
          params: z.object({ currency: z.string().regex(ACCRUAL_CURRENCY_PATTERN, 'invalid') }),
          body: accrualRuleSchema,
          response: { 200: accrualRuleSchema },
        },
      },
      (request) => saveAccrualRule(ctx.db, request.params.currency, request.body),
    );
  };
}

/** The operator's personal managers and their players. */
export function operatorManagerRoutes() {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Operators authenticate with a bearer token, never a cookie: no CSRF check applies.
    const operator = { tags: ['operator'], onRequest: operatorGuard(ctx.config.operatorToken) };
    app.get(
      '/api/operator/managers',
      {
        onRequest: operator.onRequest,
        schema: {
          tags: operator.tags,
          summary: 'The personal managers',
          response: { 200: operatorManagersResponseSchema },
        },
      },
      () => listManagers(ctx.db),
    );
    app.post(
      '/api/operator/managers',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Adds a personal manager',
          body: managerInputSchema,
          response: { 200: operatorManagerSchema },
        },
      },
      (request) => createManager(ctx.db, request.body),
    );
    app.put(
      '/api/operator/managers/:id',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: "Changes a personal manager's card",
          params: idParams,
          body: managerInputSchema,
          response: { 200: operatorManagerSchema },
        },
      },
      (request) => updateManager(ctx.db, request.params.id, request.body),
    );
    app.put(
      '/api/operator/players/:id/manager',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Assigns a personal manager to a player (null: none)',
          params: idParams,
          body: assignManagerRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await assignManager(ctx.db, request.params.id, request.body.manager_id, ctx.clock.now());
        return reply.code(204).send(null);
      },
    );
  };
}
