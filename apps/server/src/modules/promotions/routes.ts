import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  lootboxActivationResponseSchema,
  lootboxesResponseSchema,
  lootboxParamsSchema,
  lootboxSchema,
  operatorLootboxRequestSchema,
  WHEEL_BONUS_WAGER,
  WHEEL_SPINS_WAGER,
  wheelTermsResponseSchema,
  batchQuerySchema,
  batchResponseSchema,
  lotteriesResponseSchema,
  lotterySchema,
  lotteryStatusesResponseSchema,
  lotteryStatusSchema,
  promoParamsSchema,
  tournamentConfirmBodySchema,
  tournamentConfirmResponseSchema,
  tournamentPlayerResponseSchema,
  tournamentSchema,
  tournamentsQuerySchema,
  tournamentsRecentResponseSchema,
  tournamentsResponseSchema,
  tournamentStatusSchema,
} from '@orbit/contracts';
import { z } from 'zod';
import type { ModuleContext } from '../../platform/context';
import { operatorGuard } from '../../platform/http/operator';
import { publishToPlayer } from '../../platform/realtime/channels';
import { membershipsOf, playerCurrencies } from '../identity';
import { fromEurIn, lootboxPushes, presentLootbox, tiersFor, type LootboxService } from './lootboxes';
import { pageAmountIn, tierTerms } from './wheel-terms';
import { notFound, unprocessable } from '../../platform/errors';
import { requestLocale } from '../cms';
import { currentPlayer, requirePlayer } from '../identity';
import { listAccounts } from '../wallet';
import type { LotteryService } from './lotteries';
import { statusOf, type TournamentService } from './tournaments';
import { noStore } from '../../platform/http/no-store';
import { batchCalls } from './batch';

const tags = ['promotions'];
/** The tester group sees every promotion page, test quests included (spec "tester flag"). */
export const TESTER_GROUP_ID = 21;

