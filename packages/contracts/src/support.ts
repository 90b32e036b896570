/**
 * Support conversations (docs/support.md): `/api/support/*` for the signed-in player and for a
 * visitor (the chat cookie), what the realtime channel `support` pushes when an operator answers,
 * the contact form (`POST /api/send_contact_message`) and the chat's restore id
 * (`POST /restore-id/get`, `/restore-id/set`).
 */
import { z } from 'zod';
import { emailAddressSchema } from './rules';

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

/**
 * `unread`: the operators' messages the player (or visitor) has not marked seen yet. `visitor`:
 * the caller is a visitor (not signed in); their conversation follows them when they sign in.
 */
export const supportThreadSchema = z.object({
  conversation: supportConversationSchema.nullable(),
  messages: z.array(supportMessageSchema),
  unread: z.number().int().nonnegative(),
  visitor: z.boolean(),
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

// ---- who a conversation is with, and where it waits ---------------------------------------------------
/**
 * `player`: a signed-in player's; `visitor`: a visitor's, known by the chat cookie (moved to the
 * player when they sign in); `contact`: sent with the contact form, answered by mail.
 */
export const SUPPORT_PARTIES = ['player', 'visitor', 'contact'] as const;
export const supportPartySchema = z.enum(SUPPORT_PARTIES);
export type SupportParty = z.infer<typeof supportPartySchema>;

/**
 * The chat line a conversation is handled on: `second` when, as it opens, the player is in the
 * page-writable group 545 ("Live chat: second provider"), else `first`.
 */
export const SUPPORT_LINES = ['first', 'second'] as const;
export const supportLineSchema = z.enum(SUPPORT_LINES);
export type SupportLine = z.infer<typeof supportLineSchema>;
/** The player group that puts a player's conversations on the second line. */
export const SECOND_CHAT_LINE_GROUP_ID = 545;
/** The general chat group: every player who is not in a VIP status above the entry one. */
export const GENERAL_CHAT_GROUP_ID = 26;

// ---- POST /restore-id/get, /restore-id/set ------------------------------------------------------------
/**
 * A visitor's chat restore id: the value of the chat cookie (24 random bytes, base64url). Whoever
 * holds it reads and writes that visitor's conversation, as the cookie does; it carries a
 * visitor's conversation to another device.
 */
export const supportRestoreIdSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'invalid');
/** `restore_id`: the visitor's (null for a signed-in player, or a visitor who has not written yet). */
export const supportRestoreIdAnswerSchema = z.object({ restore_id: supportRestoreIdSchema.nullable() });
export type SupportRestoreIdAnswer = z.infer<typeof supportRestoreIdAnswerSchema>;
export const supportRestoreIdSetRequestSchema = z.object({ restore_id: supportRestoreIdSchema });
export type SupportRestoreIdSetRequest = z.infer<typeof supportRestoreIdSetRequestSchema>;

// ---- POST /api/send_contact_message ----------------------------------------------------------------
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_SUBJECT_MAX_LENGTH = 150;
/** The contact form: who writes (an address to answer by mail), an optional subject, the message. */
export const contactMessageRequestSchema = z.object({
  name: z.string().trim().min(1, 'required').max(CONTACT_NAME_MAX_LENGTH, 'too_long'),
  email: emailAddressSchema,
  subject: z.string().trim().max(CONTACT_SUBJECT_MAX_LENGTH, 'too_long').default(''),
  message: supportBodySchema,
});
export type ContactMessageRequest = z.input<typeof contactMessageRequestSchema>;
/** Sent: the message waits in the operators' inbox; the answer comes by mail. */
export const contactMessageAnswerSchema = z.object({ success: z.literal(true) });
