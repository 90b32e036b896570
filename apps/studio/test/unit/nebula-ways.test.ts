import { describe, expect, it } from 'vitest';
import type { Draws } from '../../src/fair/draws';
import {
  makeNebula,
  nebulaWays,
  type NebulaConfig,
  type NebulaGame,
  type NebulaWayWin,
} from '../../src/games/nebula-ways/math';
import { expectExactRtpInBand, expectJsonOutcome, measuredRtpTest, Scripted, stakeBetTests } from './support/games';

/** A tiny deterministic generator for drawing many spins in tests. */
function xorshift(seed: number): Draws {
  let s = seed >>> 0 || 1;
  return {
    int(n) {
      s ^= s << 13;
      s >>>= 0;
      s ^= s >>> 17;
      s ^= s << 5;
      s >>>= 0;
      return s % n;
    },
  };
}

const window = (config: NebulaConfig, reel: number, t: number): string[] => {
  const strip = config.strips[reel]!;
  return Array.from({ length: config.rows }, (_, j) => strip[(t + j) % strip.length]!);
};

/**
 * The ways pays of a spin by brute force, way by way (not by the per-reel factorisation the game
 * uses): every combination of one position per reel on the first k reels, k the number of leading
 * reels showing the symbol or a wild.
 */
function naiveWins(config: NebulaConfig, stops: number[], coin: number): NebulaWayWin[] {
  const reels = stops.map((t, r) => window(config, r, t));
  const mult = new Map(config.wilds.map((w) => [w.code, w.multiplier]));
  const wins: NebulaWayWin[] = [];
  for (const s of config.symbols) {
    const fits = (c: string) => c === s.code || mult.has(c);
    let k = 0;
    while (k < reels.length && reels[k]!.some(fits)) k++;
    const pay = s.pays[k] ?? 0;
    if (pay === 0) continue;
    let ways = 0;
    let weighted = 0;
    const walk = (r: number, product: number) => {
      if (r === k) {
        ways++;
        weighted += product;
        return;
      }
      for (const c of reels[r]!) if (fits(c)) walk(r + 1, product * (mult.get(c) ?? 1));
    };
    walk(0, 1);
    wins.push({ symbol: s.name, reels: k, ways, weightedWays: weighted, win: pay * weighted * coin });
  }
  return wins;
}

const cfg = nebulaWays.config;
const stopsWhere = (reel: number, pred: (w: string[]) => boolean): number[] =>
  Array.from({ length: cfg.strips[reel]!.length }, (_, t) => t).filter((t) => pred(window(cfg, reel, t)));
const isWild = (c: string) => cfg.wilds.some((w) => w.code === c);
const count = (w: string[], c: string) => w.filter((x) => x === c).length;
const STAKE = 250; // coin 10

