/**
 * What other modules may know of games and rounds without reading this module's tables: the
 * categories of a game (a bonus's wagering counts a bet by them) and the facts of rounds
 * (which game, whether still open, how much bonus money they took).
 */
import { and, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { categories, gameCategories, gameRounds, games } from './schema';

export type RoundFacts = {
  roundId: number;
  userId: number;
  currency: string;
  game: string;
  categories: string[];
  status: 'open' | 'closed' | 'rolled_back';
  betCents: number;
  betBonusCents: number;
  createdAt: Date;
};

/** The rounds named, with their game's category identifiers. */
export async function roundFacts(db: Executor, roundIds: readonly number[]): Promise<Map<number, RoundFacts>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db
    .select({
      roundId: gameRounds.id,
      userId: gameRounds.userId,
      currency: gameRounds.currency,
      game: games.identifier,
      categories: sql<string[]>`coalesce((select array_agg(${categories.identifier}) from ${gameCategories}
        join ${categories} on ${categories.id} = ${gameCategories.categoryId} where ${gameCategories.gameId} = ${games.id}), '{}')`,
      status: gameRounds.status,
      betCents: gameRounds.betCents,
      betBonusCents: gameRounds.betBonusCents,
      createdAt: gameRounds.createdAt,
    })
    .from(gameRounds)
    .innerJoin(games, eq(games.id, gameRounds.gameId))
    .where(inArray(gameRounds.id, [...roundIds]));
  return new Map(rows.map((r) => [r.roundId, { ...r, categories: arrayOf(r.categories) }]));
}

/** A game's category identifiers (`slots`, `table` ...). */
export async function gameCategoriesOf(db: Executor, gameIdentifier: string): Promise<string[]> {
  const rows = await db
    .select({ identifier: categories.identifier })
    .from(gameCategories)
    .innerJoin(categories, eq(categories.id, gameCategories.categoryId))
    .innerJoin(games, eq(games.id, gameCategories.gameId))
    .where(eq(games.identifier, gameIdentifier));
  return rows.map((r) => r.identifier);
}

/** Whether the player has a round still open that took bonus money since `since` (its win is still to come). */
export async function hasOpenBonusRound(db: Executor, userId: number, currency: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: gameRounds.id })
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.userId, userId),
        eq(gameRounds.currency, currency),
        eq(gameRounds.status, 'open'),
        gt(gameRounds.betBonusCents, 0),
        gte(gameRounds.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A text[] as drivers return it: an array, or PostgreSQL's `{a,b}` text. */
function arrayOf(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
}
