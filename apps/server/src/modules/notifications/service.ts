/**
 * The players' notifications (docs/notifications.md): made from other modules' events, once per
 * source (the unique key), listed until they expire, dismissed one by one.
 */
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { PlayerNotification } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { notFound } from '../../platform/errors';
import { playerNotifications } from './schema';
import type { NotificationText } from './texts';

/** How long a notification is shown (spec: two hours). */
export const NOTIFICATION_TTL_MS = 2 * 60 * 60 * 1000;
/** How long a row is kept before the sweep deletes it. */
export const NOTIFICATION_KEEP_MS = 24 * 60 * 60 * 1000;

export type NotificationRow = typeof playerNotifications.$inferSelect;

export function presentNotification(row: NotificationRow): PlayerNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    text: row.text,
    identifier: row.identifier,
    content: row.content,
    message: row.messageKey ? { key: row.messageKey, params: row.messageParams } : null,
    created_at: row.createdAt.toISOString(),
    expiry: row.expiresAt.toISOString(),
  };
}

export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Makes a notification in the caller's transaction, once per (player, source): answers the new
   * row, or undefined when that source had already made one (a redelivered event).
   */
  async create(
    tx: Executor,
    playerId: number,
    sourceKey: string,
    identifier: string | null,
    what: NotificationText,
    at: Date,
  ): Promise<NotificationRow | undefined> {
    const [row] = await tx
      .insert(playerNotifications)
      .values({
        playerId,
        type: 'personal_notifications',
        sourceKey,
        title: what.title,
        text: what.text,
        identifier,
        content: what.content,
        messageKey: what.messageKey,
        messageParams: what.messageParams,
        createdAt: at,
        expiresAt: new Date(at.getTime() + NOTIFICATION_TTL_MS),
      })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  /** The player's unexpired notifications, newest first. */
  async list(playerId: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(playerNotifications)
      .where(and(eq(playerNotifications.playerId, playerId), gt(playerNotifications.expiresAt, this.clock.now())))
      .orderBy(desc(playerNotifications.createdAt), desc(playerNotifications.id));
  }

  /** Dismisses one of the player's notifications; another player's or an unknown id is 404. */
  async dismiss(playerId: number, id: number): Promise<NotificationRow> {
    const [row] = await this.db
      .delete(playerNotifications)
      .where(and(eq(playerNotifications.id, id), eq(playerNotifications.playerId, playerId)))
      .returning();
    if (!row) throw notFound();
    return row;
  }

  /** Deletes the rows older than a day (shown for two hours, kept a while after). */
  async sweep(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - NOTIFICATION_KEEP_MS);
    await this.db.delete(playerNotifications).where(lt(playerNotifications.createdAt, before));
  }
}
