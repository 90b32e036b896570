/**
 * European roulette: a single zero, 37 pockets, one uniform draw `draws.int(37)` per round.
 *
 * RTP: every bet on the table returns 36/37 of its stake on average (97.297 %): a position
 * covering k numbers pays 36/k − 1 to 1, so it returns 36 × stake on k of the 37 pockets.
 * The platform's band asks for a declared RTP between 94 % and 97 %, which the usual European
 * payouts cannot meet (single-zero roulette is 36/37 by construction). We keep the usual payouts
 * and declare 97.297 % as a documented exception for roulette (docs/catalogue.md); lowering it
 * would need non-standard payouts (e.g. 34:1 straight-up), which players would not recognise.
 *
 * A bet is `{ bets: [{ type, numbers?, stake }] }`, up to 40 positions:
 *   - straight [n] 35:1, split [a, b] 17:1 (two numbers side by side on the layout, or 0 with 1, 2
 *     or 3), street [3 numbers of a row, or the trios 0-1-2 / 0-2-3] 11:1, corner [4 numbers of a
 *     square, or the first four 0-1-2-3] 8:1, six line [two adjacent rows] 5:1;
 *   - column and dozen 2:1: `numbers` is either `[k]` (k = 1, 2 or 3) or the 12 numbers covered;
 *   - red, black, odd, even, low (1–18), high (19–36) 1:1: no `numbers` (or exactly those covered).
 * Numbers may be given in any order. Stakes are positive integers in minor units, at most
 * 10,000,000 in total. Anything else is `RangeError('invalid_bet')`.
 */
import type { Draws } from '../../fair/draws';
import { betFields, exactReturn, intIn, invalidBet, isRecord, MAX_STAKE, type ReturnMoments } from '../shared';
import type { GameMath } from '../types';

export const POCKETS = 37;
export const MAX_POSITIONS = 40;
/** The limit on a round's stake, here the sum of the positions' stakes. */
export const MAX_TOTAL_STAKE = MAX_STAKE;

export const BET_TYPES = [
  'straight',
  'split',
  'street',
  'corner',
  'six_line',
  'column',
  'dozen',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export type RouletteBetType = (typeof BET_TYPES)[number];

/** Profit per unit stake when the position wins ("35 to 1"); the stake comes back too. */
export const PAYOUT: Readonly<Record<RouletteBetType, number>> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  six_line: 5,
  column: 2,
  dozen: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type PocketColour = 'green' | 'red' | 'black';
export function colourOf(pocket: number): PocketColour {
  return pocket === 0 ? 'green' : RED_NUMBERS.has(pocket) ? 'red' : 'black';
}

/** A position after validation: `numbers` are the covered pockets, ascending. */
export type RoulettePosition = { type: RouletteBetType; numbers: number[]; stake: number };
export type RouletteBet = { bets: RoulettePosition[] };
export type RouletteOutcome = {
  pocket: number;
  colour: PocketColour;
  positions: { type: RouletteBetType; numbers: number[]; stake: number; win: number }[];
};

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const key = (numbers: readonly number[]): string => [...numbers].sort((a, b) => a - b).join('-');

/**
 * Every legal set of numbers per inside bet type, from the layout: 12 rows (1-2-3 … 34-35-36) of
 * three columns; number n sits in row ⌊(n−1)/3⌋ and column (n−1) mod 3; zero lies above 1, 2, 3.
 */
function insideSets(): Record<'straight' | 'split' | 'street' | 'corner' | 'six_line', Set<string>> {
  const straight = new Set(range(0, 36).map((n) => key([n])));
  const split = new Set<string>([key([0, 1]), key([0, 2]), key([0, 3])]);
  const corner = new Set<string>([key([0, 1, 2, 3])]);
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.add(key([n, n + 1])); // side by side in a row
    if (n <= 33) split.add(key([n, n + 3])); // one above the other in a column
    if (n % 3 !== 0 && n <= 32) corner.add(key([n, n + 1, n + 3, n + 4]));
  }
  const street = new Set<string>([key([0, 1, 2]), key([0, 2, 3])]);
  for (let row = 0; row < 12; row++) street.add(key(range(3 * row + 1, 3 * row + 3)));
  const six_line = new Set<string>();
  for (let row = 0; row < 11; row++) six_line.add(key(range(3 * row + 1, 3 * row + 6)));
  return { straight, split, street, corner, six_line };
}
const INSIDE = insideSets();

