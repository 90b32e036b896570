/**
 * Nebula Ways: a 5-reel, 3-row slot that pays 243 ways.
 *
 * - Each reel is a strip of symbols; a spin draws one stop per reel with `draws.int(strip.length)`
 *   and shows the stop and the next two symbols (the strip wraps), top row first.
 * - A way is one position on each of the first k reels (any row). A symbol pays when it shows on
 *   reels 1 … k (k ≥ 3, consecutive from the leftmost reel); every combination of its positions is a
 *   way, so 3 × 3 × 3 × 3 × 3 = 243 ways at most.
 * - Wilds land on reels 2–4 only and substitute for every symbol. Each wild carries a multiplier ×1,
 *   ×2 or ×3; a way through wilds is multiplied by the product of their multipliers.
 * - Pays are quoted in coins, one coin = stake / 25 (the stake is a positive multiple of 25 minor
 *   units). A symbol's win is its pay for k reels × the sum over its ways of the product of the wild
 *   multipliers on the way: that sum factorises into the product, over reels 1 … k, of the reel's
 *   weight (number of the symbol's positions + the multipliers of the reel's wilds). Wins are whole
 *   coins, so exact integers.
 *
 * RTP and variance are exact, from that factorisation and independent reels:
 * E[win of s over exactly k reels] = pay(s, k) × Π_{r<k} E[weight_r(s)] × P(weight_k(s) = 0), and the
 * second moment multiplies per-reel expectations of products of two such factors (each reel's
 * stops enumerated).
 */
import type { Draws } from '../../fair/draws';
import {
  countPays,
  countPaytable,
  countPaytableLines,
  decodeStrip,
  lazy,
  MAX_STAKE,
  perStake,
  stakeGameBasics,
  symbolCodes,
  windowAt,
  type StakeBet,
} from '../shared';
import type { GameMath, PaytableRow } from '../types';

export { MAX_STAKE };

export type NebulaBet = StakeBet;

export type NebulaConfig = {
  slug: string;
  title: string;
  rows: number;
  /** The stake is a multiple of this; one coin = stake / divisor. */
  divisor: number;
  /** Paying symbols, best first; `pays[k]` in coins per way for k reels (index 0 … reels). */
  symbols: readonly { code: string; name: string; pays: readonly number[] }[];
  wildName: string;
  /** Wild symbols by strip code, each with its multiplier. */
  wilds: readonly { code: string; multiplier: number }[];
  /** One string per reel, one character per stop. */
  strips: readonly string[];
};

export type NebulaWayWin = {
  symbol: string;
  /** Reels 1 … reels carry the symbol (or a wild). */
  reels: number;
  /** Number of ways (combinations of positions). */
  ways: number;
  /** Sum over those ways of the product of their wild multipliers (= ways when no wild is involved). */
  weightedWays: number;
  /** Minor units. */
  win: number;
};

export type NebulaOutcome = {
  stake: number;
  /** One coin in minor units (stake / 25). */
  coin: number;
  /** The stop drawn on each reel (the strip index shown in the top row). */
  stops: number[];
  /** `reels[reel][row]`, top row first: a symbol name, or `wild×m` for a wild with multiplier m. */
  reels: readonly (readonly string[])[];
  wins: NebulaWayWin[];
  win: number;
};

export type NebulaGame = GameMath<NebulaBet, NebulaOutcome> & {
  readonly config: NebulaConfig;
  /** Exact mean and second moment of the win in coins. */
  coinMoments(): { mean: number; second: number };
};

