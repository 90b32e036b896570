/**
 * The promotions module's public face (docs/promotions.md): tournaments with live leaderboards,
 * quests and achievements, lotteries with verifiable draws. It counts from other modules' events
 * after they commit (the wallet's transfers, the cashbox's deposits played through), pays prizes through the
 * bonuses and loyalty modules, and serves the shop's lottery tickets through loyalty's door.
 */
import { WHEEL_PAGE_SLUG, type TournamentsStatusesEvent } from '@orbit/contracts';
import type { OrbitModule } from '../../platform/module';
import { publishToPlayer } from '../../platform/realtime/channels';
import { DEPOSIT_PLAYED_TOPIC, type DepositPlayedEvent } from '../cashbox';
import { demoPlayerId, membershipsOf, playerCurrencies } from '../identity';
import { referenceRatesNow, TRANSFER_TOPIC, transfersOf } from '../wallet';
import { PromotionDesk } from './desk';
import { LootboxService, lootboxPushes, tierForDeposit, tiersFor } from './lootboxes';
import { LotteryService } from './lotteries';
import { operatorPromotionRoutes } from './operator';
import { batchRoutes } from './routes/batch';
import { lootboxRoutes } from './routes/lootboxes';
import { lotteryRoutes } from './routes/lotteries';
import { operatorLootboxRoutes } from './routes/operator-lootboxes';
import { tournamentListRoutes, tournamentRoutes } from './routes/tournaments';
import { promoCountedDeposits } from './schema';
import { hasDemoPromotions, renewDemoPromotions, seedPromotions } from './seed';
import { TournamentService } from './tournaments';
import { WHEEL_PAGE_FILLED_KEYS, wheelPageFigures } from './wheel-page';

export type { PromotionChangeHook, PromotionDesk } from './desk';
export {
  LOTTERY_TICKETS_TOPIC,
  PROMO_RESULT_TOPIC,
  type LotteryTicketsEvent,
  type PromoResultEvent,
  type PromoResultPrize,
} from './results';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office's door: tournaments and lotteries listed, written, a tournament ended now (desk.ts). */
    orbitPromotionDesk: PromotionDesk;
  }
}

/** How often ended tournaments and lotteries are looked for (and the demo renewed). */
const END_SWEEP_MS = 15_000;