const columnNumbers = (k: number) => range(1, 36).filter((n) => (n - 1) % 3 === k - 1);
const dozenNumbers = (k: number) => range(12 * (k - 1) + 1, 12 * k);
const OUTSIDE_EVEN: Record<'red' | 'black' | 'odd' | 'even' | 'low' | 'high', number[]> = {
  red: range(1, 36).filter((n) => RED_NUMBERS.has(n)),
  black: range(1, 36).filter((n) => !RED_NUMBERS.has(n)),
  odd: range(1, 36).filter((n) => n % 2 === 1),
  even: range(1, 36).filter((n) => n % 2 === 0),
  low: range(1, 18),
  high: range(19, 36),
};

function parseNumbers(value: unknown): number[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 18) invalidBet();
  const numbers = value.map((n) => intIn(n, 0, 36));
  if (new Set(numbers).size !== numbers.length) invalidBet();
  return numbers.sort((a, b) => a - b);
}

/** The covered numbers of one position, or `invalid_bet`. */
function coveredNumbers(type: RouletteBetType, raw: unknown): number[] {
  switch (type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'six_line': {
      const numbers = parseNumbers(raw);
      if (!INSIDE[type].has(key(numbers))) invalidBet();
      return numbers;
    }
    case 'column':
    case 'dozen': {
      const numbers = parseNumbers(raw);
      const of = type === 'column' ? columnNumbers : dozenNumbers;
      if (numbers.length === 1) {
        const k = numbers[0]!;
        return k >= 1 && k <= 3 ? of(k) : invalidBet();
      }
      const match = [1, 2, 3].find((k) => key(of(k)) === key(numbers));
      return match === undefined ? invalidBet() : numbers;
    }
    default: {
      const covered = OUTSIDE_EVEN[type];
      if (raw !== undefined && key(parseNumbers(raw)) !== key(covered)) invalidBet();
      return [...covered];
    }
  }
}

function parseRouletteBet(input: unknown): RouletteBet {
  const raw = betFields(input).bets;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_POSITIONS) invalidBet();
  let total = 0;
  const bets = raw.map((position): RoulettePosition => {
    if (!isRecord(position)) invalidBet();
    const { type, numbers } = position;
    if (typeof type !== 'string' || !(BET_TYPES as readonly string[]).includes(type)) invalidBet();
    const stake = intIn(position.stake, 1, Number.MAX_SAFE_INTEGER);
    total += stake;
    if (total > MAX_TOTAL_STAKE) invalidBet();
    return { type: type as RouletteBetType, numbers: coveredNumbers(type as RouletteBetType, numbers), stake };
  });
  return { bets };
}

function totalStake(bet: RouletteBet): number {
  return bet.bets.reduce((sum, p) => sum + p.stake, 0);
}

/** What a position pays back (stake included) when the ball lands in `pocket`. */
function positionWin(position: RoulettePosition, pocket: number): number {
  return position.numbers.includes(pocket) ? position.stake * (PAYOUT[position.type] + 1) : 0;
}

function settle(bet: RouletteBet, pocket: number): { outcome: RouletteOutcome; win: number } {
  let win = 0;
  const positions = bet.bets.map((p) => {
    const w = positionWin(p, pocket);
    win += w;
    return { type: p.type, numbers: p.numbers, stake: p.stake, win: w };
  });
  return { outcome: { pocket, colour: colourOf(pocket), positions }, win };
}