export function makeNebula(config: NebulaConfig, declaredRtp: number): NebulaGame {
  const { rows, strips, symbols, divisor } = config;
  const nReels = strips.length;
  const nSym = symbols.length;
  // Symbol codes 0 … nSym−1 pay; nSym + i is wild i.
  const codeOf = symbolCodes([...symbols.map((s) => s.code), ...config.wilds.map((w) => w.code)]);
  const names = [...symbols.map((s) => s.name), ...config.wilds.map((w) => `${config.wildName}×${w.multiplier}`)];
  const multOf = [...symbols.map(() => 0), ...config.wilds.map((w) => w.multiplier)];

  const stride = nReels + 1;
  const pay = countPays(symbols, nReels);

  const lengths = new Int32Array(nReels);
  const columns: (readonly string[])[][] = [];
  /** weight[r][t * nSym + s]: positions of s on the reel at stop t + multipliers of its wilds. */
  const weight: Int32Array[] = [];
  /** count[r][t * nSym + s]: positions of s or a wild. */
  const count: Int32Array[] = [];
  for (let r = 0; r < nReels; r++) {
    const strip = decodeStrip(strips[r]!, codeOf, r);
    if (r === 0 && strip.some((c) => c >= nSym)) throw new Error('reel 1 carries no wild');
    const len = strip.length;
    lengths[r] = len;
    const cols: (readonly string[])[] = [];
    const w = new Int32Array(len * nSym);
    const n = new Int32Array(len * nSym);
    for (let t = 0; t < len; t++) {
      const window = windowAt(strip, t, rows);
      cols.push(Object.freeze(window.map((c) => names[c]!)));
      for (const c of window) {
        for (let s = 0; s < nSym; s++) {
          if (c === s) {
            w[t * nSym + s]! += 1;
            n[t * nSym + s]! += 1;
          } else if (c >= nSym) {
            w[t * nSym + s]! += multOf[c]!;
            n[t * nSym + s]! += 1;
          }
        }
      }
    }
    columns.push(cols);
    weight.push(w);
    count.push(n);
  }
  const at = new Int32Array(nReels); // t * nSym of each reel in the current spin

  const coinMoments = lazy((): { mean: number; second: number } => {
    // Per reel, per stop: the factor of "symbol s over exactly k reels" on reel r.
    const factor = (r: number, t: number, s: number, k: number): number => {
      const w = weight[r]![t * nSym + s]!;
      return r < k ? w : r === k ? (w === 0 ? 1 : 0) : 1;
    };
    type Term = { s: number; k: number; pay: number };
    const terms: Term[] = [];
    for (let s = 0; s < nSym; s++) {
      for (let k = 1; k <= nReels; k++) {
        const p = pay[s * stride + k]!;
        if (p > 0) terms.push({ s, k, pay: p });
      }
    }
    let mean = 0;
    let second = 0;
    for (let a = 0; a < terms.length; a++) {
      const A = terms[a]!;
      let e = 1;
      for (let r = 0; r < nReels; r++) {
        let sum = 0;
        for (let t = 0; t < lengths[r]!; t++) sum += factor(r, t, A.s, A.k);
        e *= sum / lengths[r]!;
      }
      mean += A.pay * e;
      for (let b = a; b < terms.length; b++) {
        const B = terms[b]!;
        let e2 = 1;
        for (let r = 0; r < nReels && e2 !== 0; r++) {
          let sum = 0;
          for (let t = 0; t < lengths[r]!; t++) sum += factor(r, t, A.s, A.k) * factor(r, t, B.s, B.k);
          e2 *= sum / lengths[r]!;
        }
        second += (a === b ? 1 : 2) * A.pay * B.pay * e2;
      }
    }
    return { mean, second };
  });

  const paytable: PaytableRow[] = countPaytable(symbols, nReels, (p) => `${p} × stake/${divisor} per way`);
  for (const w of config.wilds) {
    paytable.push({
      label: `${config.wildName} ×${w.multiplier} (reels 2–4)`,
      pays: `substitutes; multiplies its ways by ${w.multiplier}`,
    });
  }

  return {
    ...stakeGameBasics(config, declaredRtp, divisor, () => perStake(coinMoments(), divisor)),
    coinMoments,
    play(draws: Draws, bet: NebulaBet) {
      const coin = bet.stake / divisor;
      const stops = new Array<number>(nReels);
      const reels = new Array<readonly string[]>(nReels);
      for (let r = 0; r < nReels; r++) {
        const t = draws.int(lengths[r]!);
        stops[r] = t;
        reels[r] = columns[r]![t]!;
        at[r] = t * nSym;
      }
      const wins: NebulaWayWin[] = [];
      let win = 0;
      const w0 = weight[0]!;
      for (let s = 0; s < nSym; s++) {
        let product = w0[at[0]! + s]!;
        if (product === 0) continue;
        let k = 1;
        while (k < nReels) {
          const w = weight[k]![at[k]! + s]!;
          if (w === 0) break;
          product *= w;
          k++;
        }
        const p = pay[s * stride + k]!;
        if (p === 0) continue;
        let ways = 1;
        for (let r = 0; r < k; r++) ways *= count[r]![at[r]! + s]!;
        const amount = p * product * coin;
        win += amount;
        wins.push({ symbol: names[s]!, reels: k, ways, weightedWays: product, win: amount });
      }
      return { outcome: { stake: bet.stake, coin, stops, reels, wins, win }, win };
    },
    rules: {
      summary: [
        `${config.title} pays ${rows ** nReels} ways on ${nReels} reels of ${rows} rows: a symbol pays when it lands anywhere on each reel from the leftmost, on at least 3 adjacent reels.`,
        `Every combination of its positions on those reels is a way, and each way pays the symbol's pay for that many reels × the coin value (stake / ${divisor}).`,
        `Wilds land on reels 2–4, substitute for every symbol and carry a multiplier of ×1, ×2 or ×3; a way through several wilds is multiplied by the product of their multipliers.`,
        'Wins of different symbols add up.',
      ],
      paytable,
      lines: {
        summary: [
          {
            key: 'nebulaWays.ways',
            values: { game: { text: config.title }, ways: rows ** nReels, reels: nReels, rows },
          },
          { key: 'nebulaWays.way', values: { divisor } },
          { key: 'nebulaWays.wilds' },
          { key: 'nebulaWays.add' },
        ],
        paytable: [
          ...countPaytableLines(symbols, nReels, (p) => ({
            key: 'perWay',
            values: { pay: { n: p, grouping: false }, divisor },
          })),
          ...config.wilds.map((w) => ({
            label: { key: 'nebulaWays.wildRow', values: { wild: { symbol: config.wildName }, x: w.multiplier } },
            pays: { key: 'nebulaWays.wildPays', values: { x: w.multiplier } },
          })),
        ],
      },
    },
  };
}

