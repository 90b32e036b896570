/**
 * Saturn Wheel: a classic 3-reel slot that pays on its middle line, with a bonus wheel.
 *
 * - Every cell of the 3 × 3 window is drawn on its own with `draws.int(totalWeight)` against the
 *   weights, column by column, top row first.
 * - The middle line pays three of a kind (pays in coins of stake / `divisor`), or any three Bars
 *   (mixed) their own smaller pay.
 * - Saturn scatters anywhere: three or more spin the wheel, one draw `draws.int(segments)` of its
 *   equally likely segments, each a number of coins; with four or more Saturns the segment pays
 *   double, with five or more triple. Saturns do not pay on the line.
 *
 * Exact RTP and variance in closed form: enumerate the middle line's three cells (their line pay and
 * how many Saturns they hold); the six other cells' Saturns are Binomial(6, q), independent of the
 * line, and the wheel is independent of both, so E[(L + S)²] sums exactly over the line's triples and
 * the scatter count.
 */
import type { Draws } from '../../fair/draws';
import { lazy, MAX_STAKE, perStake, stakeGameBasics, type StakeBet } from '../shared';
import type { GameMath, PaytableRow } from '../types';

export { MAX_STAKE };

export type WheelBet = StakeBet;

export type WheelConfig = {
  slug: string;
  title: string;
  divisor: number;
  /** Paying symbols, best first: weight, pay for three on the middle line (coins), and whether it is a Bar. */
  symbols: readonly { name: string; weight: number; pay: number; bar?: boolean }[];
  /** Three mixed Bars on the middle line (coins). */
  anyBar: number;
  scatter: { name: string; weight: number };
  /** The wheel's segments in coins, equally likely, in order around the wheel. */
  wheel: readonly number[];
  /** The wheel's multiplier by Saturn count (index: count), 0 below the trigger. */
  wheelMultiplier: readonly number[];
};

export type WheelOutcome = {
  stake: number;
  coin: number;
  /** `grid[column][row]`, top row first; the middle line is row 1. */
  grid: string[][];
  /** The middle line's win: the symbol ("Any Bar" for mixed Bars), or null. */
  line: { symbol: string; win: number } | null;
  scatters: number;
  /** The wheel spin when 3+ Saturns landed: the segment, its coins and the multiplier. */
  wheel: { segment: number; coins: number; multiplier: number; win: number } | null;
  win: number;
};

export type WheelGame = GameMath<WheelBet, WheelOutcome> & {
  readonly config: WheelConfig;
  coinMoments(): { mean: number; second: number };
};

/** P(k Saturns among the six cells off the middle line), k = 0 … 6, each cell one with probability q. */
function otherScatters(q: number): number[] {
  return Array.from({ length: 7 }, (_, k) => {
    let c = 1;
    for (let i = 0; i < k; i++) c = (c * (6 - i)) / (i + 1);
    return c * q ** k * (1 - q) ** (6 - k);
  });
}

/** The rules: the English summary and paytable, and their lines in every locale. */
function wheelRules(config: WheelConfig, multOf: (scatters: number) => number): WheelGame['rules'] {
  const { divisor, symbols, scatter, wheel } = config;
  const paytable: PaytableRow[] = [
    ...symbols.map((s) => ({ label: `3 × ${s.name} on the middle line`, pays: `${s.pay} × stake/${divisor}` })),
    { label: 'Any 3 Bars on the middle line', pays: `${config.anyBar} × stake/${divisor}` },
    {
      label: `3 / 4 / 5+ × ${scatter.name} anywhere`,
      pays: `spin the wheel (${[...new Set(wheel)].sort((x, y) => x - y).join(', ')} × stake/${divisor}) × ${multOf(3)} / × ${multOf(4)} / × ${multOf(5)}`,
    },
  ];

  return {
    summary: [
      `${config.title} is a classic 3-reel slot: the middle line pays three of a kind, and any three Bars pay too. Pays are quoted in coins of stake / ${divisor}.`,
      `Three or more ${scatter.name}s anywhere in the window spin the wheel: ${wheel.length} equally likely segments; four ${scatter.name}s double the segment's pay, five or more triple it.`,
      'The line win and the wheel add up.',
    ],
    paytable,
    lines: {
      summary: [
        { key: 'saturnWheel.intro', values: { game: { text: config.title }, divisor } },
        { key: 'saturnWheel.wheel', values: { scatter: { symbol: scatter.name }, segments: wheel.length } },
        { key: 'saturnWheel.add' },
      ],
      paytable: [
        ...symbols.map((s) => ({
          label: { key: 'saturnWheel.middle', values: { symbol: { symbol: s.name } } },
          pays: { key: 'coins', values: { pay: { n: s.pay, grouping: false }, divisor } },
        })),
        {
          label: { key: 'saturnWheel.anyBars' },
          pays: { key: 'coins', values: { pay: { n: config.anyBar, grouping: false }, divisor } },
        },
        {
          label: { key: 'saturnWheel.scatter', values: { scatter: { symbol: scatter.name } } },
          pays: {
            key: 'saturnWheel.wheelPays',
            values: {
              segments: {
                join: [...new Set(wheel)]
                  .sort((x, y) => x - y)
                  .map((n) => ({ key: 'number', values: { n: { n, grouping: false } } })),
                separator: ', ',
              },
              divisor,
              m3: multOf(3),
              m4: multOf(4),
              m5: multOf(5),
            },
          },
        },
      ],
    },
  };
}

