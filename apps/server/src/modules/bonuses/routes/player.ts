import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bonusCancelInfoSchema,
  bonusIdParamsSchema,
  playerBonusesResponseSchema,
  playerBonusSchema,
  playerFreespinSchema,
  playerFreespinsResponseSchema,
} from '@orbit/contracts';
import { requestLocale } from '../../cms';
import { requirePlayer } from '../../identity';
import type { FreespinsService } from '../freespins';
import type { BonusLifecycle } from '../lifecycle';
import { noStore } from '../../../platform/http/no-store';

const tags = ['bonuses'];

/** The player's bonuses: listed, activated, cancelled (and what cancelling would take). */
export function playerBonusRoutes(service: BonusLifecycle) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/player/bonuses',
      {
        schema: { tags, summary: "The player's bonuses, newest first", response: { 200: playerBonusesResponseSchema } },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return service.list(player.user.id, requestLocale(request));
      },
    );
    app.get(
      '/api/player/bonuses/:id/cancel_info',
      {
        schema: {
          tags,
          summary: 'What cancelling the bonus would remove and what stays withdrawable',
          params: bonusIdParamsSchema,
          response: { 200: bonusCancelInfoSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return service.cancelInfo(player.user.id, request.params.id);
      },
    );
    app.post(
      '/api/player/bonuses/:id/activation',
      {
        schema: {
          tags,
          summary: 'Activates an issued bonus: its money moves to the bonus balance and wagering starts',
          params: bonusIdParamsSchema,
          response: { 200: playerBonusSchema },
        },
      },
      async (request) => service.activate((await requirePlayer(request)).user.id, request.params.id),
    );
    app.delete(
      '/api/player/bonuses/:id',
      {
        schema: {
          tags,
          summary: 'Cancels a bonus: its bonus money and winnings are forfeited',
          params: bonusIdParamsSchema,
          response: { 200: playerBonusSchema },
        },
      },
      async (request) => service.cancel((await requirePlayer(request)).user.id, request.params.id),
    );
  };
}

/** The player's free spins: listed, activated, cancelled. */
export function playerFreespinRoutes(freespins: FreespinsService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/player/freespins',
      {
        schema: {
          tags,
          summary: "The player's free spins, newest first",
          response: { 200: playerFreespinsResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return freespins.list(player.user.id, requestLocale(request));
      },
    );
    app.post(
      '/api/player/freespins/:id/activation',
      {
        schema: {
          tags,
          summary: 'Activates free spins: the studio offers them in their games',
          params: bonusIdParamsSchema,
          response: { 200: playerFreespinSchema },
        },
      },
      async (request) => freespins.activate((await requirePlayer(request)).user.id, request.params.id),
    );
    app.delete(
      '/api/player/freespins/:id',
      {
        schema: {
          tags,
          summary: 'Cancels free spins: the spins left are withdrawn and their wins so far are not paid',
          params: bonusIdParamsSchema,
          response: { 200: playerFreespinSchema },
        },
      },
      async (request) => freespins.cancel((await requirePlayer(request)).user.id, request.params.id),
    );
  };
}
