/**
 * Lunar Link: a 5-reel, 3-row slot paying 243 ways, with Moon coins and a hold-and-win bonus.
 *
 * - Every cell is drawn on its own with `draws.int(totalWeight)` against the weights of the paying
 *   symbols and the Moon coin, column by column, top row first; a coin then draws its value with
 *   `draws.int(valueWeight)` (in coins of stake / 25: ×0.4 … ×100 the stake).
 * - Ways: a symbol pays when it shows on reels 1 … k (k ≥ 3, adjacent from the leftmost): its pay
 *   for k reels × the number of ways (the product of its counts on those reels), in coins.
 * - Hold and win: `trigger` or more coins anywhere start the bonus. The coins are held and the
 *   player gets 3 respins: on each, every empty cell draws `draws.int(respinWeight)` and becomes a
 *   coin (with its value drawn as above) when the draw is below `respinCoinWeight`, else stays empty
 *   (column by column, top row first). Any new coin resets the respins to 3. The bonus ends when the
 *   respins run out or the grid is full; it pays the sum of all the coins' values, plus the Grand
 *   when all 15 cells hold a coin.
 *
 * Exact RTP and variance, in closed form. Condition on the number of coins on each reel
 * (j_1 … j_5, independent Binomial(3, q)): the other cells are independent draws from the paying
 * symbols, so the ways' first and second moments factor over the reels (per-reel expectations of the
 * counts, enumerated over the reel's cells), and the bonus depends only on J = Σ j_r. The number of
 * coins at the end of the bonus is a Markov chain over (coins held, respins left) that is solved
 * exactly for its final distribution; the coin values are independent of it, so
 *   E[H | J] = Σ_N P(N | J) (N μ + G [N = 15]),  E[H² | J] = Σ_N P(N | J) (N σ² + (N μ + G [N = 15])²),
 * and E[(B + H)² | j] = E[B² | j] + 2 E[B | j] E[H | J] + E[H² | J] (ways and bonus are independent
 * given j).
 */
import type { Draws } from '../../fair/draws';
import { lazy, MAX_STAKE, perStake, type StakeBet, stakeGameBasics, waysPaytableLines } from '../shared';
import type { GameMath, PaytableRow, RuleText } from '../types';

export { MAX_STAKE };

export type LinkBet = StakeBet;

export type LinkConfig = {
  slug: string;
  title: string;
  reels: number;
  rows: number;
  /** The stake is a multiple of this; one coin = stake / divisor. */
  divisor: number;
  /** Paying symbols, best first: weight and `pays[k]` in coins per way for k reels (index 0 … reels). */
  symbols: readonly { name: string; weight: number; pays: readonly number[] }[];
  coin: {
    name: string;
    /** Weight of the coin among the base game's cells. */
    weight: number;
    /** The coin values in coins, with their weights (some are named: Mini, Major). */
    values: readonly { value: number; weight: number; label?: string }[];
    /** Coins that start the bonus. */
    trigger: number;
    respins: number;
    /** A respin's cell is a coin when `draws.int(respinWeight) < respinCoinWeight`. */
    respinCoinWeight: number;
    respinWeight: number;
    /** Paid on top when every cell holds a coin (coins). */
    grand: number;
  };
};

export type LinkWayWin = { symbol: string; reels: number; ways: number; win: number };
export type LinkCoin = { column: number; row: number; value: number };
export type LinkRespin = {
  /** The coins this respin landed. */
  landed: LinkCoin[];
  /** Respins left after it. */
  left: number;
};
export type LinkBonus = {
  respins: LinkRespin[];
  /** Every coin held at the end, base game's first. */
  coins: LinkCoin[];
  /** The grid filled: the Grand is paid. */
  grand: boolean;
  /** Coins' values (+ the Grand) × coin, minor units. */
  win: number;
};
export type LinkOutcome = {
  stake: number;
  coin: number;
  /** `grid[column][row]`, top row first: a symbol name or the coin's name. */
  grid: string[][];
  /** The base game's coins with their values. */
  coins: LinkCoin[];
  wins: LinkWayWin[];
  /** The ways' win, minor units. */
  baseWin: number;
  bonus: LinkBonus | null;
  win: number;
};

