/**
 * Warp Ways: 6 reels whose heights change every spin, up to 7^6 = 117,649 ways.
 *
 * - Reel by reel, a spin draws the reel's height `minHeight + draws.int(maxHeight − minHeight + 1)`
 *   (2 … 7 symbols), then each of its cells with `draws.int(totalWeight)` against the weights, top
 *   first. Wilds land on reels 2–5 only and substitute for every paying symbol.
 * - Ways: a symbol pays when it (or a wild) shows on reels 1 … k, k ≥ 3 adjacent from the leftmost;
 *   its win is its pay for k reels × the number of ways, the product of its counts (wilds included)
 *   on those reels. Pays are quoted in coins of stake / `divisor`. The spin's ways are the product of
 *   the heights.
 *
 * Exact RTP and variance, in closed form: the reels are independent, and on a reel of height h the
 * counts of symbol s (with wilds) are Binomial(h, p_s + p_w), so the win of "s over exactly k reels"
 * factors over the reels: pay(s, k) × Π_{r<k} E[n_r(s)] × P(n_k(s) = 0), each reel's expectation
 * averaged over its equally likely heights. The second moment multiplies, reel by reel, expectations
 * of products of two such factors, from the joint law of (#s, #t, #wild) on the reel (a multinomial
 * over h cells, summed exactly).
 */
import type { Draws } from '../../fair/draws';
import { lazy, MAX_STAKE, perStake, type StakeBet, stakeGameBasics, waysPaytableLines } from '../shared';
import type { GameMath, PaytableRow } from '../types';

export { MAX_STAKE };

export type WarpBet = StakeBet;

export type WarpConfig = {
  slug: string;
  title: string;
  reels: number;
  minHeight: number;
  maxHeight: number;
  divisor: number;
  /** Paying symbols, best first: weight and `pays[k]` in coins per way for k reels. */
  symbols: readonly { name: string; weight: number; pays: readonly number[] }[];
  wild: { name: string; weight: number; reels: readonly number[] };
};

export type WarpWayWin = { symbol: string; reels: number; ways: number; win: number };
export type WarpOutcome = {
  stake: number;
  coin: number;
  heights: number[];
  /** `reels[reel][row]`, top first. */
  reels: string[][];
  /** The spin's ways: the product of the heights. */
  ways: number;
  wins: WarpWayWin[];
  win: number;
};

export type WarpGame = GameMath<WarpBet, WarpOutcome> & {
  readonly config: WarpConfig;
  coinMoments(): { mean: number; second: number };
};

