import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { FAVOURITE_GAMES_MAX, PLAYED_GAMES_MAX, type Game, type PlayerGamesVersion } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation, type Executor } from '../../platform/db/executor';
import { AppError, notFound, unprocessable } from '../../platform/errors';
import { favouriteGames, games, playedGames, providers } from './schema';
import type { GamesService } from './service';

/** A game a player can see: enabled, of an enabled provider. */
const visible = and(eq(games.enabled, true), eq(providers.enabled, true))!;

/**
 * Records that a player played a game for real at `at` (a launch or a round). Latest wins: an
 * older report arriving late never moves the game down the list. Unknown game → 404 `game_id`.
 */
export async function recordPlayed(db: Executor, userId: number, gameId: number, at: Date): Promise<void> {
  if (!isGameId(gameId)) throw notFound('game_id');
  try {
    await db
      .insert(playedGames)
      .values({ userId, gameId, lastPlayedAt: at })
      .onConflictDoUpdate({
        target: [playedGames.userId, playedGames.gameId],
        set: { lastPlayedAt: sql`greatest(${playedGames.lastPlayedAt}, excluded.last_played_at)` },
      });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound('game_id');
    throw error;
  }
}

/** Game ids are positive `integer`s: anything else names no game (and must not reach the database). */
function isGameId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;
}

/**
 * A player's favourite and played games. Both lists show only games the player can see now: a
 * game an operator disables drops out of the answers, but its favourite row stays, so it comes
 * back when the game does.
 */
export class PlayerGamesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalogue: GamesService,
  ) {}

  // ---- favourites ---------------------------------------------------------------------------------

  /** Newest first, in the version asked for. */
  async favourites(userId: number, version: PlayerGamesVersion): Promise<number[] | Game[]> {
    const rows = await this.db
      .select({ id: favouriteGames.gameId })
      .from(favouriteGames)
      .innerJoin(games, eq(games.id, favouriteGames.gameId))
      .innerJoin(providers, eq(providers.id, games.providerId))
      .where(and(eq(favouriteGames.userId, userId), visible))
      .orderBy(desc(favouriteGames.addedAt), desc(favouriteGames.gameId));
    return this.inVersion(
      rows.map((r) => r.id),
      version,
    );
  }

  /**
   * Adds one game at the top. Idempotent: a game already there keeps its place. Unknown or
   * disabled game → 404 `game_id: not_found`; a full list (500) → 422 `game_id: limit_reached`.
   */
  async addFavourite(userId: number, gameId: number): Promise<void> {
    if (!isGameId(gameId)) throw notFound('game_id');
    await this.db.transaction(async (tx) => {
      const [known] = await tx
        .select({
          id: games.id,
          already: sql<boolean>`exists (select 1 from ${favouriteGames} f where f.user_id = ${userId} and f.game_id = ${games.id})`,
        })
        .from(games)
        .innerJoin(providers, eq(providers.id, games.providerId))
        .where(and(eq(games.id, gameId), visible));
      if (!known) throw notFound('game_id');
      if (known.already) return;
      const [held] = await tx.select({ n: count() }).from(favouriteGames).where(eq(favouriteGames.userId, userId));
      if ((held?.n ?? 0) >= FAVOURITE_GAMES_MAX) throw unprocessable('limit_reached', 'game_id');
      await tx.insert(favouriteGames).values({ userId, gameId, addedAt: this.clock.now() }).onConflictDoNothing();
    });
  }

  /** Idempotent: removing a game that is not a favourite (or does not exist) changes nothing. */
  async removeFavourite(userId: number, gameId: number): Promise<void> {
    if (!isGameId(gameId)) return;
    await this.db
      .delete(favouriteGames)
      .where(and(eq(favouriteGames.userId, userId), eq(favouriteGames.gameId, gameId)));
  }

  /**
   * Replaces the whole list: afterwards it is exactly `gameIds` (duplicates once), the first the
   * newest. Any unknown or disabled id → 422 `game_ids: unknown_game` and the list stays as it was.
   */
  async replaceFavourites(userId: number, gameIds: number[]): Promise<void> {
    const wanted = [...new Set(gameIds)];
    const now = this.clock.now().getTime();
    await this.db.transaction(async (tx) => {
      if (wanted.length) {
        const found = await tx
          .select({ id: games.id })
          .from(games)
          .innerJoin(providers, eq(providers.id, games.providerId))
          .where(and(inArray(games.id, wanted), visible));
        if (found.length !== wanted.length) throw AppError.validation({ game_ids: ['unknown_game'] });
      }
      await tx.delete(favouriteGames).where(eq(favouriteGames.userId, userId));
      if (wanted.length) {
        // One millisecond apart, so the order asked for is the order answered.
        await tx
          .insert(favouriteGames)
          .values(wanted.map((gameId, i) => ({ userId, gameId, addedAt: new Date(now - i) })));
      }
    });
  }

  async clearFavourites(userId: number): Promise<void> {
    await this.db.delete(favouriteGames).where(eq(favouriteGames.userId, userId));
  }

  // ---- played games -------------------------------------------------------------------------------

  /** Latest first, at most 50, in the version asked for. */
  async played(userId: number, version: PlayerGamesVersion): Promise<number[] | Game[]> {
    const rows = await this.db
      .select({ id: playedGames.gameId })
      .from(playedGames)
      .innerJoin(games, eq(games.id, playedGames.gameId))
      .innerJoin(providers, eq(providers.id, games.providerId))
      .where(and(eq(playedGames.userId, userId), visible))
      .orderBy(desc(playedGames.lastPlayedAt), desc(playedGames.gameId))
      .limit(PLAYED_GAMES_MAX);
    return this.inVersion(
      rows.map((r) => r.id),
      version,
    );
  }

  recordPlayed(userId: number, gameId: number, at: Date = this.clock.now()): Promise<void> {
    return recordPlayed(this.db, userId, gameId, at);
  }

  private async inVersion(ids: number[], version: PlayerGamesVersion): Promise<number[] | Game[]> {
    return version === 'ids' ? ids : this.catalogue.gamesByIds(ids);
  }
}
