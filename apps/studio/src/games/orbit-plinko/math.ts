/**
 * Orbit Plinko: a ball drops through `rows` rows of pegs (8, 12 or 16) and bounces left or right at
 * each one with one draw `draws.int(2)` per row (1 = right); it lands in slot k = the number of
 * right bounces, 0 … rows. Each slot has a multiplier, in hundredths, from the table of the chosen
 * row count and risk (low, medium, high): the tables are symmetric, high at the edges, low in the
 * middle. A round pays floor(stake × multiplier / 100) minor units (the stake back included).
 *
 * Exact RTP in closed form: the slot is Binomial(rows, ½), so
 *   RTP(rows, risk, stake) = Σ_k C(rows, k) / 2^rows × floor(stake × m_k / 100) / stake,
 * an integer over stake × 2^rows; with a stake that is a multiple of 100 (the reference bet) it is
 * Σ_k C(rows, k) m_k / (100 × 2^rows). Every table returns between 96.4 % and 97.0 %.
 */
import type { Draws } from '../../fair/draws';
import { betFields, exactReturn, intIn, invalidBet, MAX_STAKE, type ReturnMoments } from '../shared';
import type { GameMath, PaytableRow } from '../types';

export { MAX_STAKE };

export const PLINKO_ROWS = [8, 12, 16] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/**
 * The multipliers in hundredths from an edge slot to the centre slot (the other half mirrors them):
 * `HALF_TABLES[rows][risk][i]` is slot i and slot rows − i.
 */
const HALF_TABLES: Record<PlinkoRows, Record<PlinkoRisk, readonly number[]>> = {
  8: {
    low: [540, 200, 110, 97, 49],
    medium: [1300, 290, 130, 67, 39],
    high: [2800, 390, 150, 29, 19],
  },
  12: {
    low: [960, 290, 150, 140, 110, 96, 48],
    medium: [3200, 1100, 390, 190, 110, 58, 29],
    high: [16000, 2300, 790, 200, 68, 20, 20],
  },
  16: {
    low: [1500, 870, 190, 130, 130, 120, 110, 96, 48],
    medium: [10700, 4000, 970, 490, 290, 150, 97, 49, 29],
    high: [96000, 12700, 2500, 850, 390, 200, 20, 20, 20],
  },
};

/** The multipliers (hundredths) of slots 0 … rows. */
export function plinkoTable(rows: PlinkoRows, risk: PlinkoRisk): readonly number[] {
  const half = HALF_TABLES[rows][risk];
  return [...half, ...half.slice(0, -1).reverse()];
}

export type PlinkoBet = { stake: number; rows: PlinkoRows; risk: PlinkoRisk };
export type PlinkoOutcome = {
  rows: PlinkoRows;
  risk: PlinkoRisk;
  /** The bounce at each row, top first: 0 = left, 1 = right. */
  path: number[];
  /** The slot landed in: the number of right bounces, 0 … rows. */
  slot: number;
  /** The slot's multiplier in hundredths (150 = ×1.50). */
  multiplier: number;
};

/** What a ball in a slot of `multiplier` hundredths pays: floor(stake × multiplier / 100). */
export function plinkoWin(stake: number, multiplier: number): number {
  return Math.floor((stake * multiplier) / 100);
}

/** C(n, k) for n ≤ 16 (exact integers). */
export function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/** Exact mean and variance of the return per unit stake of a bet (the rounding down included). */
export function plinkoReturnMoments(bet: PlinkoBet): ReturnMoments {
  const table = plinkoTable(bet.rows, bet.risk);
  const total = 2 ** bet.rows;
  let mean = 0;
  let second = 0;
  table.forEach((m, k) => {
    const p = binomial(bet.rows, k) / total;
    const r = plinkoWin(bet.stake, m) / bet.stake;
    mean += p * r;
    second += p * r * r;
  });
  return { mean, variance: second - mean * mean };
}

/** The RTP of a table as an exact fraction: Σ C(rows, k) m_k over 100 × 2^rows. */
export function plinkoTableRtp(rows: PlinkoRows, risk: PlinkoRisk): { numerator: number; denominator: number } {
  const numerator = plinkoTable(rows, risk).reduce((s, m, k) => s + binomial(rows, k) * m, 0);
  return { numerator, denominator: 100 * 2 ** rows };
}

