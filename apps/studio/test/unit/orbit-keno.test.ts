import { describe, expect, it } from 'vitest';
import { choose, keno as game, KENO_CONFIG, makeKeno, type KenoConfig } from '../../src/games/orbit-keno/math';
import {
  enumerate,
  expectExactRtpInBand,
  expectJsonOutcome,
  expectRefused,
  measuredRtpTest,
  playScripted,
} from './support/games';

const RANGES = Array.from({ length: 10 }, (_, i) => 40 - i);
const play = (values: number[], bet: unknown) => playScripted(game, values, bet, RANGES);

describe('keno: outcomes', () => {
  it('draws 10 different numbers by a partial Fisher–Yates shuffle of 1 … 40', () => {
    // Draw 0 every time: each position keeps its own number.
    const first = play(Array(10).fill(0), { stake: 100, picks: [1, 2, 3, 4, 5] });
    expect(first.outcome.drawn).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The last position every time: 40, then position 39 holds 1 (swapped there), then 2 …
    const last = play(
      RANGES.map((n) => n - 1),
      { stake: 100, picks: [40] },
    );
    expect(last.outcome.drawn).toEqual([40, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(last.outcome).toMatchObject({ picks: [40], hits: [40], multiplier: 386 });
    expect(last.win).toBe(386);
  });

  it('pays by the number of hits for the number of picks', () => {
    // Picks 1…5 against 1…10: 5 hits of 5 pays ×360.
    expect(play(Array(10).fill(0), { stake: 100, picks: [5, 3, 1, 2, 4] })).toEqual({
      outcome: {
        picks: [1, 2, 3, 4, 5],
        drawn: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        hits: [1, 2, 3, 4, 5],
        multiplier: 36_000,
      },
      win: 36_000,
    });
    // Picks 9, 10, 11, 12: 2 hits of 4 pays ×1.9.
    expect(play(Array(10).fill(0), { stake: 100, picks: [9, 10, 11, 12] })).toMatchObject({
      outcome: { hits: [9, 10], multiplier: 190 },
      win: 190,
    });
    // 10 picks, none drawn.
    expect(play(Array(10).fill(0), { stake: 100, picks: [31, 32, 33, 34, 35, 36, 37, 38, 39, 40] })).toMatchObject({
      outcome: { hits: [], multiplier: 0 },
      win: 0,
    });
    // 10 of 10.
    expect(play(Array(10).fill(0), { stake: 3, picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }).win).toBe(30_000);
  });

  it('rounds the win down to the minor unit', () => {
    // 1 pick hit: 7 × 3.86 = 27.02 → 27
    expect(play(Array(10).fill(0), { stake: 7, picks: [3] }).win).toBe(27);
  });

  it('gives a JSON-serialisable outcome', () => expectJsonOutcome(game, 9));
});

describe('keno: return to player', () => {
  it('declares its exact RTP, inside 94–97 %', () => expectExactRtpInBand(game));

  it('equals the hypergeometric sum as an exact fraction over 100 × C(40, 10) for every pick count, all between 96 % and 97 %', () => {
    const total = 847_660_528;
    expect(choose(40, 10)).toBe(total);
    for (let p = 1; p <= 10; p++) {
      let numerator = 0n;
      for (let h = 0; h <= p; h++)
        numerator += BigInt(choose(p, h)) * BigInt(choose(40 - p, 10 - h)) * BigInt(KENO_CONFIG.pays[p]![h]!);
      const rtp = Number(numerator) / (100 * total);
      expect(game.returnMoments(100, p).mean).toBeCloseTo(rtp, 14);
      expect(rtp).toBeGreaterThan(0.96);
      expect(rtp).toBeLessThan(0.97);
      const probs = game.hitProbabilities(p);
      expect(probs.reduce((a, b) => a + b)).toBeCloseTo(1, 14);
    }
    expect(game.referenceBet).toEqual({ stake: 100, picks: [1, 2, 3, 4, 5] });
    expect(game.rtp).toBeCloseTo(0.9672830725462304, 15);
  });

  const reduced: KenoConfig = {
    slug: 'reduced',
    title: 'Reduced',
    numbers: 8,
    drawn: 3,
    pays: { 1: [0, 250], 2: [0, 100, 600], 3: [0, 0, 300, 1700] },
  };

  it('matches a brute-force enumeration of every draw of a reduced game (8 numbers, 3 drawn) through play', () => {
    const small = makeKeno(reduced, 2);
    for (const picks of [[1], [2, 7], [3, 5, 8]]) {
      for (const stake of [100, 7]) {
        const exact = enumerate((d) => small.play(d, { stake, picks }).win / stake);
        expect(exact.paths).toBe(8 * 7 * 6);
        const closed = small.returnMoments(stake, picks.length);
        expect(closed.mean).toBeCloseTo(exact.mean, 12);
        expect(closed.variance).toBeCloseTo(exact.second - exact.mean ** 2, 11);
      }
    }
  });

  it('draws every set of numbers equally often (a reduced game of 6 numbers, 3 drawn, every path enumerated)', () => {
    const small = makeKeno({ ...reduced, numbers: 6, drawn: 3 }, 1);
    const counts = new Map<string, number>();
    enumerate((d) => {
      const key = [...small.play(d, { stake: 100, picks: [1] }).outcome.drawn].sort().join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return 0;
    });
    expect(counts.size).toBe(choose(6, 3));
    expect(new Set(counts.values())).toEqual(new Set([6])); // 3! orders of each set
  });

  measuredRtpTest(game);
});

describe('keno: bet validation', () => {
  const refused = (input: unknown) => expectRefused(game, input);
  it('accepts 1 to 10 different numbers from 1 … 40, sorted', () => {
    expect(game.parseBet({ stake: 100, picks: [40] })).toEqual({ stake: 100, picks: [40] });
    expect(game.parseBet({ stake: 1, picks: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1] })).toEqual({
      stake: 1,
      picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    });
    expect(game.stake(game.parseBet({ stake: 10_000_000, picks: [1] }))).toBe(10_000_000);
  });
  it('refuses no picks, too many, repeats, numbers out of range and bad stakes', () => {
    refused({ stake: 100, picks: [] });
    refused({ stake: 100, picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    refused({ stake: 100, picks: [1, 1] });
    refused({ stake: 100, picks: [0] });
    refused({ stake: 100, picks: [41] });
    refused({ stake: 100, picks: [1.5] });
    refused({ stake: 100, picks: ['1'] });
    refused({ stake: 100, picks: 1 });
    refused({ stake: 100 });
    for (const stake of [0, -1, 1.5, '100', undefined, 10_000_001]) refused({ stake, picks: [1] });
    refused(null);
    refused([100, [1]]);
  });
});
