/**
 * Cosmic Clusters: a 6-column, 5-row "pays anywhere" grid.
 *
 * - Every cell is drawn on its own with `draws.int(totalWeight)` against the symbol weights, column
 *   by column, top row first. A Supernova cell then draws its multiplier with
 *   `draws.int(multiplierWeight)` (×2 … ×100).
 * - A paying symbol wins when 8 or more of it land anywhere on the grid; the pay depends on its count
 *   band (8–9, 10–11, 12+) and is quoted in coins, one coin = stake / 20 (the stake is a positive
 *   multiple of 20 minor units). Several symbols can win in the same spin; their pays add up.
 * - When the spin wins, the total is multiplied by the sum of the multipliers of all Supernovas on the
 *   grid (×1 when none landed). Wins are whole coins × an integer, so exact integers.
 *
 * RTP and variance are exact, in closed form. With J the number of Supernovas, J ~ Binomial(30, q);
 * given J = j the other 30 − j cells are independent draws from the paying symbols, so a symbol's
 * count is Binomial(30 − j, p_s / (1 − q)) and two symbols' counts are trinomial; the multipliers are
 * independent of the symbols given j. Hence
 *   E[return] = Σ_j P(J = j) · E[W | j] · E[M | j],  E[return²] = Σ_j P(J = j) · E[W² | j] · E[M² | j]
 * with W the coins won before the multiplier and M the multiplier sum (1 when j = 0, otherwise a sum
 * of j independent multiplier values).
 */
import type { Draws } from '../../fair/draws';
import { bandPaytableLines, lazy, MAX_STAKE, perStake, stakeGameBasics, type StakeBet } from '../shared';
import type { GameMath, PaytableRow } from '../types';

export { MAX_STAKE };

export type CosmicBet = StakeBet;

export type CosmicConfig = {
  slug: string;
  title: string;
  columns: number;
  rows: number;
  /** The stake is a multiple of this; one coin = stake / divisor. */
  divisor: number;
  /** Count bands, ascending lower bounds: band i covers counts [bands[i], bands[i+1]). */
  bands: readonly number[];
  /** Paying symbols, best first: weight and pays (coins) per band. */
  symbols: readonly { name: string; weight: number; pays: readonly number[] }[];
  multiplier: { name: string; weight: number; values: readonly { value: number; weight: number }[] };
};

export type CosmicSymbolWin = {
  symbol: string;
  count: number;
  /** Coins of the count band. */
  pay: number;
  /** pay × coin in minor units, before the multiplier. */
  win: number;
};

export type CosmicOutcome = {
  stake: number;
  /** One coin in minor units (stake / 20). */
  coin: number;
  /** `grid[column][row]`, top row first. */
  grid: string[][];
  /** The Supernovas on the grid and their multipliers. */
  multipliers: { column: number; row: number; value: number }[];
  wins: CosmicSymbolWin[];
  /** Sum of the Supernova multipliers, 1 when none landed. Applied to the total when there is a win. */
  multiplier: number;
  win: number;
};

/** Binomial coefficients as doubles (exact for the sizes used here). */
function binomials(n: number): Float64Array[] {
  const c: Float64Array[] = [];
  for (let i = 0; i <= n; i++) {
    const row = new Float64Array(i + 1);
    row[0] = 1;
    row[i] = 1;
    for (let k = 1; k < i; k++) row[k] = c[i - 1]![k - 1]! + c[i - 1]![k]!;
    c.push(row);
  }
  return c;
}

export type CosmicGame = GameMath<CosmicBet, CosmicOutcome> & {
  readonly config: CosmicConfig;
  /** Exact mean and second moment of the win in coins. */
  coinMoments(): { mean: number; second: number };
};

