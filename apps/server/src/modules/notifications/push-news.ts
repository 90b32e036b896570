/**
 * What goes out as pushes (docs/notifications.md "Push to a device"): each new notification of the
 * bell (through the `notifications.push` event its handler enqueues with the row), and each new
 * gift, a bonus or free spins just issued (from the bonuses' change events, read after the commit).
 */
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { playerBonuses, playerFreespins, titlesInPlayersLocales } from '../bonuses';
import type { PushService } from './push';
import { GIFT_NEWS_MS, type PushNews } from './push-rules';
import type { NotificationRow } from './service';
import { GIFTS_PATH } from './texts';

/** A new notification of the bell, to push: `{playerId, news}` (the event `notifications.push`). */
export const PUSH_TOPIC = 'notifications.push';
export type PushEvent = { playerId: number; news: PushNews };

/** The push of a bell's notification: its message, and the path its button opens. */
export function newsOfNotification(row: NotificationRow): PushEvent {
  return {
    playerId: row.playerId,
    news: {
      sourceKey: row.sourceKey,
      messageKey: row.messageKey ?? '',
      params: row.messageParams,
      path: row.content.button.path ?? '/',
    },
  };
}

/**
 * Pushes the gifts among these changed ones that are new: still `issued`, made within a day, of a
 * player with a device, and not pushed before (`push_sent`), "New gift: {title}" in their language.
 */
export async function pushNewGifts(
  db: Db,
  clock: Clock,
  push: PushService,
  kind: 'bonus' | 'freespins',
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const since = new Date(clock.now().getTime() - GIFT_NEWS_MS);
  const table = kind === 'bonus' ? playerBonuses : playerFreespins;
  const fresh = await db
    .select({ id: table.id, userId: table.userId, templateId: table.templateId, title: table.title })
    .from(table)
    .where(and(inArray(table.id, [...ids]), eq(table.stage, 'issued'), gte(table.createdAt, since)));
  if (fresh.length === 0) return;
  const reachable = await push.playersWithDevices(fresh.map((g) => g.userId));
  const gifts = await titlesInPlayersLocales(
    db,
    fresh.filter((g) => reachable.has(g.userId)),
  );
  for (const gift of gifts) {
    const sourceKey = `gift:${kind}:${gift.id}`;
    if (!(await push.claim(gift.userId, sourceKey))) continue;
    await push.notify(gift.userId, {
      sourceKey,
      messageKey: 'notifications.gift.new',
      params: { title: gift.title },
      path: GIFTS_PATH,
    });
  }
}
