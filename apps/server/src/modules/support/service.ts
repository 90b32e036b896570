/**
 * The player's side of support (docs/support.md): writing into the one open conversation (made
 * by the first message), reading it, marking the operators' answers seen. Every write changes
 * the message and the conversation's counters in one transaction.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import { conflict, tooManyRequests } from '../../platform/errors';
import { lockedForSeconds, VIP_GROUP_IDS } from '../identity';
import { supportConversations, supportMessages, type SupportConversationRow, type SupportMessageRow } from './schema';

/** A player may send this many messages a minute (their conversations together); then 429. */
export const SUPPORT_MESSAGES_PER_MINUTE = 20;
const MINUTE_MS = 60_000;
/** The newest messages an answer carries, oldest first. */
export const THREAD_LIMIT = 200;

/** Who writes: the player and the groups their session holds (for the queue). */
export type SupportWriter = { userId: number; groupIds: readonly number[] };

/** The VIP statuses above the entry one, whose players wait in the `vip` queue. */
const VIP_STATUSES = new Set(VIP_GROUP_IDS.slice(1));

export const queueOf = (groupIds: readonly number[]): 'vip' | 'general' =>
  groupIds.some((id) => VIP_STATUSES.has(id)) ? 'vip' : 'general';

/** The newest messages of a conversation (at most `THREAD_LIMIT`), oldest first. */
export async function threadOf(db: Executor, conversationId: number): Promise<SupportMessageRow[]> {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(desc(supportMessages.id))
    .limit(THREAD_LIMIT);
  return rows.reverse();
}

/**
 * The player's open conversation, locked for this transaction; made when there is none. Two
 * first messages at once: the unique index lets one insert win, the other finds it. One closed by
 * an operator between the insert and the lock is missed by the lock: the next round opens anew.
 */
async function openConversation(tx: Tx, writer: SupportWriter, now: Date): Promise<SupportConversationRow> {
  for (let round = 0; round < 3; round++) {
    await tx
      .insert(supportConversations)
      .values({ userId: writer.userId, queue: queueOf(writer.groupIds), createdAt: now, lastMessageAt: now })
      .onConflictDoNothing();
    const [open] = await tx
      .select()
      .from(supportConversations)
      .where(and(eq(supportConversations.userId, writer.userId), eq(supportConversations.status, 'open')))
      .for('update');
    if (open) return open;
  }
  throw conflict('try_again');
}

/** 429 with Retry-After once the player's messages of the last minute reach the limit. */
async function refuseWhenTooFast(tx: Tx, userId: number, now: Date): Promise<void> {
  const recent = await tx
    .select({ at: supportMessages.createdAt })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(
      and(
        eq(supportConversations.userId, userId),
        eq(supportMessages.author, 'player'),
        gt(supportMessages.createdAt, new Date(now.getTime() - MINUTE_MS)),
      ),
    )
    .orderBy(desc(supportMessages.createdAt))
    .limit(SUPPORT_MESSAGES_PER_MINUTE);
  const seconds = lockedForSeconds(
    recent.map((r) => r.at),
    SUPPORT_MESSAGES_PER_MINUTE,
    now,
    MINUTE_MS,
  );
  if (seconds > 0) throw tooManyRequests(seconds);
}

export class SupportDesk {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The player's message, into their open conversation (made by the first one). */
  async write(writer: SupportWriter, body: string): Promise<SupportMessageRow> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const conversation = await openConversation(tx, writer, now);
      // Counted under the conversation's lock: two messages at once are counted one after the other.
      await refuseWhenTooFast(tx, writer.userId, now);
      const [message] = await tx
        .insert(supportMessages)
        .values({ conversationId: conversation.id, author: 'player', body, createdAt: now })
        .returning();
      await tx
        .update(supportConversations)
        .set({ lastMessageAt: now, unreadByOperator: sql`${supportConversations.unreadByOperator} + 1` })
        .where(eq(supportConversations.id, conversation.id));
      return message!;
    });
  }

  /** The player's conversation (the open one, else the last one closed) and its newest messages. */
  async thread(
    userId: number,
  ): Promise<{ conversation: SupportConversationRow | null; messages: SupportMessageRow[] }> {
    const conversation = await this.latest(this.db, userId);
    return {
      conversation: conversation ?? null,
      messages: conversation ? await threadOf(this.db, conversation.id) : [],
    };
  }

  /** The operators' answers of the player's conversation marked seen. */
  async seen(userId: number): Promise<void> {
    const conversation = await this.latest(this.db, userId);
    if (!conversation || conversation.unreadByPlayer === 0) return;
    await this.db
      .update(supportConversations)
      .set({ unreadByPlayer: 0 })
      .where(and(eq(supportConversations.id, conversation.id), eq(supportConversations.userId, userId)));
  }

  /** A new conversation opens only when none is open, so the newest is the open one if any. */
  private async latest(db: Executor, userId: number): Promise<SupportConversationRow | undefined> {
    const [row] = await db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.userId, userId))
      .orderBy(desc(supportConversations.id))
      .limit(1);
    return row;
  }
}
