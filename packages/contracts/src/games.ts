import { z } from 'zod';
import { INT32_MAX, INT32_MIN, PAGE_MAX } from './bounds';
import { DEVICES } from './device';
import { paged } from './pagination';

export const deviceSchema = z.enum(DEVICES, { message: 'invalid_device' });
export type Device = z.infer<typeof deviceSchema>;

export const volatilitySchema = z.enum(['low', 'medium', 'high', 'very_high']);
export type Volatility = z.infer<typeof volatilitySchema>;

export const gameBadgeSchema = z.object({
  /** new, top, jackpot, bonus_wagering, mystic_jackpot, exclusive. */
  type: z.string(),
  /** A colour theme name of the ui kit (`accent`, `gold`, `green` ...). */
  theme: z.string(),
});
export type GameBadge = z.infer<typeof gameBadgeSchema>;

/** Per currency the game can be played in: the numeric game id favourites use, and the jackpot. */
export const gameCurrencySchema = z.object({
  id: z.number().int(),
  /** Current jackpot in the currency's minor units, `null` when the game has none. */
  jackpot: z.number().int().nullable(),
});

export const gameSchema = z.object({
  id: z.number().int(),
  /** `provider/game`, unique. */
  identifier: z.string(),
  /** The name in the game page's URL (`/play/{provider}/{seo_title}`). */
  seo_title: z.string(),
  title: z.string(),
  /** Provider identifier (`orbit`). */
  provider: z.string(),
  provider_title: z.string(),
  /** Category identifiers. */
  categories: z.array(z.string()),
  devices: z.array(deviceSchema),
  has_demo_mode: z.boolean(),
  /** `false` for catalogue-only entries no player can open yet (third-party live tables). */
  launchable: z.boolean(),
  badges: z.array(gameBadgeSchema),
  /** Same-origin path of the cover (`/covers/orbit/stellar-sevens.svg`). */
  preview: z.string(),
  lines: z.number().int().nullable(),
  ways: z.number().int().nullable(),
  volatility_rating: volatilitySchema.nullable(),
  /** Theoretical return to player, in percent (96.2). */
  payout: z.number().nullable(),
  description: z.string().nullable(),
  /** Currency code → `{id, jackpot}`; includes `FUN` when the game has a demo mode. */
  currencies: z.record(z.string(), gameCurrencySchema),
});
export type Game = z.infer<typeof gameSchema>;

// ---- GET /api/games/providers, /categories, /collections -------------------------------------

/**
 * A provider by its slug (`orbit`): the identifier games carry, the `filter.providers` value and
 * the URL part of `/producers/{id}` at once (docs/compatibility.md "Games": numeric ids break
 * existing front ends).
 */
