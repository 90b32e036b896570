/**
 * The running bonus's max bet as a stake cap (the games module's `orbitStakeCaps`): the game shows
 * no stake above it. The pre-bet check (index.ts) still refuses such a bet.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { ACTIVE_STAGES } from './rows';
import { playerBonuses } from './schema';

/**
 * The max bet (minor units) of the player's bonus wagering in this currency, or null: none wagers,
 * it has no max bet, it is in another currency, or it may not be played on this game (the game is
 * then refused whatever the stake).
 */
export async function runningBonusMaxBet(
  db: Executor,
  input: { userId: number; currency: string; game: string },
): Promise<number | null> {
  const [bonus] = await db
    .select({ currency: playerBonuses.currency, games: playerBonuses.games, maxBetCents: playerBonuses.maxBetCents })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.userId, input.userId), eq(playerBonuses.stage, 'handle_bets')));
  if (!bonus || bonus.currency !== input.currency) return null;
  if (bonus.games && !bonus.games.includes(input.game)) return null;
  return bonus.maxBetCents;
}

/** How many of the player's bonuses are issued, waiting or wagering (the back office's cashout facts). */
export async function openBonusCount(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.userId, userId), inArray(playerBonuses.stage, [...ACTIVE_STAGES])));
  return rows.length;
}
