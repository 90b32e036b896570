import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  favouriteGameParamsSchema,
  favouriteGamesReplaceRequestSchema,
  playerGamesResponseSchema,
  playerGamesVersionOf,
  type PlayerGamesVersion,
} from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { requirePlayer } from '../identity';
import type { PlayerGamesService } from './player-games';

/** The version a request asks for; the answer varies by it and is the player's own. */
function versionOf(request: FastifyRequest, reply: FastifyReply): PlayerGamesVersion {
  const header = request.headers['accept-client'];
  reply.header('vary', 'accept-client').header('cache-control', 'private, no-store');
  return playerGamesVersionOf(Array.isArray(header) ? header[0] : header);
}

/**
 * `/api/player/favorite_games` and `/api/player/played_games`: signed-in only (401 for guests),
 * every answer the list in the version of the `accept-client` header. The writes are CSRF-checked
 * like every other state-changing call.
 */
export function playerGamesRoutes(service: PlayerGamesService) {
  return async (fastify: FastifyInstance, _ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['player'];
    const response = { 200: playerGamesResponseSchema };
    const versions =
      'header accept-client: application/vnd.s.v1+json (default) → game ids, application/vnd.s.v2+json → games';

    app.get(
      '/api/player/favorite_games',
      { schema: { tags, summary: `Favourite games, newest first (${versions})`, response } },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        return service.favourites(user.id, versionOf(request, reply));
      },
    );

    app.put(
      '/api/player/favorite_games',
      {
        schema: {
          tags,
          summary: 'Replace the favourites with game_ids (first = newest, at most 500)',
          body: favouriteGamesReplaceRequestSchema,
          response,
        },
      },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        await service.replaceFavourites(user.id, request.body.game_ids);
        return service.favourites(user.id, versionOf(request, reply));
      },
    );

    app.delete(
      '/api/player/favorite_games',
      { schema: { tags, summary: 'Remove every favourite', response } },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        await service.clearFavourites(user.id);
        return service.favourites(user.id, versionOf(request, reply));
      },
    );

    app.put(
      '/api/player/favorite_games/:id',
      {
        schema: {
          tags,
          summary: 'Add a game to the favourites (idempotent)',
          params: favouriteGameParamsSchema,
          response,
        },
      },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        await service.addFavourite(user.id, request.params.id);
        return service.favourites(user.id, versionOf(request, reply));
      },
    );

    app.delete(
      '/api/player/favorite_games/:id',
      {
        schema: {
          tags,
          summary: 'Remove a game from the favourites (idempotent)',
          params: favouriteGameParamsSchema,
          response,
        },
      },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        await service.removeFavourite(user.id, request.params.id);
        return service.favourites(user.id, versionOf(request, reply));
      },
    );

    app.get(
      '/api/player/played_games',
      {
        schema: { tags, summary: `Games the player played for real, latest first, at most 50 (${versions})`, response },
      },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        return service.played(user.id, versionOf(request, reply));
      },
    );
  };
}
