/** The support rows as the player's calls and the `support` channel show them (packages/contracts/src/support.ts). */
import type { SupportConversation, SupportMessage } from '@orbit/contracts';
import type { SupportConversationRow, SupportMessageRow } from './schema';

export function presentConversation(row: SupportConversationRow): SupportConversation {
  return {
    id: row.id,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

/** Which operator answered is the casino's to know, not the player's. */
export function presentMessage(row: SupportMessageRow): SupportMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    author: row.author,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}