export const providerSchema = z.object({
  id: z.string(),
  title: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;
export const providersResponseSchema = z.array(providerSchema);
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

/** `pokies` and `table` open under `/pokies/{identifier}`, `live` under `/live/{identifier}`. */
export const categoryKindSchema = z.enum(['pokies', 'live', 'table']);
export type CategoryKind = z.infer<typeof categoryKindSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  title: z.string(),
  kind: categoryKindSchema,
  position: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = z.array(categorySchema);
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

/** A collection by its slug (`orbit-originals`), which `filter.collections` takes. */
export const collectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  games_count: z.number().int(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionsResponseSchema = z.array(collectionSchema);
export type CollectionsResponse = z.infer<typeof collectionsResponseSchema>;

// ---- POST /api/games_filter -----------------------------------------------------------------

export const GAMES_PAGE_SIZE_DEFAULT = 40;
export const GAMES_PAGE_SIZE_MAX = 100;

const identifierList = z.array(z.string().max(100, 'too_long')).max(100, 'too_long');

export const gamesSortTypeSchema = z.enum(['position', 'popularity', 'title', 'released_at'], {
  message: 'unsupported_sort',
});
export type GamesSortType = z.infer<typeof gamesSortTypeSchema>;

export const gamesFilterRequestSchema = z.object({
  device: deviceSchema.optional(),
  page: z
    .number({ message: 'invalid_type' })
    .int('invalid_type')
    .min(1, 'too_small')
    .max(PAGE_MAX, 'too_big')
    .default(1),
  page_size: z
    .number({ message: 'invalid_type' })
    .int('invalid_type')
    .min(1, 'too_small')
    .max(GAMES_PAGE_SIZE_MAX, 'too_big')
    .default(GAMES_PAGE_SIZE_DEFAULT),
  filter: z
    .object({
      categories: z
        .object({
          identifiers: identifierList,
          /** OR: games in any of the listed categories (the only strategy clients send). */
          strategy: z.enum(['OR'], { message: 'unsupported_strategy' }).default('OR'),
        })
        .optional(),
      /** Provider identifiers (`orbit`). */
      providers: identifierList.optional(),
      /** Case-insensitive part of the title; `%` and `_` are literal. */
      title: z.string().max(100, 'too_long').optional(),
      /** Only games playable in one of these currencies. */
      currencies: z.array(z.string().max(8, 'too_long')).max(50, 'too_long').optional(),
    })
    .optional(),
  sort: z
    .object({
      type: gamesSortTypeSchema,
      direction: z.enum(['asc', 'desc'], { message: 'unsupported_direction' }).optional(),
    })
    .optional(),
});
export type GamesFilterRequest = z.input<typeof gamesFilterRequestSchema>;
export type GamesFilterQuery = z.output<typeof gamesFilterRequestSchema>;

export const gamesFilterResponseSchema = paged(gameSchema);
export type GamesFilterResponse = z.infer<typeof gamesFilterResponseSchema>;

// ---- GET /api/games/random ------------------------------------------------------------------

/** A random game of the category `identifier` (its slug); `device` as in games_filter. */
/** Without `identifier`, a game of the whole lobby (what existing front ends ask with no query). */
export const gamesRandomQuerySchema = z.object({
  identifier: z.string().min(1, 'required').max(100, 'too_long').optional(),
  device: deviceSchema.optional(),
});

// ---- catalogue fe configs: GET /api/fe/config/providers-config, /enable-games-config ------------

/** The front-end configuration documents the catalogue answers (the CMS answers the others). */
export const CATALOGUE_FE_CONFIGS = ['providers-config', 'enable-games-config'] as const;
/** Providers in display order with how many enabled games each has (a provider strip, filters). */
export const providersConfigSchema = z.object({
  providers: z.array(z.object({ id: z.string(), title: z.string(), games_count: z.number().int() })),
});
export type ProvidersConfig = z.infer<typeof providersConfigSchema>;
/** Which games open now (identifiers): for real money, and in demo mode. A tile offers only what opens. */
export const enableGamesConfigSchema = z.object({ real: z.array(z.string()), demo: z.array(z.string()) });
export type EnableGamesConfig = z.infer<typeof enableGamesConfigSchema>;

// ---- POST /api/games_filter/select, /select_by_seo_titles ------------------------------------

/**
 * A game asked for by `POST /api/games_filter/select`: its numeric id (Orbit's page, favourites)
 * or its identifier `provider/game-slug` (what existing front ends of this family send).
 */
export const gameReferenceSchema = z.union(
  [
    z.number().int('invalid_type').min(INT32_MIN, 'too_small').max(INT32_MAX, 'too_big'),
    z
      .string()
      .max(200, 'too_long')
      .regex(/^[^/\s]+\/[^/\s]+$/, 'invalid_type'),
  ],
  { message: 'invalid_type' },
);

export const gamesSelectRequestSchema = z.object({
  device: deviceSchema.optional(),
  game_ids: z.array(gameReferenceSchema).max(200, 'too_long'),
});
export type GamesSelectRequest = z.infer<typeof gamesSelectRequestSchema>;

export const gamesSelectBySeoTitlesRequestSchema = z.object({
  device: deviceSchema.optional(),
  game_seo_titles: z.array(z.string().max(200, 'too_long')).max(200, 'too_long'),
});
export type GamesSelectBySeoTitlesRequest = z.infer<typeof gamesSelectBySeoTitlesRequestSchema>;

/** Games keyed by identifier (`{"orbit/stellar-sevens": game}`). */
export const gamesMapResponseSchema = z.record(z.string(), gameSchema);
export type GamesMapResponse = z.infer<typeof gamesMapResponseSchema>;

// ---- GET /api/games/:provider/:name ---------------------------------------------------------

export const gameParamsSchema = z.object({
  provider: z.string().max(100, 'too_long'),
  /** The game's seo title (or the part of its identifier after the slash). */
  name: z.string().max(200, 'too_long'),
});
export type GameParams = z.infer<typeof gameParamsSchema>;

// ---- /api/player/favorite_games, /api/player/played_games (signed-in) -------------------------

/**
 * The `accept-client` request header picks the version of a dual-version list: v1 answers numeric
 * game ids, v2 full games. No header or any other value answers v1 (the lighter, older shape).
 */
export const ACCEPT_CLIENT_IDS = 'application/vnd.s.v1+json';
export const ACCEPT_CLIENT_GAMES = 'application/vnd.s.v2+json';
export type PlayerGamesVersion = 'ids' | 'games';
export function playerGamesVersionOf(acceptClient: string | undefined): PlayerGamesVersion {
  return acceptClient?.trim().toLowerCase() === ACCEPT_CLIENT_GAMES ? 'games' : 'ids';
}

/** A player keeps at most this many favourites. */
export const FAVOURITE_GAMES_MAX = 500;
/** The played-games list answers at most this many, latest first. */
export const PLAYED_GAMES_MAX = 50;

/** v1: numeric game ids (the `id` of each game's `currencies` entries). */
export const playerGameIdsResponseSchema = z.array(z.number().int());
export type PlayerGameIdsResponse = z.infer<typeof playerGameIdsResponseSchema>;
/** v2: full games, the shape of the games_filter items. */
export const playerGamesFullResponseSchema = z.array(gameSchema);
export type PlayerGamesFullResponse = z.infer<typeof playerGamesFullResponseSchema>;
/** Favourites (newest first) and played games (latest first), in the version asked for. */
export const playerGamesResponseSchema = z.union([playerGameIdsResponseSchema, playerGamesFullResponseSchema]);
export type PlayerGamesResponse = z.infer<typeof playerGamesResponseSchema>;

const gameIdSchema = z
  .number({ message: 'invalid_type' })
  .int('invalid_type')
  .min(1, 'unknown_game')
  .max(2_147_483_647, 'unknown_game');

/** `PUT|DELETE /api/player/favorite_games/{id}`. */
export const favouriteGameParamsSchema = z.object({
  /** Any whole number: one that names no game is the server's 404, not a form error. */
  id: z.coerce.number({ message: 'invalid_type' }).int('invalid_type'),
});
export type FavouriteGameParams = z.infer<typeof favouriteGameParamsSchema>;

/** `PUT /api/player/favorite_games {game_ids}`: the whole list, first = newest; duplicates count once. */
export const favouriteGamesReplaceRequestSchema = z.object({
  game_ids: z.array(gameIdSchema).max(FAVOURITE_GAMES_MAX, 'too_long'),
});
export type FavouriteGamesReplaceRequest = z.infer<typeof favouriteGamesReplaceRequestSchema>;
