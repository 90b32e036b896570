/**
 * The writer's side of support (docs/support.md): a signed-in player's or a visitor's messages
 * into their one open conversation (made by the first message), reading it, marking the operators'
 * answers seen. Every write changes the message and the conversation's counters in one
 * transaction, and tells the writer's other tabs through the outbox (the `support` channel).
 */
import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { SECOND_CHAT_LINE_GROUP_ID, type SupportLine } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import { conflict, tooManyRequests } from '../../platform/errors';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { lockedForSeconds, VIP_GROUP_IDS } from '../identity';
import { countAddressCall } from './address-limits';
import { SUPPORT_NOTICE_TOPIC, type SupportNotice } from './notice';
import { supportConversations, supportMessages, type SupportConversationRow, type SupportMessageRow } from './schema';

/** A player (or a visitor) may send this many messages a minute (their conversations together); then 429. */
export const SUPPORT_MESSAGES_PER_MINUTE = 20;
const MINUTE_MS = 60_000;
/** The newest messages an answer carries, oldest first. */
export const THREAD_LIMIT = 200;

/**
 * Who writes: a signed-in player with the groups their session holds (for the queue and the
 * line), or a visitor known by the key of their chat cookie (and the address they write from,
 * which may open only so many conversations an hour).
 */
export type SupportWriter =
  | { party: 'player'; userId: number; groupIds: readonly number[] }
  | { party: 'visitor'; visitorKey: string; ip: string };
/** Whose conversation is read: a player's or a visitor's. */
export type SupportReader = { party: 'player'; userId: number } | { party: 'visitor'; visitorKey: string };

/** The VIP statuses above the entry one, whose players wait in the `vip` queue. */
const VIP_STATUSES = new Set(VIP_GROUP_IDS.slice(1));

export const queueOf = (groupIds: readonly number[]): 'vip' | 'general' =>
  groupIds.some((id) => VIP_STATUSES.has(id)) ? 'vip' : 'general';

/** The second chat line takes the players of group 545 (page-writable: the player chooses it). */
export const lineOf = (groupIds: readonly number[]): SupportLine =>
  groupIds.includes(SECOND_CHAT_LINE_GROUP_ID) ? 'second' : 'first';

/** The conversations of a reader: a player's chat (never their contact messages), or a visitor's. */
export const conversationsOf = (reader: SupportReader): SQL =>
  reader.party === 'player'
    ? and(eq(supportConversations.userId, reader.userId), eq(supportConversations.party, 'player'))!
    : and(eq(supportConversations.visitorKey, reader.visitorKey), eq(supportConversations.party, 'visitor'))!;

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

/** Whether a visitor key names any conversation (open or closed) that is still a visitor's. */
export async function visitorKnown(db: Executor, visitorKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: supportConversations.id })
    .from(supportConversations)
    .where(conversationsOf({ party: 'visitor', visitorKey }))
    .limit(1);
  return row !== undefined;
}

/** The new conversation's row: the party's identity, the queue and the line as it opens. */
function newConversation(writer: SupportWriter, now: Date): typeof supportConversations.$inferInsert {
  const opened = { createdAt: now, lastMessageAt: now };
  if (writer.party === 'visitor') return { ...opened, party: 'visitor', visitorKey: writer.visitorKey };
  return {
    ...opened,
    party: 'player',
    userId: writer.userId,
    queue: queueOf(writer.groupIds),
    line: lineOf(writer.groupIds),
  };
}

/**
 * The writer's open conversation, locked for this transaction; made when there is none (a
 * visitor's address counted then). Two first messages at once: the unique index lets one insert
 * win, the other finds it. One closed by an operator between the insert and the lock is missed
 * by the lock: the next round opens anew.
 */
async function openConversation(tx: Tx, writer: SupportWriter, now: Date): Promise<SupportConversationRow> {
  const mine = and(conversationsOf(writer), eq(supportConversations.status, 'open'));
  for (let round = 0; round < 3; round++) {
    const [open] = await tx.select().from(supportConversations).where(mine).for('update');
    if (open) return open;
    // Only a new visitor conversation counts against the address: a player is known.
    if (writer.party === 'visitor') await countAddressCall(tx, 'visitor_conversation', writer.ip, now);
    const [made] = await tx
      .insert(supportConversations)
      .values(newConversation(writer, now))
      .onConflictDoNothing()
      .returning();
    if (made) return made;
  }
  throw conflict('try_again');
}

/** 429 with Retry-After once the writer's messages of the last minute reach the limit. */
async function refuseWhenTooFast(tx: Tx, writer: SupportReader, now: Date): Promise<void> {
  const recent = await tx
    .select({ at: supportMessages.createdAt })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(
      and(
        conversationsOf(writer),
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

  /** The writer's message, into their open conversation (made by the first one). */
  async write(writer: SupportWriter, body: string): Promise<SupportMessageRow> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const conversation = await openConversation(tx, writer, now);
      // Counted under the conversation's lock: two messages at once are counted one after the other.
      await refuseWhenTooFast(tx, writer, now);
      const [message] = await tx
        .insert(supportMessages)
        .values({ conversationId: conversation.id, author: 'player', body, createdAt: now })
        .returning();
      await tx
        .update(supportConversations)
        .set({ lastMessageAt: now, unreadByOperator: sql`${supportConversations.unreadByOperator} + 1` })
        .where(eq(supportConversations.id, conversation.id));
      // The writer's other tabs hear their own message on `support` (live.ts).
      const notice: SupportNotice = { conversationId: conversation.id, messageId: message!.id };
      await enqueueEvent(tx, SUPPORT_NOTICE_TOPIC, notice, now);
      return message!;
    });
  }

  /** The reader's conversation (the open one, else the last one closed) and its newest messages. */
  async thread(
    reader: SupportReader,
  ): Promise<{ conversation: SupportConversationRow | null; messages: SupportMessageRow[] }> {
    const conversation = await this.latest(this.db, reader);
    return {
      conversation: conversation ?? null,
      messages: conversation ? await threadOf(this.db, conversation.id) : [],
    };
  }

  /** The operators' answers of the reader's conversation marked seen. */
  async seen(reader: SupportReader): Promise<void> {
    const conversation = await this.latest(this.db, reader);
    if (!conversation || conversation.unreadByPlayer === 0) return;
    await this.db
      .update(supportConversations)
      .set({ unreadByPlayer: 0 })
      .where(and(eq(supportConversations.id, conversation.id), conversationsOf(reader)));
  }

  /**
   * The open conversation, else the newest closed one. (A visitor's conversation taken over at
   * sign-in may be older than one the player closed since: open first, not newest first.)
   */
  private async latest(db: Executor, reader: SupportReader): Promise<SupportConversationRow | undefined> {
    const [row] = await db
      .select()
      .from(supportConversations)
      .where(conversationsOf(reader))
      .orderBy(sql`${supportConversations.status} = 'open' desc`, desc(supportConversations.id))
      .limit(1);
    return row;
  }
}
