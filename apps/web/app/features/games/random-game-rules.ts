/**
 * The random-game card's rules (docs/page-shell.md "Random game"): where it stands in a
 * category's list, which games it may open for this visitor, and the pick.
 */
import type { Game } from '@orbit/contracts';

/** The tile the card takes in an ordinary category: the tenth (index 9). */
export const RANDOM_CARD_POSITION = 10;
/** Categories the card closes instead (their order is their point: the newest, the top ones, the picks). */
export const RANDOM_CARD_AT_END = ['special', 'new', 'top', 'recommended'] as const;
/** How many games of the category the pick looks at (one page of the games filter). */
export const RANDOM_PICK_PAGE = 100;

/**
 * The index the card is inserted at among `shown` tiles: the tenth tile, or the end for the
 * categories it closes and for a list shorter than ten. None (null) for an empty list.
 */
export function randomCardIndex(category: string, shown: number): number | null {
  if (shown <= 0) return null;
  if ((RANDOM_CARD_AT_END as readonly string[]).includes(category)) return shown;
  return Math.min(RANDOM_CARD_POSITION - 1, shown);
}

type Openable = Pick<Game, 'identifier' | 'launchable' | 'has_demo_mode' | 'currencies'>;

/**
 * The games the visitor can open from the card: a signed-in player's launchable games played in
 * their account's currency (a game without it would refuse them; an unknown currency does not
 * narrow); a guest's launchable games with a demo (a guest opens the demo).
 */
export function openableGames<T extends Openable>(
  games: readonly T[],
  player: { currency: string | null } | null,
): T[] {
  return games.filter((game) => {
    if (!game.launchable) return false;
    if (!player) return game.has_demo_mode;
    return player.currency === null || player.currency in game.currencies;
  });
}

/** One of `games`, uniformly by `random` (a number in [0, 1)); null when there is none. */
export function pickGame<T>(games: readonly T[], random: () => number = Math.random): T | null {
  if (games.length === 0) return null;
  const index = Math.min(games.length - 1, Math.floor(random() * games.length));
  return games[index]!;
}
