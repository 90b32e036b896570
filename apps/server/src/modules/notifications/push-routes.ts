import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pushKeyResponseSchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionResponseSchema,
  pushUnsubscribeRequestSchema,
  pushUnsubscribeResponseSchema,
} from '@orbit/contracts';
import { noStore } from '../../platform/http/no-store';
import { requirePlayer } from '../identity';
import type { PushService } from './push';

const tags = ['notifications'];

/** The device's side of web push (docs/notifications.md "Push to a device"). */
export function pushRoutes(push: PushService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/push/key',
      {
        schema: {
          tags,
          summary: 'Whether the casino sends web pushes, and the public key a browser subscribes with',
          response: { 200: pushKeyResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.headers(noStore);
        const keys = await push.keys();
        return { enabled: keys !== null, public_key: keys?.publicKey ?? null };
      },
    );
    app.post(
      '/api/push/subscriptions',
      {
        schema: {
          tags,
          summary: 'This device takes the signed-in player’s notifications as pushes (its PushSubscription)',
          body: pushSubscriptionRequestSchema,
          response: { 200: pushSubscriptionResponseSchema },
        },
      },
      async (request) => {
        const player = await requirePlayer(request);
        const row = await push.subscribe(player.user.id, request.body, request.headers['user-agent']);
        return { subscribed: true as const, created_at: row.createdAt.toISOString() };
      },
    );
    app.delete(
      '/api/push/subscriptions',
      {
        schema: {
          tags,
          summary: 'This device stops taking the player’s pushes (only the caller’s own subscription)',
          body: pushUnsubscribeRequestSchema,
          response: { 200: pushUnsubscribeResponseSchema },
        },
      },
      async (request) => {
        const player = await requirePlayer(request);
        return { removed: await push.unsubscribe(player.user.id, request.body.endpoint) };
      },
    );
  };
}
