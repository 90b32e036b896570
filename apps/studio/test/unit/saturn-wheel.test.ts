import { describe, expect, it } from 'vitest';
import { makeWheel, saturnWheel as game } from '../../src/games/saturn-wheel/math';
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
const cell = (name: string): number => weightedDraw([...cfg.symbols, cfg.scatter], (s) => s.name === name, name);
const pay = (name: string) => cfg.symbols.find((s) => s.name === name)!.pay;
/** Draws for a window given as rows (top first); the game draws column by column. */
const windowDraws = (rows: string[][]) => [0, 1, 2].flatMap((c) => rows.map((row) => cell(row[c]!)));
const STAKE = 100; // coin 10

describe('Saturn Wheel outcomes from scripted draws', () => {
  it('pays three of a kind on the middle line only', () => {
    const draws = new Scripted(
      windowDraws([
        ['Cherry', 'Cherry', 'Cherry'],
        ['Seven', 'Seven', 'Seven'],
        ['Bell', 'Bar', 'Bell'],
      ]),
    );
    const { outcome, win } = game.play(draws, game.parseBet({ stake: STAKE }));
    expect(draws.done).toBe(true);
    expect(outcome.line).toEqual({ symbol: 'Seven', win: pay('Seven') * 10 });
    expect(outcome.wheel).toBeNull();
    expect(win).toBe(pay('Seven') * 10);
  });

  it('pays any three Bars, and spins the wheel on 4 Saturns at double', () => {
    const draws = new Scripted([
      ...windowDraws([
        ['Saturn', 'Cherry', 'Saturn'],
        ['Bar', 'Triple Bar', 'Double Bar'],
        ['Saturn', 'Bell', 'Saturn'],
      ]),
      19, // the wheel's last segment
    ]);
    const { outcome, win } = game.play(draws, { stake: STAKE });
    expect(draws.done).toBe(true);
    expect(draws.asked.at(-1)).toBe(cfg.wheel.length);
    expect(outcome.scatters).toBe(4);
    expect(outcome.line).toEqual({ symbol: 'Any Bar', win: cfg.anyBar * 10 });
    expect(outcome.wheel).toEqual({ segment: 19, coins: cfg.wheel[19], multiplier: 2, win: cfg.wheel[19]! * 2 * 10 });
    expect(win).toBe((cfg.anyBar + cfg.wheel[19]! * 2) * 10);
  });

  it('does not spin the wheel for 2 Saturns', () => {
    const draws = new Scripted(
      windowDraws([
        ['Saturn', 'Cherry', 'Bell'],
        ['Bar', 'Saturn', 'Double Bar'],
        ['Seven', 'Bell', 'Cherry'],
      ]),
    );
    const { outcome, win } = game.play(draws, { stake: STAKE });
    expect(draws.done).toBe(true);
    expect(outcome).toMatchObject({ scatters: 2, line: null, wheel: null });
    expect(win).toBe(0);
  });

  it('gives a JSON-serialisable outcome', () => expectJsonOutcome(game, 8));
});

describe('Saturn Wheel mathematics', () => {
  it('declares its exact RTP, inside 94–97 %', () => expectExactRtpInBand(game));

  it('matches a brute-force enumeration of every window and wheel of a reduced game', () => {
    const small = makeWheel(
      {
        slug: 'reduced',
        title: 'Reduced',
        divisor: 2,
        symbols: [
          { name: 'A', weight: 1, pay: 10, bar: true },
          { name: 'B', weight: 1, pay: 4, bar: true },
          { name: 'C', weight: 1, pay: 2 },
        ],
        anyBar: 1,
        scatter: { name: 'S', weight: 1 },
        wheel: [1, 5],
        wheelMultiplier: [0, 0, 0, 1, 2, 3],
      },
      0,
    );
    const exact = enumerate((d) => small.play(d, { stake: 2 }).win / 2);
    expect(exact.paths).toBeGreaterThan(4 ** 9);
    expect(small.theoreticalRtp()).toBeCloseTo(exact.mean, 11);
    expect(small.returnVariance()).toBeCloseTo(exact.second - exact.mean ** 2, 10);
  });

  measuredRtpTest(game);
});

describe('Saturn Wheel bets', () => stakeBetTests(game, 10));