export type LinkGame = GameMath<LinkBet, LinkOutcome> & {
  readonly config: LinkConfig;
  /** Exact mean and second moment of the win in coins. */
  coinMoments(): { mean: number; second: number };
  /** P(final number of coins = N) for a bonus started with `start` coins, N = 0 … cells. */
  finalCoins(start: number): number[];
};

/** A Lunar Link game's tables: symbols and coin values by their weights, the pays. */
type LinkTables = ReturnType<typeof linkTables>;

function linkTables(config: LinkConfig) {
  const { reels, rows, symbols, coin } = config;
  const cells = reels * rows;
  const nSym = symbols.length;
  const COIN = nSym;
  const names = [...symbols.map((s) => s.name), coin.name];
  const weights = [...symbols.map((s) => s.weight), coin.weight];
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const symbolAt = new Int8Array(totalWeight);
  for (let i = 0, at = 0; i < weights.length; i++) for (let k = 0; k < weights[i]!; k++) symbolAt[at++] = i;
  const valueTotal = coin.values.reduce((a, v) => a + v.weight, 0);
  const valueAt = new Int32Array(valueTotal);
  for (let i = 0, at = 0; i < coin.values.length; i++)
    for (let k = 0; k < coin.values[i]!.weight; k++) valueAt[at++] = coin.values[i]!.value;
  const pay = (s: number, k: number) => symbols[s]!.pays[k] ?? 0;
  return { config, cells, nSym, COIN, names, totalWeight, symbolAt, valueTotal, valueAt, pay };
}

const binom = (n: number, k: number) => {
  let v = 1;
  for (let i = 0; i < k; i++) v = (v * (n - i)) / (i + 1);
  return v;
};

/** P(final number of coins = N) for a bonus started with `start` coins: the respins as a Markov chain. */
function linkChain({ reels, rows, coin }: LinkConfig): (start: number) => number[] {
  const cells = reels * rows;
  /** Distribution of the final number of coins from (n coins, r respins left). */
  const chain = new Map<number, number[]>();
  const c = coin.respinCoinWeight / coin.respinWeight;
  const finalFrom = (n: number, r: number): number[] => {
    const key = n * (coin.respins + 1) + r;
    const known = chain.get(key);
    if (known) return known;
    const dist = new Array<number>(cells + 1).fill(0);
    if (r === 0 || n === cells) {
      dist[n] = 1;
    } else {
      const m = cells - n;
      for (let k = 0; k <= m; k++) {
        const p = binom(m, k) * c ** k * (1 - c) ** (m - k);
        const next = k > 0 ? finalFrom(n + k, coin.respins) : finalFrom(n, r - 1);
        for (let N = 0; N <= cells; N++) dist[N]! += p * next[N]!;
      }
    }
    chain.set(key, dist);
    return dist;
  };
  return (start: number) => finalFrom(start, coin.respins);
}

/** The bonus's first and second moments (coins) by the number of coins that started it. */
function bonusMoments(k: LinkTables, finalCoins: (start: number) => number[]) {
  const { coin } = k.config;
  const { cells, valueTotal } = k;
  const mu = coin.values.reduce((a, v) => a + v.value * v.weight, 0) / valueTotal;
  const mu2 = coin.values.reduce((a, v) => a + v.value * v.value * v.weight, 0) / valueTotal;
  const sigma2 = mu2 - mu * mu;
  const h1 = new Float64Array(cells + 1);
  const h2 = new Float64Array(cells + 1);
  for (let J = coin.trigger; J <= cells; J++) {
    const dist = finalCoins(J);
    for (let N = 0; N <= cells; N++) {
      const v = N * mu + (N === cells ? coin.grand : 0);
      h1[J]! += dist[N]! * v;
      h2[J]! += dist[N]! * (N * sigma2 + v * v);
    }
  }
  return { h1, h2 };
}

/** A ways term: symbol s over exactly k reels, and its pay. */
type Term = { s: number; k: number; pay: number };

/**
 * Per number m of symbol cells on a reel, the expectations of the terms' per-reel factors (the
 * count before reel k, [count = 0] on reel k, 1 after): e1[m][r][a], e2[m][r][a][b] of term a's
 * factor (and of a × b's) on reel r.
 */
