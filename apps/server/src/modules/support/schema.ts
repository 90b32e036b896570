import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A conversation with support (docs/support.md), of one of three parties:
 * - `player`: a signed-in player's (`user_id`). At most one is open per player (a partial unique
 *   index): the next message goes into it; after an operator closed it the next one opens anew.
 * - `visitor`: a visitor's, known by `visitor_key`, the SHA-256 (hex) of their chat cookie (the
 *   cookie itself is never stored). At most one open per visitor, like players. When the visitor
 *   signs in, their conversations become the player's (`party` player, the key dropped).
 * - `contact`: one message of the contact form, answered by mail (`contact_*`, `locale` of the
 *   mail); `user_id` is the player who sent it signed in, if any. Never counted as the player's chat.
 * The unread counters are kept on the row, changed in the transaction of each message, so the
 * inbox sorts by them without counting messages. `operator_id`s name back-office operators,
 * whose table belongs to a higher module: no key.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    party: text('party', { enum: ['player', 'visitor', 'contact'] })
      .notNull()
      .default('player'),
    userId: bigint('user_id', { mode: 'number' }),
    /** SHA-256 (hex) of a visitor's chat cookie. */
    visitorKey: text('visitor_key'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** Where it waits: `vip` for a player of a VIP status above the entry one, else `general`. */
    queue: text('queue').notNull().default('general'),
    /** The chat line: `second` for a player in the group "Live chat: second provider" as it opened. */
    line: text('line', { enum: ['first', 'second'] })
      .notNull()
      .default('first'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactSubject: text('contact_subject'),
    /** The locale a contact wrote in: the answer's mail is written in it. */
    locale: text('locale'),
    createdAt: at('created_at').notNull(),
    lastMessageAt: at('last_message_at').notNull(),
    /** Operators' messages the player (or visitor) has not marked seen. */
    unreadByPlayer: integer('unread_by_player').notNull().default(0),
    /** Player's messages since an operator last answered. */
    unreadByOperator: integer('unread_by_operator').notNull().default(0),
    closedAt: at('closed_at'),
    closedBy: bigint('closed_by', { mode: 'number' }),
    closeReason: text('close_reason'),
  },
  (t) => [
    uniqueIndex('support_conversations_one_open')
      .on(t.userId)
      .where(sql`${t.status} = 'open' and ${t.party} = 'player'`),
    uniqueIndex('support_conversations_one_open_visitor')
      .on(t.visitorKey)
      .where(sql`${t.status} = 'open'`),
    index('support_conversations_user').on(t.userId, t.id),
    index('support_conversations_visitor').on(t.visitorKey, t.id),
    index('support_conversations_inbox').on(t.status, t.lastMessageAt),
    check('support_conversations_status', sql`${t.status} in ('open', 'closed')`),
    check('support_conversations_unread', sql`${t.unreadByPlayer} >= 0 and ${t.unreadByOperator} >= 0`),
    check('support_conversations_line', sql`${t.line} in ('first', 'second')`),
    check(
      'support_conversations_party',
      sql`(${t.party} = 'player' and ${t.userId} is not null and ${t.visitorKey} is null) or (${t.party} = 'visitor' and ${t.visitorKey} is not null and ${t.userId} is null) or (${t.party} = 'contact' and ${t.contactEmail} is not null and ${t.visitorKey} is null)`,
    ),
  ],
);

/** The messages of a conversation, the player's and the operators'; never changed once written. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
    author: text('author', { enum: ['player', 'operator'] }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.conversationId], foreignColumns: [supportConversations.id] }),
    index('support_messages_conversation').on(t.conversationId, t.id),
    index('support_messages_recent').on(t.conversationId, t.author, t.createdAt),
    check(
      'support_messages_author',
      sql`(${t.author} = 'player' and ${t.operatorId} is null) or (${t.author} = 'operator' and ${t.operatorId} is not null)`,
    ),
    check('support_messages_body', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

export type SupportConversationRow = typeof supportConversations.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;

/**
 * Calls an address may make only so often without an account behind them (a visitor's new
 * conversation, the contact form, a restore id tried): one row per call inside its window,
 * counted under a lock of the address; rows that left the window are deleted as it goes.
 */
export const supportAddressAttempts = pgTable(
  'support_address_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action', { enum: ['visitor_conversation', 'contact_message', 'restore_id'] }).notNull(),
    ip: text('ip').notNull(),
    attemptedAt: at('attempted_at').notNull(),
  },
  (t) => [
    index('support_address_attempts_ip').on(t.ip, t.action, t.attemptedAt),
    check(
      'support_address_attempts_action',
      sql`${t.action} in ('visitor_conversation', 'contact_message', 'restore_id')`,
    ),
  ],
);
export type SupportAddressAction = (typeof supportAddressAttempts.action.enumValues)[number];
