import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoriesResponseSchema,
  collectionsResponseSchema,
  enableGamesConfigSchema,
  gameParamsSchema,
  gameSchema,
  gamesFilterRequestSchema,
  gamesJackpotsResponseSchema,
  gamesRandomQuerySchema,
  gamesFilterResponseSchema,
  gamesMapResponseSchema,
  gamesSelectBySeoTitlesRequestSchema,
  gamesSelectRequestSchema,
  providersConfigSchema,
  providersResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { GamesService } from './service';

/** Covers change only when a game's title does: browsers may keep one for a week. */
const COVER_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

export function gamesRoutes(service: GamesService) {
  return async (fastify: FastifyInstance, _ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['games'];

    app.get(
      '/api/games/providers',
      { schema: { tags, summary: 'Game providers', response: { 200: providersResponseSchema } } },
      () => service.providers(),
    );
    app.get(
      '/api/games/categories',
      { schema: { tags, summary: 'Game categories', response: { 200: categoriesResponseSchema } } },
      () => service.categories(),
    );
    app.get(
      '/api/games/collections',
      { schema: { tags, summary: 'Game collections', response: { 200: collectionsResponseSchema } } },
      () => service.collections(),
    );
    // Two front-end configuration documents are the catalogue's facts; the CMS serves the rest of
    // /api/fe/config/:name (a named route wins over the CMS's `:name`). Both path families answer.
    for (const prefix of ['/api/fe/config', '/api-fe/config']) {
      app.get(
        `${prefix}/providers-config`,
        {
          schema: {
            tags: ['fe config'],
            summary: 'Providers in order, with their games count',
            response: { 200: providersConfigSchema },
          },
        },
        () => service.providersConfig(),
      );
      app.get(
        `${prefix}/enable-games-config`,
        {
          schema: {
            tags: ['fe config'],
            summary: 'The games that open now, for real and as a demo',
            response: { 200: enableGamesConfigSchema },
          },
        },
        () => service.enableGamesConfig(),
      );
    }
    app.get(
      '/api/games/random',
      {
        schema: {
          tags,
          summary: 'A random game of a category (`identifier`: the category slug)',
          querystring: gamesRandomQuerySchema,
          response: { 200: gameSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const game = await service.randomGame(request.query.identifier, request.query.device);
        if (!game) throw notFound();
        return game;
      },
    );
    app.get(
      '/api/games/jackpots',
      {
        schema: {
          tags,
          summary: "Each provider's jackpot amounts by currency",
          response: { 200: gamesJackpotsResponseSchema },
        },
      },
      () => service.jackpotsByProvider(),
    );
    app.get(
      '/api/games/:provider/:name',
      {
        schema: {
          tags,
          summary: 'One game by provider and seo title',
          params: gameParamsSchema,
          response: { 200: gameSchema },
        },
      },
      (request) => service.game(request.params.provider, request.params.name),
    );

    app.post(
      '/api/games_filter',
      {
        // A read that guests make without a session: nothing for a forged request to change.
        config: { csrf: false },
        schema: {
          tags,
          summary: 'Games by category, provider, title and device, paged',
          body: gamesFilterRequestSchema,
          response: { 200: gamesFilterResponseSchema },
        },
      },
      (request) => service.filter(request.body),
    );
    app.post(
      '/api/games_filter/select',
      {
        config: { csrf: false },
        schema: {
          tags,
          summary: 'Games by numeric id, keyed by identifier',
          body: gamesSelectRequestSchema,
          response: { 200: gamesMapResponseSchema },
        },
      },
      (request) => service.selectByIds(request.body.game_ids, request.body.device),
    );
    app.post(
      '/api/games_filter/select_by_seo_titles',
      {
        config: { csrf: false },
        schema: {
          tags,
          summary: 'Games by seo title, keyed by identifier',
          body: gamesSelectBySeoTitlesRequestSchema,
          response: { 200: gamesMapResponseSchema },
        },
      },
      (request) => service.selectBySeoTitles(request.body.game_seo_titles, request.body.device),
    );

    app.get(
      '/covers/:provider/:file',
      {
        schema: {
          tags: ['covers'],
          summary: 'A game cover (SVG drawn by the platform)',
          params: z.object({ provider: z.string().max(100), file: z.string().max(200) }),
        },
      },
      async (request, reply) => {
        const { provider, file } = request.params;
        if (!file.endsWith('.svg')) throw notFound();
        const svg = await service.cover(`${provider}/${file.slice(0, -4)}`);
        const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
        reply.header('cache-control', COVER_CACHE).header('etag', etag).header('x-content-type-options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.header('content-type', 'image/svg+xml; charset=utf-8').send(svg);
      },
    );
  };
}
