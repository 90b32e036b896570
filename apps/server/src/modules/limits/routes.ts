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
import type { ModuleContext } from '../../platform/context';
import { exclusionMarkCookie } from '../../platform/http/exclusion-mark';
import { requirePlayer } from '../identity';
import type { LimitsService } from './service';
import { noStore } from '../../platform/http/no-store';

const limits = { tags: ['limits'] };

/** The player's limits: listed, set, removed, and confirmed by the mailed token. */
export function userLimitRoutes(service: LimitsService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { clock } = ctx;
    const secure = ctx.config.env === 'production';
    app.get(
      '/api/user_limits',
      {
        schema: {
          ...limits,
          summary: "The player's limits in force, with this period's usage and pending changes",
          response: { 200: userLimitsResponseSchema },
        },
      },
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
          summary:
            'Sets a limit: new or lower at once, higher after 24 hours and a mailed confirmation; cooling-off and self-exclusion start at once and sign the player out',
          body: createUserLimitRequestSchema,
          response: { 200: userLimitsResponseSchema },
        },
      },
      async (request, reply) => {
        const limits = await service.set((await requirePlayer(request)).user.id, request.body);
        const exclusion = limits.find(
          (l) => l.type === request.body.type && (l.type === 'cooling_off' || l.type === 'self_exclusion'),
        );
        // This device keeps the exclusion's end: demo play closes where the licence says so.
        if (exclusion)
          reply.header(
            'set-cookie',
            exclusionMarkCookie(exclusion.disable_at ? new Date(exclusion.disable_at) : null, clock.now(), secure),
          );
        return limits;
      },
    );

    app.delete(
      '/api/user_limits/:id',
      {
        schema: {
          ...limits,
          summary: 'Asks to remove a limit: applies after 24 hours and a mailed confirmation',
          params: userLimitIdParamsSchema,
          response: { 200: userLimitsResponseSchema },
        },
      },
      async (request) => service.remove((await requirePlayer(request)).user.id, request.params.id),
    );

    // The mailed token is the proof: no session needed (the mail may be opened on another device).
    app.post(
      '/api/user_limits/confirm',
      {
        schema: {
          ...limits,
          summary: 'Confirms a raise or removal with its mailed token',
          body: confirmUserLimitRequestSchema,
          response: { 200: confirmUserLimitResponseSchema },
        },
      },
      async (request) => service.confirm(request.body.token),
    );
  };
}

/** The responsible-gaming settings. */
export function responsibleGamingRoutes(service: LimitsService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/responsible_gaming',
      {
        schema: {
          ...limits,
          summary: "This session's time played and net position, and the reality-check interval",
          response: { 200: responsibleGamingResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return service.responsibleGaming(player);
      },
    );

    app.patch(
      '/api/responsible_gaming',
      {
        schema: {
          ...limits,
          summary: 'Sets the reality-check interval (0, 15, 30 or 60 minutes)',
          body: updateResponsibleGamingRequestSchema,
          response: { 200: responsibleGamingResponseSchema },
        },
      },
      async (request) => service.setRealityCheck(await requirePlayer(request), request.body.reality_check_minutes),
    );
  };
}
