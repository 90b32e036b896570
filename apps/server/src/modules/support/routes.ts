/**
 * The support calls of players and visitors (docs/support.md). A signed-in player is known by
 * their session, a visitor by the chat cookie; no call takes a conversation's id, so each answers
 * about the caller's own conversation and nobody else's. A player's call that still carries the
 * chat cookie takes the visitor's conversations over first, and clears the cookie.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactMessageAnswerSchema,
  contactMessageRequestSchema,
  supportMessageRequestSchema,
  supportMessageSchema,
  supportRestoreIdAnswerSchema,
  supportRestoreIdSetRequestSchema,
  supportSeenSchema,
  supportThreadSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { noStore } from '../../platform/http/no-store';
import { requestLocale } from '../cms';
import { currentPlayer, type CurrentPlayer } from '../identity';
import { countAddressCall } from './address-limits';
import { adoptVisitor } from './adoption';
import type { ContactDesk } from './contact';
import { presentConversation, presentMessage } from './present';
import { visitorKnown, type SupportDesk, type SupportReader } from './service';
import { chatCookieOf, clearChatCookie, newRestoreId, setChatCookie, visitorKeyOf } from './visitor';

const tags = ['support'];

/**
 * Who calls: a signed-in player (`adopted`: the visitor's conversations their chat cookie moved
 * to them, and how many), or a visitor with the restore id of their cookie (null: no conversation
 * yet). `stale`: the request carried a chat cookie that names no visitor's conversation (forged,
 * or taken over at a sign-in elsewhere): the answer clears it.
 */
type Caller =
  | { party: 'player'; player: CurrentPlayer; adopted: { restoreId: string; moved: number } | null }
  | { party: 'visitor'; restoreId: string | null; stale: boolean };