export const NEBULA_CONFIG: NebulaConfig = {
  slug: 'nebula-ways',
  title: 'Nebula Ways',
  rows: 3,
  divisor: 25,
  symbols: [
    { code: 'Q', name: 'Quasar', pays: [0, 0, 0, 10, 50, 350] },
    { code: 'P', name: 'Pulsar', pays: [0, 0, 0, 8, 30, 190] },
    { code: 'N', name: 'Nova', pays: [0, 0, 0, 6, 20, 100] },
    { code: 'C', name: 'Comet', pays: [0, 0, 0, 4, 15, 60] },
    { code: 'A', name: 'Asteroid', pays: [0, 0, 0, 2, 5, 20] },
    { code: 'K', name: 'Crystal', pays: [0, 0, 0, 2, 4, 15] },
    { code: 'M', name: 'Moon', pays: [0, 0, 0, 1, 3, 10] },
    { code: 'D', name: 'Stardust', pays: [0, 0, 0, 1, 2, 8] },
  ],
  wildName: 'Wild',
  wilds: [
    { code: '1', multiplier: 1 },
    { code: '2', multiplier: 2 },
    { code: '3', multiplier: 3 },
  ],
  strips: [
    'KPDAMKMKMDKDCNMDMCDADADAQMKQKANPMDAKPCDACDMNKQNCM',
    'K1DAQDCMANKDKM1CMDADNMKPDAN2KPCKCAMQMDAP3KCDMAQMDKMDN',
    'K1KAKMKNMDCMDN1AKDKACDADCQM2AMPKMCDMQCAM3DMKPDNDNDQPA',
    'C1QDKPAKDNMADC1KMDCNDKAMAMP2KAMDKMDANDPM3QMCNDCKDKMQA',
    'KMDAMQCQCNDKAMACDMAKPMAQNCKDMPKMNDMCDKDKDPAMDKNAD',
  ],
};

export const nebulaWays: NebulaGame = makeNebula(NEBULA_CONFIG, 0.9626583595613706);
