/**
 * What every house game's mathematics provides. A game is a pure function from random draws to
 * an outcome: the same draws give the same outcome, so a round can be recomputed from its seeds
 * (provably fair) and replayed in the round detail view (game recall).
 *
 * Money is integer minor units of the round's currency. A game never multiplies money by a float:
 * `play` returns the win in minor units, rounded down where a pay is not a whole multiple.
 */
import type { Draws } from '../fair/draws';

/** One row of a rules page: what pays what ("5 × Seven: 500 × line bet"). */
export type PaytableRow = { label: string; pays: string };

export interface GameMath<Bet, Outcome> {
  /** The catalogue slug: the game is `orbit/<slug>`. */
  readonly slug: string;
  readonly title: string;
  /** Theoretical return to player as a fraction (0.9612…), computed exactly by `theoreticalRtp`. */
  readonly rtp: number;
  /** Exact RTP by enumeration or closed form (never by simulation). */
  theoreticalRtp(): number;
  /** Validates what a client sends as its bet; throws `RangeError` with a short code as message when invalid. */
  parseBet(input: unknown): Bet;
  /** The round's total stake in minor units (the amount of the wallet `bet`). */
  stake(bet: Bet): number;
  /** Plays one round: the outcome (JSON-serialisable, enough to draw and replay it) and the total win in minor units. */
  play(draws: Draws, bet: Bet): { outcome: Outcome; win: number };
  /** A bet the RTP simulation uses (any valid bet whose return equals the game's RTP). */
  readonly referenceBet: Bet;
  /** Variance of the return per unit stake of `referenceBet` (exact, for the statistical tests' tolerance). */
  returnVariance(): number;
  /** The rules and paytable page. */
  readonly rules: { summary: string[]; paytable: PaytableRow[] };
}

export type AnyGameMath = GameMath<any, any>;
