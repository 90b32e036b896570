import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  lotteriesOfferedResponseSchema,
  lotteriesResponseSchema,
  lotterySchema,
  lotteryStatusesResponseSchema,
  lotteryStatusSchema,
  promoParamsSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { requestLocale } from '../../cms';
import { currentPlayer, playerGroupsOf, requirePlayer } from '../../identity';
import type { LotteryService } from '../lotteries';
import { noStore } from '../../../platform/http/no-store';

const tags = ['promotions'];

/** The lotteries, and the player's tickets in one. */
export function lotteryRoutes(lotteries: LotteryService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const lotteryOr404 = async (id: string) => {
      const l = await lotteries.one(id);
      if (!l) throw notFound();
      return l;
    };
    app.get(
      '/api/lotteries',
      {
        schema: {
          tags,
          summary: 'Lotteries: active, then future, then archive',
          response: { 200: lotteriesResponseSchema },
        },
      },
      async (request) => {
        const player = await currentPlayer(request);
        const rows = await lotteries.list(player?.groupIds ?? null);
        return Promise.all(
          rows.map((l) => lotteries.present(ctx.db, l, player?.user.id ?? null, requestLocale(request))),
        );
      },
    );
    app.get(
      '/api/lotteries/offered_count',
      {
        schema: {
          tags,
          summary: 'How many lotteries are offered to this visitor (by the player’s groups)',
          response: { 200: lotteriesOfferedResponseSchema },
        },
      },
      // By the groups alone, never who the player is: a signed-in lobby stays the guests' copy of its audience.
      async (request) => ({ count: (await lotteries.list(await playerGroupsOf(request))).length }),
    );
    app.get(
      '/api/lotteries/statuses',
      {
        schema: {
          tags,
          summary: "The player's tickets in every lottery they hold some",
          response: { 200: lotteryStatusesResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        const rows = await lotteries.list(player.groupIds);
        const statuses = await Promise.all(rows.map((l) => lotteries.status(ctx.db, l, player.user.id)));
        return statuses.filter((s) => s.tickets_count > 0);
      },
    );
    app.get(
      '/api/lotteries/:id',
      {
        schema: {
          tags,
          summary: 'One lottery by slug (or id), with its draw data',
          params: promoParamsSchema,
          response: { 200: lotterySchema },
        },
      },
      async (request) => {
        const player = await currentPlayer(request);
        const l = await lotteryOr404(request.params.id);
        return lotteries.present(ctx.db, l, player?.user.id ?? null, requestLocale(request));
      },
    );
    app.get(
      '/api/lotteries/:id/status',
      {
        schema: {
          tags,
          summary: "The player's tickets in one lottery",
          params: promoParamsSchema,
          response: { 200: lotteryStatusSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const l = await lotteryOr404(request.params.id);
        reply.headers(noStore);
        return lotteries.status(ctx.db, l, player.user.id);
      },
    );
  };
}
