import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationContent } from '@orbit/contracts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The players' notifications (docs/notifications.md). `source_key` names what the notification
 * tells (`tournament:<id>`, `lottery:<id>`, `tickets:<lottery>:<issue>`): unique per player, so an
 * event delivered twice makes one notification. `message_key` and `message_params` let the page
 * show it in the player's language; `title` and `text` are the English fallback. Listed until
 * `expires_at` (two hours); the sweep deletes rows a day old.
 */
export const playerNotifications = pgTable(
  'player_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    type: text('type', { enum: ['personal_notifications', 'bonuses_changes', 'freespins_changes'] }).notNull(),
    sourceKey: text('source_key').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    identifier: text('identifier'),
    content: jsonb('content').$type<NotificationContent>().notNull(),
    messageKey: text('message_key'),
    messageParams: jsonb('message_params')
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('player_notifications_source').on(t.playerId, t.sourceKey),
    index('player_notifications_player').on(t.playerId, t.expiresAt),
    index('player_notifications_created').on(t.createdAt),
  ],
);