/** Mean and variance of the return per unit stake of a bet, by enumeration over the 37 pockets. */
export function rouletteReturnMoments(bet: RouletteBet): ReturnMoments {
  const stake = totalStake(bet);
  let sum = 0;
  let sumSquares = 0;
  for (let pocket = 0; pocket < POCKETS; pocket++) {
    const r = settle(bet, pocket).win / stake;
    sum += r;
    sumSquares += r * r;
  }
  const mean = sum / POCKETS;
  return { mean, variance: sumSquares / POCKETS - mean * mean };
}

const referenceBet: RouletteBet = { bets: [{ type: 'straight', numbers: [17], stake: 100 }] };

export const europeanRoulette: GameMath<RouletteBet, RouletteOutcome> = {
  slug: 'european-roulette',
  title: 'European Roulette',
  /** 36/37: see the header comment for why this is above the 94–97 % band. */
  rtp: 36 / 37,
  // Straight up: returns 36 with probability 1/37, so the variance is 36²/37 − (36/37)² = 36³/37².
  ...exactReturn(() => rouletteReturnMoments(referenceBet)),
  parseBet: parseRouletteBet,
  stake: totalStake,
  play(draws: Draws, bet: RouletteBet) {
    return settle(bet, draws.int(POCKETS));
  },
  referenceBet,
  rules: {
    summary: [
      'European roulette with a single zero: the ball lands in one of 37 pockets, 0 to 36, each equally likely.',
      'Place up to 40 bets per spin, in any combination of inside bets (numbers and groups of adjacent numbers on the layout) and outside bets.',
      'A winning bet is paid at the odds below and its stake is returned; every other bet is lost.',
      'Zero is green and loses every outside bet (columns, dozens, red/black, odd/even, low/high).',
      'The total stake per spin is at most 100,000.00 in the currency of play.',
      'Every bet has the same theoretical return to player: 36/37 = 97.30 %.',
    ],
    paytable: [
      { label: 'Straight up (one number)', pays: '35 to 1' },
      { label: 'Split (two adjacent numbers, or 0 with 1, 2 or 3)', pays: '17 to 1' },
      { label: 'Street (a row of three, or 0-1-2, 0-2-3)', pays: '11 to 1' },
      { label: 'Corner (four numbers in a square, or 0-1-2-3)', pays: '8 to 1' },
      { label: 'Six line (two adjacent rows)', pays: '5 to 1' },
      { label: 'Column (12 numbers)', pays: '2 to 1' },
      { label: 'Dozen (1–12, 13–24, 25–36)', pays: '2 to 1' },
      { label: 'Red / Black', pays: '1 to 1' },
      { label: 'Odd / Even', pays: '1 to 1' },
      { label: 'Low (1–18) / High (19–36)', pays: '1 to 1' },
    ],
    lines: {
      summary: [
        { key: 'europeanRoulette.pockets' },
        { key: 'europeanRoulette.bets', values: { bets: MAX_POSITIONS } },
        { key: 'europeanRoulette.paid' },
        { key: 'europeanRoulette.zero' },
        { key: 'europeanRoulette.maxStake', values: { max: { n: MAX_TOTAL_STAKE / 100, decimals: 2 } } },
        { key: 'europeanRoulette.rtp', values: { rtp: { n: (36 / 37) * 100, decimals: 2 } } },
      ],
      paytable: (
        [
          ['straight', 35],
          ['split', 17],
          ['street', 11],
          ['corner', 8],
          ['sixLine', 5],
          ['column', 2],
          ['dozen', 2],
          ['redBlack', 1],
          ['oddEven', 1],
          ['lowHigh', 1],
        ] as const
      ).map(([bet, odds]) => ({
        label: { key: `europeanRoulette.${bet}` },
        pays: { key: 'odds', values: { odds } },
      })),
    },
  },
};
