/**
 * Meteor Tumble: a 5-column, 3-row "pays anywhere" grid that tumbles.
 *
 * - Every cell is drawn on its own with `draws.int(totalWeight)` against the symbol weights, column
 *   by column, top row first.
 * - A symbol wins when `threshold` or more of it land anywhere on the grid; the pay, in coins of
 *   stake / `divisor`, depends on its count band. Several symbols can win at once.
 * - Tumbles: the winning symbols burst and leave the grid, the others fall down their column, and new
 *   cells drop in from the top (drawn the same way, column by column, top row first). Each tumble's
 *   wins are multiplied by the tumble multiplier: ×1 for the first drop, then ×2, ×3, ×5, ×8, ×10
 *   (`multipliers[d]`, the last one repeating). The spin ends when a drop wins nothing, or after
 *   `maxTumbles` tumbles (the wins of that last drop are still paid).
 *
 * RTP and variance are exact, by a recursion over the counts. Pays depend only on how many of each
 * symbol are on the grid, never on where, and every new cell is an independent draw; so after a
 * burst the only thing that matters for the rest of the spin is the vector of counts of the symbols
 * left (each below the threshold) and the tumble index d. From such a state with k empty cells, the
 * new cells' counts are Multinomial(k, p); the recursion
 *   F_d(s) = Σ_x P(x) [w(s + x) × mult_d + F_{d+1}(burst(s + x))]   (nothing after a drop without a win)
 * for the first and second moments is summed over every outcome x, with F_0(empty grid) the spin.
 * `maxTumbles` bounds the depth, so the sum is finite and exact (no truncation of probability: after
 * the cap nothing more is paid).
 */
import type { Draws } from '../../fair/draws';
import { bandPaytableLines, lazy, MAX_STAKE, perStake, stakeGameBasics, type StakeBet } from '../shared';
import type { GameMath, PaytableRow } from '../types';

export { MAX_STAKE };

export type TumbleBet = StakeBet;

export type TumbleConfig = {
  slug: string;
  title: string;
  columns: number;
  rows: number;
  /** The stake is a multiple of this; one coin = stake / divisor. */
  divisor: number;
  /** Count bands, ascending lower bounds; the first is the threshold that pays. */
  bands: readonly number[];
  /** Paying symbols, best first: weight and pays (coins) per band. */
  symbols: readonly { name: string; weight: number; pays: readonly number[] }[];
  /** The multiplier of drop d (0: the first drop); the last one repeats. */
  multipliers: readonly number[];
  /** The most tumbles after the first drop. */
  maxTumbles: number;
};

export type TumbleWin = { symbol: string; count: number; pay: number; win: number };

export type TumbleStep = {
  /** `grid[column][row]`, top row first, as the drop lands. */
  grid: string[][];
  /** For each cell of `grid`, whether it is new in this drop (always true for the first). */
  fresh: boolean[][];
  wins: TumbleWin[];
  /** The multiplier of this drop. */
  multiplier: number;
  /** Coins × coin × multiplier of this drop, minor units. */
  win: number;
};

export type TumbleOutcome = {
  stake: number;
  coin: number;
  /** The first drop and every tumble, in order; the last one wins nothing or is the last allowed. */
  steps: TumbleStep[];
  win: number;
};

export type TumbleGame = GameMath<TumbleBet, TumbleOutcome> & {
  readonly config: TumbleConfig;
  /** Exact mean and second moment of the win in coins. */
  coinMoments(): { mean: number; second: number };
};

/** payOf[s * (cells + 1) + n]: coins for n of symbol s. */
function payTable({ columns, rows, bands, symbols }: TumbleConfig): Int32Array {
  const cells = columns * rows;
  const payOf = new Int32Array(symbols.length * (cells + 1));
  symbols.forEach((s, i) => {
    for (let n = 0; n <= cells; n++) {
      let band = -1;
      for (let b = 0; b < bands.length; b++) if (n >= bands[b]!) band = b;
      payOf[i * (cells + 1) + n] = band < 0 ? 0 : (s.pays[band] ?? 0);
    }
  });
  return payOf;
}

