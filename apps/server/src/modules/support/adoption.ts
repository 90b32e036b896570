/**
 * A visitor who signs up or signs in keeps their conversation (docs/support.md "Visitors"): the
 * first support call of the player that still carries the chat cookie (or a restore id the player
 * hands in) moves the visitor's conversations to the player, in one transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/executor';
import { conversationsOf } from './service';
import { supportConversations, supportMessages } from './schema';

/**
 * Moves the visitor's conversations to the player; answers how many there were (0: the key names
 * none, or another call moved them first).
 *
 * The visitor's rows are locked first: of calls made at once, the first moves them and the others,
 * once it committed, no longer find them (the rows changed hands or were deleted), so nothing is
 * moved twice. The visitor's open conversation joins the player's open one when there is one
 * (its messages move, the unread counters add up, the emptied row is deleted); otherwise it
 * becomes the player's open one. Closed ones change owner as they are. A player's first message
 * sent at the same moment may open a conversation between the lock and the move: the unique
 * index refuses the second open one, and the move runs again and merges into it.
 */
export async function adoptVisitor(db: Db, visitorKey: string, userId: number): Promise<number> {
  for (let round = 0; ; round++) {
    try {
      return await db.transaction(async (tx) => {
        const theirs = await tx
          .select()
          .from(supportConversations)
          .where(conversationsOf({ party: 'visitor', visitorKey }))
          .orderBy(supportConversations.id)
          .for('update');
        if (theirs.length === 0) return 0;
        const open = theirs.find((c) => c.status === 'open');
        const [mine] = open
          ? await tx
              .select()
              .from(supportConversations)
              .where(and(conversationsOf({ party: 'player', userId }), eq(supportConversations.status, 'open')))
              .for('update')
          : [];
        if (open && mine) {
          await tx
            .update(supportMessages)
            .set({ conversationId: mine.id })
            .where(eq(supportMessages.conversationId, open.id));
          await tx
            .update(supportConversations)
            .set({
              unreadByOperator: sql`${supportConversations.unreadByOperator} + ${open.unreadByOperator}`,
              unreadByPlayer: sql`${supportConversations.unreadByPlayer} + ${open.unreadByPlayer}`,
              lastMessageAt: sql`greatest(${supportConversations.lastMessageAt}, ${open.lastMessageAt.toISOString()}::timestamptz)`,
            })
            .where(eq(supportConversations.id, mine.id));
          await tx.delete(supportConversations).where(eq(supportConversations.id, open.id));
        }
        const kept = theirs.filter((c) => !(mine && c.id === open?.id)).map((c) => c.id);
        if (kept.length > 0)
          await tx
            .update(supportConversations)
            .set({ party: 'player', userId, visitorKey: null })
            .where(inArray(supportConversations.id, kept));
        return theirs.length;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || round >= 2) throw error;
    }
  }
}
