/**
 * The player's support conversation (docs/support.md): `/api/support/*` for the signed-in player,
 * and what the realtime channel `support` pushes to them when an operator answers.
 */
import { z } from 'zod';

/** The longest message, a player's or an operator's (characters, after trimming). */
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;
/** The most messages one answer carries: the newest ones, oldest first. */
export const SUPPORT_THREAD_LIMIT = 200;

export const SUPPORT_CONVERSATION_STATUSES = ['open', 'closed'] as const;
export const supportConversationStatusSchema = z.enum(SUPPORT_CONVERSATION_STATUSES);
export type SupportConversationStatus = z.infer<typeof supportConversationStatusSchema>;

export const SUPPORT_AUTHORS = ['player', 'operator'] as const;
export const supportAuthorSchema = z.enum(SUPPORT_AUTHORS);

/** A message's text: trimmed, not blank, at most 2000 characters. */
export const supportBodySchema = z.string().trim().min(1, 'required').max(SUPPORT_MESSAGE_MAX_LENGTH, 'too_long');

// ---- POST /api/support/messages ---------------------------------------------------------------------
export const supportMessageRequestSchema = z.object({ body: supportBodySchema });
export type SupportMessageRequest = z.infer<typeof supportMessageRequestSchema>;

/** One message as the player reads it (which operator answered is not told). */
export const supportMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  author: supportAuthorSchema,
  body: z.string(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

// ---- GET /api/support/conversation ------------------------------------------------------------------
/** The player's conversation: the open one, else the last one closed. */
export const supportConversationSchema = z.object({
  id: z.number().int(),
  status: supportConversationStatusSchema,
  created_at: z.string(),
  last_message_at: z.string(),
  closed_at: z.string().nullable(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** `unread`: the operators' messages the player has not marked seen yet. */
export const supportThreadSchema = z.object({
  conversation: supportConversationSchema.nullable(),
  messages: z.array(supportMessageSchema),
  unread: z.number().int().nonnegative(),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;

// ---- POST /api/support/conversation/seen ------------------------------------------------------------
export const supportSeenSchema = z.object({ unread: z.number().int().nonnegative() });

// ---- realtime `support` (the player's private channel) ----------------------------------------------
/**
 * What the channel pushes: an operator's answer (`message`), or the conversation closed
 * (`message` null), with the conversation as it now is and the player's unread count.
 */
export const supportPushSchema = z.object({
  conversation: supportConversationSchema,
  message: supportMessageSchema.nullable(),
  unread: z.number().int().nonnegative(),
});
export type SupportPush = z.infer<typeof supportPushSchema>;
