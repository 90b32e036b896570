/**
 * The support inbox (docs/backoffice.md "Support inbox"), permission `support.reply`: the players',
 * visitors' and contact-form conversations, open and waiting first; one with its messages; the
 * reply (mailed for a contact-form message) and the close, each audited in its own transaction
 * through the support door's hook; the canned answers.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inArray } from 'drizzle-orm';
import {
  backofficeSupportCannedAnswersResponseSchema,
  backofficeSupportCloseRequestSchema,
  backofficeSupportConversationDetailSchema,
  backofficeSupportConversationParamsSchema,
  backofficeSupportConversationSchema,
  backofficeSupportConversationsQuerySchema,
  backofficeSupportConversationsResponseSchema,
  backofficeSupportMessageSchema,
  backofficeSupportReplyRequestSchema,
  type BackofficeSupportConversation,
  type BackofficeSupportMessage,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import type { Executor } from '../../../platform/db/executor';
import { notFound } from '../../../platform/errors';
import { noStore } from '../../../platform/http/no-store';
import { playerContact } from '../../identity';
import {
  inboxConversation,
  inboxPage,
  SUPPORT_CANNED_ANSWERS,
  SupportInbox,
  type InboxRow,
  type SupportMessageRow,
} from '../../support';
import { appendAudit, type Actor } from '../audit';
import { actorOf } from '../operators';
import { operators } from '../schema';
import { operatorOf, requirePermission, type BackofficeGuard } from './guard';

/** The players' addresses of a page of conversations, each player asked once. */
async function playerEmails(db: Executor, userIds: ReadonlyArray<number | null>): Promise<Map<number, string>> {
  const unique = [...new Set(userIds.filter((id): id is number => id !== null))];
  const contacts = await Promise.all(unique.map((id) => playerContact(db, id)));
  return new Map(unique.flatMap((id, i) => (contacts[i] ? [[id, contacts[i].email] as const] : [])));
}

/** The names of the operators who wrote in a thread (the back office's own table). */
async function operatorNames(db: Executor, messages: readonly SupportMessageRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(messages.flatMap((m) => (m.operatorId === null ? [] : [m.operatorId])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(inArray(operators.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The address of the conversation's player, if it has one. */
const playerEmailOf = async (db: Executor, row: InboxRow) =>
  row.userId === null ? undefined : (await playerContact(db, row.userId))?.email;

function presentConversation(row: InboxRow, email: string | undefined): BackofficeSupportConversation {
  return {
    id: row.id,
    party: row.party,
    user_id: row.userId,
    player_email: email ?? null,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    contact_subject: row.contactSubject,
    status: row.status,
    queue: row.queue as BackofficeSupportConversation['queue'],
    line: row.line,
    unread: row.unreadByOperator,
    unread_by_player: row.unreadByPlayer,
    created_at: row.createdAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    close_reason: row.closeReason,
    last_message: row.lastMessage
      ? {
          author: row.lastMessage.author,
          body: row.lastMessage.body,
          created_at: row.lastMessage.createdAt.toISOString(),
        }
      : null,
  };
}

function presentMessage(row: SupportMessageRow, names: Map<number, string>): BackofficeSupportMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    author: row.author,
    operator_id: row.operatorId,
    operator_name: row.operatorId === null ? null : (names.get(row.operatorId) ?? null),
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

/** The audit hook a write hands the support door: the entry joins the change's transaction. */
const audited =
  (ctx: ModuleContext, who: Actor, action: string, id: number, reason?: string) =>
  (tx: Executor, before: unknown, after: unknown) =>
    appendAudit(tx, ctx.clock.now(), who, {
      action,
      targetType: 'support_conversation',
      targetId: id,
      before,
      after,
      reason,
    });

type Guarded = ReturnType<typeof requirePermission>;
const tags = ['backoffice'];

/** The list, one conversation, the canned answers. */
function readRoutes(fastify: FastifyInstance, ctx: ModuleContext, onRequest: Guarded): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/backoffice/support/conversations',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The support conversations: open first, waiting for an answer first, then the newest message',
        querystring: backofficeSupportConversationsQuerySchema,
        response: { 200: backofficeSupportConversationsResponseSchema },
      },
    },
    async (request, reply) => {
      // Addresses and names of players and contacts: no cache keeps them.
      reply.headers(noStore);
      const { status, queue, party, line, user_id, page, per_page } = request.query;
      const filter = { status, queue, party, line, ...(user_id === undefined ? {} : { userId: user_id }) };
      const { rows, total } = await inboxPage(ctx.db, filter, page, per_page);
      const emails = await playerEmails(
        ctx.db,
        rows.map((r) => r.userId),
      );
      return {
        data: rows.map((r) => presentConversation(r, r.userId === null ? undefined : emails.get(r.userId))),
        total,
      };
    },
  );

  app.get(
    '/api/backoffice/support/conversations/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One conversation with its newest 200 messages, oldest first',
        params: backofficeSupportConversationParamsSchema,
        response: { 200: backofficeSupportConversationDetailSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const found = await inboxConversation(ctx.db, request.params.id);
      if (!found) throw notFound();
      const email = await playerEmailOf(ctx.db, found.conversation);
      const names = await operatorNames(ctx.db, found.messages);
      return {
        ...presentConversation(found.conversation, email),
        messages: found.messages.map((m) => presentMessage(m, names)),
      };
    },
  );

  app.get(
    '/api/backoffice/support/canned_answers',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The ready answers the reply box offers',
        response: { 200: backofficeSupportCannedAnswersResponseSchema },
      },
    },
    async () => ({ data: [...SUPPORT_CANNED_ANSWERS], total: SUPPORT_CANNED_ANSWERS.length }),
  );
}

/** The reply and the close, audited through the support door's hook. */
function writeRoutes(fastify: FastifyInstance, ctx: ModuleContext, onRequest: Guarded): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const inbox = new SupportInbox(ctx.db, ctx.clock);

  app.post(
    '/api/backoffice/support/conversations/:id/messages',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "An operator's answer (audited `support.reply`); the player or visitor hears it live on `support`, a contact gets it by mail",
        params: backofficeSupportConversationParamsSchema,
        body: backofficeSupportReplyRequestSchema,
        response: { 201: backofficeSupportMessageSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { operator } = operatorOf(request);
      const who = actorOf(operator, request.ip);
      const { message } = await inbox.reply(id, operator.id, request.body.body, audited(ctx, who, 'support.reply', id));
      return reply
        .status(201)
        .headers(noStore)
        .send(presentMessage(message, new Map([[operator.id, operator.name]])));
    },
  );

  app.post(
    '/api/backoffice/support/conversations/:id/close',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Closes an open conversation, with a reason (audited `support.close`)',
        params: backofficeSupportConversationParamsSchema,
        body: backofficeSupportCloseRequestSchema,
        response: { 200: backofficeSupportConversationSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const { id } = request.params;
      const { reason } = request.body;
      const { operator } = operatorOf(request);
      const who = actorOf(operator, request.ip);
      await inbox.close(id, operator.id, reason, audited(ctx, who, 'support.close', id, reason));
      const found = await inboxConversation(ctx.db, id);
      return presentConversation(found!.conversation, await playerEmailOf(ctx.db, found!.conversation));
    },
  );
}

export function supportRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const onRequest = requirePermission(guard, 'support.reply');
    readRoutes(fastify, ctx, onRequest);
    writeRoutes(fastify, ctx, onRequest);
  };
}
