/**
 * The outbox event of every change a writer should hear of on `support` (live.ts): an operator's
 * answer or close (inbox.ts), and the writer's own message (service.ts: their other tabs).
 */
export const SUPPORT_NOTICE_TOPIC = 'support.player_notice';
/** `messageId` null: the conversation was closed. */
export type SupportNotice = { conversationId: number; messageId: number | null };
