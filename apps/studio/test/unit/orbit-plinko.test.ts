import { describe, expect, it } from 'vitest';
import {
  binomial,
  plinko as game,
  plinkoReturnMoments,
  plinkoTable,
  plinkoTableRtp,
  PLINKO_RISKS,
  PLINKO_ROWS,
  type PlinkoBet,
} from '../../src/games/orbit-plinko/math';
import {
  enumerate,
  expectExactRtpInBand,
  expectJsonOutcome,
  expectRefused,
  measuredRtpTest,
  playScripted,
} from './support/games';

const drop = (path: number[], bet: unknown) =>
  playScripted(
    game,
    path,
    bet,
    path.map(() => 2),
  );

describe('plinko: outcomes', () => {
  it('bounces once per row and lands in the slot counting the right bounces', () => {
    const path = [1, 0, 1, 1, 0, 0, 1, 0];
    expect(drop(path, { stake: 100, rows: 8, risk: 'low' })).toEqual({
      outcome: { rows: 8, risk: 'low', path, slot: 4, multiplier: 49 },
      win: 49,
    });
  });

  it('pays the edges most: all left or all right on 16 rows, high risk', () => {
    const left = Array.from({ length: 16 }, () => 0);
    const right = Array.from({ length: 16 }, () => 1);
    expect(drop(left, { stake: 100, rows: 16, risk: 'high' })).toMatchObject({
      outcome: { slot: 0, multiplier: 96_000 },
      win: 96_000,
    });
    expect(drop(right, { stake: 250, rows: 16, risk: 'high' })).toMatchObject({
      outcome: { slot: 16, multiplier: 96_000 },
      win: 240_000,
    });
  });

  it('rounds the win down to the minor unit', () => {
    // 12 rows, medium, slot 6 pays ×0.29: 7 × 0.29 = 2.03 → 2
    expect(drop([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], { stake: 7, rows: 12, risk: 'medium' })).toMatchObject({
      outcome: { slot: 6, multiplier: 29 },
      win: 2,
    });
    expect(drop([0, 0, 0, 0, 0, 0, 0, 1], { stake: 3, rows: 8, risk: 'medium' }).win).toBe(8); // 3 × 2.9 = 8.7
  });

  it('has symmetric tables of rows + 1 slots, highest at the edges', () => {
    for (const rows of PLINKO_ROWS) {
      for (const risk of PLINKO_RISKS) {
        const t = plinkoTable(rows, risk);
        expect(t).toHaveLength(rows + 1);
        expect([...t].reverse()).toEqual(t);
        expect(Math.max(...t)).toBe(t[0]);
        expect(Math.min(...t)).toBe(t[rows / 2]);
      }
    }
  });

  it('gives a JSON-serialisable outcome', () => expectJsonOutcome(game, 3));
});

describe('plinko: return to player', () => {
  it('declares its exact RTP, inside 94–97 %', () => expectExactRtpInBand(game));

  it('the reference bet returns 6,344,902 / 6,553,600 exactly', () => {
    expect(game.referenceBet).toEqual({ stake: 100, rows: 16, risk: 'medium' });
    expect(plinkoTableRtp(16, 'medium')).toEqual({ numerator: 6_344_902, denominator: 6_553_600 });
    expect(game.rtp).toBeCloseTo(6_344_902 / 6_553_600, 15);
  });

  it('every table returns between 96 % and 97 %, and the closed form equals the enumeration of every path through play', () => {
    for (const rows of PLINKO_ROWS) {
      for (const risk of PLINKO_RISKS) {
        const { numerator, denominator } = plinkoTableRtp(rows, risk);
        expect(numerator / denominator).toBeGreaterThan(0.96);
        expect(numerator / denominator).toBeLessThan(0.97);
        for (const stake of [100, 37]) {
          const bet: PlinkoBet = { stake, rows, risk };
          const exact = enumerate((d) => game.play(d, bet).win / stake);
          expect(exact.paths).toBe(2 ** rows);
          const closed = plinkoReturnMoments(bet);
          expect(closed.mean).toBeCloseTo(exact.mean, 10);
          expect(closed.variance).toBeCloseTo(exact.second - exact.mean ** 2, 9);
          if (stake === 100) expect(closed.mean).toBeCloseTo(numerator / denominator, 14);
        }
      }
    }
  });

  it('counts the slots binomially', () => {
    expect([0, 1, 2, 3, 4].map((k) => binomial(4, k))).toEqual([1, 4, 6, 4, 1]);
    expect(binomial(16, 8)).toBe(12_870);
    expect(
      PLINKO_ROWS.map((n) => Array.from({ length: n + 1 }, (_, k) => binomial(n, k)).reduce((a, b) => a + b)),
    ).toEqual(PLINKO_ROWS.map((n) => 2 ** n));
  });

  measuredRtpTest(game);
});

describe('plinko: bet validation', () => {
  const refused = (input: unknown) => expectRefused(game, input);
  it('accepts 8, 12 or 16 rows and a low, medium or high risk with a stake of 1 … 10,000,000', () => {
    expect(game.parseBet({ stake: 1, rows: 8, risk: 'low' })).toEqual({ stake: 1, rows: 8, risk: 'low' });
    expect(game.parseBet({ stake: 10_000_000, rows: 16, risk: 'high', extra: 1 })).toEqual({
      stake: 10_000_000,
      rows: 16,
      risk: 'high',
    });
    expect(game.stake(game.parseBet(game.referenceBet))).toBe(100);
  });
  it('refuses other rows, risks and stakes', () => {
    for (const rows of [0, 7, 9, 10, 14, 17, '16', null]) refused({ stake: 100, rows, risk: 'low' });
    for (const risk of ['', 'extreme', 'LOW', 1, null]) refused({ stake: 100, rows: 8, risk });
    for (const stake of [0, -1, 1.5, '100', undefined, 10_000_001]) refused({ stake, rows: 8, risk: 'low' });
    refused({ stake: 100, risk: 'low' });
    refused(null);
    refused([100, 8, 'low']);
  });
});
