import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** A pooled jackpot in one currency, fed by the bets of its games (`games`: catalogue identifiers). */
export const jackpots = pgTable('jackpots', {
  id: serial('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  games: text('games')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * A level (mini, major, grand). What a hit pays now is `amount_cents` plus the level's feeds
 * (`jackpot_level_feeds`, see `levelAmount`): the sum over levels equals the balance of the
 * currency's `jackpot_pool` ledger accounts. Each bet adds `contribution_bp` basis points of its
 * amount; a bet hits the level when its 32-bit draw falls in the level's slice of `hit_weight`
 * values out of 2^32 (docs/provider-protocol.md).
 */
export const jackpotLevels = pgTable(
  'jackpot_levels',
  {
    id: serial('id').primaryKey(),
    jackpotId: integer('jackpot_id')
      .notNull()
      .references(() => jackpots.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    seedCents: bigint('seed_cents', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    contributionBp: integer('contribution_bp').notNull(),
    hitWeight: bigint('hit_weight', { mode: 'number' }).notNull(),
    /** How many times the level was reset to its seed (keys the seed transfers). */
    resets: integer('resets').notNull().default(0),
  },
  (t) => [unique('jackpot_levels_identifier').on(t.jackpotId, t.identifier)],
);

/** A paid hit: the winners board and `GET /api/jackpot_wins`. */
export const jackpotWins = pgTable(
  'jackpot_wins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    levelId: integer('level_id')
      .notNull()
      .references(() => jackpotLevels.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userName: text('user_name').notNull(),
    /** The round (games module) whose bet hit. */
    roundReference: text('round_reference').notNull().unique(),
    currency: text('currency').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('jackpot_wins_created').on(t.createdAt)],
);

/**
 * What bets fed a level since it was last reset (by a hit), one row per shard (the player's id
 * modulo `ledger_house_shards('jackpot_pool')`): every bet of a jackpot game adds
 * to the levels, and one row per level would make all bets at once queue on it. A hit takes the
 * level's rows and sets them to zero.
 */
export const jackpotLevelFeeds = pgTable(
  'jackpot_level_feeds',
  {
    levelId: integer('level_id')
      .notNull()
      .references(() => jackpotLevels.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'jackpot_level_feeds_pk', columns: [t.levelId, t.shard] })],
);

/**
 * The part of a cent each player's bets owe each level but have not paid yet, in ten-thousandths
 * of a cent (`carry_micro`, below 10 000). A level takes `contribution_bp` basis points of a
 * bet: of a 1.00 bet at 20 bp that is 0.2 of a cent. The ledger moves whole cents only, so a bet
 * pays the whole cents of its share plus this carry, and leaves the rest here for the player's
 * next bet: every bet's share counts, and the pool still equals its ledger accounts. The row is
 * only touched by its player's bets, which already queue on the player's account rows.
 */
export const jackpotCarries = pgTable(
  'jackpot_carries',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    levelId: integer('level_id')
      .notNull()
      .references(() => jackpotLevels.id, { onDelete: 'cascade' }),
    carryMicro: integer('carry_micro').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'jackpot_carries_pk', columns: [t.userId, t.levelId] })],
);
