import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lootboxSchema, operatorLootboxRequestSchema } from '@orbit/contracts';
import { z } from 'zod';
import type { ModuleContext } from '../../../platform/context';
import { operatorGuard } from '../../../platform/http/operator';
import { publishToPlayer } from '../../../platform/realtime/channels';
import { membershipsOf } from '../../identity';
import { lootboxPushes, presentLootbox, type LootboxService } from '../lootboxes';

/** The operator issues a wheel loot box to a player. */
export function operatorLootboxRoutes(lootboxes: LootboxService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
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
  };
}
