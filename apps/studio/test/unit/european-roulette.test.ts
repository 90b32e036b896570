import { describe, expect, it } from 'vitest';
import { europeanRoulette as game, PAYOUT, type RouletteBetType } from '../../src/games/european-roulette/math';
import { expectRefused, measuredRtpTest, playScripted, scripted } from './support/games';

type RawPosition = { type: string; numbers?: number[]; stake: number };
const spin = (pocket: number, ...positions: RawPosition[]) => playScripted(game, [pocket], { bets: positions }, [37]);
const winOf = (pocket: number, position: RawPosition) => spin(pocket, position).win;

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

// An independent description of the layout: number n (1–36) at row ⌊(n−1)/3⌋, column (n−1) mod 3.
const row = (n: number) => Math.floor((n - 1) / 3);
const col = (n: number) => (n - 1) % 3;
function combinations(k: number, from = 0): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  for (let n = from; n <= 36; n++) for (const rest of combinations(k - 1, n + 1)) out.push([n, ...rest]);
  return out;
}
function accepted(type: string, numbers: number[]): boolean {
  try {
    game.parseBet({ bets: [{ type, numbers, stake: 1 }] });
    return true;
  } catch (error) {
    // Rethrown, not `expect`ed: this runs for all 66,045 sets of four numbers (an `expect` each cost seconds).
    if (!(error instanceof RangeError && error.message === 'invalid_bet')) throw error;
    return false;
  }
}
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((n) => b.includes(n));
const legal = {
  split: (s: number[]) => {
    const [a, b] = s as [number, number];
    if (a === 0) return b >= 1 && b <= 3;
    return (
      (row(a) === row(b) && Math.abs(col(a) - col(b)) === 1) || (col(a) === col(b) && Math.abs(row(a) - row(b)) === 1)
    );
  },
  street: (s: number[]) =>
    sameSet(s, [0, 1, 2]) || sameSet(s, [0, 2, 3]) || (!s.includes(0) && s.every((n) => row(n) === row(s[0]!))),
  corner: (s: number[]) => {
    if (sameSet(s, [0, 1, 2, 3])) return true;
    if (s.includes(0)) return false;
    const rows = new Set(s.map(row));
    const cols = new Set(s.map(col));
    const [r1, r2] = [...rows].sort((a, b) => a - b);
    const [c1, c2] = [...cols].sort((a, b) => a - b);
    return rows.size === 2 && cols.size === 2 && r2! - r1! === 1 && c2! - c1! === 1;
  },
};

