/**
 * The notifications module's public face (docs/notifications.md): the players' notification
 * center. It tells a player the results other modules committed (a tournament's place and prize,
 * a lottery win, new lottery tickets) from their domain events, once per source, live on `personal_notifications`
 * after the commit, and lists them (two hours) until the player dismisses them.
 */
import type { OrbitModule } from '../../platform/module';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { publishToPlayer } from '../../platform/realtime/channels';
import {
  BONUS_CHANGED_TOPIC,
  FREESPINS_CHANGED_TOPIC,
  type BonusChangedEvent,
  type FreespinsChangedEvent,
} from '../bonuses';
import {
  LOTTERY_TICKETS_TOPIC,
  PROMO_RESULT_TOPIC,
  type LotteryTicketsEvent,
  type PromoResultEvent,
} from '../promotions';
import { PushService } from './push';
import { newsOfNotification, PUSH_TOPIC, pushNewGifts, type PushEvent } from './push-news';
import { pushRoutes } from './push-routes';
import { notificationRoutes } from './routes';
import { NotificationsService, presentNotification } from './service';
import { resultText, ticketsText } from './texts';

/** How often rows a day old are deleted. */
const SWEEP_MS = 60 * 60 * 1000;

export { PUSH_TOPIC, type PushEvent } from './push-news';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push to the players' devices (tests wait for its background sends: `settled()`). */
    orbitPush: PushService;
  }
}

export const notificationsModule: OrbitModule = {
  name: 'notifications',
  routes: async (app, ctx) => {
    const service = new NotificationsService(ctx.db, ctx.clock);
    const push = new PushService(ctx.db, ctx.clock, ctx.log, ctx.config);
    app.decorate('orbitPush', push);
    app.addHook('onClose', () => push.settled());

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
      if (row) {
        await enqueueEvent(tx, PUSH_TOPIC, newsOfNotification(row), ctx.clock.now());
        afterCommit(() =>
          publishToPlayer(ctx.pubsub, result.userId, 'personal_notifications', presentNotification(row)),
        );
      }
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
      if (row) {
        await enqueueEvent(tx, PUSH_TOPIC, newsOfNotification(row), ctx.clock.now());
        afterCommit(() =>
          publishToPlayer(ctx.pubsub, issued.userId, 'personal_notifications', presentNotification(row)),
        );
      }
    });

    // Pushes to the player's devices: a handler of its own, after the commit and in the background,
    // so that a slow or failing push service never holds the bell or the outbox (docs/notifications.md).
    ctx.outbox.on(
      PUSH_TOPIC,
      'notifications.push',
      async (event, { afterCommit }) => {
        const { playerId, news } = event.payload as PushEvent;
        afterCommit(() => push.later(() => push.notify(playerId, news)));
      },
      { readOnly: true },
    );
    // A new gift (a bonus or free spins just issued) is pushed too; the bell's is the page's own.
    ctx.outbox.onBatch(BONUS_CHANGED_TOPIC, 'notifications.gift-push', async (events, { afterCommit }) => {
      const ids = [...new Set(events.map((e) => (e.payload as BonusChangedEvent).bonusId))];
      afterCommit(() => push.later(() => pushNewGifts(ctx.db, ctx.clock, push, 'bonus', ids)));
    });
    ctx.outbox.onBatch(FREESPINS_CHANGED_TOPIC, 'notifications.freespins-push', async (events, { afterCommit }) => {
      const ids = [...new Set(events.map((e) => (e.payload as FreespinsChangedEvent).freespinId))];
      afterCommit(() => push.later(() => pushNewGifts(ctx.db, ctx.clock, push, 'freespins', ids)));
    });

    ctx.sweeps.every('notifications.sweep', SWEEP_MS, async () => {
      await service.sweep();
      await push.sweep();
    });

    await notificationRoutes(service)(app);
    await pushRoutes(push)(app);
  },
};