export const promotionsModule: OrbitModule = {
  name: 'promotions',
  routes: async (app, ctx) => {
    const tournaments = new TournamentService(ctx.db, ctx.clock, app.orbitBonuses);
    const lotteries = new LotteryService(ctx.db, ctx.clock, app.orbitBonuses);
    const lootboxes = new LootboxService(ctx.db, ctx.clock, app.orbitBonuses, ctx.log);

    /** Each ranked player's final standing, live (the end job's and an operator's early end alike). */
    const tellFinished = async (id: number, finished: Awaited<ReturnType<TournamentService['finish']>>) => {
      for (const { userId, tournament } of finished) {
        const event: TournamentsStatusesEvent = {
          tournament_id: id,
          status: await tournaments.standing(ctx.db, tournament, userId),
          top_players: await tournaments.top(ctx.db, id, userId),
        };
        await publishToPlayer(ctx.pubsub, userId, 'tournaments_statuses', event);
      }
    };
    app.decorate(
      'orbitPromotionDesk',
      new PromotionDesk(ctx.db, ctx.clock, tournaments, lotteries, app.orbitBonuses, tellFinished),
    );

    // The wheel's page answers the wheel's real terms in its json, not a copy of them (docs/rules/content-pages.md).
    app.orbitPageJsonFillers.add(WHEEL_PAGE_SLUG, {
      name: 'promotions.wheel',
      keys: WHEEL_PAGE_FILLED_KEYS,
      fill: async () => wheelPageFigures(lootboxes, await app.orbitBonuses.templates(), ctx.db),
    });

    // Standings from bets and wins, many at once; each transfer once; pushed after commit.
    ctx.outbox.onBatch(TRANSFER_TOPIC, 'promotions.standings', async (events, { tx, afterCommit }) => {
      const changed = await tournaments.count(tx, transfersOf(events), ctx.clock.now());
      if (changed.length === 0) return;
      const byTournament = new Map<number, number[]>();
      for (const row of changed)
        byTournament.set(row.tournamentId, [...(byTournament.get(row.tournamentId) ?? []), row.userId]);
      afterCommit(async () => {
        for (const [tournamentId, userIds] of byTournament) {
          const t = await tournaments.one(String(tournamentId));
          if (!t) continue;
          for (const userId of userIds) {
            const event: TournamentsStatusesEvent = {
              tournament_id: tournamentId,
              status: await tournaments.standing(ctx.db, t, userId),
              top_players: await tournaments.top(ctx.db, tournamentId, userId),
            };
            await publishToPlayer(ctx.pubsub, userId, 'tournaments_statuses', event);
          }
        }
      });
    });

    // Lottery tickets from a deposit once it is played through (docs/promotions.md "Deposits
    // played through"), once per payment.
    ctx.outbox.on(DEPOSIT_PLAYED_TOPIC, 'promotions.lottery-deposits', async (event, { tx }) => {
      const deposit = event.payload as DepositPlayedEvent;
      const at = ctx.clock.now();
      const [fresh] = await tx
        .insert(promoCountedDeposits)
        .values({ paymentId: deposit.paymentId, countedAt: at })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return;
      await lotteries.fromDeposit(tx, deposit.paymentId, deposit.userId, deposit.currency, deposit.amountCents, at);
    });

    // A deposit played through that reaches a wheel tier's cost earns a spin of the highest tier
    // reached (once per payment: the issue key).
    ctx.outbox.on(DEPOSIT_PLAYED_TOPIC, 'promotions.wheel-deposits', async (event, { tx, afterCommit }) => {
      const { paymentId, userId, currency, amountCents } = event.payload as DepositPlayedEvent;
      // The terms read through the handler's transaction (PGlite's one connection is its).
      const wheel = await lootboxes.wheel(tx);
      if (!wheel.tiers.enabled) return;
      const groups = (await membershipsOf(tx, userId)).map((g) => g.id);
      const rates = currency === 'EUR' ? undefined : await referenceRatesNow(tx);
      const tier = tierForDeposit(tiersFor(wheel, groups).tiers, currency, amountCents, (cents) =>
        rates ? rates.convert(cents, currency, 'EUR', 'down') : cents,
      );
      if (!tier) return;
      const { row, created } = await lootboxes.issueWheel(
        tx,
        wheel,
        userId,
        groups,
        currency,
        tier.tier,
        `deposit:${paymentId}`,
        ctx.clock.now(),
      );
      if (created)
        for (const { box } of await lootboxPushes(tx, [row]))
          afterCommit(() => publishToPlayer(ctx.pubsub, userId, 'lootboxes_changes', box));
    });

    // The shop's lottery tickets (loyalty's door): the tickets and the points' debit, one transaction.
    app.orbitPromotionRewards.serve({
      // Any lottery that sells for points has a price; one not running is refused when issuing.
      lotteryTicketPrice: async (lotteryId) =>
        (await lotteries.one(String(lotteryId)))?.compPointsTicketPrice || undefined,
      sellingLotteries: () => lotteries.selling(),
      issueLootboxes: async ({ tx, userId, groupIds, currency, count, key, at }) => {
        const ids: number[] = [];
        const wheel = await lootboxes.wheel(tx);
        for (let unit = 0; unit < count; unit++) {
          const { row } = await lootboxes.issueWheel(
            tx,
            wheel,
            userId,
            groupIds,
            currency,
            'rocket_lite',
            `shop:${key}:${unit}`,
            at,
          );
          ids.push(row.id);
        }
        return ids;
      },
      issueLotteryTickets: async ({ tx, userId, lotteryId, count, key, at }) => {
        await lotteries.buyWithPoints(tx, lotteryId, userId, count, key, at);
      },
    });

    // At the end: rank and pay, or draw and pay; each once (guarded), durable (re-read each pass).
    ctx.sweeps.every('promotions.end', END_SWEEP_MS, async () => {
      for (const id of await tournaments.due()) await tellFinished(id, await tournaments.finish(id));
      for (const id of await lotteries.due()) await lotteries.draw(id);
      for (const { userId, box } of await lootboxPushes(ctx.db, await lootboxes.expire()))
        await publishToPlayer(ctx.pubsub, userId, 'lootboxes_changes', box);
      if (await hasDemoPromotions(ctx.db)) {
        await renewDemoPromotions(ctx.db, ctx.clock.now());
        const demo = await demoPlayerId(ctx.db);
        if (demo !== undefined) {
          const groups = (await membershipsOf(ctx.db, demo)).map((g) => g.id);
          const currency = (await playerCurrencies(ctx.db, [demo])).get(demo) ?? 'EUR';
          await lootboxes.keepDemoWheel(demo, groups, currency);
        }
      }
    });

    await tournamentListRoutes(tournaments)(app, ctx);
    await tournamentRoutes(tournaments)(app, ctx);
    await batchRoutes()(app);
    await lootboxRoutes(lootboxes)(app, ctx);
    await operatorLootboxRoutes(lootboxes)(app, ctx);
    await lotteryRoutes(lotteries)(app, ctx);
    await operatorPromotionRoutes(tournaments, lotteries, app.orbitBonuses)(app, ctx);
  },
  seed: seedPromotions,
};