/**
 * Exact mean and second moment of the win in coins: the tumbles as a chain over the counts left
 * after each burst, memoised by depth and state.
 */
function tumbleMoments(config: TumbleConfig, pays: (s: number, n: number) => number): { mean: number; second: number } {
  const { rows, columns, symbols, bands, multipliers, maxTumbles } = config;
  const cells = columns * rows;
  const nSym = symbols.length;
  const threshold = bands[0]!;
  const multiplierOf = (d: number) => multipliers[Math.min(d, multipliers.length - 1)]!;
  const weights = symbols.map((s) => s.weight);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const p = weights.map((w) => w / totalWeight);
  // pw[j][x] = p_j^x / x!  (the multinomial's terms; k! is applied per state).
  const fact = [1];
  for (let i = 1; i <= cells; i++) fact.push(fact[i - 1]! * i);
  const pw = p.map((pj) => Array.from({ length: cells + 1 }, (_, x) => pj ** x / fact[x]!));
  // A state: the counts left after a burst, each below the threshold, in base `threshold`.
  let stateCount = 1;
  for (let j = 0; j < nSym; j++) stateCount *= threshold;
  // memo[2 × (d × stateCount + state)] = [m1, m2] of F_d(state); NaN until computed.
  const memo = new Float64Array(2 * (maxTumbles + 1) * stateCount).fill(Number.NaN);
  const F = (d: number, state: number): void => {
    const key = 2 * (d * stateCount + state);
    if (!Number.isNaN(memo[key]!)) return;
    const s = new Int32Array(nSym);
    let used = 0;
    for (let j = 0, v = state; j < nSym; j++, v = Math.floor(v / threshold)) {
      s[j] = v % threshold;
      used += s[j]!;
    }
    const k = cells - used;
    const mult = multiplierOf(d);
    let m1 = 0;
    let m2 = 0;
    // Every composition x of k into nSym parts, symbol by symbol.
    const walk = (j: number, left: number, prob: number, pay: number, next: number, scale: number): void => {
      if (j === nSym - 1) {
        const x = left;
        const c = s[j]! + x;
        const pr = prob * pw[j]![x]!;
        if (pr === 0) return;
        const won = c >= threshold;
        const totalPay = pay + (won ? pays(j, c) : 0);
        const nextState = next + (won ? 0 : c * scale);
        if (!won && totalPay === 0 && !anyWin) return; // no win: the spin ends here, nothing more
        const w = totalPay * mult;
        const P = pr * fact[k]!;
        if (d < maxTumbles) {
          const at = 2 * ((d + 1) * stateCount + nextState);
          F(d + 1, nextState);
          const f1 = memo[at]!;
          m1 += P * (w + f1);
          m2 += P * (w * w + 2 * w * f1 + memo[at + 1]!);
        } else {
          m1 += P * w;
          m2 += P * w * w;
        }
        return;
      }
      for (let x = 0; x <= left; x++) {
        const c = s[j]! + x;
        const won = c >= threshold;
        const before = anyWin;
        if (won) anyWin = true;
        walk(
          j + 1,
          left - x,
          prob * pw[j]![x]!,
          pay + (won ? pays(j, c) : 0),
          next + (won ? 0 : c * scale),
          scale * threshold,
        );
        anyWin = before;
      }
    };
    let anyWin = false;
    walk(0, k, 1, 0, 0, 1);
    memo[key] = m1;
    memo[key + 1] = m2;
  };
  F(0, 0);
  return { mean: memo[0]!, second: memo[1]! };
}