export function supportRoutes(desk: SupportDesk, contacts: ContactDesk, ctx: ModuleContext) {
  const { db, config } = ctx;

  /** The caller; a player's chat cookie moves the visitor's conversations to them, and is cleared. */
  async function callerOf(request: FastifyRequest, reply: FastifyReply): Promise<Caller> {
    const player = await currentPlayer(request);
    const cookie = chatCookieOf(request);
    if (player) {
      if (cookie.kind !== 'none') clearChatCookie(reply, config);
      if (cookie.kind !== 'restore_id') return { party: 'player', player, adopted: null };
      const moved = await adoptVisitor(db, visitorKeyOf(cookie.restoreId), player.user.id);
      return { party: 'player', player, adopted: { restoreId: cookie.restoreId, moved } };
    }
    if (cookie.kind === 'restore_id' && (await visitorKnown(db, visitorKeyOf(cookie.restoreId))))
      return { party: 'visitor', restoreId: cookie.restoreId, stale: false };
    return { party: 'visitor', restoreId: null, stale: cookie.kind !== 'none' };
  }

  /** Whose conversation a read concerns; null: a visitor who has none (an unknown cookie cleared). */
  async function readerOf(request: FastifyRequest, reply: FastifyReply): Promise<SupportReader | null> {
    const caller = await callerOf(request, reply);
    if (caller.party === 'player') return { party: 'player', userId: caller.player.user.id };
    if (caller.stale) clearChatCookie(reply, config);
    return caller.restoreId === null ? null : { party: 'visitor', visitorKey: visitorKeyOf(caller.restoreId) };
  }

  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/support/messages',
      {
        schema: {
          tags,
          summary:
            'A player or a visitor writes to support (opens their conversation when none is open; a visitor’s first message sets the chat cookie); 20 a minute',
          body: supportMessageRequestSchema,
          response: { 201: supportMessageSchema },
        },
      },
      async (request, reply) => {
        const caller = await callerOf(request, reply);
        reply.headers(noStore);
        if (caller.party === 'player') {
          const { user, groupIds } = caller.player;
          const message = await desk.write({ party: 'player', userId: user.id, groupIds }, request.body.body);
          return reply.status(201).send(presentMessage(message));
        }
        // A visitor without a conversation gets a new restore id (never one the request chose).
        const restoreId = caller.restoreId ?? newRestoreId();
        const message = await desk.write(
          { party: 'visitor', visitorKey: visitorKeyOf(restoreId), ip: request.ip },
          request.body.body,
        );
        // Set again at every message: the year counts from the last one.
        setChatCookie(reply, config, restoreId);
        return reply.status(201).send(presentMessage(message));
      },
    );

    app.get(
      '/api/support/conversation',
      {
        schema: {
          tags,
          summary:
            "The caller's conversation (the open one, else the last closed), its newest 200 messages oldest first; `visitor` for a visitor",
          response: { 200: supportThreadSchema },
        },
      },
      async (request, reply) => {
        const reader = await readerOf(request, reply);
        reply.headers(noStore);
        const visitor = reader?.party !== 'player';
        if (!reader) return { conversation: null, messages: [], unread: 0, visitor };
        const { conversation, messages } = await desk.thread(reader);
        return {
          conversation: conversation ? presentConversation(conversation) : null,
          messages: messages.map(presentMessage),
          unread: conversation?.unreadByPlayer ?? 0,
          visitor,
        };
      },
    );

    app.post(
      '/api/support/conversation/seen',
      {
        schema: {
          tags,
          summary: "Marks the operators' answers of the caller's conversation seen",
          response: { 200: supportSeenSchema },
        },
      },
      async (request, reply) => {
        const reader = await readerOf(request, reply);
        if (reader) await desk.seen(reader);
        return reply.headers(noStore).send({ unread: 0 });
      },
    );

    restoreIdRoutes(fastify);
    contactRoute(fastify);
  };

  /** The restore id: read it (a visitor's cookie value), or hand one in (this device, or the signed-in player, takes it). */
  function restoreIdRoutes(fastify: FastifyInstance): void {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/restore-id/get',
      {
        // Outside /api, yet a POST of the page like any other: the CSRF check applies (docs/security.md).
        config: { csrf: true },
        schema: {
          tags,
          summary:
            "The visitor's chat restore id (the cookie's value); null for a player or a visitor who has not written",
          response: { 200: supportRestoreIdAnswerSchema },
        },
      },
      async (request, reply) => {
        const caller = await callerOf(request, reply);
        reply.headers(noStore);
        if (caller.party === 'player') return { restore_id: null };
        if (caller.stale) clearChatCookie(reply, config);
        return { restore_id: caller.restoreId };
      },
    );

    app.post(
      '/restore-id/set',
      {
        config: { csrf: true },
        schema: {
          tags,
          summary:
            "A visitor's restore id handed in: this device's visitor takes that conversation (the cookie set), a signed-in player takes it over; 422 unknown; 10 a minute per address",
          body: supportRestoreIdSetRequestSchema,
          response: { 200: supportRestoreIdAnswerSchema },
        },
      },
      async (request, reply) => {
        const { restore_id } = request.body;
        // Counted in a transaction of its own: an unknown id (422) counts too, so ids cannot be tried fast.
        await db.transaction((tx) => countAddressCall(tx, 'restore_id', request.ip, ctx.clock.now()));
        const visitorKey = visitorKeyOf(restore_id);
        const unknown = () => AppError.validation({ restore_id: ['unknown'] });
        const caller = await callerOf(request, reply);
        reply.headers(noStore);
        if (caller.party === 'player') {
          // The player's own chat cookie may be that very id: taken over just now by callerOf.
          const moved =
            caller.adopted?.restoreId === restore_id
              ? caller.adopted.moved
              : await adoptVisitor(db, visitorKey, caller.player.user.id);
          if (moved === 0) throw unknown();
          return { restore_id: null };
        }
        if (!(await visitorKnown(db, visitorKey))) throw unknown();
        setChatCookie(reply, config, restore_id);
        return { restore_id };
      },
    );
  }

  function contactRoute(fastify: FastifyInstance): void {
    fastify.withTypeProvider<ZodTypeProvider>().post(
      '/api/send_contact_message',
      {
        schema: {
          tags,
          summary:
            "The contact form: the message waits in the operators' inbox, the answer comes by mail; 5 an hour per address",
          body: contactMessageRequestSchema,
          response: { 200: contactMessageAnswerSchema },
        },
      },
      async (request, reply) => {
        const player = await currentPlayer(request);
        await contacts.send(request.body, {
          ip: request.ip,
          locale: requestLocale(request),
          player: player ? { userId: player.user.id, groupIds: player.groupIds } : null,
        });
        return reply.headers(noStore).send({ success: true as const });
      },
    );
  }
}