export function promotionRoutes(tournaments: TournamentService, lotteries: LotteryService, lootboxes: LootboxService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tournamentOr404 = async (id: string) => {
      const t = await tournaments.one(id);
      if (!t) throw notFound();
      return t;
    };
    const lotteryOr404 = async (id: string) => {
      const l = await lotteries.one(id);
      if (!l) throw notFound();
      return l;
    };

    // ---- tournaments, quests, achievements --------------------------------------------------------
    app.get(
      '/api/tournaments',
      {
        schema: {
          tags,
          summary: 'Tournaments, quests and achievements: active, then future, then archive',
          querystring: tournamentsQuerySchema,
          response: { 200: tournamentsResponseSchema },
        },
      },
      async (request) => {
        const player = await currentPlayer(request);
        const groupIds = player?.groupIds ?? null;
        const asked = request.query.test_quests === '1' || request.query.test_quests === 'true';
        const rows = await tournaments.list({
          testQuests: asked || (groupIds ?? []).includes(TESTER_GROUP_ID),
          groupIds,
        });
        return Promise.all(
          rows.map((t) => tournaments.present(ctx.db, t, player?.user.id ?? null, requestLocale(request))),
        );
      },
    );
    app.get(
      '/api/tournaments/player',
      {
        schema: {
          tags,
          summary: "The player's standings in the tournaments they take part in",
          response: { 200: tournamentPlayerResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return tournaments.playerStandings(player.user.id);
      },
    );
    app.get(
      '/api/tournaments/recent',
      {
        schema: {
          tags,
          summary: 'Tournaments finished in the last 30 days, newest first',
          response: { 200: tournamentsRecentResponseSchema },
        },
      },
      async (request) => {
        const player = await currentPlayer(request);
        const rows = await tournaments.recent();
        return Promise.all(
          rows.map((t) => tournaments.present(ctx.db, t, player?.user.id ?? null, requestLocale(request))),
        );
      },
    );
    app.get(
      '/api/tournaments/:id',
      {
        schema: {
          tags,
          summary: 'One tournament by id or by its slug',
          params: promoParamsSchema,
          response: { 200: tournamentSchema },
        },
      },
      async (request) => {
        const player = await currentPlayer(request);
        const t = await tournamentOr404(request.params.id);
        return tournaments.present(ctx.db, t, player?.user.id ?? null, requestLocale(request));
      },
    );
    app.get(
      '/api/tournaments/:id/status',
      {
        schema: {
          tags,
          summary: "The player's standing (and a quest's levels)",
          params: promoParamsSchema,
          response: { 200: tournamentStatusSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const t = await tournamentOr404(request.params.id);
        reply.headers(noStore);
        return tournaments.standing(ctx.db, t, player.user.id);
      },
    );
    app.post(
      '/api/tournaments/:id/confirm',
      {
        schema: {
          tags,
          summary: 'Joins a tournament that asks for confirmation',
          params: promoParamsSchema,
          body: tournamentConfirmBodySchema,
          response: { 200: tournamentConfirmResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const t = await tournamentOr404(request.params.id);
        if (statusOf(t, ctx.clock.now()) === 'archive' || t.finishedAt) throw unprocessable('tournament_finished');
        const currencies = (await listAccounts(ctx.db, player.user.id)).map((a) => a.currency);
        const eligible = await tournaments.eligible(
          ctx.db,
          t,
          player.user.id,
          t.currencies.find((c) => currencies.includes(c) || c === player.user.currency) ?? player.user.currency,
        );
        if (!eligible) throw unprocessable('tournament_not_eligible');
        await tournaments.confirm(t, player.user.id);
        reply.headers(noStore);
        return tournaments.standing(ctx.db, t, player.user.id);
      },
    );

    // ---- /batch -----------------------------------------------------------------------------------
    app.get(
      '/batch',
      {
        schema: {
          tags,
          summary: "Up to 12 of this server's GET calls at once (statuses); a failed one answers {}",
          querystring: batchQuerySchema,
          response: { 200: batchResponseSchema },
        },
      },
      async (request, reply) => {
        // Each url resolved and checked before any call; a refused one refuses the batch (batch.ts).
        const calls = batchCalls(request.query);
        // The visitor's address and host as this request resolved them (as a page's own API calls).
        const headers: Record<string, string> = request.host ? { host: request.host } : {};
        for (const name of ['cookie', 'accept-language', 'x-requested-with', 'accept-client'])
          if (typeof request.headers[name] === 'string') headers[name] = request.headers[name];
        const answers = await Promise.all(
          [...calls].map(async ([url, target]) => {
            try {
              const res = await fastify.inject({ method: 'GET', url: target, headers, remoteAddress: request.ip });
              return [url, res.statusCode === 200 ? (res.json() as unknown) : {}] as const;
            } catch {
              return [url, {}] as const;
            }
          }),
        );
        reply.headers(noStore);
        return Object.fromEntries(answers);
      },
    );

    // ---- loot boxes and wheels ---------------------------------------------------------------------
    app.get(
      '/api/player/lootboxes',
      {
        schema: {
          tags,
          summary: "The player's loot boxes: issued ones, and those opened today",
          response: { 200: lootboxesResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        const locale = requestLocale(request);
        return (await lootboxes.list(player.user.id)).map((row) => presentLootbox(row, locale));
      },
    );
    app.get(
      '/api/wheel',
      {
        schema: {
          tags,
          summary:
            "The wheel's terms for the asking player (a guest: the default group, EUR): each tier's cost and top prize, the cap on a bonus prize's winnings, the wagers",
          response: { 200: wheelTermsResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await currentPlayer(request);
        const groups = player ? player.groupIds : [];
        const currency = player
          ? ((await playerCurrencies(ctx.db, [player.user.id])).get(player.user.id) ?? 'EUR')
          : 'EUR';
        const wheel = await lootboxes.wheel();
        const fromEur = await fromEurIn(ctx.db, currency);
        reply.headers(noStore);
        return {
          enabled: wheel.tiers.enabled,
          source: tiersFor(wheel, groups).source,
          currency,
          tiers: tierTerms(wheel, groups, currency, fromEur),
          max_win: pageAmountIn(wheel.page?.maxWin, currency, fromEur),
          bonus_wager: WHEEL_BONUS_WAGER,
          free_spins_wager: wheel.page?.freeSpinsWager ?? WHEEL_SPINS_WAGER,
          spin_rate: pageAmountIn(wheel.page?.spinRate, currency, fromEur),
        };
      },
    );
    app.post(
      '/api/player/lootboxes/:id/activation',
      {
        schema: {
          tags,
          summary: 'Opens a loot box: draws one item by weight and issues its prize, once',
          params: lootboxParamsSchema,
          response: { 200: lootboxActivationResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const opened = await lootboxes.activate(player.user.id, request.params.id);
        // The answer in the page's locale; the push, which other tabs get too, in the player's saved one.
        for (const { box } of await lootboxPushes(ctx.db, [opened]))
          await publishToPlayer(ctx.pubsub, player.user.id, 'lootboxes_changes', box);
        reply.headers(noStore);
        return presentLootbox(opened, requestLocale(request));
      },
    );
    app.post(
      '/api/operator/players/:id/lootboxes',
      {
        onRequest: operatorGuard(ctx.config.operatorToken),
        schema: {
          tags: ['operator'],
          summary: 'Issues a wheel loot box of a tier to a player, once per idempotency key',
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: operatorLootboxRequestSchema,
          response: { 200: lootboxSchema },
        },
      },
      async (request) => {
        const userId = request.params.id;
        const groups = (await membershipsOf(ctx.db, userId)).map((g) => g.id);
        const wheel = await lootboxes.wheel();
        const { row, created } = await ctx.db.transaction((tx) =>
          lootboxes.issueWheel(
            tx,
            wheel,
            userId,
            groups,
            request.body.currency,
            request.body.tier,
            `operator:${request.body.idempotency_key}`,
            ctx.clock.now(),
            request.body.valid_days,
          ),
        );
        // The operator reads the box as issued (English); the player's push is in their saved locale.
        if (created)
          for (const { box } of await lootboxPushes(ctx.db, [row]))
            await publishToPlayer(ctx.pubsub, userId, 'lootboxes_changes', box);
        return presentLootbox(row);
      },
    );

    // ---- lotteries --------------------------------------------------------------------------------
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
