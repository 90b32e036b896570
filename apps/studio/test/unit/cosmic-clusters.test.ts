import { describe, expect, it } from 'vitest';
import { cosmicClusters, makeCosmic, type CosmicConfig } from '../../src/games/cosmic-clusters/math';
import {
  enumerate,
  expectExactRtpInBand,
  expectJsonOutcome,
  measuredRtpTest,
  Scripted,
  stakeBetTests,
  weightedDraw,
} from './support/games';

const cfg = cosmicClusters.config;
const CELLS = cfg.columns * cfg.rows;
/** The cell draw (an index into the total weight) that lands `name`. */
const cell = (name: string): number => weightedDraw([...cfg.symbols, cfg.multiplier], (s) => s.name === name, name);
/** The multiplier draw that gives `value`. */
const mult = (value: number): number => weightedDraw(cfg.multiplier.values, (v) => v.value === value, String(value));
const FILLERS = ['Ringed Planet', 'Blue Planet', 'Red Planet', 'Moon', 'Comet', 'Meteor', 'Stardust'];
/** n of `name` then fillers cycling through the others (at most 4 each: no other win). */
const grid = (name: string, n: number): number[] => {
  const others = FILLERS.filter((f) => f !== name);
  return [
    ...Array.from({ length: n }, () => cell(name)),
    ...Array.from({ length: CELLS - n }, (_, i) => cell(others[i % others.length]!)),
  ];
};
const STAKE = 200; // coin 10

describe('Cosmic Clusters outcomes from scripted draws', () => {
  it('pays 8 Suns anywhere at 100 coins', () => {
    const draws = new Scripted(grid('Sun', 8));
    const { outcome, win } = cosmicClusters.play(draws, cosmicClusters.parseBet({ stake: STAKE }));
    expect(draws.done).toBe(true);
    expect(outcome.coin).toBe(10);
    expect(outcome.grid).toHaveLength(6);
    expect(outcome.grid[0]).toEqual(['Sun', 'Sun', 'Sun', 'Sun', 'Sun']);
    expect(outcome.grid[1]![0]).toBe('Sun');
    expect(outcome.wins).toEqual([{ symbol: 'Sun', count: 8, pay: 100, win: 1000 }]);
    expect(outcome.multipliers).toEqual([]);
    expect(outcome.multiplier).toBe(1);
    expect(win).toBe(1000);
  });

  it('pays by count band: 9, 10, 11, 12 and 30 Stardust', () => {
    const pays = cfg.symbols.find((s) => s.name === 'Stardust')!.pays;
    for (const [n, band] of [
      [9, 0],
      [10, 1],
      [11, 1],
      [12, 2],
      [30, 2],
    ] as const) {
      const { outcome, win } = cosmicClusters.play(new Scripted(grid('Stardust', n)), { stake: STAKE });
      expect(outcome.wins).toEqual([{ symbol: 'Stardust', count: n, pay: pays[band]!, win: pays[band]! * 10 }]);
      expect(win).toBe(pays[band]! * 10);
    }
  });

  it('pays 7 of a kind nothing', () => {
    const { outcome, win } = cosmicClusters.play(new Scripted(grid('Sun', 7)), { stake: STAKE });
    expect(outcome.wins).toEqual([]);
    expect(win).toBe(0);
  });

  it('adds two symbol wins and multiplies the total by the sum of the Supernovas (×2 + ×10)', () => {
    // 8 Suns, 10 Moons, 2 Supernovas, 10 fillers.
    const draws: number[] = [];
    for (let i = 0; i < 8; i++) draws.push(cell('Sun'));
    for (let i = 0; i < 10; i++) draws.push(cell('Moon'));
    draws.push(cell('Supernova'), mult(2));
    draws.push(cell('Supernova'), mult(10));
    for (let i = 0; i < 10; i++) draws.push(cell(['Comet', 'Meteor', 'Stardust'][i % 3]!));
    const scripted = new Scripted(draws);
    const { outcome, win } = cosmicClusters.play(scripted, { stake: STAKE });
    expect(scripted.done).toBe(true);
    const moon = cfg.symbols.find((s) => s.name === 'Moon')!.pays[1]!; // 10–11 band
    expect(outcome.wins).toEqual([
      { symbol: 'Sun', count: 8, pay: 100, win: 1000 },
      { symbol: 'Moon', count: 10, pay: moon, win: moon * 10 },
    ]);
    // Cells run column by column, top row first: cells 18 and 19 are column 3, rows 3 and 4.
    expect(outcome.multipliers).toEqual([
      { column: 3, row: 3, value: 2 },
      { column: 3, row: 4, value: 10 },
    ]);
    expect(outcome.grid[3]![3]).toBe('Supernova');
    expect(outcome.multiplier).toBe(12);
    expect(win).toBe((100 + moon) * 10 * 12);
  });

  it('pays nothing when Supernovas land without a win', () => {
    const draws = [cell('Supernova'), mult(100), ...grid('Sun', 7).slice(1)];
    const { outcome, win } = cosmicClusters.play(new Scripted(draws), { stake: STAKE });
    expect(outcome.multiplier).toBe(100);
    expect(outcome.wins).toEqual([]);
    expect(win).toBe(0);
  });

  it('gives a JSON-serialisable outcome', () => expectJsonOutcome(cosmicClusters, 5));
});

describe('Cosmic Clusters mathematics', () => {
  it('declares its exact RTP, inside 94–97 %', () => expectExactRtpInBand(cosmicClusters));

  const reduced = (columns: number, rows: number, bands: number[]): CosmicConfig => ({
    slug: 'reduced',
    title: 'Reduced',
    columns,
    rows,
    divisor: 4,
    bands,
    symbols: [
      { name: 'A', weight: 2, pays: [1, 3, 8] },
      { name: 'B', weight: 3, pays: [1, 2, 5] },
      { name: 'C', weight: 1, pays: [2, 6, 20] },
    ],
    multiplier: {
      name: 'X',
      weight: 1,
      values: [
        { value: 2, weight: 2 },
        { value: 5, weight: 1 },
      ],
    },
  });

  it.each([
    [2, 2, [2, 3, 4]],
    [3, 2, [3, 4, 6]],
  ])('matches a brute-force enumeration of a reduced %i × %i grid', (columns, rows, bands) => {
    const game = makeCosmic(reduced(columns, rows, bands), 0);
    const exact = enumerate((d) => game.play(d, { stake: 4 }).win / 4);
    expect(exact.paths).toBeGreaterThan(1000);
    // Summing a million path probabilities leaves ~1e-12 of rounding.
    expect(game.theoreticalRtp()).toBeCloseTo(exact.mean, 10);
    expect(game.returnVariance()).toBeCloseTo(exact.second - exact.mean ** 2, 9);
  });

  measuredRtpTest(cosmicClusters);
});

describe('Cosmic Clusters bets', () => stakeBetTests(cosmicClusters, 20));
