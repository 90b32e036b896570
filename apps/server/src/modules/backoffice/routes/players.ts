/** Players as operators find them (docs/backoffice.md "Players"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backofficePlayersQuerySchema, backofficePlayersResponseSchema } from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { searchPlayers } from '../../identity';
import { requirePermission, type BackofficeGuard } from './guard';

export function playerRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/backoffice/players',
      {
        onRequest: requirePermission(guard, 'players.read'),
        schema: {
          tags: ['backoffice'],
          summary: 'Players by id, address, nickname, name, phone or a session’s IP address (q), newest first',
          querystring: backofficePlayersQuerySchema,
          response: { 200: backofficePlayersResponseSchema },
        },
      },
      async (request) => searchPlayers(ctx.db, request.query),
    );
  };
}
