import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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

/**
 * The devices that take the player's notifications as web pushes (docs/notifications.md "Push to a
 * device"): the browser's push subscription (its push service's `endpoint`, unique: one device's
 * subscription belongs to whoever subscribed it last, and its keys `p256dh` and `auth`), a coarse
 * class of the browser (`chrome-android`; never the whole user agent), and how sending went:
 * `last_success_at`, and `failures` in a row (the subscription is deleted at five, or at once when
 * the push service says it is gone).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgentClass: text('user_agent_class').notNull(),
    createdAt: at('created_at').notNull(),
    lastSuccessAt: at('last_success_at'),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_player').on(t.playerId, t.createdAt),
  ],
);

/**
 * The demo casino's VAPID key pair (one row, `id` 1), made at the first start without
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY and kept, so that the devices' subscriptions (bound to the
 * public key) outlive a restart and every instance signs with the same key. A real casino
 * (DEMO=0) sets the keys in its environment and never writes here.
 */
export const pushKeys = pgTable('push_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: at('created_at').notNull(),
});

/**
 * Which news already went out as pushes (`source_key`: `gift:bonus:<id>`, `gift:freespins:<id>`),
 * so that a gift's later changes, or an event delivered again, push nothing more. Kept two days.
 */
export const pushSent = pgTable(
  'push_sent',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    sourceKey: text('source_key').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.sourceKey] }), index('push_sent_at').on(t.sentAt)],
);