export function makeCosmic(config: CosmicConfig, declaredRtp: number): CosmicGame {
  const { columns, rows, divisor, bands, symbols } = config;
  const cells = columns * rows;
  const nSym = symbols.length;
  const ORB = nSym;
  const names = [...symbols.map((s) => s.name), config.multiplier.name];
  const weights = [...symbols.map((s) => s.weight), config.multiplier.weight];
  if (weights.some((w) => !Number.isInteger(w) || w < 0)) throw new Error('weights are non-negative integers');
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const multValues = config.multiplier.values;
  const multTotal = multValues.reduce((a, v) => a + v.weight, 0);

  // Weight index → symbol, and multiplier index → value.
  const symbolAt = new Int8Array(totalWeight);
  for (let i = 0, at = 0; i < weights.length; i++) for (let k = 0; k < weights[i]!; k++) symbolAt[at++] = i;
  const valueAt = new Int32Array(multTotal);
  for (let i = 0, at = 0; i < multValues.length; i++)
    for (let k = 0; k < multValues[i]!.weight; k++) valueAt[at++] = multValues[i]!.value;
  // payOf[s * (cells + 1) + n]: coins for n of symbol s.
  const payOf = new Int32Array(nSym * (cells + 1));
  symbols.forEach((s, i) => {
    for (let n = 0; n <= cells; n++) {
      let band = -1;
      for (let b = 0; b < bands.length; b++) if (n >= bands[b]!) band = b;
      payOf[i * (cells + 1) + n] = band < 0 ? 0 : (s.pays[band] ?? 0);
    }
  });
  const counts = new Int32Array(nSym + 1);

  const coinMoments = lazy((): { mean: number; second: number } => {
    const C = binomials(cells);
    const q = config.multiplier.weight / totalWeight;
    const mu = multValues.reduce((a, v) => a + v.value * v.weight, 0) / multTotal;
    const mu2 = multValues.reduce((a, v) => a + v.value * v.value * v.weight, 0) / multTotal;
    const pays = (s: number, n: number) => payOf[s * (cells + 1) + n]!;
    let mean = 0;
    let second = 0;
    for (let j = 0; j <= cells; j++) {
      const pj = C[cells]![j]! * q ** j * (1 - q) ** (cells - j);
      if (pj === 0) continue;
      const m = cells - j;
      // Conditional symbol probabilities given that the other m cells are paying symbols.
      const p = symbols.map((s) => s.weight / (totalWeight - config.multiplier.weight));
      let ew = 0;
      let ew2 = 0;
      for (let s = 0; s < nSym; s++) {
        const ps = p[s]!;
        for (let n = 0; n <= m; n++) {
          const v = pays(s, n);
          if (v === 0) continue;
          const prob = C[m]![n]! * ps ** n * (1 - ps) ** (m - n);
          ew += prob * v;
          ew2 += prob * v * v;
        }
        for (let t = 0; t < nSym; t++) {
          if (t === s) continue;
          const pt = p[t]!;
          const rest = 1 - ps - pt;
          for (let x = 0; x <= m; x++) {
            const vx = pays(s, x);
            if (vx === 0) continue;
            for (let y = 0; x + y <= m; y++) {
              const vy = pays(t, y);
              if (vy === 0) continue;
              const prob = C[m]![x]! * C[m - x]![y]! * ps ** x * pt ** y * rest ** (m - x - y);
              ew2 += prob * vx * vy;
            }
          }
        }
      }
      const em = j === 0 ? 1 : j * mu;
      const em2 = j === 0 ? 1 : j * (mu2 - mu * mu) + (j * mu) ** 2;
      mean += pj * ew * em;
      second += pj * ew2 * em2;
    }
    return { mean, second };
  });

  const bandLabel = (b: number) => {
    const lo = bands[b]!;
    const hi = b + 1 < bands.length ? bands[b + 1]! - 1 : cells;
    return hi >= cells ? `${lo}+` : lo === hi ? `${lo}` : `${lo}–${hi}`;
  };
  const paytable: PaytableRow[] = [];
  for (const s of symbols) {
    for (let b = bands.length - 1; b >= 0; b--) {
      const p = s.pays[b] ?? 0;
      if (p > 0) paytable.push({ label: `${bandLabel(b)} × ${s.name}`, pays: `${p} × stake/${divisor}` });
    }
  }
  const multLabel = multValues.map((v) => `×${v.value}`).join(', ');
  paytable.push({ label: config.multiplier.name, pays: `${multLabel}: their sum multiplies a winning spin` });

  return {
    ...stakeGameBasics(config, declaredRtp, divisor, () => perStake(coinMoments(), divisor)),
    coinMoments,
    play(draws: Draws, bet: CosmicBet) {
      const coin = bet.stake / divisor;
      counts.fill(0);
      const grid = new Array<string[]>(columns);
      const multipliers: { column: number; row: number; value: number }[] = [];
      let multSum = 0;
      for (let c = 0; c < columns; c++) {
        const col = new Array<string>(rows);
        for (let r = 0; r < rows; r++) {
          const s = symbolAt[draws.int(totalWeight)]!;
          counts[s]!++;
          col[r] = names[s]!;
          if (s === ORB) {
            const value = valueAt[draws.int(multTotal)]!;
            multSum += value;
            multipliers.push({ column: c, row: r, value });
          }
        }
        grid[c] = col;
      }
      const wins: CosmicSymbolWin[] = [];
      let coins = 0;
      for (let s = 0; s < nSym; s++) {
        const n = counts[s]!;
        const p = payOf[s * (cells + 1) + n]!;
        if (p === 0) continue;
        coins += p;
        wins.push({ symbol: names[s]!, count: n, pay: p, win: p * coin });
      }
      const multiplier = multSum === 0 ? 1 : multSum;
      const win = coins * coin * multiplier;
      return { outcome: { stake: bet.stake, coin, grid, multipliers, wins, multiplier, win }, win };
    },
    rules: {
      summary: [
        `${config.title} is a ${columns} × ${rows} grid where every cell lands on its own: there are no lines or clusters to follow, only counts.`,
        `${bands[0]} or more of the same symbol anywhere on the grid win; the pay grows with the count (${bands.map((_, b) => bandLabel(b)).join(', ')}), and several symbols can win at once.`,
        `Pays are quoted in coins of stake / ${divisor}.`,
        `A ${config.multiplier.name} carries a multiplier from ×${multValues[0]!.value} to ×${multValues[multValues.length - 1]!.value}; when the spin wins, the total is multiplied by the sum of all ${config.multiplier.name} multipliers on the grid.`,
      ],
      paytable,
      lines: {
        summary: [
          { key: 'cosmicClusters.grid', values: { game: { text: config.title }, columns, rows } },
          {
            key: 'cosmicClusters.counts',
            values: { min: bands[0]!, bands: { text: bands.map((_, b) => bandLabel(b)).join(', ') } },
          },
          { key: 'cosmicClusters.coins', values: { divisor } },
          {
            key: 'cosmicClusters.multiplier',
            values: {
              symbol: { symbol: config.multiplier.name },
              min: multValues[0]!.value,
              max: multValues[multValues.length - 1]!.value,
            },
          },
        ],
        paytable: [
          ...bandPaytableLines(symbols, bands.length, bandLabel, divisor),
          {
            label: { key: 'symbolName', values: { symbol: { symbol: config.multiplier.name } } },
            pays: {
              key: 'cosmicClusters.multiplierPays',
              values: {
                values: {
                  join: multValues.map((v) => ({ key: 'multiplier', values: { x: { n: v.value, grouping: false } } })),
                  separator: ', ',
                },
              },
            },
          },
        ],
      },
    },
  };
}

