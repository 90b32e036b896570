/** What the shell (main.ts) gives a game's renderer and what a renderer provides. */
import type { Fair, RoundResponse } from '../../src/protocol';
import type { Sound } from './sound';

export type ShellContext = {
  slug: string;
  currency: string;
  /** The animated presentation. */
  stage: HTMLElement;
  /** The game's own controls (betting board, target, cash-out), above the shell's bar. */
  controls: HTMLElement;
  sound: Sound;
  /** Minor units with the currency: "1.00 FUN". */
  money(cents: number): string;
  /** The stake selector's value (minor units): a slot's stake, roulette's chip. */
  stake(): number;
  /** The highest total stake the casino takes now (the running bonus's max bet), or null: no cap. */
  maxStake(): number | null;
  /** The bet changed (chips placed, target moved): the shell refreshes what depends on it. */
  changed(): void;
  /** A message for screen readers (an aria-live region). */
  announce(text: string): void;
  /**
   * Step games (blackjack, video poker): sends the player's action for the open round. The
   * answer (the round after it: `next` null once settled, balance and win already shown by the
   * shell), or null when it was refused (the shell shows why; the round stays as it was).
   */
  act(action: unknown): Promise<RoundResponse | null>;
  /** The studio session's id (a live game calls the studio itself). */
  sessionId(): string;
  /** A live game's new balance for the shell's read-out. */
  setBalance(cents: number): void;
  /** A live game's settled part: the shell's last win and the win's presentation. */
  settled(win: number, stake: number): void;
  /** The casino's verifier page for a round (its seeds, bet and, for a step game, its outcome's actions). */
  verifyUrl(fair: Fair, bet: unknown, outcome?: unknown): string;
  /** Shows a refusal as the shell does (its code's message or `message`, the deposit link…). */
  fail(code: string, message?: string, body?: Record<string, unknown>): void;
};

export type Timing = {
  /** How long the landing must still last for the round to last the licence's minimum (or the quick spin's). */
  ms: number;
  quick: boolean;
};

export type BetChoice = { bet: unknown; stake: number } | { error: string };

export interface GameRenderer {
  /** The play button's label: Spin, Roll, Launch, Bet. */
  readonly playLabel: string;
  /** What the stake selector picks: "Stake" (total stake) or "Chip" (roulette). */
  readonly stakeLabel: string;
  /** The stake selector's options in minor units, and the one selected first. */
  readonly stakes: readonly number[];
  readonly defaultStake: number;
  /** A round's natural animation length (ms) when neither quick spin nor the licence say otherwise. */
  readonly naturalMs: number;
  /** The bet to send for the selected stake, or why there is none (no chips on the table…). */
  bet(stake: number): BetChoice;
  /** The total stake shown next to the selector when it differs from it (roulette's chips on the table). */
  totalStake?(): number;
  /** Starts the open-ended part of the animation while the server answers. */
  start(quick: boolean): void;
  /**
   * A live game (Rocket Crash's shared table) plays its own rounds: the play button calls this
   * with the selected stake instead of sending a round, and `start`/`land` are not used.
   */
  play?(stake: number): Promise<void>;
  /** A live game's own provably fair facts, shown in the fair panel instead of the player's seed pair. */
  readonly fairInfo?: HTMLElement;
  /**
   * Lands on the outcome; resolves when the presentation of the result is over. A step game gets
   * the round's answer too (`round.next`: the actions allowed, or null when settled at once); while
   * the round is open it offers those actions, sends each with `ctx.act`, and resolves only once
   * the round is settled. A round left open (a reload) comes back through `land` as well.
   */
  land(outcome: unknown, win: number, timing: Timing, round?: RoundResponse): Promise<void>;
  /** The player asked to see the rest of the round faster (Space or a click on the stage during free spins). */
  hurry?(): void;
  /** Stops the animation without a result (the round was refused). */
  abort(): void;
  /** The stake selector changed (what the bet pays depends on it). */
  stakeChanged?(): void;
  /**
   * Enables or disables the game's own bet options during a round. A step game's action buttons
   * (hit, stand, draw) are not bet options: they stay the renderer's to enable from `round.next`.
   */
  lock?(locked: boolean): void;
}

export type RendererFactory = (ctx: ShellContext) => GameRenderer;

/** Stake options: `unit` × a 1-2-5 ladder, at most `max` minor units. */
export function stakeLadder(
  unit: number,
  max: number,
  factors: readonly number[] = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000],
): number[] {
  return factors.map((f) => f * unit).filter((v) => v <= max);
}

/** The option nearest to `target` (the default stake: about 1.00). */
export function nearest(options: readonly number[], target: number): number {
  let best = options[0] ?? target;
  for (const o of options) if (Math.abs(o - target) < Math.abs(best - target)) best = o;
  return best;
}
