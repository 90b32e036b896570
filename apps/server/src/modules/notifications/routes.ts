import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationParamsSchema, notificationSchema, notificationsResponseSchema } from '@orbit/contracts';
import { requirePlayer } from '../identity';
import { presentNotification, type NotificationsService } from './service';
import { noStore } from '../../platform/http/no-store';

const tags = ['notifications'];

export function notificationRoutes(service: NotificationsService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/player/notifications',
      {
        schema: {
          tags,
          summary: "The player's notifications not yet expired, newest first",
          response: { 200: notificationsResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return (await service.list(player.user.id)).map(presentNotification);
      },
    );
    app.delete(
      '/api/player/notifications/:id',
      {
        schema: {
          tags,
          summary: 'Dismisses one of the player’s notifications (answers it)',
          params: notificationParamsSchema,
          response: { 200: notificationSchema },
        },
      },
      async (request) =>
        presentNotification(await service.dismiss((await requirePlayer(request)).user.id, request.params.id)),
    );
  };
}