/** The rules: the English summary and paytable, and their lines in every locale. */
function tumbleRules(config: TumbleConfig): TumbleGame['rules'] {
  const { columns, rows, divisor, bands, symbols, multipliers, maxTumbles } = config;
  const cells = columns * rows;
  const threshold = bands[0]!;
  const bandLabel = (b: number) => {
    const lo = bands[b]!;
    const hi = b + 1 < bands.length ? bands[b + 1]! - 1 : cells;
    return hi >= cells ? `${lo}+` : lo === hi ? `${lo}` : `${lo}–${hi}`;
  };
  const paytable: PaytableRow[] = [];
  for (const s of symbols) {
    for (let b = bands.length - 1; b >= 0; b--) {
      const pay = s.pays[b] ?? 0;
      if (pay > 0) paytable.push({ label: `${bandLabel(b)} × ${s.name}`, pays: `${pay} × stake/${divisor}` });
    }
  }
  const ladder = multipliers.map((m) => `×${m}`).join(', ');
  paytable.push({ label: 'Tumble multipliers', pays: `${ladder} (the last repeats), up to ${maxTumbles} tumbles` });

  return {
    summary: [
      `${config.title} is a ${columns} × ${rows} grid where every cell lands on its own: wins are counts, not lines.`,
      `${threshold} or more of the same symbol anywhere on the grid win; the pay grows with the count (${bands.map((_, b) => bandLabel(b)).join(', ')}), and several symbols can win at once. Pays are quoted in coins of stake / ${divisor}.`,
      'After a win the winning symbols burst, the others fall down and new symbols drop in from the top: a tumble, which can win again.',
      `The first drop pays ×${multipliers[0]}, the tumbles after it ${multipliers
        .slice(1)
        .map((m) => `×${m}`)
        .join(', ')} (the last one repeating), up to ${maxTumbles} tumbles a spin.`,
    ],
    paytable,
    lines: {
      summary: [
        { key: 'meteorTumble.grid', values: { game: { text: config.title }, columns, rows } },
        {
          key: 'meteorTumble.counts',
          values: { min: threshold, bands: { text: bands.map((_, b) => bandLabel(b)).join(', ') }, divisor },
        },
        { key: 'meteorTumble.tumble' },
        {
          key: 'meteorTumble.ladder',
          values: {
            first: multipliers[0]!,
            after: {
              join: multipliers.slice(1).map((m) => ({ key: 'multiplier', values: { x: m } })),
              separator: ', ',
            },
            max: maxTumbles,
          },
        },
      ],
      paytable: [
        ...bandPaytableLines(symbols, bands.length, bandLabel, divisor),
        {
          label: { key: 'meteorTumble.multipliers' },
          pays: {
            key: 'meteorTumble.multipliersPays',
            values: {
              ladder: { join: multipliers.map((m) => ({ key: 'multiplier', values: { x: m } })), separator: ', ' },
              max: maxTumbles,
            },
          },
        },
      ],
    },
  };
}

