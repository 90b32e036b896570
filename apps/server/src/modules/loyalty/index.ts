/**
 * The loyalty module's public face (docs/loyalty.md): comp points earned from bets and spent in
 * the shop, the twelve levels, the VIP club's quarterly statuses and progress, personal managers
 * and the adventure calendar. Everything it counts comes from other modules' events after they
 * commit (the wallet's transfers, the cashbox's deposits played through), never on the bet's own path.
 */
import type { GroupsUpdate } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import type { OrbitModule } from '../../platform/module';
import { publishToPlayer, type PrivateChannel } from '../../platform/realtime/channels';
import { DEPOSIT_PLAYED_TOPIC, type DepositPlayedEvent } from '../cashbox';
import { CmsService } from '../cms';
import { settledPlays } from '../games';
import { membershipsOf, playerCurrencies } from '../identity';
import { playsOf, TRANSFER_TOPIC, transfersOf } from '../wallet';
import { AdventureService } from './adventures';
import { LoyaltyDesk } from './desk';
import { accrueFromPlays } from './points';
import { PromotionRewardsDoor } from './promotion-door';
import { levelEmblemRoutes, levelRoutes } from './routes/levels';
import { operatorManagerRoutes, operatorShopRoutes } from './routes/operator';
import { exchangeRoutes, shopRoutes } from './routes/shop';
import { managerAndAdventureRoutes, vipRoutes } from './routes/vip';
import { vipCountedDeposits } from './schema';
import { seedLoyalty } from './seed';
import { COMP_POINTS_SPENT_TOPIC, ShopService, type CompPointsSpentEvent } from './shop';
import { addSums, endedStatuses, evaluateStatuses } from './vip';
import { loyaltyDailyActivity } from './schema';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { dayOf } from './adventures';

export { compPointsOf, addPoints } from './points';
export { loyaltyStanding, type LoyaltyStanding } from './standing';
export { PromotionRewardsDoor, type PromotionRewards, type LotteryTicketsAsk } from './promotion-door';
export type { LoyaltyDesk, LoyaltyChangeHook, PlayerManager } from './desk';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the shop reaches the promotions (lottery tickets for points); served by promotions. */
    orbitPromotionRewards: PromotionRewardsDoor;
    /** The back office's door to the shop's cards, the accrual rules and the VIP managers. */
    orbitLoyaltyDesk: LoyaltyDesk;
  }
}

/** How often the quarter sweep looks for statuses of a past quarter. */
const QUARTER_SWEEP_MS = 60_000;

/** The player's groups after a change, as `groups_updates` carries them. */
async function groupsUpdate(db: Executor, userId: number, reason: GroupsUpdate['reason']): Promise<GroupsUpdate> {
  const memberships = await membershipsOf(db, userId);
  return {
    groups: memberships.map((g) => g.id),
    statuses: memberships.map((g) => ({ id: g.id, name: g.name })),
    reason,
  };
}