export const COSMIC_CONFIG: CosmicConfig = {
  slug: 'cosmic-clusters',
  title: 'Cosmic Clusters',
  columns: 6,
  rows: 5,
  divisor: 20,
  bands: [8, 10, 12],
  symbols: [
    { name: 'Sun', weight: 5, pays: [100, 250, 1000] },
    { name: 'Ringed Planet', weight: 6, pays: [50, 100, 500] },
    { name: 'Blue Planet', weight: 7, pays: [40, 80, 300] },
    { name: 'Red Planet', weight: 8, pays: [30, 60, 200] },
    { name: 'Moon', weight: 9, pays: [20, 40, 100] },
    { name: 'Comet', weight: 10, pays: [16, 30, 75] },
    { name: 'Meteor', weight: 11, pays: [12, 24, 60] },
    { name: 'Stardust', weight: 12, pays: [8, 16, 40] },
  ],
  multiplier: {
    name: 'Supernova',
    weight: 1,
    values: [
      { value: 2, weight: 40 },
      { value: 3, weight: 25 },
      { value: 5, weight: 15 },
      { value: 10, weight: 10 },
      { value: 25, weight: 6 },
      { value: 50, weight: 3 },
      { value: 100, weight: 1 },
    ],
  },
};

export const cosmicClusters: CosmicGame = makeCosmic(COSMIC_CONFIG, 0.9619716656232807);