function termExpectations(k: LinkTables, terms: readonly Term[]) {
  const { reels, rows, symbols } = k.config;
  const { nSym, totalWeight } = k;
  const symbolTotal = totalWeight - k.config.coin.weight;
  const p = symbols.map((s) => s.weight / symbolTotal);
  const factor = (counts: Int32Array, t: Term, r: number) =>
    r < t.k ? counts[t.s]! : r === t.k ? (counts[t.s] === 0 ? 1 : 0) : 1;
  // configs[m]: every arrangement of m symbol cells as counts, with its probability.
  const configs: { prob: number; counts: Int32Array }[][] = [];
  for (let m = 0; m <= rows; m++) {
    const list: { prob: number; counts: Int32Array }[] = [];
    const rec = (i: number, prob: number, counts: Int32Array) => {
      if (i === m) {
        list.push({ prob, counts: counts.slice() });
        return;
      }
      for (let s = 0; s < nSym; s++) {
        counts[s]!++;
        rec(i + 1, prob * p[s]!, counts);
        counts[s]!--;
      }
    };
    rec(0, 1, new Int32Array(nSym));
    configs.push(list);
  }
  const T = terms.length;
  const e1: Float64Array[][] = [];
  const e2: Float64Array[][] = [];
  for (let m = 0; m <= rows; m++) {
    e1.push([]);
    e2.push([]);
    for (let r = 0; r < reels; r++) {
      const a1 = new Float64Array(T);
      const a2 = new Float64Array(T * T);
      for (const { prob, counts } of configs[m]!) {
        const f = terms.map((t) => factor(counts, t, r));
        for (let a = 0; a < T; a++) {
          a1[a]! += prob * f[a]!;
          for (let b = 0; b < T; b++) a2[a * T + b]! += prob * f[a]! * f[b]!;
        }
      }
      e1[m]!.push(a1);
      e2[m]!.push(a2);
    }
  }
  return { e1, e2 };
}

/** Exact mean and second moment of the win in coins: the ways by the coins on each reel, and the bonus. */
function linkMoments(k: LinkTables, finalCoins: (start: number) => number[]): { mean: number; second: number } {
  const { reels, rows, coin } = k.config;
  const { nSym, pay, totalWeight } = k;
  const q = coin.weight / totalWeight;
  const { h1, h2 } = bonusMoments(k, finalCoins);
  const terms: Term[] = [];
  for (let s = 0; s < nSym; s++)
    for (let n = 1; n <= reels; n++) if (pay(s, n) > 0) terms.push({ s, k: n, pay: pay(s, n) });
  const { e1, e2 } = termExpectations(k, terms);
  const T = terms.length;
  const reelCoins = Array.from({ length: rows + 1 }, (_, j) => binom(rows, j) * q ** j * (1 - q) ** (rows - j));
  let mean = 0;
  let second = 0;
  const js = new Int32Array(reels);
  const visit = (r: number, prob: number, J: number) => {
    if (r < reels) {
      for (let j = 0; j <= rows; j++) {
        js[r] = j;
        visit(r + 1, prob * reelCoins[j]!, J + j);
      }
      return;
    }
    let b1 = 0;
    let b2 = 0;
    for (let a = 0; a < T; a++) {
      let e = terms[a]!.pay;
      for (let x = 0; x < reels && e !== 0; x++) e *= e1[rows - js[x]!]![x]![a]!;
      b1 += e;
      for (let b = 0; b < T; b++) {
        let e12 = terms[a]!.pay * terms[b]!.pay;
        for (let x = 0; x < reels && e12 !== 0; x++) e12 *= e2[rows - js[x]!]![x]![a * T + b]!;
        b2 += e12;
      }
    }
    const H1 = J >= coin.trigger ? h1[J]! : 0;
    const H2 = J >= coin.trigger ? h2[J]! : 0;
    mean += prob * (b1 + H1);
    second += prob * (b2 + 2 * b1 * H1 + H2);
  };
  visit(0, 1, 0);
  return { mean, second };
}

const drawCoin = (k: LinkTables, draws: Draws) => k.valueAt[draws.int(k.valueTotal)]!;