export function makeTumble(config: TumbleConfig, declaredRtp: number): TumbleGame {
  const { columns, rows, divisor, symbols, multipliers, maxTumbles } = config;
  const cells = columns * rows;
  const nSym = symbols.length;
  const names = symbols.map((s) => s.name);
  const weights = symbols.map((s) => s.weight);
  if (weights.some((w) => !Number.isInteger(w) || w <= 0)) throw new Error('weights are positive integers');
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const symbolAt = new Int8Array(totalWeight);
  for (let i = 0, at = 0; i < nSym; i++) for (let k = 0; k < weights[i]!; k++) symbolAt[at++] = i;
  const multiplierOf = (d: number) => multipliers[Math.min(d, multipliers.length - 1)]!;
  const payOf = payTable(config);
  const pays = (s: number, n: number) => payOf[s * (cells + 1) + n]!;

  const coinMoments = lazy((): { mean: number; second: number } => tumbleMoments(config, pays));

  // Scratch reused by every spin (play is synchronous; all of it is reset at the start of a spin).
  // gridCodes[c * rows + r]: the symbol at column c, row r (top first); the cells left after a
  // burst sit at the bottom of their column, `missing[c]` empty cells above them.
  const gridCodes = new Int8Array(cells);
  const missing = new Int32Array(columns);
  // counts[s]: how many of symbol s are on the grid, kept up to date as cells land and burst.
  const counts = new Int32Array(nSym);
  // burst[s]: 1 when symbol s leaves the grid after this drop.
  const burst = new Uint8Array(nSym);
  // The symbol a win of s bursts: the first symbol of its name (what looking the name up did).
  const burstOf = Int32Array.from(names, (name) => names.indexOf(name));
  return {
    ...stakeGameBasics(config, declaredRtp, divisor, () => perStake(coinMoments(), divisor)),
    coinMoments,
    play(draws: Draws, bet: TumbleBet) {
      const coin = bet.stake / divisor;
      // (Loops, not .fill(): a typed array's fill is a call into the runtime, slow for a few cells.)
      for (let c = 0; c < columns; c++) missing[c] = rows;
      for (let s = 0; s < nSym; s++) counts[s] = 0;
      const steps: TumbleStep[] = [];
      let total = 0;
      for (let d = 0; ; d++) {
        // Fill each column from the top (column by column, top row first, as the verifier draws),
        // counting the new cells; the drop's JSON columns are built on the way.
        const grid = new Array<string[]>(columns);
        const fresh = new Array<boolean[]>(columns);
        for (let c = 0, at = 0; c < columns; c++, at += rows) {
          const m = missing[c]!;
          const column = new Array<string>(rows);
          const isNew = new Array<boolean>(rows);
          for (let r = 0; r < rows; r++) {
            let s: number;
            if (r < m) {
              s = symbolAt[draws.int(totalWeight)]!;
              gridCodes[at + r] = s;
              counts[s]!++;
            } else s = gridCodes[at + r]!;
            column[r] = names[s]!;
            isNew[r] = r < m;
          }
          grid[c] = column;
          fresh[c] = isNew;
        }
        const wins: TumbleWin[] = [];
        const multiplier = multiplierOf(d);
        let coins = 0;
        for (let s = 0; s < nSym; s++) burst[s] = 0;
        for (let s = 0; s < nSym; s++) {
          const pay = pays(s, counts[s]!);
          if (pay === 0) continue;
          coins += pay;
          burst[burstOf[s]!] = 1;
          wins.push({ symbol: names[s]!, count: counts[s]!, pay, win: pay * coin * multiplier });
        }
        const win = coins * coin * multiplier;
        total += win;
        steps.push({ grid, fresh, wins, multiplier, win });
        if (wins.length === 0 || d === maxTumbles) break;
        // Burst: the winning symbols leave, the rest fall to the bottom of their column in order.
        for (let s = 0; s < nSym; s++) if (burst[s] === 1) counts[s] = 0;
        for (let c = 0, at = 0; c < columns; c++, at += rows) {
          let to = rows - 1;
          for (let r = rows - 1; r >= 0; r--) {
            const s = gridCodes[at + r]!;
            if (burst[s] === 0) gridCodes[at + to--] = s;
          }
          missing[c] = to + 1;
        }
      }
      return { outcome: { stake: bet.stake, coin, steps, win: total }, win: total };
    },
    rules: tumbleRules(config),
  };
}

export const TUMBLE_CONFIG: TumbleConfig = {
  slug: 'meteor-tumble',
  title: 'Meteor Tumble',
  columns: 5,
  rows: 3,
  divisor: 50,
  bands: [5, 7, 9],
  symbols: [
    { name: 'Star', weight: 5, pays: [36, 110, 450] },
    { name: 'Ringed Planet', weight: 6, pays: [18, 55, 180] },
    { name: 'Comet', weight: 7, pays: [11, 27, 90] },
    { name: 'Moon', weight: 8, pays: [7, 18, 55] },
    { name: 'Crystal', weight: 9, pays: [6, 14, 36] },
    { name: 'Meteor', weight: 10, pays: [4, 9, 27] },
  ],
  multipliers: [1, 2, 3, 5, 8, 10],
  maxTumbles: 8,
};

export const meteorTumble: TumbleGame = makeTumble(TUMBLE_CONFIG, 0.9656208751533311);