describe('european roulette: outcomes', () => {
  it('draws one pocket from 37 and reports its colour', () => {
    const zero = spin(0, { type: 'red', stake: 10 });
    expect(zero.outcome).toEqual({
      pocket: 0,
      colour: 'green',
      positions: [{ type: 'red', numbers: RED, stake: 10, win: 0 }],
    });
    expect(spin(32, { type: 'red', stake: 10 }).outcome.colour).toBe('red');
    expect(spin(15, { type: 'red', stake: 10 }).outcome.colour).toBe('black');
  });

  it('pays straight up 35:1 (stake returned), including zero', () => {
    expect(winOf(17, { type: 'straight', numbers: [17], stake: 100 })).toBe(3_600);
    expect(winOf(0, { type: 'straight', numbers: [0], stake: 7 })).toBe(252);
    expect(winOf(18, { type: 'straight', numbers: [17], stake: 100 })).toBe(0);
  });

  it('pays splits 17:1: side by side, one above the other, and with zero', () => {
    expect(winOf(17, { type: 'split', numbers: [16, 17], stake: 100 })).toBe(1_800);
    expect(winOf(14, { type: 'split', numbers: [17, 14], stake: 100 })).toBe(1_800);
    expect(winOf(3, { type: 'split', numbers: [0, 3], stake: 50 })).toBe(900);
    expect(winOf(0, { type: 'split', numbers: [0, 1], stake: 50 })).toBe(900);
    expect(winOf(2, { type: 'split', numbers: [0, 1], stake: 50 })).toBe(0);
  });

  it('pays streets and the zero trios 11:1', () => {
    expect(winOf(35, { type: 'street', numbers: [34, 35, 36], stake: 100 })).toBe(1_200);
    expect(winOf(0, { type: 'street', numbers: [0, 1, 2], stake: 100 })).toBe(1_200);
    expect(winOf(3, { type: 'street', numbers: [0, 2, 3], stake: 100 })).toBe(1_200);
    expect(winOf(4, { type: 'street', numbers: [1, 2, 3], stake: 100 })).toBe(0);
  });

  it('pays corners and the first four 8:1', () => {
    expect(winOf(5, { type: 'corner', numbers: [1, 2, 4, 5], stake: 100 })).toBe(900);
    expect(winOf(36, { type: 'corner', numbers: [32, 33, 35, 36], stake: 100 })).toBe(900);
    expect(winOf(0, { type: 'corner', numbers: [0, 1, 2, 3], stake: 100 })).toBe(900);
    expect(winOf(3, { type: 'corner', numbers: [1, 2, 4, 5], stake: 100 })).toBe(0);
  });

  it('pays six lines 5:1', () => {
    expect(winOf(31, { type: 'six_line', numbers: [31, 32, 33, 34, 35, 36], stake: 100 })).toBe(600);
    expect(winOf(30, { type: 'six_line', numbers: [31, 32, 33, 34, 35, 36], stake: 100 })).toBe(0);
  });

  it('pays columns and dozens 2:1, named by index or by their 12 numbers', () => {
    expect(winOf(35, { type: 'column', numbers: [2], stake: 100 })).toBe(300);
    expect(winOf(36, { type: 'column', numbers: [2], stake: 100 })).toBe(0);
    expect(winOf(36, { type: 'column', numbers: [3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36], stake: 100 })).toBe(300);
    expect(winOf(1, { type: 'column', numbers: [1], stake: 100 })).toBe(300);
    expect(winOf(25, { type: 'dozen', numbers: [3], stake: 100 })).toBe(300);
    expect(winOf(24, { type: 'dozen', numbers: [3], stake: 100 })).toBe(0);
    expect(winOf(12, { type: 'dozen', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], stake: 100 })).toBe(300);
    expect(spin(12, { type: 'dozen', numbers: [1], stake: 1 }).outcome.positions[0]!.numbers).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });

  it('pays red/black, odd/even, low/high 1:1, and zero loses them all', () => {
    const cases: [string, number, number][] = [
      ['red', 1, 200],
      ['red', 2, 0],
      ['black', 2, 200],
      ['black', 1, 0],
      ['odd', 35, 200],
      ['odd', 36, 0],
      ['even', 36, 200],
      ['even', 35, 0],
      ['low', 18, 200],
      ['low', 19, 0],
      ['high', 19, 200],
      ['high', 18, 0],
    ];
    for (const [type, pocket, win] of cases)
      expect(winOf(pocket, { type, stake: 100 }), `${type} on ${pocket}`).toBe(win);
    for (const type of ['red', 'black', 'odd', 'even', 'low', 'high']) expect(winOf(0, { type, stake: 100 })).toBe(0);
    // Numbers may be given for an even-money bet if they are exactly the ones covered.
    expect(winOf(3, { type: 'red', numbers: [...RED].reverse(), stake: 100 })).toBe(200);
  });

  it('settles every position of a spin and adds up the win', () => {
    const { outcome, win } = spin(
      17,
      { type: 'straight', numbers: [17], stake: 10 },
      { type: 'split', numbers: [17, 20], stake: 20 },
      { type: 'corner', numbers: [13, 14, 16, 17], stake: 30 },
      { type: 'black', stake: 40 },
      { type: 'red', stake: 50 },
      { type: 'dozen', numbers: [2], stake: 60 },
    );
    expect(outcome.positions.map((p) => p.win)).toEqual([360, 360, 270, 80, 0, 180]);
    expect(win).toBe(1_250);
    expect(
      game.stake(
        game.parseBet({
          bets: [
            { type: 'red', stake: 50 },
            { type: 'odd', stake: 25 },
          ],
        }),
      ),
    ).toBe(75);
  });
});