/** The grid drawn cell by cell, column by column; each coin's value drawn right after it. */
function drawGrid(k: LinkTables, draws: Draws) {
  const { reels, rows } = k.config;
  const grid: string[][] = [];
  const codes: number[][] = [];
  const coins: LinkCoin[] = [];
  for (let col = 0; col < reels; col++) {
    const names_: string[] = [];
    const cs: number[] = [];
    for (let row = 0; row < rows; row++) {
      const s = k.symbolAt[draws.int(k.totalWeight)]!;
      cs.push(s);
      names_.push(k.names[s]!);
      if (s === k.COIN) coins.push({ column: col, row, value: drawCoin(k, draws) });
    }
    grid.push(names_);
    codes.push(cs);
  }
  return { grid, codes, coins };
}

/** The ways' wins of a grid (coins), each symbol from the leftmost reel. */
function waysWins(k: LinkTables, codes: number[][], unit: number) {
  const { reels } = k.config;
  const wins: LinkWayWin[] = [];
  let baseCoins = 0;
  for (let s = 0; s < k.nSym; s++) {
    let ways = 1;
    let n = 0;
    while (n < reels) {
      const c = codes[n]!.filter((x) => x === s).length;
      if (c === 0) break;
      ways *= c;
      n++;
    }
    const p = k.pay(s, n);
    if (p === 0) continue;
    baseCoins += p * ways;
    wins.push({ symbol: k.names[s]!, reels: n, ways, win: p * ways * unit });
  }
  return { wins, baseWin: baseCoins * unit };
}

/** Hold and Win: the coins held, the empty cells respun (cell by cell, column by column) until the respins run out. */
function holdAndWin(k: LinkTables, draws: Draws, coins: LinkCoin[], unit: number): LinkBonus {
  const { reels, rows, coin } = k.config;
  const held = coins.map((x) => ({ ...x }));
  const full = new Set(held.map((x) => x.column * rows + x.row));
  const respins: LinkRespin[] = [];
  let left = coin.respins;
  while (left > 0 && full.size < k.cells) {
    const landed: LinkCoin[] = [];
    for (let col = 0; col < reels; col++) {
      for (let row = 0; row < rows; row++) {
        if (full.has(col * rows + row)) continue;
        if (draws.int(coin.respinWeight) < coin.respinCoinWeight)
          landed.push({ column: col, row, value: drawCoin(k, draws) });
      }
    }
    for (const x of landed) {
      full.add(x.column * rows + x.row);
      held.push(x);
    }
    left = landed.length > 0 ? coin.respins : left - 1;
    respins.push({ landed, left });
  }
  const grand = full.size === k.cells;
  const total = held.reduce((a, x) => a + x.value, 0) + (grand ? coin.grand : 0);
  return { respins, coins: held, grand, win: total * unit };
}

/** The rules: the English summary and paytable, and their lines in every locale. */
function linkRules(k: LinkTables): LinkGame['rules'] {
  const { config, cells, pay } = k;
  const { reels, rows, divisor, symbols, coin } = config;
  const paytable: PaytableRow[] = [];
  for (const s of symbols)
    for (let n = reels; n >= 1; n--)
      if (pay(symbols.indexOf(s), n) > 0)
        paytable.push({ label: `${n} × ${s.name}`, pays: `${pay(symbols.indexOf(s), n)} × stake/${divisor} per way` });
  const stakeTimes = (coins: number) => `${(coins / divisor).toString()} × stake`;
  for (const v of [...coin.values].reverse())
    paytable.push({ label: `${coin.name}${v.label ? ` ${v.label}` : ''}`, pays: stakeTimes(v.value) });
  paytable.push({ label: `Grand (all ${cells} cells)`, pays: `${stakeTimes(coin.grand)} on top of the coins` });

  return {
    summary: [
      `${config.title} pays ${rows ** reels} ways on ${reels} reels of ${rows} rows: a symbol pays when it lands anywhere on each reel from the leftmost, on at least 3 adjacent reels; every combination of its positions is a way. Pays are quoted in coins of stake / ${divisor}.`,
      `${coin.name}s carry a value from ${stakeTimes(coin.values[0]!.value)} to ${stakeTimes(coin.values[coin.values.length - 1]!.value)}. ${coin.trigger} or more ${coin.name}s anywhere start Hold and Win.`,
      `In Hold and Win the ${coin.name}s are held and you get ${coin.respins} respins: only empty cells spin, and each new ${coin.name} is held too and resets the respins to ${coin.respins}.`,
      `When the respins run out, every ${coin.name} on the grid pays its value; fill all ${cells} cells for the Grand, ${stakeTimes(coin.grand)}, on top.`,
    ],
    paytable,
    lines: {
      summary: [
        {
          key: 'lunarLink.ways',
          values: { game: { text: config.title }, ways: rows ** reels, reels, rows, divisor },
        },
        {
          key: 'lunarLink.coins',
          values: {
            coin: { symbol: coin.name },
            min: { n: coin.values[0]!.value / divisor, grouping: false },
            max: { n: coin.values[coin.values.length - 1]!.value / divisor, grouping: false },
            trigger: coin.trigger,
          },
        },
        { key: 'lunarLink.hold', values: { coin: { symbol: coin.name }, respins: coin.respins } },
        {
          key: 'lunarLink.grand',
          values: { coin: { symbol: coin.name }, cells, grand: { n: coin.grand / divisor, grouping: false } },
        },
      ],
      paytable: [
        ...waysPaytableLines(symbols, reels, pay, divisor),
        ...[...coin.values].reverse().map((v) => ({
          label: (v.label
            ? { key: 'lunarLink.coinLabel', values: { coin: { symbol: coin.name }, label: { text: v.label } } }
            : { key: 'symbolName', values: { symbol: { symbol: coin.name } } }) as RuleText,
          pays: { key: 'stakeTimes', values: { pay: { n: v.value / divisor, grouping: false } } },
        })),
        {
          label: { key: 'lunarLink.grandRow', values: { cells } },
          pays: { key: 'lunarLink.grandPays', values: { pay: { n: coin.grand / divisor, grouping: false } } },
        },
      ],
    },
  };
}

