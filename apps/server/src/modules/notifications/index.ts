/**
 * The notifications module's public face (docs/notifications.md): the players' notification
 * center. It tells a player the results other modules committed (a tournament's place and prize,
 * a lottery win, new lottery tickets) from their domain events, once per source, live on `personal_notifications`
 * after the commit, and lists them (two hours) until the player dismisses them.
 */
import type { OrbitModule } from '../../platform/module';
import { publishToPlayer } from '../../platform/realtime/channels';
import {
  LOTTERY_TICKETS_TOPIC,
  PROMO_RESULT_TOPIC,
  type LotteryTicketsEvent,
  type PromoResultEvent,
} from '../promotions';
import { notificationRoutes } from './routes';
import { NotificationsService, presentNotification } from './service';
import { resultText, ticketsText } from './texts';

/** How often rows a day old are deleted. */
const SWEEP_MS = 60 * 60 * 1000;

export const notificationsModule: OrbitModule = {
  name: 'notifications',
  routes: async (app, ctx) => {
    const service = new NotificationsService(ctx.db, ctx.clock);

    // A tournament's or a lottery's result: one notification per player and promotion.
    ctx.outbox.on(PROMO_RESULT_TOPIC, 'notifications.promo-result', async (event, { tx, afterCommit }) => {
      const result = event.payload as PromoResultEvent;
      const row = await service.create(
        tx,
        result.userId,
        `${result.kind}:${result.promoId}`,
        result.identifier,
        resultText(result),
        ctx.clock.now(),
      );
      if (row)
        afterCommit(() =>
          publishToPlayer(ctx.pubsub, result.userId, 'personal_notifications', presentNotification(row)),
        );
    });

    // Lottery tickets issued to a player (a deposit's, comp points'): one notification per issue.
    ctx.outbox.on(LOTTERY_TICKETS_TOPIC, 'notifications.lottery-tickets', async (event, { tx, afterCommit }) => {
      const issued = event.payload as LotteryTicketsEvent;
      const row = await service.create(
        tx,
        issued.userId,
        `tickets:${issued.lotteryId}:${issued.sourceKey}`,
        `lottery--${issued.slug}`,
        ticketsText(issued),
        ctx.clock.now(),
      );
      if (row)
        afterCommit(() =>
          publishToPlayer(ctx.pubsub, issued.userId, 'personal_notifications', presentNotification(row)),
        );
    });

    ctx.sweeps.every('notifications.sweep', SWEEP_MS, () => service.sweep());

    await notificationRoutes(service)(app);
  },
};
