/**
 * Orbit Keno: the player picks 1 to 10 different numbers from 1 … 40; the round draws 10 different
 * numbers by a partial Fisher–Yates shuffle (`draws.int(40)`, `draws.int(39)`, … `draws.int(31)`:
 * the i-th draw swaps position i with one of the positions i … 39 of the numbers 1 … 40, and the
 * first 10 positions are the numbers drawn, in order). The pay depends on how many picks are hit
 * and on how many numbers were picked: `paytable[picks][hits]` in hundredths of the stake; a round
 * pays floor(stake × pay / 100) minor units (the stake back included).
 *
 * Exact RTP in closed form: the hits of p picks are hypergeometric,
 *   P(hits = h) = C(p, h) × C(40 − p, 10 − h) / C(40, 10),
 * so RTP(p) = Σ_h P(hits = h) × pay(p, h) / 100 (with a stake that is a multiple of 100; smaller
 * stakes lose the rounding down of the win). Which numbers are picked does not matter, only how
 * many. Every pick count returns between 96.1 % and 96.8 %.
 */
import type { Draws } from '../../fair/draws';
import { betFields, exactReturn, intIn, invalidBet, MAX_STAKE, type ReturnMoments } from '../shared';
import type { GameMath, PaytableRow } from '../types';

export { MAX_STAKE };

export type KenoConfig = {
  slug: string;
  title: string;
  /** The numbers are 1 … `numbers`. */
  numbers: number;
  /** How many numbers a round draws. */
  drawn: number;
  /** `pays[p][h]`: hundredths of the stake for h hits out of p picks (p = 1 … max picks). */
  pays: Readonly<Record<number, readonly number[]>>;
};

export type KenoBet = { stake: number; picks: number[] };
export type KenoOutcome = {
  /** The player's numbers, ascending. */
  picks: number[];
  /** The numbers drawn, in the order drawn. */
  drawn: number[];
  /** The picks that were drawn, ascending. */
  hits: number[];
  /** The pay for that many hits, hundredths of the stake (0: no win). */
  multiplier: number;
};

/** C(n, k) as a double (exact for the sizes used here). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}

export type KenoGame = GameMath<KenoBet, KenoOutcome> & {
  readonly config: KenoConfig;
  readonly maxPicks: number;
  /** P(hits = h) for p picks, h = 0 … p. */
  hitProbabilities(picks: number): number[];
  /** Exact mean and variance of the return per unit stake for a stake and a number of picks. */
  returnMoments(stake: number, picks: number): ReturnMoments;
};

/** The most picks the pays allow, once every pick count's pays are checked. */
function checkedMaxPicks({ numbers, drawn, pays }: KenoConfig): number {
  const maxPicks = Math.max(...Object.keys(pays).map(Number));
  for (let p = 1; p <= maxPicks; p++) {
    const row = pays[p];
    if (!row || row.length !== p + 1) throw new Error(`pays for ${p} picks must have ${p + 1} entries`);
    if (row.some((v) => !Number.isSafeInteger(v) || v < 0)) throw new Error('pays are non-negative integers');
  }
  if (maxPicks > drawn || drawn > numbers) throw new Error('picks ≤ drawn ≤ numbers');
  return maxPicks;
}

/** The rules: the English summary and paytable (each pick count with its return), and their lines in every locale. */
function kenoRules(
  { numbers, drawn, pays }: KenoConfig,
  maxPicks: number,
  returnMoments: (stake: number, picks: number) => ReturnMoments,
): KenoGame['rules'] {
  const times = (hundredths: number) => `×${(hundredths / 100).toFixed(2).replace(/\.?0+$/, '')}`;
  const paytable: PaytableRow[] = [];
  for (let p = 1; p <= maxPicks; p++) {
    const rtp = returnMoments(100, p).mean;
    const wins = pays[p]!.map((v, h) => [h, v] as const).filter(([, v]) => v > 0);
    paytable.push({
      label: `${p} pick${p > 1 ? 's' : ''} (RTP ${(rtp * 100).toFixed(2)} %)`,
      pays: wins
        .reverse()
        .map(([h, v]) => `${h} hit${h > 1 ? 's' : ''} ${times(v)}`)
        .join(' · '),
    });
  }

  return {
    summary: [
      `Pick from 1 to ${maxPicks} different numbers between 1 and ${numbers}, then play: ${drawn} of the ${numbers} numbers are drawn, every set of ${drawn} equally likely.`,
      `The pay depends on how many numbers you picked and how many of them are drawn (hits); it multiplies the stake and is rounded down to the minor unit.`,
      `The chance of h hits with p picks is C(p, h) × C(${numbers} − p, ${drawn} − h) / C(${numbers}, ${drawn}), so every pick count has an exact return to player, shown beside its pays.`,
      'Which numbers you pick does not change the odds, only how many.',
    ],
    paytable,
    lines: {
      summary: [
        { key: 'orbitKeno.pick', values: { maxPicks, numbers, drawn } },
        { key: 'orbitKeno.pay' },
        { key: 'orbitKeno.chance', values: { numbers, drawn } },
        { key: 'orbitKeno.order' },
      ],
      paytable: Array.from({ length: maxPicks }, (_, i) => {
        const p = i + 1;
        return {
          label: {
            key: p > 1 ? 'orbitKeno.picks' : 'orbitKeno.onePick',
            values: { picks: p, rtp: { n: returnMoments(100, p).mean * 100, decimals: 2 } },
          },
          pays: {
            key: 'list',
            values: {
              items: {
                join: pays[p]!.map((v, h) => [h, v] as const)
                  .filter(([, v]) => v > 0)
                  .reverse()
                  .map(([h, v]) => ({
                    key: h > 1 ? 'orbitKeno.hits' : 'orbitKeno.oneHit',
                    values: { hits: h, x: { n: v / 100, grouping: false } },
                  })),
                separator: ' · ',
              },
            },
          },
        };
      }),
    },
  };
}

