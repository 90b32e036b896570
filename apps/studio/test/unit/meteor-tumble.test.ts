import { describe, expect, it } from 'vitest';
import { makeTumble, meteorTumble as game, type TumbleConfig } from '../../src/games/meteor-tumble/math';
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
/** The cell draw (an index into the total weight) that lands `name`. */
const cell = (name: string): number => weightedDraw(cfg.symbols, (s) => s.name === name, name);
const pay = (name: string, band: number) => cfg.symbols.find((s) => s.name === name)!.pays[band]!;
const FILLERS = ['Ringed Planet', 'Comet', 'Moon', 'Crystal', 'Meteor'];
const STAKE = 100; // coin 2

describe('Meteor Tumble outcomes from scripted draws', () => {
  it('ends after a drop without a win (at most 4 of a symbol)', () => {
    const names = ['Star', ...FILLERS];
    const draws = new Scripted(Array.from({ length: 15 }, (_, i) => cell(names[i % 6]!)));
    const { outcome, win } = game.play(draws, game.parseBet({ stake: STAKE }));
    expect(draws.done).toBe(true);
    expect(draws.asked).toEqual(Array(15).fill(45));
    expect(outcome.steps).toHaveLength(1);
    expect(outcome.steps[0]!.grid[0]).toEqual(['Star', 'Ringed Planet', 'Comet']);
    expect(outcome.steps[0]!.fresh.flat().every(Boolean)).toBe(true);
    expect(outcome.steps[0]!.wins).toEqual([]);
    expect(win).toBe(0);
    expect(outcome.win).toBe(0);
  });

  it('bursts the winners, drops new symbols from the top and multiplies the tumble by ×2', () => {
    const draws = new Scripted([
      // The first drop, column by column, top row first: 5 Stars, then two of each filler.
      ...Array(5).fill(cell('Star')),
      ...[...FILLERS, ...FILLERS].map(cell),
      // Tumble 1: column 1 refills 3 cells, column 2 refills 2: Star, Star, Moon | Moon, Moon.
      ...['Star', 'Star', 'Moon', 'Moon', 'Moon'].map(cell),
      // Tumble 2: the 5 Moons burst (one in columns 1, 3, 5, two in column 2).
      ...['Ringed Planet', 'Comet', 'Crystal', 'Meteor', 'Star'].map(cell),
    ]);
    const { outcome, win } = game.play(draws, { stake: STAKE });
    expect(draws.done).toBe(true);
    expect(outcome.steps.map((s) => s.multiplier)).toEqual([1, 2, 3]);
    expect(outcome.steps[0]!.wins).toEqual([
      { symbol: 'Star', count: 5, pay: pay('Star', 0), win: pay('Star', 0) * 2 },
    ]);
    expect(outcome.steps[1]!.grid[0]).toEqual(['Star', 'Star', 'Moon']);
    expect(outcome.steps[1]!.grid[1]).toEqual(['Moon', 'Moon', 'Ringed Planet']);
    expect(outcome.steps[1]!.fresh[0]).toEqual([true, true, true]);
    expect(outcome.steps[1]!.fresh[1]).toEqual([true, true, false]);
    expect(outcome.steps[1]!.fresh[2]).toEqual([false, false, false]);
    expect(outcome.steps[1]!.wins).toEqual([
      { symbol: 'Moon', count: 5, pay: pay('Moon', 0), win: pay('Moon', 0) * 2 * 2 },
    ]);
    expect(outcome.steps[2]!.wins).toEqual([]);
    expect(outcome.steps[2]!.grid[0]).toEqual(['Ringed Planet', 'Star', 'Star']);
    expect(win).toBe(pay('Star', 0) * 2 + pay('Moon', 0) * 4);
    expect(outcome.win).toBe(win);
  });

  it('pays by count band and stops after the last allowed tumble', () => {
    // All Meteors forever: 15 Meteors pay the top band on every drop, up to the cap.
    const drops = 1 + cfg.maxTumbles;
    const draws = new Scripted(Array(15 * drops).fill(cell('Meteor')));
    const { outcome, win } = game.play(draws, { stake: STAKE });
    expect(draws.done).toBe(true);
    expect(outcome.steps).toHaveLength(drops);
    const ladder = outcome.steps.map((s) => s.multiplier);
    expect(ladder).toEqual(
      Array.from({ length: drops }, (_, d) => cfg.multipliers[Math.min(d, cfg.multipliers.length - 1)]),
    );
    expect(win).toBe(pay('Meteor', 2) * 2 * ladder.reduce((a, b) => a + b, 0));
  });

  it('gives a JSON-serialisable outcome', () => expectJsonOutcome(game, 11));
});

const reduced = (
  columns: number,
  rows: number,
  bands: number[],
  weights: number[],
  maxTumbles: number,
): TumbleConfig => ({
  slug: 'reduced',
  title: 'Reduced',
  columns,
  rows,
  divisor: 4,
  bands,
  symbols: [
    { name: 'A', weight: weights[0]!, pays: [2, 5] },
    { name: 'B', weight: weights[1]!, pays: [1, 3] },
    { name: 'C', weight: weights[2]!, pays: [1, 2] },
  ],
  multipliers: [1, 2, 3],
  maxTumbles,
});

describe('Meteor Tumble mathematics', () => {
  it.each([
    [2, 2, [3, 4], [1, 1, 1], 2],
    [2, 2, [3, 4], [1, 1, 2], 0],
    [3, 1, [2, 3], [1, 1, 2], 2],
  ])(
    'matches a brute-force enumeration of a reduced %i × %i grid (bands %j, weights %j, at most %i tumbles)',
    (columns, rows, bands, weights, cap) => {
      const game = makeTumble(reduced(columns, rows, bands, weights, cap), 0);
      const exact = enumerate((d) => game.play(d, { stake: 4 }).win / 4);
      expect(exact.paths).toBeGreaterThan(200);
      expect(game.theoreticalRtp()).toBeCloseTo(exact.mean, 10);
      expect(game.returnVariance()).toBeCloseTo(exact.second - exact.mean ** 2, 9);
    },
  );

  it('declares its exact RTP, inside 94–97 %', { timeout: 30_000 }, () => expectExactRtpInBand(game));

  measuredRtpTest(game);
});

describe('Meteor Tumble bets', () => stakeBetTests(game, 50));