describe('european roulette: bet validation', () => {
  const refused = (input: unknown) => expectRefused(game, input);

  it('accepts exactly the splits, streets and corners of the real layout', () => {
    const splits = combinations(2).filter((s) => accepted('split', s));
    expect(splits).toHaveLength(60); // 24 across + 33 down + 0-1, 0-2, 0-3
    expect(splits.every(legal.split)).toBe(true);
    expect(combinations(2).filter(legal.split)).toHaveLength(60);
    const streets = combinations(3).filter((s) => accepted('street', s));
    expect(streets).toHaveLength(14);
    expect(streets.every(legal.street)).toBe(true);
    const corners = combinations(4).filter((s) => accepted('corner', s));
    expect(corners).toHaveLength(23);
    expect(corners.every(legal.corner)).toBe(true);
    expect(combinations(4).filter(legal.corner)).toHaveLength(23);
    const sixLines = Array.from({ length: 32 }, (_, n) => Array.from({ length: 6 }, (_, i) => n + i)).filter((s) =>
      accepted('six_line', s),
    );
    expect(sixLines.map((s) => s[0])).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31]);
  });

  it('refuses inside bets that are not on the layout', () => {
    refused({ bets: [{ type: 'split', numbers: [3, 4], stake: 1 }] }); // consecutive, but 3 ends a row
    refused({ bets: [{ type: 'split', numbers: [1, 5], stake: 1 }] }); // diagonal
    refused({ bets: [{ type: 'split', numbers: [0, 4], stake: 1 }] });
    refused({ bets: [{ type: 'split', numbers: [17], stake: 1 }] });
    refused({ bets: [{ type: 'street', numbers: [2, 3, 4], stake: 1 }] });
    refused({ bets: [{ type: 'street', numbers: [0, 1, 3], stake: 1 }] });
    refused({ bets: [{ type: 'corner', numbers: [3, 4, 6, 7], stake: 1 }] });
    refused({ bets: [{ type: 'six_line', numbers: [2, 3, 4, 5, 6, 7], stake: 1 }] });
    refused({ bets: [{ type: 'straight', numbers: [37], stake: 1 }] });
    refused({ bets: [{ type: 'straight', numbers: [-1], stake: 1 }] });
    refused({ bets: [{ type: 'straight', numbers: [1.5], stake: 1 }] });
    refused({ bets: [{ type: 'straight', numbers: [5, 5], stake: 1 }] });
    refused({ bets: [{ type: 'straight', stake: 1 }] });
    refused({ bets: [{ type: 'straight', numbers: ['5'], stake: 1 }] });
  });

  it('refuses bad outside bets, types and stakes, more than 40 positions, and a total over 10,000,000', () => {
    refused({ bets: [{ type: 'column', numbers: [4], stake: 1 }] });
    refused({ bets: [{ type: 'column', numbers: [0], stake: 1 }] });
    refused({ bets: [{ type: 'dozen', stake: 1 }] });
    refused({ bets: [{ type: 'dozen', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13], stake: 1 }] });
    refused({ bets: [{ type: 'red', numbers: [1], stake: 1 }] });
    refused({ bets: [{ type: 'basket', numbers: [0, 1, 2], stake: 1 }] });
    for (const stake of [0, -5, 1.5, '100', null, Number.MAX_SAFE_INTEGER + 1])
      refused({ bets: [{ type: 'red', stake }] });
    refused({ bets: [] });
    refused({ bets: Array.from({ length: 41 }, () => ({ type: 'red', stake: 1 })) });
    expect(game.parseBet({ bets: Array.from({ length: 40 }, () => ({ type: 'red', stake: 1 })) }).bets).toHaveLength(
      40,
    );
    refused({ bets: [{ type: 'red', stake: 10_000_001 }] });
    refused({
      bets: [
        { type: 'red', stake: 5_000_000 },
        { type: 'black', stake: 5_000_001 },
      ],
    });
    expect(
      game.stake(
        game.parseBet({
          bets: [
            { type: 'red', stake: 5_000_000 },
            { type: 'black', stake: 5_000_000 },
          ],
        }),
      ),
    ).toBe(10_000_000);
    refused(null);
    refused([]);
    refused({});
    refused({ bets: [null] });
  });
});

describe('european roulette: return to player', () => {
  it('returns exactly 36 stakes over the 37 pockets for every position of every bet type (RTP 36/37)', () => {
    const positions: RawPosition[] = [
      ...combinations(1).map((numbers) => ({ type: 'straight', numbers, stake: 1 })),
      ...combinations(2)
        .filter((s) => accepted('split', s))
        .map((numbers) => ({ type: 'split', numbers, stake: 1 })),
      ...combinations(3)
        .filter((s) => accepted('street', s))
        .map((numbers) => ({ type: 'street', numbers, stake: 1 })),
      ...combinations(4)
        .filter((s) => accepted('corner', s))
        .map((numbers) => ({ type: 'corner', numbers, stake: 1 })),
      ...[1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31].map((n) => ({
        type: 'six_line',
        numbers: [n, n + 1, n + 2, n + 3, n + 4, n + 5],
        stake: 1,
      })),
      ...[1, 2, 3].flatMap((k) => [
        { type: 'column', numbers: [k], stake: 1 },
        { type: 'dozen', numbers: [k], stake: 1 },
      ]),
      ...['red', 'black', 'odd', 'even', 'low', 'high'].map((type) => ({ type, stake: 1 })),
    ];
    expect(new Set(positions.map((p) => p.type))).toEqual(new Set(Object.keys(PAYOUT)));
    for (const position of positions) {
      const bet = game.parseBet({ bets: [position] });
      let returned = 0;
      for (let pocket = 0; pocket < 37; pocket++) returned += game.play(scripted(pocket), bet).win;
      expect(returned, `${position.type} ${position.numbers?.join('-') ?? ''}`).toBe(36);
      expect(PAYOUT[position.type as RouletteBetType] + 1).toBe(36 / bet.bets[0]!.numbers.length);
    }
  });

  it('declares 36/37 and the exact variance of a straight-up bet', () => {
    expect(game.theoreticalRtp()).toBeCloseTo(36 / 37, 14);
    expect(game.rtp).toBe(36 / 37);
    expect(game.returnVariance()).toBeCloseTo(36 ** 3 / 37 ** 2, 10);
    expect(game.referenceBet).toEqual(game.parseBet(game.referenceBet));
  });

  measuredRtpTest(game);
});
