import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accrualRuleSchema,
  assignManagerRequestSchema,
  compPointRateInputSchema,
  compPointRateParamsSchema,
  compPointRateSchema,
  compPointRatesResponseSchema,
  compPointsSchema,
  exchangeResponseSchema,
  loyaltyLevelSchema,
  loyaltyLevelsResponseSchema,
  managerInputSchema,
  managersRequestSchema,
  managersResponseSchema,
  moneyExchangeRequestSchema,
  moneyRewardsResponseSchema,
  operatorManagerSchema,
  operatorManagersResponseSchema,
  playerAdventureResponseSchema,
  playerLevelSchema,
  rewardTypeParamsSchema,
  typedExchangeRequestSchema,
  typedRewardsResponseSchema,
  VIP_STATUS_GROUP_IDS,
  VIP_STATUSES,
  vipProgressSchema,
  vipStatusesResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { operatorGuard } from '../../platform/http/operator';
import { requestLocale } from '../cms';
import { currentPlayer, requirePlayer, type CurrentPlayer } from '../identity';
import { DEFAULT_CURRENCY, listAccounts, referenceRatesNow } from '../wallet';
import type { AdventureService } from './adventures';
import { allLevels, levelEmblemSvg, playerLevel } from './levels';
import { assignManager, createManager, listManagers, managerOf, presentManager, updateManager } from './managers';
import { compPointsOf } from './points';
import { compPointAccrualRules } from './schema';
import type { ShopService } from './shop';
import { STATUS_NAMES, thresholdsFor, vipProgress } from './vip';
import { noStore } from '../../platform/http/no-store';

const tags = ['loyalty'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

export function loyaltyRoutes(shop: ShopService, adventures: AdventureService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    /** The currency the player plays in now (their active account). */
    const activeCurrency = async (player: CurrentPlayer): Promise<string> =>
      (await listAccounts(ctx.db, player.user.id)).find((a) => a.active)?.currency ?? player.user.currency;
    /** One click's key: the `Idempotency-Key` header, else the body's; none: every call is its own exchange. */
    const keyOf = (headers: Record<string, unknown>, body: string | undefined) => {
      const header = headers['idempotency-key'];
      const fromHeader = typeof header === 'string' && header.length >= 8 && header.length <= 100 ? header : undefined;
      return fromHeader ?? body ?? randomUUID();
    };

    // The levels' emblems that `image` names (drawn, so that no level points at a missing file).
    app.get(
      '/images/levels/:file',
      {
        schema: {
          tags,
          summary: "A level's emblem (SVG drawn by the platform)",
          params: z.object({ file: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const rank = /^level-(\d{1,2})\.svg$/.exec(request.params.file)?.[1];
        const svg = rank ? levelEmblemSvg(Number(rank)) : undefined;
        if (!svg) throw notFound();
        return reply
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .send(svg);
      },
    );

    // ---- comp points and the shop ----------------------------------------------------------------
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

    // ---- levels --------------------------------------------------------------------------------
    app.get(
      '/api/loyalty/levels',
      { schema: { tags, summary: 'The twelve levels', response: { 200: loyaltyLevelsResponseSchema } } },
      (request) => allLevels(requestLocale(request)),
    );
    app.get(
      '/api/loyalty/levels/:id',
      {
        schema: {
          tags,
          summary: 'One level',
          params: z.object({ id: z.string() }),
          response: { 200: loyaltyLevelSchema },
        },
      },
      async (request) => {
        const level = allLevels(requestLocale(request)).find((l) => l.id === request.params.id);
        if (!level) throw notFound();
        return level;
      },
    );
    app.get(
      '/api/player/level',
      { schema: { tags, summary: "The player's level and the next", response: { 200: playerLevelSchema } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return playerLevel((await compPointsOf(ctx.db, player.user.id)).persistent.points, requestLocale(request));
      },
    );

    // ---- VIP club ------------------------------------------------------------------------------
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

    // ---- personal managers and adventures ------------------------------------------------------
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

    // ---- operator ------------------------------------------------------------------------------
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
          params: z.object({ currency: z.string().regex(/^([A-Z]{3,5}|\*)$/, 'invalid') }),
          body: accrualRuleSchema,
          response: { 200: accrualRuleSchema },
        },
      },
      async (request) => {
        const values = {
          currency: request.params.currency,
          centsPerPoint: request.body.cents_per_point,
          contributions: request.body.contributions,
        };
        await ctx.db
          .insert(compPointAccrualRules)
          .values(values)
          .onConflictDoUpdate({ target: compPointAccrualRules.currency, set: values });
        return request.body;
      },
    );
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