describe('Nebula Ways outcomes from scripted draws', () => {
  it('pays Stardust over 3 reels, 1 × 2 × 1 = 2 ways, at 1 coin per way', () => {
    // Reel 1: one Stardust; reel 2: two, no wild; reel 3: one, no wild, and no other symbol on all
    // three reels; reel 4: no Stardust, no wild.
    for (const t0 of stopsWhere(0, (w) => count(w, 'D') === 1)) {
      for (const t1 of stopsWhere(1, (w) => count(w, 'D') === 2 && !w.some(isWild))) {
        const w0 = window(cfg, 0, t0);
        const w1 = window(cfg, 1, t1);
        const t2 = stopsWhere(
          2,
          (w) =>
            count(w, 'D') === 1 && !w.some(isWild) && !w.some((c) => c !== 'D' && w0.includes(c) && w1.includes(c)),
        )[0];
        const t3 = stopsWhere(3, (w) => !w.includes('D') && !w.some(isWild))[0];
        if (t2 === undefined || t3 === undefined) continue;
        const draws = new Scripted([t0, t1, t2, t3, 0]);
        const { outcome, win } = nebulaWays.play(draws, nebulaWays.parseBet({ stake: STAKE }));
        expect(draws.done).toBe(true);
        expect(outcome.coin).toBe(10);
        expect(outcome.stops).toEqual([t0, t1, t2, t3, 0]);
        expect(outcome.wins).toEqual([{ symbol: 'Stardust', reels: 3, ways: 2, weightedWays: 2, win: 20 }]);
        expect(win).toBe(20);
        expect(outcome.win).toBe(20);
        return;
      }
    }
    throw new Error('no suitable stops');
  });

  it('multiplies ways through wilds: ×2 on reel 2 and ×3 on reel 3 give Stardust 8 weighted ways', () => {
    // Reel 1: one Stardust; reel 2: the ×2 wild, no Stardust; reel 3: the ×3 wild and one Stardust.
    // Ways: D–W2–D (×2) and D–W2–W3 (×6): 2 ways, 2 + 6 = 8 weighted ways.
    const t0 = stopsWhere(0, (w) => count(w, 'D') === 1)[0]!;
    const t1 = stopsWhere(
      1,
      (w) => w.includes('2') && !w.includes('D') && count(w, '2') === 1 && !w.some((c) => c !== '2' && isWild(c)),
    )[0];
    const t2 = stopsWhere(
      2,
      (w) => w.includes('3') && count(w, 'D') === 1 && !w.some((c) => c !== '3' && isWild(c)),
    )[0];
    const w0 = window(cfg, 0, t0);
    const t3 = stopsWhere(3, (w) => !w.some(isWild) && !w.some((c) => w0.includes(c)))[0];
    expect([t1, t2, t3]).not.toContain(undefined);
    const stops = [t0, t1!, t2!, t3!, 0];
    const { outcome, win } = nebulaWays.play(new Scripted(stops), { stake: STAKE });
    expect(outcome.reels[1]).toContain('Wild×2');
    expect(outcome.reels[2]).toContain('Wild×3');
    expect(outcome.wins.find((x) => x.symbol === 'Stardust')).toEqual({
      symbol: 'Stardust',
      reels: 3,
      ways: 2,
      weightedWays: 8,
      win: 80,
    });
    // Every other reel-1 symbol rides the two wilds too; the brute force agrees on all of them.
    expect(outcome.wins).toEqual(naiveWins(cfg, stops, 10));
    expect(win).toBe(outcome.wins.reduce((a, x) => a + x.win, 0));
  });

  it('pays nothing when no symbol of reel 1 reaches reel 3', () => {
    const t0 = 0;
    const w0 = window(cfg, 0, t0);
    const t1 = stopsWhere(1, (w) => !w.some(isWild) && !w.some((c) => w0.includes(c)))[0]!;
    const { outcome, win } = nebulaWays.play(new Scripted([t0, t1, 0, 0, 0]), { stake: STAKE });
    expect(win).toBe(0);
    expect(outcome.wins).toEqual([]);
  });

  it('agrees with a way-by-way brute force on 20,000 spins', () => {
    const draws = xorshift(42);
    let winning = 0;
    for (let i = 0; i < 20_000; i++) {
      const { outcome, win } = nebulaWays.play(draws, { stake: STAKE });
      expect(outcome.wins).toEqual(naiveWins(cfg, outcome.stops, 10));
      expect(win).toBe(outcome.wins.reduce((a, x) => a + x.win, 0));
      if (win > 0) winning++;
    }
    expect(winning).toBeGreaterThan(1000);
  });

  it('gives a JSON-serialisable outcome', () => expectJsonOutcome(nebulaWays, 3));
});

describe('Nebula Ways mathematics', () => {
  it('declares its exact RTP, inside 94–97 %', () => expectExactRtpInBand(nebulaWays));

  const enumerateAll = (game: NebulaGame) => {
    const lengths = game.config.strips.map((s) => s.length);
    const stake = game.config.divisor;
    let mean = 0;
    let second = 0;
    let total = 0;
    const stops: number[] = [];
    const walk = (r: number) => {
      if (r === lengths.length) {
        const x = game.play(new Scripted(stops), { stake }).win / stake;
        mean += x;
        second += x * x;
        total++;
        return;
      }
      for (let t = 0; t < lengths[r]!; t++) {
        stops[r] = t;
        walk(r + 1);
      }
    };
    walk(0);
    return { mean: mean / total, variance: second / total - (mean / total) ** 2 };
  };

  it('matches a brute-force enumeration of a reduced game (4 reels, wilds ×1 and ×3)', () => {
    const game = makeNebula(
      {
        slug: 'reduced',
        title: 'Reduced',
        rows: 2,
        divisor: 4,
        symbols: [
          { code: 'A', name: 'A', pays: [0, 0, 0, 3, 9] },
          { code: 'B', name: 'B', pays: [0, 0, 1, 2, 5] },
        ],
        wildName: 'Wild',
        wilds: [
          { code: '1', multiplier: 1 },
          { code: '3', multiplier: 3 },
        ],
        strips: ['ABBA', 'B1AB3', 'A3BB', 'BA1AB'],
      },
      0,
    );
    const exact = enumerateAll(game);
    expect(game.theoreticalRtp()).toBeCloseTo(exact.mean, 12);
    expect(game.returnVariance()).toBeCloseTo(exact.variance, 10);
  });

  measuredRtpTest(nebulaWays);
});

describe('Nebula Ways bets', () => stakeBetTests(nebulaWays, 25));