export function makeKeno(config: KenoConfig, referencePicks: number, declaredRtp?: number): KenoGame {
  const { numbers, drawn, pays } = config;
  const maxPicks = checkedMaxPicks(config);

  const hitProbabilities = (p: number): number[] => {
    const total = choose(numbers, drawn);
    return Array.from({ length: p + 1 }, (_, h) => (choose(p, h) * choose(numbers - p, drawn - h)) / total);
  };

  const returnMoments = (stake: number, p: number): ReturnMoments => {
    const probs = hitProbabilities(p);
    let mean = 0;
    let second = 0;
    probs.forEach((prob, h) => {
      const r = Math.floor((stake * pays[p]![h]!) / 100) / stake;
      mean += prob * r;
      second += prob * r * r;
    });
    return { mean, variance: second - mean * mean };
  };

  const referenceBet: KenoBet = { stake: 100, picks: Array.from({ length: referencePicks }, (_, i) => i + 1) };

  function parseBet(input: unknown): KenoBet {
    const fields = betFields(input);
    const stake = intIn(fields.stake, 1, MAX_STAKE);
    const raw = fields.picks;
    if (!Array.isArray(raw) || raw.length < 1 || raw.length > maxPicks) invalidBet();
    const picks = raw.map((n) => intIn(n, 1, numbers));
    if (new Set(picks).size !== picks.length) invalidBet();
    return { stake, picks: picks.sort((a, b) => a - b) };
  }

  const pool = new Int32Array(numbers);
  const reference = returnMoments(100, referencePicks);
  return {
    slug: config.slug,
    title: config.title,
    rtp: declaredRtp ?? reference.mean,
    config,
    maxPicks,
    hitProbabilities,
    returnMoments,
    ...exactReturn(() => returnMoments(referenceBet.stake, referencePicks)),
    parseBet,
    stake: (bet) => bet.stake,
    play(draws: Draws, bet: KenoBet) {
      for (let i = 0; i < numbers; i++) pool[i] = i + 1;
      const order: number[] = [];
      for (let i = 0; i < drawn; i++) {
        const j = i + draws.int(numbers - i);
        const n = pool[j]!;
        pool[j] = pool[i]!;
        pool[i] = n;
        order.push(n);
      }
      const drawnSet = new Set(order);
      const hits = bet.picks.filter((n) => drawnSet.has(n));
      const multiplier = pays[bet.picks.length]![hits.length]!;
      return {
        outcome: { picks: [...bet.picks], drawn: order, hits, multiplier },
        win: Math.floor((bet.stake * multiplier) / 100),
      };
    },
    referenceBet,
    rules: kenoRules(config, maxPicks, returnMoments),
  };
}

export const KENO_CONFIG: KenoConfig = {
  slug: 'orbit-keno',
  title: 'Orbit Keno',
  numbers: 40,
  drawn: 10,
  pays: {
    1: [0, 386],
    2: [0, 100, 1000],
    3: [0, 0, 370, 3800],
    4: [0, 0, 190, 660, 13000],
    5: [0, 0, 120, 360, 2200, 36000],
    6: [0, 0, 66, 260, 920, 6600, 130000],
    7: [0, 0, 58, 150, 580, 2900, 15000, 270000],
    8: [0, 0, 0, 145, 440, 1400, 7200, 72000, 720000],
    9: [0, 0, 0, 140, 280, 690, 2800, 14000, 140000, 800000],
    10: [0, 0, 0, 76, 230, 600, 1500, 7600, 30000, 150000, 1000000],
  },
};

/** The reference bet picks 5 numbers. */
export const keno: KenoGame = makeKeno(KENO_CONFIG, 5);
