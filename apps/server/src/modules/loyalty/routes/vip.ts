import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  managersRequestSchema,
  managersResponseSchema,
  playerAdventureResponseSchema,
  VIP_STATUS_GROUP_IDS,
  VIP_STATUSES,
  vipProgressSchema,
  vipStatusesResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { requestLocale } from '../../cms';
import { currentPlayer, requirePlayer } from '../../identity';
import { DEFAULT_CURRENCY, referenceRatesNow } from '../../wallet';
import type { AdventureService } from '../adventures';
import { managerOf, presentManager } from '../managers';
import { STATUS_NAMES, thresholdsFor, vipProgress } from '../vip';
import { noStore } from '../../../platform/http/no-store';

const tags = ['loyalty'];

/** The VIP club: the player's status and progress, and the statuses' thresholds. */
export function vipRoutes() {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/jam/vip_status_progress',
      {
        schema: {
          tags,
          summary: "The VIP status and this quarter's progress (a guest: regular, nothing yet)",
          querystring: z.object({
            currency: z
              .string()
              .regex(/^[A-Z]{3,5}$/)
              .optional(),
          }),
          response: { 200: vipProgressSchema },
        },
      },
      async (request, reply) => {
        const player = await currentPlayer(request);
        reply.headers(noStore);
        if (!player) return vipProgress(ctx.db, null, request.query.currency ?? DEFAULT_CURRENCY, ctx.clock.now());
        return vipProgress(ctx.db, player.user.id, player.user.currency, ctx.clock.now());
      },
    );
    app.get(
      '/api/vip/statuses',
      {
        schema: {
          tags,
          summary: "The VIP statuses with their quarterly thresholds in a currency (the player's by default)",
          querystring: z.object({
            currency: z
              .string()
              .regex(/^[A-Z]{3,5}$/)
              .optional(),
          }),
          response: { 200: vipStatusesResponseSchema },
        },
      },
      async (request) => {
        const player = await currentPlayer(request);
        const currency = request.query.currency ?? player?.user.currency ?? DEFAULT_CURRENCY;
        const rates = await referenceRatesNow(ctx.db);
        return VIP_STATUSES.map((key, i) => {
          const th = thresholdsFor(key, currency, rates);
          return {
            key,
            group_id: VIP_STATUS_GROUP_IDS[key],
            name: STATUS_NAMES[key],
            position: i + 1,
            currency,
            deposit_threshold_cents: th.deposit,
            bet_threshold_cents: th.bet,
            life_long: key === 'diamond',
          };
        });
      },
    );
  };
}

/** The personal manager and the adventure calendar. */
export function managerAndAdventureRoutes(adventures: AdventureService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    for (const prefix of ['/api/fe/config', '/api-fe/config']) {
      app.post(
        `${prefix}/managers`,
        {
          schema: {
            tags,
            summary: "The player's personal manager (only the contacts present)",
            body: managersRequestSchema,
            response: { 200: managersResponseSchema },
          },
        },
        async (request, reply) => {
          const player = await currentPlayer(request);
          reply.headers(noStore);
          // A player's own groups count, never the ones the page claims.
          const manager = player ? await managerOf(ctx.db, player.user.id, player.groupIds) : undefined;
          return { manager: manager ? presentManager(manager) : null };
        },
      );
    }
    app.get(
      '/api/player/adventure',
      {
        schema: { tags, summary: "The player's adventure calendar", response: { 200: playerAdventureResponseSchema } },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return {
          adventure: await adventures.state(
            ctx.db,
            player.user.id,
            player.groupIds,
            player.user.createdAt,
            requestLocale(request),
          ),
        };
      },
    );
  };
}
