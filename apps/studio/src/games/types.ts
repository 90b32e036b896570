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

/**
 * A number, a symbol or a fixed text filled into a rules line of another locale: a number is written
 * by `Intl` in the page's locale (`decimals` fixed, `grouping: false` for "1000 × line bet"), a
 * symbol by its name in the catalogue's `symbols`, a text (the game's title) as it is,
 * a list of rules lines joined (a paytable row's pays "3 hits ×38 · 2 hits ×3.7").
 */
export type RuleValue =
  | number
  | { n: number; decimals?: number; grouping?: boolean }
  | { symbol: string }
  | { text: string }
  | { join: RuleText[]; separator: string };
/** A rules line as a key of the catalogues' `gameRules` (`europeanRoulette.pockets`) and its values. */
export type RuleText = { key: string; values?: Record<string, RuleValue> };
/**
 * The rules page in every locale: `summary` and `paytable` of the rules again, line for line, as
 * catalogue keys. The English catalogue's texts filled with these values give the English lines
 * exactly (test/unit/rules-i18n.test.ts), so the two cannot drift apart.
 */
export type RuleTexts = { summary: RuleText[]; paytable: { label: RuleText; pays: RuleText }[] };

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
  readonly rules: { summary: string[]; paytable: PaytableRow[]; lines?: RuleTexts };
}

export type AnyGameMath = GameMath<any, any>;

/**
 * A game played in steps (blackjack, video poker): the bet opens the round, the player's actions
 * (hit, stand, double, split; the cards held) move it on, and it settles when no action is left.
 * The round stays a pure function of its draws: `resolve(draws, bet, actions)` replays the
 * actions taken so far on fresh draws of the round's seeds, so the service keeps only the bet and
 * the actions, and the verifier recomputes a settled round from its seeds and its actions.
 *
 * `play(draws, bet)` plays a whole round with the strategy the RTP is computed for (`strategy`),
 * and returns the round's total `stake` (with doubles and splits): the return of a round per unit
 * of its opening stake is (win − (stake − stake(bet))) / stake(bet), the convention of the
 * blackjack and video poker tables.
 */
export interface StepGameMath<Bet, Action, Outcome> extends GameMath<Bet, Outcome> {
  readonly steps: true;
  /** Validates an action a client sends; throws `RangeError('invalid_action')` when it is none of the game's. */
  parseAction(input: unknown): Action;
  /**
   * The round after `actions` in order. Throws `RangeError('action_not_allowed')` when an action is
   * not one of the actions allowed at its point. While the round is open, `outcome` shows only what
   * the player may see (no hole card, no card still to come) and `win` is 0.
   */
  resolve(draws: Draws, bet: Bet, actions: readonly Action[]): StepRound<Action, Outcome>;
  /** The action taken for a player who leaves a round open (stand, keep the hand): it never adds stake. */
  readonly idleAction: Action;
  /** The action the RTP's strategy takes in an open round (what `play` does at every step). */
  strategy(round: StepRound<Action, Outcome>, bet: Bet): Action;
  play(draws: Draws, bet: Bet): { outcome: Outcome; win: number; stake: number };
}

/** A step game's round at one point. */
export type StepRound<Action, Outcome> = {
  /** What the player sees (the actions taken included); the whole round once settled. */
  outcome: Outcome;
  /** The round's total stake so far: the opening stake plus every double and split. */
  stake: number;
  /** The actions allowed now; null once the round is settled. */
  next: Action[] | null;
  /** The round's total win once settled, in minor units; 0 while open. */
  win: number;
};

export type AnyStepGameMath = StepGameMath<any, any, any>;

/** Whether a game is played in steps. */
export const isStepGame = (game: AnyGameMath): game is AnyStepGameMath => (game as { steps?: unknown }).steps === true;
