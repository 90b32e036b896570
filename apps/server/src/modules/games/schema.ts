import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** Game studios. `launchable = false`: catalogue-only, no integration to open its games yet. */
export const providers = pgTable('providers', {
  id: serial('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull().default(0),
  launchable: boolean('launchable').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
});

/** Lobby categories; `kind` decides the route family (`/pokies/...`, `/live/...`). */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  title: text('title').notNull(),
  kind: text('kind', { enum: ['pokies', 'live', 'table'] }).notNull(),
  position: integer('position').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export type GameBadgeRow = { type: string; theme: string };

export const games = pgTable(
  'games',
  {
    /** Numeric id: favourites and the per-currency ids of the game answer use it. */
    id: serial('id').primaryKey(),
    /** `provider/slug`, the natural key. */
    identifier: text('identifier').notNull().unique(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    title: text('title').notNull(),
    seoTitle: text('seo_title').notNull(),
    description: text('description'),
    lines: integer('lines'),
    ways: integer('ways'),
    volatilityRating: text('volatility_rating', { enum: ['low', 'medium', 'high', 'very_high'] }),
    /** Theoretical RTP in percent. */
    payout: numeric('payout', { precision: 5, scale: 2, mode: 'number' }),
    hasDemoMode: boolean('has_demo_mode').notNull().default(false),
    devices: text('devices').array().notNull().default(sql`'{desktop,mobile}'::text[]`),
    /** Currencies the game is played in (FUN is added for demo-mode games). */
    currencies: text('currencies').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    popularity: integer('popularity').notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    badges: jsonb('badges').$type<GameBadgeRow[]>().notNull().default(sql`'[]'::jsonb`),
    jackpot: boolean('jackpot').notNull().default(false),
  },
  (t) => [
    unique('games_provider_seo_title').on(t.providerId, t.seoTitle),
    index('games_enabled_position').on(t.enabled, t.position),
    index('games_seo_title').on(t.seoTitle),
  ],
);

export const gameCategories = pgTable(
  'game_categories',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** Order of the game inside the category. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.categoryId] }), index('game_categories_category').on(t.categoryId, t.position)],
);

export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  title: text('title').notNull(),
  position: integer('position').notNull().default(0),
});

export const gameCollections = pgTable(
  'game_collections',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.gameId] })],
);

/**
 * A player's favourite games. `user_id` names an identity player (no foreign key across modules:
 * the games module never reads identity's tables).
 */
export const favouriteGames = pgTable(
  'favourite_games',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index('favourite_games_user').on(t.userId, t.addedAt)],
);

/** The games a player has played for real, latest first (filled by game launches and rounds). */
export const playedGames = pgTable(
  'played_games',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index('played_games_user').on(t.userId, t.lastPlayedAt)],
);