export function makeWarp(config: WarpConfig, declaredRtp: number): WarpGame {
  const { reels, minHeight, maxHeight, divisor, symbols, wild } = config;
  const nSym = symbols.length;
  const WILD = nSym;
  const names = [...symbols.map((s) => s.name), wild.name];
  const heightsCount = maxHeight - minHeight + 1;
  const pay = (s: number, k: number) => symbols[s]!.pays[k] ?? 0;
  const hasWild = (r: number) => wild.reels.includes(r + 1);
  // Per reel: the cell draw → symbol, with the wild's weight only on its reels.
  const tables = Array.from({ length: reels }, (_, r) => {
    const weights = [...symbols.map((s) => s.weight), hasWild(r) ? wild.weight : 0];
    const total = weights.reduce((a, b) => a + b, 0);
    const at = new Int8Array(total);
    for (let i = 0, x = 0; i < weights.length; i++) for (let k = 0; k < weights[i]!; k++) at[x++] = i;
    return { weights, total, at };
  });

  const coinMoments = lazy((): { mean: number; second: number } => {
    type Term = { s: number; k: number; pay: number };
    const terms: Term[] = [];
    for (let s = 0; s < nSym; s++)
      for (let k = 1; k <= reels; k++) if (pay(s, k) > 0) terms.push({ s, k, pay: pay(s, k) });
    const T = terms.length;
    const fact = [1];
    for (let i = 1; i <= maxHeight; i++) fact.push(fact[i - 1]! * i);
    const factor = (t: Term, r: number, n: number) => (r < t.k ? n : r === t.k ? (n === 0 ? 1 : 0) : 1);
    // e1[r][a], e2[r][a * T + b]: a reel's expectation of term a's factor and of a × b's, over heights and cells.
    const e1: Float64Array[] = [];
    const e2: Float64Array[] = [];
    for (let r = 0; r < reels; r++) {
      const { weights, total } = tables[r]!;
      const pw = weights[WILD]! / total;
      const a1 = new Float64Array(T);
      const a2 = new Float64Array(T * T);
      for (let h = minHeight; h <= maxHeight; h++) {
        const ph = 1 / heightsCount;
        for (let a = 0; a < T; a++) {
          const A = terms[a]!;
          const pa = weights[A.s]! / total;
          // #(s or wild) ~ Binomial(h, pa + pw).
          for (let n = 0; n <= h; n++) {
            const pr = (fact[h]! / (fact[n]! * fact[h - n]!)) * (pa + pw) ** n * (1 - pa - pw) ** (h - n);
            a1[a]! += ph * pr * factor(A, r, n);
          }
          for (let b = 0; b < T; b++) {
            const B = terms[b]!;
            let sum = 0;
            if (A.s === B.s) {
              for (let n = 0; n <= h; n++) {
                const pr = (fact[h]! / (fact[n]! * fact[h - n]!)) * (pa + pw) ** n * (1 - pa - pw) ** (h - n);
                sum += pr * factor(A, r, n) * factor(B, r, n);
              }
            } else {
              const pb = weights[B.s]! / total;
              const rest = 1 - pa - pb - pw;
              for (let x = 0; x <= h; x++)
                for (let y = 0; x + y <= h; y++)
                  for (let w = 0; x + y + w <= h; w++) {
                    const z = h - x - y - w;
                    const pr =
                      (fact[h]! / (fact[x]! * fact[y]! * fact[w]! * fact[z]!)) *
                      pa ** x *
                      pb ** y *
                      pw ** w *
                      rest ** z;
                    sum += pr * factor(A, r, x + w) * factor(B, r, y + w);
                  }
            }
            a2[a * T + b]! += ph * sum;
          }
        }
      }
      e1.push(a1);
      e2.push(a2);
    }
    let mean = 0;
    let second = 0;
    for (let a = 0; a < T; a++) {
      let e = terms[a]!.pay;
      for (let r = 0; r < reels; r++) e *= e1[r]![a]!;
      mean += e;
      for (let b = 0; b < T; b++) {
        let e12 = terms[a]!.pay * terms[b]!.pay;
        for (let r = 0; r < reels && e12 !== 0; r++) e12 *= e2[r]![a * T + b]!;
        second += e12;
      }
    }
    return { mean, second };
  });

  const paytable: PaytableRow[] = [];
  symbols.forEach((s, i) => {
    for (let k = reels; k >= 1; k--)
      if (pay(i, k) > 0) paytable.push({ label: `${k} × ${s.name}`, pays: `${pay(i, k)} × stake/${divisor} per way` });
  });
  paytable.push({
    label: `${wild.name} (reels ${wild.reels[0]}–${wild.reels[wild.reels.length - 1]})`,
    pays: 'substitutes for every symbol',
  });

  // The hot path's tables, built once. The reels draw their cells from only two tables, without
  // and with the wild: with a call site for each, every draw's range is a constant of the game
  // (made once), which V8 folds into the rejection sampling instead of a floating-point modulo of
  // 2^32 per cell, the bulk of a spin's time when the range is read per reel.
  const plain = tables.find((_, r) => !hasWild(r)) ?? tables[0]!;
  const withWild = tables.find((_, r) => hasWild(r)) ?? tables[0]!;
  const plainAt = plain.at;
  const plainTotal = plain.total;
  const wildAt = withWild.at;
  const wildTotal = withWild.total;
  const wildOn = Uint8Array.from(tables, (_, r) => (hasWild(r) ? 1 : 0));
  // payOf[s * (reels + 1) + k]: `pay(s, k)`, the pay of symbol s over k reels.
  const payOf = new Float64Array(nSym * (reels + 1));
  for (let s = 0; s < nSym; s++) for (let k = 0; k <= reels; k++) payOf[s * (reels + 1) + k] = pay(s, k);
  // Scratch reused by every spin (play is synchronous; each reel's counts are reset as it lands):
  // counts[r * (nSym + 1) + x], how many of symbol x (the wild included) landed on reel r.
  const stride = nSym + 1;
  const counts = new Int32Array(reels * stride);

  return {
    ...stakeGameBasics(config, declaredRtp, divisor, () => perStake(coinMoments(), divisor)),
    coinMoments,
    play(draws: Draws, bet: WarpBet) {
      const coin = bet.stake / divisor;
      const heights = new Array<number>(reels);
      const shown = new Array<string[]>(reels);
      let allWays = 1;
      // Reel by reel: its height, then its cells top first, counted as they land.
      for (let r = 0, base = 0; r < reels; r++, base += stride) {
        const h = minHeight + draws.int(heightsCount);
        heights[r] = h;
        allWays *= h;
        // (A loop, not .fill(): a typed array's fill is a call into the runtime, slow for a few cells.)
        for (let x = 0; x < stride; x++) counts[base + x] = 0;
        const column = new Array<string>(h);
        if (wildOn[r] === 1) {
          for (let i = 0; i < h; i++) {
            const x = wildAt[draws.int(wildTotal)]!;
            counts[base + x]!++;
            column[i] = names[x]!;
          }
        } else {
          for (let i = 0; i < h; i++) {
            const x = plainAt[draws.int(plainTotal)]!;
            counts[base + x]!++;
            column[i] = names[x]!;
          }
        }
        shown[r] = column;
      }
      const wins: WarpWayWin[] = [];
      let win = 0;
      for (let s = 0; s < nSym; s++) {
        // The reels from the leftmost showing s or a wild, and the product of those counts.
        let ways = 1;
        let k = 0;
        for (let base = 0; k < reels; k++, base += stride) {
          const n = counts[base + s]! + counts[base + WILD]!;
          if (n === 0) break;
          ways *= n;
        }
        const p = payOf[s * (reels + 1) + k]!;
        if (p === 0) continue;
        const amount = p * ways * coin;
        win += amount;
        wins.push({ symbol: names[s]!, reels: k, ways, win: amount });
      }
      return { outcome: { stake: bet.stake, coin, heights, reels: shown, ways: allWays, wins, win }, win };
    },
    rules: {
      summary: [
        `${config.title} has ${reels} reels whose heights change on every spin, from ${minHeight} to ${maxHeight} symbols each, all heights equally likely: up to ${(maxHeight ** reels).toLocaleString('en')} ways.`,
        `A symbol pays when it lands anywhere on each reel from the leftmost, on at least 3 adjacent reels; every combination of its positions is a way, and each way pays the symbol's pay for that many reels × the coin value (stake / ${divisor}).`,
        `${wild.name}s land on reels ${wild.reels[0]}–${wild.reels[wild.reels.length - 1]} and substitute for every symbol. Wins of different symbols add up.`,
      ],
      paytable,
      lines: {
        summary: [
          {
            key: 'warpWays.reels',
            values: { game: { text: config.title }, reels, min: minHeight, max: maxHeight, ways: maxHeight ** reels },
          },
          { key: 'warpWays.way', values: { divisor } },
          {
            key: 'warpWays.wild',
            values: { wild: { symbol: wild.name }, from: wild.reels[0]!, to: wild.reels[wild.reels.length - 1]! },
          },
        ],
        paytable: [
          ...waysPaytableLines(symbols, reels, pay, divisor),
          {
            label: {
              key: 'warpWays.wildRow',
              values: { wild: { symbol: wild.name }, from: wild.reels[0]!, to: wild.reels[wild.reels.length - 1]! },
            },
            pays: { key: 'warpWays.wildPays' },
          },
        ],
      },
    },
  };
}

