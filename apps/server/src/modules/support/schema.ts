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
 * A player's conversation with support (docs/support.md). At most one is open per player (the
 * partial unique index): the player's next message goes into it, and after an operator closed it
 * the next message opens a new one. The unread counters are kept on the row, changed in the
 * transaction of each message, so the inbox sorts by them without counting messages.
 * `operator_id`s name back-office operators, whose table belongs to a higher module: no key.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** Where it waits: `vip` for a player of a VIP status above the entry one, else `general`. */
    queue: text('queue').notNull().default('general'),
    createdAt: at('created_at').notNull(),
    lastMessageAt: at('last_message_at').notNull(),
    /** Operators' messages the player has not marked seen. */
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
      .where(sql`${t.status} = 'open'`),
    index('support_conversations_user').on(t.userId, t.id),
    index('support_conversations_inbox').on(t.status, t.lastMessageAt),
    check('support_conversations_status', sql`${t.status} in ('open', 'closed')`),
    check('support_conversations_unread', sql`${t.unreadByPlayer} >= 0 and ${t.unreadByOperator} >= 0`),
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
