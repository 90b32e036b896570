import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  lootboxActivationResponseSchema,
  lootboxesResponseSchema,
  lootboxParamsSchema,
  WHEEL_BONUS_WAGER,
  wheelTermsResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { publishToPlayer } from '../../../platform/realtime/channels';
import { playerCurrencies } from '../../identity';
import { fromEurIn, lootboxPushes, presentLootbox, tiersFor, type LootboxService } from '../lootboxes';
import { wheelSpinRate, wheelSpinsWager } from '../wheel-page';
import { pageAmountIn, tierTerms } from '../wheel-terms';
import { requestLocale } from '../../cms';
import { currentPlayer, requirePlayer } from '../../identity';
import { noStore } from '../../../platform/http/no-store';

const tags = ['promotions'];

/** The player's loot boxes and the wheel's terms. */
export function lootboxRoutes(lootboxes: LootboxService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
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
        const templates = await fastify.orbitBonuses.templates();
        reply.headers(noStore);
        return {
          enabled: wheel.tiers.enabled,
          source: tiersFor(wheel, groups).source,
          currency,
          tiers: tierTerms(wheel, groups, currency, fromEur),
          max_win: pageAmountIn(wheel.page?.maxWin, currency, fromEur),
          bonus_wager: WHEEL_BONUS_WAGER,
          // The spins' template is the rule they are granted and wagered by, not a page's copy of it.
          free_spins_wager: wheelSpinsWager(templates),
          spin_rate: pageAmountIn(wheelSpinRate(templates), currency, fromEur),
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
  };
}
