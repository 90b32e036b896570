import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bonusIdParamsSchema,
  bonusTemplateInputSchema,
  bonusTemplateSchema,
  bonusTemplatesResponseSchema,
  grantBonusRequestSchema,
  playerBonusSchema,
  playerFreespinSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { operatorGuard } from '../../../platform/http/operator';
import type { BonusTemplates } from '../templates';
import type { BonusGrantsService } from '../grants';

/** The operator's bonus templates: listed, created or changed, retired. */
export function operatorTemplateRoutes(templates: BonusTemplates) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const operator = { tags: ['operator'], onRequest: operatorGuard(ctx.config.operatorToken) };
    app.get(
      '/api/operator/bonus_templates',
      {
        onRequest: operator.onRequest,
        schema: {
          tags: operator.tags,
          summary: 'The bonus templates',
          response: { 200: bonusTemplatesResponseSchema },
        },
      },
      () => templates.templates(),
    );
    app.put(
      '/api/operator/bonus_templates/:key',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Creates or changes a bonus template (bonuses already given keep their terms)',
          params: z.object({ key: z.string() }),
          body: bonusTemplateInputSchema.omit({ key: true }),
          response: { 200: bonusTemplateSchema },
        },
      },
      (request) => templates.saveTemplate({ ...request.body, key: request.params.key }),
    );
    app.delete(
      '/api/operator/bonus_templates/:key',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Retires a bonus template: no longer offered',
          params: z.object({ key: z.string() }),
          response: { 200: bonusTemplateSchema },
        },
      },
      (request) => templates.retireTemplate(request.params.key),
    );
  };
}

/** The operator gives a player a bonus or free spins from a template. */
export function operatorGrantRoutes(grants: BonusGrantsService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const operator = { tags: ['operator'], onRequest: operatorGuard(ctx.config.operatorToken) };
    app.post(
      '/api/operator/players/:id/bonuses',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Gives a player a bonus from a template',
          params: bonusIdParamsSchema,
          body: grantBonusRequestSchema,
          response: { 200: playerBonusSchema },
        },
      },
      (request) =>
        grants.grant(
          request.params.id,
          request.body.template_key,
          request.body.currency,
          request.body.idempotency_key,
          request.body.amount_cents,
        ),
    );
    app.post(
      '/api/operator/players/:id/freespins',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Gives a player free spins from a free-spins template',
          params: bonusIdParamsSchema,
          body: grantBonusRequestSchema.omit({ amount_cents: true }),
          response: { 200: playerFreespinSchema },
        },
      },
      (request) =>
        grants.grantFreespins(
          request.params.id,
          request.body.template_key,
          request.body.currency,
          request.body.idempotency_key,
        ),
    );
  };
}
