import { describe, expect, it } from 'vitest';
import { makeWarp, warpWays as game, type WarpConfig } from '../../src/games/warp-ways/math';
import {
  enumerate,
  expectExactRtpInBand,
  expectJsonOutcome,
  measuredRtpTest,
  Scripted,
  stakeBetTests,
  weightedDraw,
} from './support/games';

const cfg = game.config;
/** The cell draw that lands `name` (a symbol or the wild). */
const cell = (name: string): number => weightedDraw([...cfg.symbols, cfg.wild], (s) => s.name === name, name);
const pay = (name: string, k: number) => cfg.symbols.find((s) => s.name === name)!.pays[k]!;
const STAKE = 400; // coin 10
/** Draws for reels given as columns of names: the height, then the cells. */
const reelsDraws = (columns: string[][]) => columns.flatMap((col) => [col.length - cfg.minHeight, ...col.map(cell)]);

describe('Warp Ways outcomes from scripted draws', () => {
  it('draws each reel’s height then its cells, and pays the ways of a symbol with wilds', () => {
    const columns = [
      ['Black Hole', 'Black Hole', 'Gold Gem'],
      ['Warp', 'Blue Gem'],
      ['Black Hole', 'Comet', 'Black Hole', 'Red Gem', 'Pulsar', 'Nebula', 'Green Gem'],
      ['Pulsar', 'Nebula', 'Comet', 'Gold Gem'],
      ['Red Gem', 'Green Gem'],
      ['Black Hole', 'Blue Gem', 'Comet'],
    ];
    const draws = new Scripted(reelsDraws(columns));
    const { outcome, win } = game.play(draws, game.parseBet({ stake: STAKE }));
    expect(draws.done).toBe(true);
    expect(outcome.heights).toEqual([3, 2, 7, 4, 2, 3]);
    expect(outcome.ways).toBe(3 * 2 * 7 * 4 * 2 * 3);
    expect(outcome.reels).toEqual(columns);
    // Black Hole: 2 × 1 (wild) × 2 = 4 ways over 3 reels.
    expect(outcome.wins).toEqual([{ symbol: 'Black Hole', reels: 3, ways: 4, win: pay('Black Hole', 3) * 4 * 10 }]);
    expect(win).toBe(pay('Black Hole', 3) * 40);
    // The wild's reels draw from the full weight, the others without it.
    const total = [...cfg.symbols.map((s) => s.weight)].reduce((a, b) => a + b, 0);
    expect(draws.asked.slice(0, 4)).toEqual([6, total, total, total]);
    expect(draws.asked[5]).toBe(total + cfg.wild.weight);
  });

  it('pays 6 reels of Gold Gems on the tallest reels: 7^6 ways', () => {
    const columns = Array.from({ length: 6 }, () => Array(7).fill('Gold Gem'));
    const { outcome, win } = game.play(new Scripted(reelsDraws(columns)), { stake: STAKE });
    expect(outcome.ways).toBe(117_649);
    expect(outcome.wins).toEqual([
      { symbol: 'Gold Gem', reels: 6, ways: 117_649, win: pay('Gold Gem', 6) * 117_649 * 10 },
    ]);
    expect(win).toBe(pay('Gold Gem', 6) * 1_176_490);
  });

  it('gives a JSON-serialisable outcome', () => expectJsonOutcome(game, 4));
});

describe('Warp Ways mathematics', () => {
  it('declares its exact RTP, inside 94–97 %', () => expectExactRtpInBand(game));

  const reduced: WarpConfig = {
    slug: 'reduced',
    title: 'Reduced',
    reels: 3,
    minHeight: 1,
    maxHeight: 2,
    divisor: 4,
    symbols: [
      { name: 'A', weight: 1, pays: [0, 0, 2, 5] },
      { name: 'B', weight: 2, pays: [0, 1, 1, 3] },
    ],
    wild: { name: 'W', weight: 1, reels: [2, 3] },
  };

  it('matches a brute-force enumeration of a reduced game (3 reels of 1 or 2 cells, wilds on reels 2–3)', () => {
    const small = makeWarp(reduced, 0);
    const exact = enumerate((d) => small.play(d, { stake: 4 }).win / 4);
    expect(exact.paths).toBeGreaterThan(1000);
    expect(small.theoreticalRtp()).toBeCloseTo(exact.mean, 12);
    expect(small.returnVariance()).toBeCloseTo(exact.second - exact.mean ** 2, 11);
  });

  measuredRtpTest(game);
});

describe('Warp Ways bets', () => stakeBetTests(game, 40));
