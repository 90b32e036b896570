import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  compPointsSchema,
  exchangeResponseSchema,
  moneyExchangeRequestSchema,
  moneyRewardsResponseSchema,
  rewardTypeParamsSchema,
  typedExchangeRequestSchema,
  typedRewardsResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { requestLocale } from '../../cms';
import { requirePlayer, type CurrentPlayer } from '../../identity';
import { listAccounts } from '../../wallet';
import { compPointsOf } from '../points';
import type { ShopService } from '../shop';
import { noStore } from '../../../platform/http/no-store';

const tags = ['loyalty'];
/** The currency the player plays in now (their active account). */
const activeCurrencyOf =
  (ctx: ModuleContext) =>
  async (player: CurrentPlayer): Promise<string> =>
    (await listAccounts(ctx.db, player.user.id)).find((a) => a.active)?.currency ?? player.user.currency;
/** One click's key: the `Idempotency-Key` header, else the body's; none: every call is its own exchange. */
const keyOf = (headers: Record<string, unknown>, body: string | undefined) => {
  const header = headers['idempotency-key'];
  const fromHeader = typeof header === 'string' && header.length >= 8 && header.length <= 100 ? header : undefined;
  return fromHeader ?? body ?? randomUUID();
};

/** The player's comp points and the shop's rewards. */
export function shopRoutes(shop: ShopService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/player/comp_points',
      { schema: { tags, summary: "The player's comp points", response: { 200: compPointsSchema } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return compPointsOf(ctx.db, player.user.id);
      },
    );
    app.get(
      '/api/comp_points/rates/money',
      { schema: { tags, summary: 'The money rewards of the shop', response: { 200: moneyRewardsResponseSchema } } },
      (request) => shop.moneyRewards(requestLocale(request)),
    );
    app.get(
      '/api/comp_points/rates/:type',
      {
        schema: {
          tags,
          summary: 'The rewards of one kind (loot boxes and lotteries: none yet)',
          params: rewardTypeParamsSchema,
          response: { 200: typedRewardsResponseSchema },
        },
      },
      async (request) =>
        (await shop.typedRewards(request.params.type, requestLocale(request))) as z.infer<
          typeof typedRewardsResponseSchema
        >,
    );
  };
}

/** Comp points exchanged for money, or for a reward of a kind. */
export function exchangeRoutes(shop: ShopService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const activeCurrency = activeCurrencyOf(ctx);
    app.post(
      '/api/comp_points/exchange/money',
      {
        schema: {
          tags,
          summary: 'Spends comp points on money (a bonus with its wager, or real money)',
          body: moneyExchangeRequestSchema,
          response: { 200: exchangeResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const e = request.body.exchange;
        reply.headers(noStore);
        return shop.exchange(player.user.id, player.groupIds, await activeCurrency(player), {
          type: 'money',
          group: e.group,
          points: e.points,
          quantity: e.quantity,
          confirmed: e.confirmed,
          currency: e.currency,
          idempotencyKey: keyOf(request.headers, e.idempotency_key),
        });
      },
    );
    app.post(
      '/api/comp_points/exchange/:type',
      {
        schema: {
          tags,
          summary: 'Spends comp points on free spins, loot boxes or lottery tickets',
          params: rewardTypeParamsSchema,
          body: typedExchangeRequestSchema,
          response: { 200: exchangeResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const e = request.body.exchange;
        reply.headers(noStore);
        return shop.exchange(player.user.id, player.groupIds, await activeCurrency(player), {
          type: request.params.type,
          group: e.group,
          points: 'points' in e ? e.points : 0,
          quantity: 'tickets_count' in e ? e.tickets_count : e.quantity,
          confirmed: e.confirmed,
          currency: undefined,
          lotteryId: 'lottery_id' in e ? e.lottery_id : undefined,
          idempotencyKey: keyOf(request.headers, e.idempotency_key),
        });
      },
    );
  };
}
