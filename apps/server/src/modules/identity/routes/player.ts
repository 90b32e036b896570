import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyResponseSchema, playerSchema, playerSessionsResponseSchema } from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { presentPlayer } from '../profile';
import type { IdentityService } from '../service';
import { requirePlayer } from '../session';

const player = { tags: ['player'] };

/** The signed-in player. */
export function playerRoutes() {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/player',
      { schema: { ...player, summary: 'The signed-in player', response: { 200: playerSchema } } },
      async (request) => {
        const { user, groupIds } = await requirePlayer(request);
        return presentPlayer(ctx.db, user, ctx.config, groupIds);
      },
    );
  };
}

/** The player's sessions: listed, and ended everywhere else. */
export function sessionRoutes(service: IdentityService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/player/sessions',
      {
        schema: { ...player, summary: "The player's active sessions", response: { 200: playerSessionsResponseSchema } },
      },
      async (request) => {
        const { user, session } = await requirePlayer(request);
        return (await service.sessionsOf(user.id)).map((s) => ({
          id: s.id,
          ip: s.ip,
          country: s.country,
          user_agent: s.userAgent,
          created_at: s.createdAt.toISOString(),
          current: s.id === session.id,
        }));
      },
    );

    app.delete(
      '/api/player/sessions',
      { schema: { ...player, summary: 'Sign out everywhere else', response: { 200: emptyResponseSchema } } },
      async (request) => {
        const { user, session } = await requirePlayer(request);
        await service.endOtherSessions(user.id, session.id);
        return {};
      },
    );
  };
}
