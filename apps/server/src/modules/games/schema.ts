import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
  uuid,
} from 'drizzle-orm/pg-core';

/** Game studios. `launchable = false`: catalogue-only, no integration to open its games yet. */
export const providers = pgTable('providers', {
  id: serial('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  title: text('title').notNull(),
  position: integer('position').notNull().default(0),
  launchable: boolean('launchable').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  /** Signs the provider's wallet calls (HMAC-SHA256 of the raw body); null: no real play. */
  walletSecret: text('wallet_secret'),
  /** The studio's game page; `{game}` is replaced by the game's slug (docs/provider-protocol.md). */
  launchUrl: text('launch_url'),
  /** Where the platform issues and cancels free spins (`…/issue`, `…/cancel`); null: the provider takes none. */
  freespinsUrl: text('freespins_url'),
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
    devices: text('devices')
      .array()
      .notNull()
      .default(sql`'{desktop,mobile}'::text[]`),
    /** Currencies the game is played in (FUN is added for demo-mode games). */
    currencies: text('currencies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    popularity: integer('popularity').notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    badges: jsonb('badges')
      .$type<GameBadgeRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
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
  (t) => [
    primaryKey({ columns: [t.gameId, t.categoryId] }),
    index('game_categories_category').on(t.categoryId, t.position),
  ],
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

/**
 * One launch of a game for real money: the one-time launch token the iframe URL carries, then the
 * session token the provider's wallet calls carry (both stored hashed). Lasts 12 hours from launch.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    launchTokenHash: text('launch_token_hash').notNull().unique(),
    sessionTokenHash: text('session_token_hash').unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    currency: text('currency').notNull(),
    licence: text('licence').notNull(),
    nickname: text('nickname').notNull(),
    /**
     * The sign-in session that launched it (identity's `sessions`, no key across modules): when
     * that session is ended (sign-out, an exclusion, a password change, the player ending it),
     * this game session takes no more bets (docs/provider-protocol.md).
     */
    signInSessionId: uuid('sign_in_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('game_sessions_user').on(t.userId, t.createdAt)],
);

/** A round as the provider reported it: its bets and win, the outcome and fair inputs for recall. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * The round's provider and game are its session's (`wallet_bet()` writes rounds only from a
     * session, whose keys hold them). No foreign key of their own: every bet would lock the one
     * row of its game and provider, and bets sent at once would queue on it.
     */
    providerId: integer('provider_id').notNull(),
    /** The provider's round id. */
    externalId: text('external_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameId: integer('game_id').notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    betCents: bigint('bet_cents', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    betRealCents: bigint('bet_real_cents', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    betBonusCents: bigint('bet_bonus_cents', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    winCents: bigint('win_cents', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    jackpotWinCents: bigint('jackpot_win_cents', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: ['open', 'closed', 'rolled_back'] })
      .notNull()
      .default('open'),
    bet: jsonb('bet'),
    outcome: jsonb('outcome'),
    fair: jsonb('fair').$type<{ server_seed_hash: string; client_seed: string; nonce: number }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    unique('game_rounds_provider_external').on(t.providerId, t.externalId),
    index('game_rounds_user').on(t.userId, t.createdAt),
    // The reports read today's rounds by time: BRIN, a few pages for an append-mostly table whose
    // times follow its insertion order (docs/reports.md "Tables").
    index('game_rounds_created_at').using('brin', t.createdAt),
    // The significant events' big wins by time: only the rare rounds that won 1,000 units or more.
    index('game_rounds_big_wins')
      .on(t.closedAt)
      .where(sql`${t.status} = 'closed' and ${t.winCents} >= 100000`),
  ],
);

/**
 * Every wallet call that moved (or refused to move) money, by the provider's transaction id:
 * a replay answers `response` again. `rollback_marker`: a rollback of a transaction not seen yet,
 * remembered so that the late bet is refused.
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The provider whose signature the call carried; no foreign key, as for rounds. */
    providerId: integer('provider_id').notNull(),
    externalId: text('external_id').notNull(),
    kind: text('kind', { enum: ['bet', 'win', 'rollback', 'rollback_marker', 'freespin'] }).notNull(),
    roundId: bigint('round_id', { mode: 'number' }),
    referenceExternalId: text('reference_external_id'),
    amountCents: bigint('amount_cents', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    realCents: bigint('real_cents', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    bonusCents: bigint('bonus_cents', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    rolledBack: boolean('rolled_back').notNull().default(false),
    payloadHash: text('payload_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('provider_transactions_external').on(t.providerId, t.externalId),
    index('provider_transactions_round').on(t.roundId),
  ],
);

/**
 * A player's pre-bet rules version: raised, by a trigger in the same transaction, whenever a table
 * a pre-bet check reads changes for the player (`sql/pre_bet_rules_changed.sql`). A bet of
 * a player no check restricts skips the checks and carries the version it was cleared at; the bet's
 * statement refuses to run when the version has moved (see PreBetChecks.forBet).
 */
export const preBetRuleVersions = pgTable('pre_bet_rule_versions', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  version: bigint('version', { mode: 'number' })
    .notNull()
    .default(sql`0`),
});
