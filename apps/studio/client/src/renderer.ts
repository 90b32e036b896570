/** What the shell (main.ts) gives a game's renderer and what a renderer provides. */
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
  /** The bet changed (chips placed, target moved): the shell refreshes what depends on it. */
  changed(): void;
  /** A message for screen readers (an aria-live region). */
  announce(text: string): void;
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
  /** Lands on the outcome; resolves when the presentation of the result is over. */
  land(outcome: unknown, win: number, timing: Timing): Promise<void>;
  /** The player asked to see the rest of the round faster (Space or a click on the stage during free spins). */
  hurry?(): void;
  /** Stops the animation without a result (the round was refused). */
  abort(): void;
  /** The stake selector changed (what the bet pays depends on it). */
  stakeChanged?(): void;
  /** Enables or disables the game's own controls during a round. */
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
