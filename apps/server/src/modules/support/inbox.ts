/**
 * The operators' side of support (docs/support.md), opened to the back office through the door:
 * the conversations as the inbox sorts them, one with its messages, a reply and a close. Each
 * write runs the caller's `within` hook in its own transaction (the back office's audit entry),
 * and enqueues the notice that, once committed, reaches the player or the visitor on the
 * `support` channel, or the contact by mail (live.ts).
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { conflict, notFound } from '../../platform/errors';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { SUPPORT_NOTICE_TOPIC } from './notice';
import { supportConversations, supportMessages, type SupportConversationRow, type SupportMessageRow } from './schema';
import { threadOf } from './service';

/** Called inside the change's transaction, right after it (the back office writes its audit entry). */
export type SupportHook = (tx: Executor, before: unknown, after: unknown) => Promise<void>;

export type InboxFilter = {
  status?: 'open' | 'closed' | undefined;
  queue?: string | undefined;
  party?: 'player' | 'visitor' | 'contact' | undefined;
  line?: 'first' | 'second' | undefined;
  userId?: number;
};
export type InboxRow = SupportConversationRow & { lastMessage: SupportMessageRow | null };

/** How long the inbox's preview of the newest message is (characters). */
const PREVIEW_LENGTH = 140;

/** The newest message of each conversation, cut to a preview. */
async function lastMessages(db: Executor, ids: readonly number[]): Promise<Map<number, SupportMessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([supportMessages.conversationId])
    .from(supportMessages)
    .where(inArray(supportMessages.conversationId, [...ids]))
    .orderBy(supportMessages.conversationId, desc(supportMessages.id));
  return new Map(rows.map((r) => [r.conversationId, { ...r, body: r.body.slice(0, PREVIEW_LENGTH) }]));
}

/** Open first; among them those waiting for an answer first; then the newest message first. */
export async function inboxPage(db: Db, filter: InboxFilter, page: number, perPage: number) {
  const filters: SQL[] = [];
  if (filter.status) filters.push(eq(supportConversations.status, filter.status));
  if (filter.queue) filters.push(eq(supportConversations.queue, filter.queue));
  if (filter.party) filters.push(eq(supportConversations.party, filter.party));
  if (filter.line) filters.push(eq(supportConversations.line, filter.line));
  if (filter.userId !== undefined) filters.push(eq(supportConversations.userId, filter.userId));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supportConversations)
      .where(where)
      .orderBy(
        sql`${supportConversations.status} = 'open' desc`,
        sql`${supportConversations.unreadByOperator} > 0 desc`,
        desc(supportConversations.lastMessageAt),
        desc(supportConversations.id),
      )
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(supportConversations).where(where),
  ]);
  const last = await lastMessages(
    db,
    rows.map((r) => r.id),
  );
  const data: InboxRow[] = rows.map((r) => ({ ...r, lastMessage: last.get(r.id) ?? null }));
  return { rows: data, total: Number(total?.n ?? 0) };
}

/** One conversation with its newest messages (oldest first), or null. */
export async function inboxConversation(db: Db, id: number) {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  if (!row) return null;
  const messages = await threadOf(db, id);
  return { conversation: { ...row, lastMessage: messages.at(-1) ?? null } satisfies InboxRow, messages };
}

export class SupportInbox {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * An operator's answer in an open conversation: the player's messages count as read by the
   * operators, the answer as unread by the player (a contact reads it in the mail: not counted).
   * 404 unknown, 409 `conversation_closed`.
   */
  async reply(id: number, operatorId: number, body: string, within?: SupportHook) {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.id, id))
        .for('update');
      if (!before) throw notFound();
      if (before.status !== 'open') throw conflict('conversation_closed');
      const [message] = await tx
        .insert(supportMessages)
        .values({ conversationId: id, author: 'operator', operatorId, body, createdAt: now })
        .returning();
      const [after] = await tx
        .update(supportConversations)
        .set({
          lastMessageAt: now,
          unreadByOperator: 0,
          unreadByPlayer: sql`${supportConversations.unreadByPlayer} + ${before.party === 'contact' ? 0 : 1}`,
        })
        .where(eq(supportConversations.id, id))
        .returning();
      await enqueueEvent(tx, SUPPORT_NOTICE_TOPIC, { conversationId: id, messageId: message!.id }, now);
      await within?.(tx, { unread: before.unreadByOperator }, { body, message_id: message!.id });
      return { conversation: after!, message: message! };
    });
  }

  /** Closes an open conversation; the player's next message opens a new one. 404; 409 `not_open`. */
  async close(id: number, operatorId: number, reason: string, within?: SupportHook) {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      // Guarded on `open`: of two closes at once the second finds nothing to change.
      const [after] = await tx
        .update(supportConversations)
        .set({ status: 'closed', closedAt: now, closedBy: operatorId, closeReason: reason })
        .where(and(eq(supportConversations.id, id), eq(supportConversations.status, 'open')))
        .returning();
      if (!after) {
        const [known] = await tx
          .select({ id: supportConversations.id })
          .from(supportConversations)
          .where(eq(supportConversations.id, id));
        throw known ? conflict('not_open') : notFound();
      }
      await enqueueEvent(tx, SUPPORT_NOTICE_TOPIC, { conversationId: id, messageId: null }, now);
      await within?.(tx, { status: 'open' }, { status: 'closed' });
      return after;
    });
  }
}
