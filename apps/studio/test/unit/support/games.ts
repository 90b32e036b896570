/**
 * What the games' unit tests share: draws that replay a script, exact moments by enumerating every
 * path of draws, the statistical check of the RTP over provably fair rounds, and bet refusals.
 */
import { expect, it } from 'vitest';
import { RoundDraws, type Draws } from '../../../src/fair/draws';
import type { StakeBet } from '../../../src/games/shared';
import type { AnyGameMath, GameMath } from '../../../src/games/types';

/**
 * Draws that return scripted integers, checking each against the range asked for (kept in
 * `asked`); `done` once every value was used.
 */
export class Scripted implements Draws {
  readonly asked: number[] = [];
  private i = 0;
  constructor(private readonly values: readonly number[]) {}
  int(n: number): number {
    this.asked.push(n);
    const v = this.values[this.i++];
    if (v === undefined) throw new Error(`draw ${this.i} not scripted`);
    if (!Number.isInteger(v) || v < 0 || v >= n) throw new Error(`draw ${v} outside [0, ${n})`);
    return v;
  }
  get done(): boolean {
    return this.i === this.values.length;
  }
}

export const scripted = (...values: number[]): Scripted => new Scripted(values);

/**
 * The draw that lands on the first entry `pick` accepts, for a weighted draw over `entries` (an
 * index into their total weight: where that entry's slice begins). Throws naming `label` when no
 * entry matches.
 */
export function weightedDraw<T extends { weight: number }>(
  entries: readonly T[],
  pick: (entry: T) => boolean,
  label: string,
): number {
  let at = 0;
  for (const entry of entries) {
    if (pick(entry)) return at;
    at += entry.weight;
  }
  throw new Error(label);
}

/** Plays `bet` (through `parseBet`) on scripted draws and checks the ranges the game drew from. */
export function playScripted<O>(
  game: GameMath<any, O>,
  values: number[],
  bet: unknown,
  asked: number[],
): { outcome: O; win: number } {
  const draws = new Scripted(values);
  const result = game.play(draws, game.parseBet(bet));
  expect(draws.asked).toEqual(asked);
  return result;
}

/** Every path of draws with its probability (odometer over the draw sequence): exact moments of `run`. */
export function enumerate(run: (d: Draws) => number): { mean: number; second: number; paths: number } {
  const prefix: number[] = [];
  const sizes: number[] = [];
  let mean = 0;
  let second = 0;
  let paths = 0;
  for (;;) {
    let i = 0;
    let prob = 1;
    const d: Draws = {
      int(n) {
        if (i < prefix.length) {
          if (sizes[i] !== n) throw new Error('draw ranges must not depend on later draws');
        } else {
          prefix.push(0);
          sizes.push(n);
        }
        prob /= n;
        return prefix[i++]!;
      },
    };
    const x = run(d);
    prefix.length = i;
    sizes.length = i;
    mean += prob * x;
    second += prob * x * x;
    paths++;
    let k = i - 1;
    while (k >= 0 && prefix[k] === sizes[k]! - 1) k--;
    if (k < 0) return { mean, second, paths };
    prefix[k]!++;
    prefix.length = k + 1;
    sizes.length = k + 1;
  }
}

/**
 * What a round returns in minor units, counted against its opening stake: the win, less what a
 * step game's round staked on top (doubles, splits; `StepGameMath`).
 */
export const roundReturn = (round: { win: number; stake?: number }, opening: number): number =>
  round.win - ((round.stake ?? opening) - opening);

/**
 * The statistical check of a game over provably fair rounds: the return per unit stake of the
 * reference bet over `rounds` rounds (server seed `stat-<slug>`, client seed `client`, nonces 0, 1,
 * …) lies within 4.5 standard errors, sqrt(variance / rounds), of the exact RTP. The HMAC-SHA256
 * draws make it the slowest kind of unit test (seconds), hence a time limit of its own.
 */
export function measuredRtpTest(game: AnyGameMath, rounds = 200_000): void {
  it(
    `measures the RTP of ${rounds.toLocaleString('en')} provably fair rounds within 4.5 standard errors`,
    { timeout: 60_000 },
    () => {
      const bet = game.referenceBet;
      const opening = game.stake(bet);
      let won = 0;
      for (let nonce = 0; nonce < rounds; nonce++)
        won += roundReturn(game.play(new RoundDraws(`stat-${game.slug}`, 'client', nonce), bet), opening);
      const measured = won / (rounds * opening);
      expect(Math.abs(measured - game.rtp)).toBeLessThan(4.5 * Math.sqrt(game.returnVariance() / rounds));
    },
  );
}

/** Asserts that the exact RTP is the declared one, inside the 94–97 % band, with a positive variance. */
export function expectExactRtpInBand(game: AnyGameMath): void {
  const rtp = game.theoreticalRtp();
  expect(rtp).toBeCloseTo(game.rtp, 12);
  expect(rtp).toBeGreaterThanOrEqual(0.94);
  expect(rtp).toBeLessThanOrEqual(0.97);
  expect(game.returnVariance()).toBeGreaterThan(0);
}

/** Asserts that the outcome of a provably fair round of the reference bet survives JSON. */
export function expectJsonOutcome(game: AnyGameMath, nonce: number): void {
  const { outcome } = game.play(new RoundDraws('json', 'client', nonce), game.referenceBet);
  expect(JSON.parse(JSON.stringify(outcome))).toEqual(outcome);
}

/** Asserts that `parseBet` refuses `input` with `invalid_bet`. */
export function expectRefused(game: AnyGameMath, input: unknown): void {
  expect(() => game.parseBet(input)).toThrow(new RangeError('invalid_bet'));
}

/**
 * The tests of a bet that is only a stake, a positive multiple of `unit` up to 10,000,000: what it
 * accepts, and a table of what it refuses (zero, negative, fractional, not a multiple, over the
 * limit, not a number, not an object).
 */
export function stakeBetTests(game: GameMath<StakeBet, unknown>, unit: number): void {
  it(`accepts a positive multiple of ${unit} up to 10,000,000`, () => {
    expect(game.parseBet({ stake: unit })).toEqual({ stake: unit });
    expect(game.parseBet({ stake: 10_000_000 })).toEqual({ stake: 10_000_000 });
    expect(game.stake({ stake: 10 * unit })).toBe(10 * unit);
    expect(game.parseBet(game.referenceBet)).toEqual(game.referenceBet);
  });

  it.each([
    [{ stake: 0 }],
    [{ stake: -unit }],
    [{ stake: unit + 0.5 }],
    [{ stake: Math.floor(unit * 1.5) }],
    [{ stake: unit - unit / 5 }],
    [{ stake: 10_000_000 + unit }],
    [{ stake: String(unit) }],
    [{ stake: Number.NaN }],
    [{ stake: Number.POSITIVE_INFINITY }],
    [{}],
    [null],
    [unit],
    [[unit]],
  ])('refuses %j', (input) => expectRefused(game, input));
}