export const WARP_CONFIG: WarpConfig = {
  slug: 'warp-ways',
  title: 'Warp Ways',
  reels: 6,
  minHeight: 2,
  maxHeight: 7,
  divisor: 40,
  symbols: [
    { name: 'Black Hole', weight: 3, pays: [0, 0, 0, 12, 30, 60, 125] },
    { name: 'Pulsar', weight: 4, pays: [0, 0, 0, 10, 20, 40, 75] },
    { name: 'Nebula', weight: 5, pays: [0, 0, 0, 5, 12, 25, 50] },
    { name: 'Comet', weight: 6, pays: [0, 0, 0, 4, 10, 20, 40] },
    { name: 'Red Gem', weight: 8, pays: [0, 0, 0, 2, 5, 10, 20] },
    { name: 'Green Gem', weight: 8, pays: [0, 0, 0, 2, 4, 8, 15] },
    { name: 'Blue Gem', weight: 9, pays: [0, 0, 0, 1, 4, 6, 12] },
    { name: 'Gold Gem', weight: 9, pays: [0, 0, 0, 1, 3, 5, 10] },
  ],
  wild: { name: 'Warp', weight: 2, reels: [2, 3, 4, 5] },
};

export const warpWays: WarpGame = makeWarp(WARP_CONFIG, 0.965743405807858);