export const loyaltyModule: OrbitModule = {
  name: 'loyalty',
  routes: async (app, ctx) => {
    // The promotions serve this door (lottery tickets for points) once they are mounted.
    const promotionRewards = new PromotionRewardsDoor();
    app.decorate('orbitPromotionRewards', promotionRewards);
    app.decorate('orbitLoyaltyDesk', new LoyaltyDesk(ctx.db, ctx.clock));
    const shop = new ShopService(ctx.db, ctx.clock, app.orbitBonuses, promotionRewards);
    const adventures = new AdventureService(ctx.db, ctx.clock, new CmsService(ctx.db), app.orbitBonuses, ctx.log);
    const publish = (userId: number, channel: PrivateChannel, data: unknown) =>
      publishToPlayer(ctx.pubsub, userId, channel, data);

    // Points from bets, many at once; each bet once (its transfer id is the key).
    ctx.outbox.onBatch(TRANSFER_TOPIC, 'loyalty.comp-points', async (events, { tx, afterCommit }) => {
      const awards = await accrueFromPlays(
        tx,
        await settledPlays(tx, transfersOf(events), { eur: true }),
        ctx.clock.now(),
      );
      for (const { userId, award, levelChanged } of awards) {
        const update = levelChanged ? await groupsUpdate(tx, userId, 'level') : undefined;
        afterCommit(async () => {
          await publish(userId, 'comps_award', award);
          if (update) await publish(userId, 'groups_updates', update);
        });
      }
    });

    /** The quarter's sums and today's activity, then the statuses and adventure days they earn. */
    const counted = async (
      tx: Parameters<Parameters<typeof ctx.db.transaction>[0]>[0],
      rows: Array<{ userId: number; currency: string; betCents: number; depositCents: number }>,
      afterCommit: (effect: () => Promise<void>) => void,
      at: Date,
      deposited: boolean,
    ) => {
      await addSums(tx, rows, at);
      await adventures.record(tx, rows, at);
      const userIds = [...new Set(rows.map((r) => r.userId))];
      const { changed, progress } = await evaluateStatuses(tx, userIds, at);
      for (const userId of changed) {
        const update = await groupsUpdate(tx, userId, 'vip_status');
        afterCommit(() => publish(userId, 'groups_updates', update));
      }
      // The VIP club's progress moves live, bets and deposits alike (read with the statuses above).
      for (const row of progress) afterCommit(() => publish(row.userId!, 'vip_progress', row));
      // An adventure day needs a deposit today: only players who made one are looked at.
      const withDeposit = deposited
        ? userIds
        : (
            await tx
              .selectDistinct({ userId: loyaltyDailyActivity.userId })
              .from(loyaltyDailyActivity)
              .where(
                and(
                  inArray(loyaltyDailyActivity.userId, userIds),
                  eq(loyaltyDailyActivity.day, dayOf(at)),
                  gt(loyaltyDailyActivity.maxDepositCents, 0),
                ),
              )
          ).map((r) => r.userId);
      if (withDeposit.length === 0) return;
      const currencies = await playerCurrencies(tx, withDeposit);
      for (const userId of withDeposit) {
        const groups = (await membershipsOf(tx, userId)).map((g) => g.id);
        await adventures.tryComplete(tx, userId, groups, currencies.get(userId) ?? 'EUR', at);
      }
    };

    ctx.outbox.onBatch(TRANSFER_TOPIC, 'loyalty.vip-bets', async (events, { tx, afterCommit }) => {
      const sums = new Map<string, { userId: number; currency: string; betCents: number; depositCents: number }>();
      // A stake counts; a refund (a rolled-back bet paid back) takes it back.
      for (const play of playsOf(transfersOf(events))) {
        if (play.kind === 'win') continue;
        const key = `${play.userId}:${play.currency}`;
        const row = sums.get(key) ?? { userId: play.userId, currency: play.currency, betCents: 0, depositCents: 0 };
        row.betCents += play.stakeCents;
        sums.set(key, row);
      }
      if (sums.size) await counted(tx, [...sums.values()], afterCommit, ctx.clock.now(), false);
    });

    // A deposit counts (the quarter's sums, today's adventure deposit) once it is played through
    // (docs/loyalty.md), on the day it is: once per payment, whatever the redeliveries.
    ctx.outbox.on(DEPOSIT_PLAYED_TOPIC, 'loyalty.deposits', async (event, { tx, afterCommit }) => {
      const deposit = event.payload as DepositPlayedEvent;
      const at = ctx.clock.now();
      const [fresh] = await tx
        .insert(vipCountedDeposits)
        .values({ paymentId: deposit.paymentId, userId: deposit.userId, countedAt: at })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return;
      await counted(
        tx,
        [{ userId: deposit.userId, currency: deposit.currency, betCents: 0, depositCents: deposit.amountCents }],
        afterCommit,
        at,
        true,
      );
    });

    ctx.outbox.on(
      COMP_POINTS_SPENT_TOPIC,
      'loyalty.publish-spent',
      async (event, { tx, afterCommit }) => {
        const { userId, award } = await shop.spentAward(tx, (event.payload as CompPointsSpentEvent).exchangeId);
        afterCommit(() => publish(userId, 'comps_award', award));
      },
      { readOnly: true },
    );

    // A status lasts to its quarter's end (diamond for life): each pass puts the players whose
    // status belongs to a past quarter back where this quarter's sums put them.
    ctx.sweeps.every('loyalty.vip-quarter', QUARTER_SWEEP_MS, async () => {
      for (;;) {
        const at = ctx.clock.now();
        const ended = await endedStatuses(ctx.db, at);
        if (ended.length === 0) return;
        const updates = await ctx.db.transaction(async (tx) => {
          const { changed } = await evaluateStatuses(
            tx,
            ended.map((e) => e.userId),
            at,
          );
          return Promise.all(
            changed.map(async (userId) => ({ userId, update: await groupsUpdate(tx, userId, 'vip_status') })),
          );
        });
        for (const { userId, update } of updates) await publish(userId, 'groups_updates', update);
      }
    });

    await levelEmblemRoutes()(app);
    await shopRoutes(shop)(app, ctx);
    await exchangeRoutes(shop)(app, ctx);
    await levelRoutes()(app, ctx);
    await vipRoutes()(app, ctx);
    await managerAndAdventureRoutes(adventures)(app, ctx);
    await operatorShopRoutes(shop)(app, ctx);
    await operatorManagerRoutes()(app, ctx);
  },
  seed: seedLoyalty,
};
