/**
 * The player's support calls (docs/support.md), signed-in players only; each answers about the
 * caller's own conversation and nobody else's: no call takes a conversation's id.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  supportMessageRequestSchema,
  supportMessageSchema,
  supportSeenSchema,
  supportThreadSchema,
} from '@orbit/contracts';
import { noStore } from '../../platform/http/no-store';
import { requirePlayer } from '../identity';
import { presentConversation, presentMessage } from './present';
import type { SupportDesk } from './service';

const tags = ['support'];

export function supportRoutes(desk: SupportDesk) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/support/messages',
      {
        schema: {
          tags,
          summary: 'The player writes to support (opens their conversation when none is open); 20 a minute',
          body: supportMessageRequestSchema,
          response: { 201: supportMessageSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const message = await desk.write({ userId: player.user.id, groupIds: player.groupIds }, request.body.body);
        return reply.status(201).headers(noStore).send(presentMessage(message));
      },
    );

    app.get(
      '/api/support/conversation',
      {
        schema: {
          tags,
          summary:
            "The player's conversation (the open one, else the last closed), its newest 200 messages oldest first",
          response: { 200: supportThreadSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        const { conversation, messages } = await desk.thread(player.user.id);
        return {
          conversation: conversation ? presentConversation(conversation) : null,
          messages: messages.map(presentMessage),
          unread: conversation?.unreadByPlayer ?? 0,
        };
      },
    );

    app.post(
      '/api/support/conversation/seen',
      {
        schema: {
          tags,
          summary: "Marks the operators' answers of the player's conversation seen",
          response: { 200: supportSeenSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        await desk.seen(player.user.id);
        return reply.headers(noStore).send({ unread: 0 });
      },
    );
  };
}
