import { describe, expect, it } from 'vitest';
import { lunarLink as game, makeLink, type LinkConfig } from '../../src/games/lunar-link/math';
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
const TOTAL = [...cfg.symbols.map((s) => s.weight), cfg.coin.weight].reduce((a, b) => a + b, 0);
const VALUES = cfg.coin.values.reduce((a, v) => a + v.weight, 0);
/** The cell draw that lands `name` (a symbol or the coin). */
const cell = (name: string): number => weightedDraw([...cfg.symbols, cfg.coin], (s) => s.name === name, name);
/** The value draw that gives `value`. */
const value = (v: number): number => weightedDraw(cfg.coin.values, (x) => x.value === v, String(v));
const STAKE = 250; // coin 10
const pay = (name: string, k: number) => cfg.symbols.find((s) => s.name === name)!.pays[k]!;

describe('Lunar Link outcomes from scripted draws', () => {
  it('pays ways: Astronauts on reels 1–3 (2 × 1 × 1 ways), no bonus under 6 Moons', () => {
    // Column by column, top row first.
    const grid = [
      ['Astronaut', 'Astronaut', 'Gold Gem'],
      ['Blue Gem', 'Astronaut', 'Green Gem'],
      ['Astronaut', 'Red Gem', 'Planet'],
      ['Rocket', 'Satellite', 'Blue Gem'],
      ['Moon', 'Gold Gem', 'Green Gem'],
    ];
    const draws = new Scripted(
      grid.flatMap((col) => col.flatMap((n) => (n === 'Moon' ? [cell(n), value(50)] : [cell(n)]))),
    );
    const { outcome, win } = game.play(draws, game.parseBet({ stake: STAKE }));
    expect(draws.done).toBe(true);
    expect(draws.asked).toContain(VALUES);
    expect(outcome.grid).toEqual(grid);
    expect(outcome.coins).toEqual([{ column: 4, row: 0, value: 50 }]);
    expect(outcome.wins).toEqual([{ symbol: 'Astronaut', reels: 3, ways: 2, win: pay('Astronaut', 3) * 2 * 10 }]);
    expect(outcome.bonus).toBeNull();
    expect(win).toBe(pay('Astronaut', 3) * 2 * 10);
  });

  it('holds 6 Moons, resets the respins on a new Moon, and pays every Moon at the end', () => {
    // Moons fill columns 1 and 2; the other cells are Gold and Blue Gems without a way (reel 1 has no symbol).
    const base: number[] = [];
    const values = [10, 25, 50, 75, 125, 250];
    for (let i = 0; i < 6; i++) base.push(cell('Moon'), value(values[i]!));
    for (let i = 0; i < 9; i++) base.push(cell(i % 2 ? 'Gold Gem' : 'Blue Gem'));
    const empty = 9;
    const miss = cfg.coin.respinCoinWeight; // the first draw that is not a coin
    const respins = [
      // Respin 1: nothing (2 left).
      ...Array(empty).fill(miss),
      // Respin 2: a Moon in the first empty cell (column 3, row 0), value 625 (back to 3).
      0,
      value(625),
      ...Array(empty - 1).fill(miss),
      // Respins 3, 4, 5: nothing.
      ...Array((empty - 1) * 3).fill(miss),
    ];
    const draws = new Scripted([...base, ...respins]);
    const { outcome, win } = game.play(draws, { stake: STAKE });
    expect(draws.done).toBe(true);
    expect(outcome.wins).toEqual([]);
    expect(outcome.bonus!.respins.map((r) => r.left)).toEqual([2, 3, 2, 1, 0]);
    expect(outcome.bonus!.respins[1]!.landed).toEqual([{ column: 2, row: 0, value: 625 }]);
    expect(outcome.bonus!.coins).toHaveLength(7);
    expect(outcome.bonus!.grand).toBe(false);
    const total = values.reduce((a, b) => a + b, 0) + 625;
    expect(outcome.bonus!.win).toBe(total * 10);
    expect(win).toBe(total * 10);
    expect(draws.asked.filter((n) => n === cfg.coin.respinWeight)).toHaveLength(9 + 9 + 8 * 3);
    expect(draws.asked.filter((n) => n === TOTAL)).toHaveLength(15);
  });

  it('pays the Grand when every cell holds a Moon', () => {
    const draws = new Scripted(Array.from({ length: 15 }, () => [cell('Moon'), value(10)]).flat());
    const { outcome, win } = game.play(draws, { stake: STAKE });
    expect(draws.done).toBe(true);
    expect(outcome.bonus).toMatchObject({ respins: [], grand: true });
    expect(win).toBe((15 * 10 + cfg.coin.grand) * 10);
  });

  it('gives a JSON-serialisable outcome', () => expectJsonOutcome(game, 2));
});

describe('Lunar Link mathematics', () => {
  it('declares its exact RTP, inside 94–97 %', () => expectExactRtpInBand(game));

  const reduced = (reels: number, rows: number, trigger: number): LinkConfig => ({
    slug: 'reduced',
    title: 'Reduced',
    reels,
    rows,
    divisor: 4,
    symbols: [
      { name: 'A', weight: 1, pays: [0, 0, 2, 5] },
      { name: 'B', weight: 2, pays: [0, 0, 1, 3] },
    ],
    coin: {
      name: 'Moon',
      weight: 1,
      values: [
        { value: 1, weight: 2 },
        { value: 4, weight: 1 },
      ],
      trigger,
      respins: 2,
      respinCoinWeight: 1,
      respinWeight: 3,
      grand: 20,
    },
  });

  it.each([
    [3, 1, 1],
    [3, 1, 2],
    [2, 2, 2],
  ])('matches a brute-force enumeration of a reduced %i × %i game (bonus from %i coins)', (reels, rows, trigger) => {
    const small = makeLink(reduced(reels, rows, trigger), 0);
    const exact = enumerate((d) => small.play(d, { stake: 4 }).win / 4);
    expect(exact.paths).toBeGreaterThan(50);
    expect(small.theoreticalRtp()).toBeCloseTo(exact.mean, 10);
    expect(small.returnVariance()).toBeCloseTo(exact.second - exact.mean ** 2, 9);
  });

  it('solves the respin chain: final coin counts are a distribution, never below the start', () => {
    for (let start = cfg.coin.trigger; start <= 15; start++) {
      const dist = game.finalCoins(start);
      expect(dist.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
      for (let n = 0; n < start; n++) expect(dist[n]).toBe(0);
    }
    expect(game.finalCoins(15)[15]).toBe(1);
  });

  measuredRtpTest(game);
});

describe('Lunar Link bets', () => stakeBetTests(game, 25));
