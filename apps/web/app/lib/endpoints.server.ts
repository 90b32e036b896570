/**
 * The API calls server loaders make, each answer validated against its contract schema
 * (a server that drifts from the contract fails loudly here, not somewhere in the UI).
 * Server-only: the schemas (zod) stay out of the page's JavaScript.
 *
 * Game lists are validated with the part of the game schema the page draws (a tile), and the
 * parse keeps only those fields: the rest of a game (its jackpot per currency, its RTP ...)
 * is neither checked nor carried into the page's HTML.
 */
import {
  bannersConfigSchema,
  bettingConfigSchema,
  categoriesResponseSchema,
  collectionsResponseSchema,
  cmsPageSchema,
  cmsPagesResponseSchema,
  cmsSnippetsResponseSchema,
  gameSchema,
  jackpotsResponseSchema,
  jackpotWinsResponseSchema,
  logoConfigSchema,
  mainWidgetConfigSchema,
  managePromotionPagesConfigSchema,
  surveyConfigSchema,
  menuCategoriesGamesConfigSchema,
  paged,
  projectInfoSchema,
  providersResponseSchema,
  type GamesFilterRequest,
} from '@orbit/contracts';
import { ApiError, serverApi } from './api';
import type { Locale } from './locale';

/** The fields of a game a tile draws (see features/games GameView). */
const gameTileSchema = gameSchema
  .pick({
    identifier: true,
    title: true,
    seo_title: true,
    provider: true,
    provider_title: true,
    preview: true,
    badges: true,
    has_demo_mode: true,
    launchable: true,
    currencies: true,
  })
  // Each currency's game id only (the tile's lock and favourite toggle): no jackpots in the page.
  .transform((game) => ({
    ...game,
    currencies: Object.fromEntries(Object.entries(game.currencies).map(([code, c]) => [code, { id: c.id }])),
  }));
const gameTilesResponseSchema = paged(gameTileSchema);

/** The fields of a game its page draws and launches with (see features/play PlayGame). */
const playGameSchema = gameSchema.pick({
  id: true,
  identifier: true,
  title: true,
  seo_title: true,
  provider: true,
  provider_title: true,
  has_demo_mode: true,
  launchable: true,
});

export function serverEndpoints(apiFetch: typeof fetch, locale: Locale) {
  const api = serverApi(apiFetch);
  const l = encodeURIComponent(locale);
  return {
    project: () => api.get('/api/info/project', { schema: projectInfoSchema }),
    menuCategories: () => api.get('/api/fe/config/menu-categories-games', { schema: menuCategoriesGamesConfigSchema }),
    mainWidget: () => api.get('/api/fe/config/main-widget-config', { schema: mainWidgetConfigSchema }),
    // Routes and rules: the promotion pages switched on or off, and the survey.
    promotionPages: () =>
      api.get('/api/fe/config/manage-promotion-pages', { schema: managePromotionPagesConfigSchema }),
    survey: () => api.get('/api/fe/config/survey-config', { schema: surveyConfigSchema }),
    /** The betting site the sport routes frame (docs/sportsbook.md); off by default. */
    betting: () => api.get('/api/fe/config/betting-config', { schema: bettingConfigSchema }),
    /** The header's logo (docs/page-shell.md "Header"). */
    logo: () => api.get('/api/fe/config/logo-config', { schema: logoConfigSchema }),
    banners: () =>
      api.get('/api/fe/config/banners-config', { schema: bannersConfigSchema, headers: { 'Accept-Language': locale } }),
    categories: () => api.get('/api/games/categories', { schema: categoriesResponseSchema }),
    /** The categories that hold games a player can open, with their counts. */
    collections: () => api.get('/api/games/collections', { schema: collectionsResponseSchema }),
    jackpots: () => api.get('/api/jackpots', { schema: jackpotsResponseSchema }),
    /** Winners, masked by the server: the newest first, or the biggest amounts first. */
    jackpotWins: (sort: 'latest' | 'biggest', limit: number) =>
      api.get(`/api/jackpot_wins?limit=${limit}&sort=${sort}`, { schema: jackpotWinsResponseSchema }),
    providers: () => api.get('/api/games/providers', { schema: providersResponseSchema }),
    /** A page of games, each reduced to what a tile draws. */
    gameTiles: (body: GamesFilterRequest) => api.post('/api/games_filter', body, { schema: gameTilesResponseSchema }),
    /** One game by provider and seo title (`/play/{provider}/{name}`), or null when there is none. */
    game: async (provider: string, name: string) => {
      try {
        return await api.get(`/api/games/${encodeURIComponent(provider)}/${encodeURIComponent(name)}`, {
          schema: playGameSchema,
        });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 422 || error.status === 400))
          return null;
        throw error;
      }
    },
    cmsPages: () => api.get(`/api/cms/pages?l=${l}`, { schema: cmsPagesResponseSchema }),
    snippets: () => api.get(`/api/cms/snippets?l=${l}`, { schema: cmsSnippetsResponseSchema }),
    /** One CMS page, or null when the CMS has none under that slug. */
    cmsPage: async (slug: string) => {
      try {
        return await api.get(`/api/cms/pages/${slug}?l=${l}`, { schema: cmsPageSchema });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  };
}

export type ServerEndpoints = ReturnType<typeof serverEndpoints>;
