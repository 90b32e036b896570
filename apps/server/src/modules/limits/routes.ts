import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmUserLimitRequestSchema,
  confirmUserLimitResponseSchema,
  createUserLimitRequestSchema,
  responsibleGamingResponseSchema,
  updateResponsibleGamingRequestSchema,
  userLimitIdParamsSchema,
  userLimitsResponseSchema,
} from '@orbit/contracts';
import { requirePlayer } from '../identity';
import type { LimitsService } from './service';

const limits = { tags: ['limits'] };
const noStore = { 'cache-control': 'no-store' };

export function limitsRoutes(service: LimitsService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/user_limits',
      { schema: { ...limits, summary: "The player's limits in force, with this period's usage and pending changes", response: { 200: userLimitsResponseSchema } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return service.list(player.user.id);
      },
    );

    app.post(
      '/api/user_limits',
      {
        schema: {
          ...limits,
          summary: 'Sets a limit: new or lower at once, higher after 24 hours and a mailed confirmation; cooling-off and self-exclusion start at once and sign the player out',
          body: createUserLimitRequestSchema,
          response: { 200: userLimitsResponseSchema },
        },
      },
      async (request) => service.set((await requirePlayer(request)).user.id, request.body),
    );

    app.delete(
      '/api/user_limits/:id',
      { schema: { ...limits, summary: 'Asks to remove a limit: applies after 24 hours and a mailed confirmation', params: userLimitIdParamsSchema, response: { 200: userLimitsResponseSchema } } },
      async (request) => service.remove((await requirePlayer(request)).user.id, request.params.id),
    );

    // The mailed token is the proof: no session needed (the mail may be opened on another device).
    app.post(
      '/api/user_limits/confirm',
      { schema: { ...limits, summary: 'Confirms a raise or removal with its mailed token', body: confirmUserLimitRequestSchema, response: { 200: confirmUserLimitResponseSchema } } },
      async (request) => service.confirm(request.body.token),
    );

    app.get(
      '/api/responsible_gaming',
      { schema: { ...limits, summary: "This session's time played and net position, and the reality-check interval", response: { 200: responsibleGamingResponseSchema } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return service.responsibleGaming(player);
      },
    );

    app.patch(
      '/api/responsible_gaming',
      { schema: { ...limits, summary: 'Sets the reality-check interval (0, 15, 30 or 60 minutes)', body: updateResponsibleGamingRequestSchema, response: { 200: responsibleGamingResponseSchema } } },
      async (request) => service.setRealityCheck(await requirePlayer(request), request.body.reality_check_minutes),
    );
  };
}