function parsePlinkoBet(input: unknown): PlinkoBet {
  const fields = betFields(input);
  const stake = intIn(fields.stake, 1, MAX_STAKE);
  const rows = fields.rows;
  const risk = fields.risk;
  if (!PLINKO_ROWS.includes(rows as PlinkoRows)) invalidBet();
  if (!PLINKO_RISKS.includes(risk as PlinkoRisk)) invalidBet();
  return { stake, rows: rows as PlinkoRows, risk: risk as PlinkoRisk };
}

const referenceBet: PlinkoBet = { stake: 100, rows: 16, risk: 'medium' };

const times = (hundredths: number) => `×${(hundredths / 100).toFixed(2).replace(/\.?0+$/, '')}`;
const percent = (rows: PlinkoRows, risk: PlinkoRisk) => {
  const { numerator, denominator } = plinkoTableRtp(rows, risk);
  return `${((numerator / denominator) * 100).toFixed(2)} %`;
};

const paytable: PaytableRow[] = PLINKO_ROWS.flatMap((rows) =>
  PLINKO_RISKS.map((risk) => ({
    label: `${rows} rows, ${risk} risk (RTP ${percent(rows, risk)})`,
    pays: `edge to centre: ${HALF_TABLES[rows][risk].map(times).join(' · ')}`,
  })),
);

export const plinko: GameMath<PlinkoBet, PlinkoOutcome> = {
  slug: 'orbit-plinko',
  title: 'Orbit Plinko',
  // 6,344,902 / 6,553,600 (16 rows, medium risk): a fraction over 100 × 2^16, within 1e-16 as a double.
  rtp: plinkoReturnMoments(referenceBet).mean,
  ...exactReturn(() => plinkoReturnMoments(referenceBet)),
  parseBet: parsePlinkoBet,
  stake: (bet) => bet.stake,
  play(draws: Draws, bet: PlinkoBet) {
    const path = Array.from({ length: bet.rows }, () => draws.int(2));
    const slot = path.reduce((s, b) => s + b, 0);
    const multiplier = plinkoTable(bet.rows, bet.risk)[slot]!;
    return {
      outcome: { rows: bet.rows, risk: bet.risk, path, slot, multiplier },
      win: plinkoWin(bet.stake, multiplier),
    };
  },
  referenceBet,
  rules: {
    summary: [
      'A ball drops through a triangle of pegs and bounces left or right at every row, each way equally likely; it lands in one of the slots at the bottom.',
      'Choose 8, 12 or 16 rows and a low, medium or high risk: each pair has its own multipliers, highest at the edges and lowest in the middle.',
      'The ball pays the stake times the multiplier of its slot (rounded down to the minor unit); multipliers below ×1 return part of the stake.',
      'The chance of slot k is C(rows, k) / 2^rows, so every table has an exact return to player, from 96.43 % to 96.95 % (shown beside each table).',
    ],
    paytable,
    lines: {
      summary: [
        { key: 'orbitPlinko.drop' },
        { key: 'orbitPlinko.choose' },
        { key: 'orbitPlinko.pays' },
        { key: 'orbitPlinko.chance', values: { min: { n: 96.43, decimals: 2 }, max: { n: 96.95, decimals: 2 } } },
      ],
      paytable: PLINKO_ROWS.flatMap((rows) =>
        PLINKO_RISKS.map((risk) => {
          const { numerator, denominator } = plinkoTableRtp(rows, risk);
          return {
            label: {
              key: `orbitPlinko.${risk}`,
              values: { rows, rtp: { n: (numerator / denominator) * 100, decimals: 2 } },
            },
            pays: {
              key: 'orbitPlinko.edge',
              values: {
                multipliers: {
                  join: HALF_TABLES[rows][risk].map((m) => ({ key: 'multiplier', values: { x: m / 100 } })),
                  separator: ' · ',
                },
              },
            },
          };
        }),
      ),
    },
  },
};