export function makeWheel(config: WheelConfig, declaredRtp: number): WheelGame {
  const { divisor, symbols, scatter, wheel, wheelMultiplier } = config;
  const nSym = symbols.length;
  const SAT = nSym;
  const names = [...symbols.map((s) => s.name), scatter.name];
  const weights = [...symbols.map((s) => s.weight), scatter.weight];
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const symbolAt = new Int8Array(totalWeight);
  for (let i = 0, at = 0; i < weights.length; i++) for (let k = 0; k < weights[i]!; k++) symbolAt[at++] = i;
  const multOf = (n: number) => wheelMultiplier[Math.min(n, wheelMultiplier.length - 1)] ?? 0;

  /** The middle line's pay (coins) and what pays. */
  const linePay = (a: number, b: number, c: number): { pay: number; symbol: string } | null => {
    if (a === b && b === c && a !== SAT) return { pay: symbols[a]!.pay, symbol: names[a]! };
    if ([a, b, c].every((x) => x !== SAT && symbols[x]!.bar)) return { pay: config.anyBar, symbol: 'Any Bar' };
    return null;
  };

  const coinMoments = lazy(() => {
    const p = weights.map((w) => w / totalWeight);
    const q = p[SAT]!;
    const n = weights.length;
    const w1 = wheel.reduce((a, v) => a + v, 0) / wheel.length;
    const w2 = wheel.reduce((a, v) => a + v * v, 0) / wheel.length;
    const others = otherScatters(q);
    let mean = 0;
    let second = 0;
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++)
        for (let c = 0; c < n; c++) {
          const pr = p[a]! * p[b]! * p[c]!;
          const L = linePay(a, b, c)?.pay ?? 0;
          const mid = [a, b, c].filter((x) => x === SAT).length;
          let s1 = 0;
          let s2 = 0;
          for (let k = 0; k <= 6; k++) {
            const m = multOf(mid + k);
            s1 += others[k]! * m * w1;
            s2 += others[k]! * m * m * w2;
          }
          mean += pr * (L + s1);
          second += pr * (L * L + 2 * L * s1 + s2);
        }
    return { mean, second };
  });

  return {
    ...stakeGameBasics(config, declaredRtp, divisor, () => perStake(coinMoments(), divisor)),
    coinMoments,
    play(draws: Draws, bet: WheelBet) {
      const coin = bet.stake / divisor;
      const codes: number[][] = [];
      for (let c = 0; c < 3; c++) codes.push([0, 1, 2].map(() => symbolAt[draws.int(totalWeight)]!));
      const lp = linePay(codes[0]![1]!, codes[1]![1]!, codes[2]![1]!);
      const line = lp ? { symbol: lp.symbol, win: lp.pay * coin } : null;
      const scatters = codes.flat().filter((x) => x === SAT).length;
      let spin: WheelOutcome['wheel'] = null;
      const multiplier = multOf(scatters);
      if (multiplier > 0) {
        const segment = draws.int(wheel.length);
        const coins = wheel[segment]!;
        spin = { segment, coins, multiplier, win: coins * multiplier * coin };
      }
      const win = (line?.win ?? 0) + (spin?.win ?? 0);
      return {
        outcome: {
          stake: bet.stake,
          coin,
          grid: codes.map((col) => col.map((x) => names[x]!)),
          line,
          scatters,
          wheel: spin,
          win,
        },
        win,
      };
    },
    rules: wheelRules(config, multOf),
  };
}

export const WHEEL_CONFIG: WheelConfig = {
  slug: 'saturn-wheel',
  title: 'Saturn Wheel',
  divisor: 10,
  symbols: [
    { name: 'Seven', weight: 2, pay: 500 },
    { name: 'Triple Bar', weight: 3, pay: 200, bar: true },
    { name: 'Double Bar', weight: 4, pay: 100, bar: true },
    { name: 'Bar', weight: 5, pay: 50, bar: true },
    { name: 'Bell', weight: 6, pay: 30 },
    { name: 'Cherry', weight: 7, pay: 20 },
  ],
  anyBar: 15,
  scatter: { name: 'Saturn', weight: 3 },
  wheel: [20, 50, 30, 100, 20, 40, 25, 200, 30, 50, 20, 500, 25, 40, 30, 100, 20, 60, 25, 1000],
  wheelMultiplier: [0, 0, 0, 1, 2, 3],
};

export const saturnWheel: WheelGame = makeWheel(WHEEL_CONFIG, 0.956739336674074);
