/**
 * The back office's support inbox (docs/backoffice.md "Support inbox", docs/support.md):
 * `/api/backoffice/support/*`, permission `support.reply`.
 */
import { z } from 'zod';
import { backofficeList, backofficeListQuerySchema } from './backoffice';
import { INT32_MAX } from './bounds';
import {
  SUPPORT_CONVERSATION_STATUSES,
  SUPPORT_LINES,
  SUPPORT_PARTIES,
  supportAuthorSchema,
  supportBodySchema,
  supportConversationStatusSchema,
  supportLineSchema,
  supportPartySchema,
} from './support';

/** A conversation's or a player's id: a positive whole number, as far as the other ids go (2^31 - 1). */
const supportId = z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(INT32_MAX, 'too_big');

/** The queues a conversation waits in: `vip` for a player of a VIP status above the entry one. */
export const SUPPORT_QUEUES = ['general', 'vip'] as const;
export const supportQueueSchema = z.enum(SUPPORT_QUEUES);
export type SupportQueue = z.infer<typeof supportQueueSchema>;

// ---- GET /api/backoffice/support/conversations ------------------------------------------------------
/** Open first, those with unread player messages first, then the newest message first. */
export const backofficeSupportConversationsQuerySchema = backofficeListQuerySchema.extend({
  status: z.enum(SUPPORT_CONVERSATION_STATUSES, 'invalid').optional(),
  queue: z.enum(SUPPORT_QUEUES, 'invalid').optional(),
  /** A player's chat, a visitor's, or a contact-form message. */
  party: z.enum(SUPPORT_PARTIES, 'invalid').optional(),
  line: z.enum(SUPPORT_LINES, 'invalid').optional(),
  user_id: supportId.optional(),
});
export type BackofficeSupportConversationsQuery = z.infer<typeof backofficeSupportConversationsQuerySchema>;

export const backofficeSupportConversationParamsSchema = z.object({ id: supportId });

/** The newest message of a conversation, cut to a preview. */
export const backofficeSupportPreviewSchema = z.object({
  author: supportAuthorSchema,
  body: z.string(),
  created_at: z.string(),
});

/**
 * One conversation as the inbox lists it. `party`: `player` (a signed-in player's chat),
 * `visitor` (a visitor's chat, no player behind it yet), `contact` (the contact form: the answer
 * goes out by mail to `contact_email`).
 */
export const backofficeSupportConversationSchema = z.object({
  id: z.number().int(),
  party: supportPartySchema,
  /** The player: the chat's, or who sent the contact form signed in; null for a visitor or a guest's contact form. */
  user_id: z.number().int().nullable(),
  /** The player's address; null without a player (or for a player who no longer exists). */
  player_email: z.string().nullable(),
  /** The contact form's name, address and subject (null for the chat's parties; the subject may be left out). */
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_subject: z.string().nullable(),
  status: supportConversationStatusSchema,
  queue: supportQueueSchema,
  line: supportLineSchema,
  /** The player's messages no operator has answered yet. */
  unread: z.number().int().nonnegative(),
  /** The operators' messages the player has not marked seen yet. */
  unread_by_player: z.number().int().nonnegative(),
  created_at: z.string(),
  last_message_at: z.string(),
  closed_at: z.string().nullable(),
  close_reason: z.string().nullable(),
  last_message: backofficeSupportPreviewSchema.nullable(),
});
export type BackofficeSupportConversation = z.infer<typeof backofficeSupportConversationSchema>;
export const backofficeSupportConversationsResponseSchema = backofficeList(backofficeSupportConversationSchema);

/** One message as operators read it: which operator wrote it. */
export const backofficeSupportMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  author: supportAuthorSchema,
  operator_id: z.number().int().nullable(),
  operator_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type BackofficeSupportMessage = z.infer<typeof backofficeSupportMessageSchema>;

// ---- GET /api/backoffice/support/conversations/:id --------------------------------------------------
/** The conversation with its newest messages (at most 200), oldest first. */
export const backofficeSupportConversationDetailSchema = backofficeSupportConversationSchema.extend({
  messages: z.array(backofficeSupportMessageSchema),
});
export type BackofficeSupportConversationDetail = z.infer<typeof backofficeSupportConversationDetailSchema>;

// ---- POST /api/backoffice/support/conversations/:id/messages ----------------------------------------
export const backofficeSupportReplyRequestSchema = z.object({ body: supportBodySchema });
export type BackofficeSupportReplyRequest = z.infer<typeof backofficeSupportReplyRequestSchema>;

// ---- POST /api/backoffice/support/conversations/:id/close -------------------------------------------
export const backofficeSupportCloseRequestSchema = z.object({
  reason: z.string().trim().min(1, 'required').max(500, 'too_long'),
});
export type BackofficeSupportCloseRequest = z.infer<typeof backofficeSupportCloseRequestSchema>;

// ---- GET /api/backoffice/support/canned_answers -----------------------------------------------------
/** A ready answer the reply box offers; the operator may edit it before sending. */
export const backofficeSupportCannedAnswerSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
});
export type BackofficeSupportCannedAnswer = z.infer<typeof backofficeSupportCannedAnswerSchema>;
export const backofficeSupportCannedAnswersResponseSchema = backofficeList(backofficeSupportCannedAnswerSchema);