export function makeLink(config: LinkConfig, declaredRtp: number): LinkGame {
  const { divisor, coin } = config;
  const k = linkTables(config);
  const finalCoins = linkChain(config);
  const coinMoments = lazy((): { mean: number; second: number } => linkMoments(k, finalCoins));
  const rules = linkRules(k);

  return {
    ...stakeGameBasics(config, declaredRtp, divisor, () => perStake(coinMoments(), divisor)),
    coinMoments,
    finalCoins,
    play(draws: Draws, bet: LinkBet) {
      const unit = bet.stake / divisor;
      const { grid, codes, coins } = drawGrid(k, draws);
      const { wins, baseWin } = waysWins(k, codes, unit);
      const bonus = coins.length >= coin.trigger ? holdAndWin(k, draws, coins, unit) : null;
      const win = baseWin + (bonus?.win ?? 0);
      return { outcome: { stake: bet.stake, coin: unit, grid, coins, wins, baseWin, bonus, win }, win };
    },
    rules,
  };
}

export const LINK_CONFIG: LinkConfig = {
  slug: 'lunar-link',
  title: 'Lunar Link',
  reels: 5,
  rows: 3,
  divisor: 25,
  symbols: [
    { name: 'Astronaut', weight: 4, pays: [0, 0, 0, 80, 250, 800] },
    { name: 'Rocket', weight: 5, pays: [0, 0, 0, 60, 170, 500] },
    { name: 'Satellite', weight: 6, pays: [0, 0, 0, 40, 100, 340] },
    { name: 'Planet', weight: 7, pays: [0, 0, 0, 25, 60, 200] },
    { name: 'Red Gem', weight: 9, pays: [0, 0, 0, 14, 35, 100] },
    { name: 'Green Gem', weight: 9, pays: [0, 0, 0, 14, 25, 85] },
    { name: 'Blue Gem', weight: 10, pays: [0, 0, 0, 10, 20, 60] },
    { name: 'Gold Gem', weight: 10, pays: [0, 0, 0, 10, 16, 50] },
  ],
  coin: {
    name: 'Moon',
    weight: 9,
    values: [
      { value: 10, weight: 30 },
      { value: 25, weight: 25 },
      { value: 50, weight: 18 },
      { value: 75, weight: 12 },
      { value: 125, weight: 8 },
      { value: 250, weight: 5 },
      { value: 625, weight: 1, label: 'Mini' },
      { value: 2500, weight: 1, label: 'Major' },
    ],
    trigger: 6,
    respins: 3,
    respinCoinWeight: 1,
    respinWeight: 12,
    grand: 25_000,
  },
};

export const lunarLink: LinkGame = makeLink(LINK_CONFIG, 0.9578393093048425);
