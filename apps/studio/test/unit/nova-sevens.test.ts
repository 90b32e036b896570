import { describe, expect, it } from 'vitest';
import { makeNova, novaSevens as game } from '../../src/games/nova-sevens/math';
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
const cell = (name: string): number => weightedDraw([...cfg.symbols, cfg.wild], (s) => s.name === name, name);
const pay = (name: string) => cfg.symbols.find((s) => s.name === name)!.pay;
/** Draws for a grid given as rows (top first); the game draws column by column. */
const gridDraws = (rows: string[][]) => [0, 1, 2].flatMap((c) => rows.map((row) => cell(row[c]!)));
const STAKE = 500; // line bet 100

describe('Nova Sevens outcomes from scripted draws', () => {
  it('pays three of a kind on a row and on a diagonal, doubling for a Nova', () => {
    const draws = new Scripted(
      gridDraws([
        ['Bell', 'Bell', 'Bell'],
        ['Plum', 'Nova', 'Lemon'],
        ['Cherry', 'Star', 'Plum'],
      ]),
    );
    const { outcome, win } = game.play(draws, game.parseBet({ stake: STAKE }));
    expect(draws.done).toBe(true);
    expect(outcome.grid).toEqual([
      ['Bell', 'Plum', 'Cherry'],
      ['Bell', 'Nova', 'Star'],
      ['Bell', 'Lemon', 'Plum'],
    ]);
    // Row 1: Bells; diagonal 4 (top left to bottom right): Bell, Nova, Plum — no; diagonal 5: Cherry, Nova, Bell — no.
    expect(outcome.lines).toEqual([{ line: 1, symbol: 'Bell', wilds: 0, win: pay('Bell') * 100 }]);
    expect(win).toBe(pay('Bell') * 100);
  });

  it('doubles per Nova and pays three Novas their own pay', () => {
    const { outcome, win } = game.play(
      new Scripted(
        gridDraws([
          ['Seven', 'Lemon', 'Nova'],
          ['Nova', 'Nova', 'Nova'],
          ['Nova', 'Plum', 'Seven'],
        ]),
      ),
      { stake: STAKE },
    );
    expect(outcome.lines).toEqual([
      { line: 2, symbol: 'Nova', wilds: 3, win: cfg.wild.pay * 100 },
      { line: 4, symbol: 'Seven', wilds: 1, win: pay('Seven') * 2 * 100 },
      { line: 5, symbol: 'Nova', wilds: 3, win: cfg.wild.pay * 100 },
    ]);
    expect(win).toBe((2 * cfg.wild.pay + 2 * pay('Seven')) * 100);
  });

  it('gives a JSON-serialisable outcome', () => expectJsonOutcome(game, 6));
});

describe('Nova Sevens mathematics', () => {
  it('declares its exact RTP, inside 94–97 %', () => expectExactRtpInBand(game));

  it('matches a brute-force enumeration of every grid of a reduced game', () => {
    const small = makeNova(
      {
        slug: 'reduced',
        title: 'Reduced',
        symbols: [
          { name: 'A', weight: 1, pay: 5 },
          { name: 'B', weight: 2, pay: 2 },
        ],
        wild: { name: 'W', weight: 1, pay: 20 },
      },
      0,
    );
    const exact = enumerate((d) => small.play(d, { stake: 5 }).win / 5);
    expect(exact.paths).toBe(4 ** 9);
    expect(small.theoreticalRtp()).toBeCloseTo(exact.mean, 12);
    expect(small.returnVariance()).toBeCloseTo(exact.second - exact.mean ** 2, 10);
  });

  measuredRtpTest(game);
});

describe('Nova Sevens bets', () => stakeBetTests(game, 5));
