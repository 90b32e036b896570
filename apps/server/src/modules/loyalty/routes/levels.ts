import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loyaltyLevelSchema, loyaltyLevelsResponseSchema, playerLevelSchema } from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { requestLocale } from '../../cms';
import { requirePlayer } from '../../identity';
import { allLevels, levelEmblemSvg, playerLevel } from '../levels';
import { compPointsOf } from '../points';
import { noStore } from '../../../platform/http/no-store';

const tags = ['loyalty'];

/** A level's emblem, drawn by the platform. */
export function levelEmblemRoutes() {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The levels' emblems that `image` names (drawn, so that no level points at a missing file).
    app.get(
      '/images/levels/:file',
      {
        schema: {
          tags,
          summary: "A level's emblem (SVG drawn by the platform)",
          params: z.object({ file: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const rank = /^level-(\d{1,2})\.svg$/.exec(request.params.file)?.[1];
        const svg = rank ? levelEmblemSvg(Number(rank)) : undefined;
        if (!svg) throw notFound();
        return reply
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .send(svg);
      },
    );
  };
}

/** The levels, and the player's. */
export function levelRoutes() {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/loyalty/levels',
      { schema: { tags, summary: 'The twelve levels', response: { 200: loyaltyLevelsResponseSchema } } },
      (request) => allLevels(requestLocale(request)),
    );
    app.get(
      '/api/loyalty/levels/:id',
      {
        schema: {
          tags,
          summary: 'One level',
          params: z.object({ id: z.string() }),
          response: { 200: loyaltyLevelSchema },
        },
      },
      async (request) => {
        const level = allLevels(requestLocale(request)).find((l) => l.id === request.params.id);
        if (!level) throw notFound();
        return level;
      },
    );
    app.get(
      '/api/player/level',
      { schema: { tags, summary: "The player's level and the next", response: { 200: playerLevelSchema } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return playerLevel((await compPointsOf(ctx.db, player.user.id)).persistent.points, requestLocale(request));
      },
    );
  };
}
