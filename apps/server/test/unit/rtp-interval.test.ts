/**
 * The observed-RTP check of the games report (docs/reports.md "Games and RTP"): the 99 % interval
 * exact ± 2.576 σ / √n, the effective number of rounds when stakes differ, the flag inside and
 * outside, and the math sheets the casino keeps against the studio's own exact figures.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '@orbit/studio';
import { GAME_MATH_SHEETS } from '../../src/modules/games';
import {
  checkRtp,
  effectiveRounds,
  MIN_ROUNDS_TO_FLAG,
  rtpInterval,
  Z_99,
} from '../../src/modules/backoffice/rtp-interval';

/** n rounds of the same stake returning `returned` per unit in all. */
const even = (n: number, stake: number, rtp: number) => ({
  stakes: n * stake,
  stakeSquares: n * stake * stake,
  returned: Math.round(n * stake * rtp),
});

describe('the 99 % interval', () => {
  it('is exact ± 2.576 σ / √n', () => {
    // Roulette straight up: σ² = 36³/37², 10,000 rounds.
    const variance = 36 ** 3 / 37 ** 2;
    const { low, high } = rtpInterval(36 / 37, variance, 10_000);
    const half = (2.576 * Math.sqrt(variance)) / 100;
    expect(Z_99).toBe(2.576);
    expect(low).toBeCloseTo(36 / 37 - half, 12);
    expect(high).toBeCloseTo(36 / 37 + half, 12);
    // Four times the rounds: half as wide.
    const wider = rtpInterval(36 / 37, variance, 2_500);
    expect(wider.high - wider.low).toBeCloseTo(2 * (high - low), 12);
  });

  it('counts rounds of one stake as they are, and big stakes as fewer rounds', () => {
    expect(effectiveRounds(1_000 * 100, 1_000 * 100 * 100)).toBeCloseTo(1_000, 9);
    // 999 stakes of 1 and one of 1,000: (1999)² / (999 + 10^6) ≈ 4.
    expect(effectiveRounds(1_999, 999 + 1_000_000)).toBeCloseTo(1999 ** 2 / 1_000_999, 9);
    expect(effectiveRounds(0, 0)).toBe(0);
  });
});

describe('the flag', () => {
  const rtp = 0.96;
  const variance = 0.9216; // dice at 50 %: pays 1.92 with p = 1/2

  it('stays down for an observed RTP inside the interval', () => {
    const n = 100_000;
    const half = (Z_99 * Math.sqrt(variance)) / Math.sqrt(n);
    const verdict = checkRtp(even(n, 100, rtp + half * 0.9), rtp, variance);
    expect(verdict.interval!.low).toBeLessThan(verdict.observed!);
    expect(verdict.observed!).toBeLessThan(verdict.interval!.high);
    expect(verdict.flagged).toBe(false);
    expect(checkRtp(even(n, 100, rtp - half * 0.9), rtp, variance).flagged).toBe(false);
  });

  it('goes up for an observed RTP outside it, above or below', () => {
    const n = 100_000;
    const half = (Z_99 * Math.sqrt(variance)) / Math.sqrt(n);
    const high = checkRtp(even(n, 100, rtp + half * 1.1), rtp, variance);
    expect(high.observed!).toBeGreaterThan(high.interval!.high);
    expect(high.flagged).toBe(true);
    expect(checkRtp(even(n, 100, rtp - half * 1.1), rtp, variance).flagged).toBe(true);
  });

  it('weighs a few big stakes: what is outside for even stakes is inside for uneven ones', () => {
    const n = 10_000;
    const even10k = even(n, 100, 0.99);
    expect(checkRtp(even10k, rtp, variance).flagged).toBe(true);
    // The same stakes in all, but half of it on one round: about 4 effective rounds, never flagged.
    const uneven = {
      stakes: even10k.stakes,
      stakeSquares: (n - 1) * 50 * 50 + 500_050 ** 2,
      returned: even10k.returned,
    };
    const verdict = checkRtp(uneven, rtp, variance);
    expect(verdict.effectiveRounds).toBeLessThan(MIN_ROUNDS_TO_FLAG);
    expect(verdict.flagged).toBe(false);
  });

  it('never flags fewer rounds than the normal approximation needs', () => {
    const verdict = checkRtp(even(MIN_ROUNDS_TO_FLAG - 1, 100, 0), rtp, variance);
    expect(verdict.observed).toBe(0);
    expect(verdict.observed!).toBeLessThan(verdict.interval!.low);
    expect(verdict.flagged).toBe(false);
    expect(checkRtp(even(MIN_ROUNDS_TO_FLAG, 100, 0), rtp, variance).flagged).toBe(true);
  });

  it('has no interval without a variance or without settled rounds', () => {
    const noSheet = checkRtp(even(50_000, 100, 0.5), rtp, null);
    expect(noSheet).toMatchObject({ observed: 0.5, interval: null, stdDev: null, flagged: false });
    expect(checkRtp({ stakes: 0, stakeSquares: 0, returned: 0 }, rtp, variance)).toMatchObject({
      observed: null,
      interval: null,
      flagged: false,
    });
  });
});

describe('the math sheets', () => {
  it('hold every studio game and no other', () => {
    expect(Object.keys(GAME_MATH_SHEETS).sort()).toEqual(
      Object.keys(GAMES)
        .map((slug) => `orbit/${slug}`)
        .sort(),
    );
  });

  // Some games enumerate millions of outcomes for their exact figures (a few seconds each).
  it.each(Object.keys(GAMES))(
    '%s: the exact RTP and variance as the studio computes them',
    (slug) => {
      const game = GAMES[slug]!;
      const sheet = GAME_MATH_SHEETS[`orbit/${slug}`]!;
      expect(sheet.rtp).toBeCloseTo(game.theoreticalRtp(), 12);
      expect(sheet.variance).toBeCloseTo(game.returnVariance(), 9);
      expect(sheet.referenceBet).toEqual(game.referenceBet);
    },
    30_000,
  );
});
