/**
 * Stellar Sevens: a 5-reel, 3-row slot with 20 fixed paylines.
 *
 * - Each reel is a strip of symbols; a spin draws one stop per reel with `draws.int(strip.length)`
 *   and shows the stop and the next two symbols (the strip wraps), top row first.
 * - The Star is wild. It lives on reels 2–4 only and, when it lands anywhere on a reel, it expands
 *   over the whole reel: all three rows of that reel become wild. It substitutes for every paying
 *   symbol (not the Galaxy) and pays nothing of its own. Reel 1 never shows a Star, so the symbol a
 *   line pays for is always the one on reel 1.
 * - A line pays for 3, 4 or 5 of a kind on consecutive reels from the leftmost reel, at its
 *   paytable pay × the line bet (stake / 20); each line pays its single (longest) win.
 * - The Galaxy scatters: it counts anywhere (as landed, before any Star expands), pays 3/4/5 of them
 *   at 2/10/50 × the stake and starts 10/15/20 free spins. Free spins use the same reels; every win
 *   in them is doubled, and Galaxies in them award more free spins (retriggers without limit). All
 *   free spins are played inside the paid round.
 *
 * Every pay is an integer multiple of the line bet (scatter pays are multiples of 20 line bets), so
 * wins are exact integers in minor units.
 *
 * RTP and variance are exact: by linearity of expectation every line pays with the probability of a
 * product of independent per-reel events, computed by enumerating each reel's stops (the expanded
 * wilds and the scatters of a stop are handled per reel, so the three rows of a reel stay
 * correlated correctly). Pairs of line events give the second moment; scatter terms use the
 * distribution of the scatter count (a product of per-reel polynomials). Free spins are a branching
 * process: with (X, K) the win and the awarded spins of one free spin, the value Y of a free spin and
 * everything it retriggers has E[Y] = E[X] / (1 − E[K]) and
 * E[Y²] = (E[X²] + 2 E[Y] E[XK] + E[K(K−1)] E[Y]²) / (1 − E[K]); the round adds the base spin.
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
import type { GameMath, PaytableRow, RuleText } from '../types';

export { MAX_STAKE };

export type StellarBet = StakeBet;

export type StellarSymbolDef = {
  /** One character, as used in the strips. */
  code: string;
  name: string;
  /** `pays[n]`: what n of a kind on a line pays, × line bet (index 0 … reels). */
  pays: readonly number[];
};

export type StellarConfig = {
  slug: string;
  title: string;
  rows: number;
  /** Paying symbols, best first. */
  symbols: readonly StellarSymbolDef[];
  wild: { code: string; name: string };
  scatter: {
    code: string;
    name: string;
    /** By scatter count: pay × stake. */
    pays: readonly number[];
    /** By scatter count: free spins started by the paid spin. */
    freeSpins: readonly number[];
    /** By scatter count: free spins added by a free spin. */
    retrigger: readonly number[];
  };
  freeSpinMultiplier: number;
  /** Each line: its row on every reel. The stake is a multiple of the number of lines. */
  lines: readonly (readonly number[])[];
  /** One string per reel, one character per stop. */
  strips: readonly string[];
};

export type StellarLineWin = {
  /** Line number, 1-based as on the rules page. */
  line: number;
  symbol: string;
  /** Number of consecutive reels from the left. */
  count: number;
  /** Minor units, free-spin multiplier included. */
  win: number;
};

export type StellarSpin = {
  /** The stop drawn on each reel (the strip index shown in the top row). */
  stops: number[];
  /** Symbols as they landed, `reels[reel][row]`, top row first (before the Stars expand). */
  reels: readonly (readonly string[])[];
  /** Reels (0-based) on which a Star landed and expanded to fill the reel. */
  expanded: number[];
  lines: StellarLineWin[];
  scatters: number;
  scatterWin: number;
  freeSpinsAwarded: number;
  /** Wins multiply by this (1 in the paid spin, the free-spin multiplier in free spins). */
  multiplier: number;
  /** This spin's total win in minor units. */
  win: number;
};

export type StellarOutcome = {
  stake: number;
  lineBet: number;
  base: StellarSpin;
  /** Every free spin of the round in order (retriggered ones included). */
  freeSpins: StellarSpin[];
  win: number;
};

export type SpinMoments = {
  /** Win of one spin in line bets (multiplier 1) and the free spins it awards. */
  ex: number;
  ex2: number;
  ek: number;
  exk: number;
  ek2: number;
};

/**
 * Mean and second moment of a round's win from the moments of one spin (see the module comment):
 * `base` are the paid spin's, `free` a free spin's (its win already multiplied). Free spins form a
 * branching process, which must be subcritical (E[K] < 1 in a free spin).
 */
export function branchingMoments(base: SpinMoments, free: SpinMoments): { mean: number; second: number } {
  if (!(free.ek < 1)) throw new Error('free spins retrigger on average at least once: the round is unbounded');
  const y = free.ex / (1 - free.ek);
  const y2 = (free.ex2 + 2 * y * free.exk + (free.ek2 - free.ek) * y * y) / (1 - free.ek);
  return {
    mean: base.ex + base.ek * y,
    second: base.ex2 + 2 * y * base.exk + base.ek * y2 + (base.ek2 - base.ek) * y * y,
  };
}

export type StellarGame = GameMath<StellarBet, StellarOutcome> & {
  readonly config: StellarConfig;
  /** Exact moments of one spin: wins in line bets (scatter pays included, no multiplier), awards for the paid spin. */
  spinMoments(): { base: SpinMoments; free: SpinMoments };
  /** One spin (for tests and replays): `lineBet` in minor units, `free` picks the free-spin rules. */
  spin(draws: Draws, lineBet: number, free: boolean): StellarSpin;
};

/**
 * A Stellar game's reels made ready to spin and to measure: symbol numbers (the wild and the scatter
 * after the paying symbols), the pay tables, and per reel and stop the column as landed, the codes
 * after a Star's expansion, the scatter count and whether a Star expanded.
 */
type StellarReels = ReturnType<typeof stellarReels>;

function stellarReels(config: StellarConfig) {
  const { rows, lines, strips, symbols } = config;
  const nReels = strips.length;
  const nLines = lines.length;
  const nSym = symbols.length;
  const WILD = nSym;
  const SCATTER = nSym + 1;
  const names = [...symbols.map((s) => s.name), config.wild.name, config.scatter.name];
  const codeOf = symbolCodes([...symbols.map((s) => s.code), config.wild.code, config.scatter.code]);
  for (const line of lines) {
    if (line.length !== nReels || line.some((row) => !Number.isInteger(row) || row < 0 || row >= rows)) {
      throw new Error('a line needs one row per reel');
    }
  }

  // Pay table: pay[sym * (nReels + 1) + count] in line bets.
  const stride = nReels + 1;
  const pay = countPays(symbols, nReels);
  const maxScatters = nReels * rows;
  const table = (arr: readonly number[]) => Int32Array.from({ length: maxScatters + 1 }, (_, c) => arr[c] ?? 0);
  const scatterPay = table(config.scatter.pays); // × stake
  const awardBase = table(config.scatter.freeSpins);
  const awardFree = table(config.scatter.retrigger);
  const mult = config.freeSpinMultiplier;

  const reelStops = stellarStops(config, codeOf, names, WILD, SCATTER);
  const lineRows = Int32Array.from(lines.flat());
  /** The stops of the spin being played (scratch, reused by every spin). */
  const stops = new Int32Array(nReels);
  return {
    rows,
    lines,
    nReels,
    nLines,
    nSym,
    WILD,
    names,
    stride,
    pay,
    maxScatters,
    scatterPay,
    awardBase,
    awardFree,
    mult,
    ...reelStops,
    lineRows,
    stops,
  };
}

/** Per reel and stop: the column as landed (frozen, shared by outcomes), the effective codes after expansion, the scatter count and whether a Star expanded. */
function stellarStops(
  { rows, strips }: StellarConfig,
  codeOf: ReturnType<typeof symbolCodes>,
  names: readonly string[],
  WILD: number,
  SCATTER: number,
) {
  const nReels = strips.length;
  const lengths = new Int32Array(nReels);
  const columns: (readonly string[])[][] = [];
  const effective: Int8Array[] = [];
  const scatterAt: Uint8Array[] = [];
  const wildAt: Uint8Array[] = [];
  for (let r = 0; r < nReels; r++) {
    const strip = decodeStrip(strips[r]!, codeOf, r);
    if (r === 0 && strip.includes(WILD)) throw new Error('reel 1 carries no wild');
    const len = strip.length;
    lengths[r] = len;
    const cols: (readonly string[])[] = [];
    const eff = new Int8Array(len * rows);
    const sc = new Uint8Array(len);
    const wd = new Uint8Array(len);
    for (let t = 0; t < len; t++) {
      const window = windowAt(strip, t, rows);
      const expands = window.includes(WILD);
      cols.push(Object.freeze(window.map((c) => names[c]!)));
      for (let j = 0; j < rows; j++) eff[t * rows + j] = expands ? WILD : window[j]!;
      sc[t] = window.filter((c) => c === SCATTER).length;
      wd[t] = expands ? 1 : 0;
    }
    columns.push(cols);
    effective.push(eff);
    scatterAt.push(sc);
    wildAt.push(wd);
  }
  return { lengths, columns, effective, scatterAt, wildAt };
}

/** One spin: one stop per reel drawn in reel order, the lines' and the scatters' wins. */
function stellarSpin(k: StellarReels, draws: Draws, lineBet: number, free: boolean): StellarSpin {
  const { nReels, nLines, nSym, WILD, rows, stops, lengths, columns, scatterAt, wildAt, effective, lineRows } = k;
  const { pay, stride, names, scatterPay, awardBase, awardFree, mult } = k;
  const m = free ? mult : 1;
  const reels = new Array<readonly string[]>(nReels);
  const stopList = new Array<number>(nReels);
  const expanded: number[] = [];
  let scatters = 0;
  for (let r = 0; r < nReels; r++) {
    const t = draws.int(lengths[r]!);
    stops[r] = t;
    stopList[r] = t;
    reels[r] = columns[r]![t]!;
    scatters += scatterAt[r]![t]!;
    if (wildAt[r]![t] === 1) expanded.push(r);
  }
  const lineWins: StellarLineWin[] = [];
  let win = 0;
  for (let l = 0; l < nLines; l++) {
    const base = l * nReels;
    const first = effective[0]![stops[0]! * rows + lineRows[base]!]!;
    if (first >= nSym) continue; // a scatter on reel 1 starts no line
    let count = 1;
    while (count < nReels) {
      const e = effective[count]![stops[count]! * rows + lineRows[base + count]!]!;
      if (e !== first && e !== WILD) break;
      count++;
    }
    const p = pay[first * stride + count]!;
    if (p > 0) {
      const w = p * lineBet * m;
      win += w;
      lineWins.push({ line: l + 1, symbol: names[first]!, count, win: w });
    }
  }
  const scatterWin = scatterPay[scatters]! * nLines * lineBet * m;
  win += scatterWin;
  return {
    stops: stopList,
    reels,
    expanded,
    lines: lineWins,
    scatters,
    scatterWin,
    freeSpinsAwarded: (free ? awardFree : awardBase)[scatters]!,
    multiplier: m,
    win,
  };
}

/**
 * Indicators of the per-reel conditions of a line event: [reel][row][symbol][kind] with kind
 * 0: = symbol, 1: symbol or wild, 2: neither. Kind 3 ("anything") is `null`.
 */
function reelIndicators({ nReels, nSym, rows, WILD, lengths, effective }: StellarReels): Uint8Array[][][][] {
  const ind: Uint8Array[][][][] = [];
  for (let r = 0; r < nReels; r++) {
    const len = lengths[r]!;
    const eff = effective[r]!;
    ind.push(
      Array.from({ length: rows }, (_, j) =>
        Array.from({ length: nSym }, (_, s) => {
          const eq = new Uint8Array(len);
          const sw = new Uint8Array(len);
          const no = new Uint8Array(len);
          for (let t = 0; t < len; t++) {
            const e = eff[t * rows + j]!;
            eq[t] = e === s ? 1 : 0;
            sw[t] = e === s || e === WILD ? 1 : 0;
            no[t] = 1 - sw[t]!;
          }
          return [eq, sw, no];
        }),
      ),
    );
  }
  return ind;
}

/** A paying line event: its pay (line bets) and, per reel, the stops that meet it (null: all). */
type LineEvent = { pay: number; conds: (Uint8Array | null)[] };

/** Every paying line event: line l shows exactly `count` of symbol s from the left. */
function lineEvents({ nLines, nSym, nReels, pay, stride, lines }: StellarReels, ind: Uint8Array[][][][]): LineEvent[] {
  const events: LineEvent[] = [];
  for (let l = 0; l < nLines; l++) {
    for (let s = 0; s < nSym; s++) {
      for (let count = 1; count <= nReels; count++) {
        const p = pay[s * stride + count]!;
        if (p === 0) continue;
        const conds: (Uint8Array | null)[] = [];
        for (let r = 0; r < nReels; r++) {
          const row = lines[l]![r]!;
          const kinds = ind[r]![row]![s]!;
          conds.push(r === 0 ? kinds[0]! : r < count ? kinds[1]! : r === count ? kinds[2]! : null);
        }
        events.push({ pay: p, conds });
      }
    }
  }
  return events;
}

/** Distribution of the scatter count restricted to an event: product of per-reel polynomials. */
function scatterCountsWhere(
  { maxScatters, nReels, rows, lengths, scatterAt }: StellarReels,
  conds: (Uint8Array | null)[],
): Float64Array {
  const deg = maxScatters;
  let poly = new Float64Array(deg + 1);
  poly[0] = 1;
  for (let r = 0; r < nReels; r++) {
    const len = lengths[r]!;
    const c = conds[r];
    const sc = scatterAt[r]!;
    const local = new Float64Array(rows + 1);
    for (let t = 0; t < len; t++) if (!c || c[t] === 1) local[sc[t]!]! += 1 / len;
    const next = new Float64Array(deg + 1);
    for (let a = 0; a <= deg; a++) {
      if (poly[a] === 0) continue;
      for (let b = 0; b <= rows && a + b <= deg; b++) next[a + b]! += poly[a]! * local[b]!;
    }
    poly = next;
  }
  return poly;
}

/** The probability of two line events together (independent reels: product of per-reel joint probabilities). */
function jointProbability({ nReels, lengths }: StellarReels, A: LineEvent, B: LineEvent): number {
  let prob = 1;
  for (let r = 0; r < nReels && prob > 0; r++) {
    const ca = A.conds[r];
    const cb = B.conds[r];
    if (!ca && !cb) continue;
    const len = lengths[r]!;
    let n = 0;
    if (ca && cb) for (let t = 0; t < len; t++) n += ca[t]! & cb[t]!;
    else {
      const c = (ca ?? cb)!;
      for (let t = 0; t < len; t++) n += c[t]!;
    }
    prob *= n / len;
  }
  return prob;
}

/** Exact moments of one spin, see the module comment. */
function stellarMoments(k: StellarReels): { base: SpinMoments; free: SpinMoments } {
  const { nReels, nLines, maxScatters, scatterPay, awardBase, awardFree, mult } = k;
  const events = lineEvents(k, reelIndicators(k));
  const deg = maxScatters;
  const pC = scatterCountsWhere(k, new Array<Uint8Array | null>(nReels).fill(null));
  const scat = Float64Array.from(scatterPay, (v) => v * nLines); // scatter pays in line bets

  // E[L], E[L·S], E[L·K] from single events.
  let eL = 0;
  let eLS = 0;
  let eLKb = 0;
  let eLKf = 0;
  for (const ev of events) {
    const poly = scatterCountsWhere(k, ev.conds);
    for (let c = 0; c <= deg; c++) {
      const q = poly[c]! * ev.pay;
      eL += q;
      eLS += q * scat[c]!;
      eLKb += q * awardBase[c]!;
      eLKf += q * awardFree[c]!;
    }
  }
  // E[L²] from pairs of events.
  let eL2 = 0;
  for (let a = 0; a < events.length; a++) {
    const A = events[a]!;
    for (let b = a; b < events.length; b++) {
      const B = events[b]!;
      eL2 += (a === b ? 1 : 2) * A.pay * B.pay * jointProbability(k, A, B);
    }
  }
  const sc = scatterMoments(pC, scat, awardBase, awardFree, deg);
  const ex = eL + sc.eS;
  const ex2 = eL2 + 2 * eLS + sc.eS2;
  return {
    base: { ex, ex2, ek: sc.eKb, exk: eLKb + sc.eSKb, ek2: sc.eKb2 },
    free: { ex: mult * ex, ex2: mult * mult * ex2, ek: sc.eKf, exk: mult * (eLKf + sc.eSKf), ek2: sc.eKf2 },
  };
}

/** The scatters' moments from the scatter count's distribution: their pay S and the awards K (paid and free spins). */
function scatterMoments(
  pC: Float64Array,
  scat: Float64Array,
  awardBase: Int32Array,
  awardFree: Int32Array,
  deg: number,
) {
  let eS = 0;
  let eS2 = 0;
  let eKb = 0;
  let eKb2 = 0;
  let eSKb = 0;
  let eKf = 0;
  let eKf2 = 0;
  let eSKf = 0;
  for (let c = 0; c <= deg; c++) {
    const p = pC[c]!;
    const s = scat[c]!;
    eS += p * s;
    eS2 += p * s * s;
    eKb += p * awardBase[c]!;
    eKb2 += p * awardBase[c]! ** 2;
    eSKb += p * s * awardBase[c]!;
    eKf += p * awardFree[c]!;
    eKf2 += p * awardFree[c]! ** 2;
    eSKf += p * s * awardFree[c]!;
  }
  return { eS, eS2, eKb, eKb2, eSKb, eKf, eKf2, eSKf };
}

/** The rules page's paytable in English: the line pays, then the scatter's. */
function stellarPaytable(config: StellarConfig, { nReels, maxScatters }: StellarReels): PaytableRow[] {
  const paytable: PaytableRow[] = countPaytable(config.symbols, nReels, (p) => `${p} × line bet`);
  for (let c = maxScatters; c >= 1; c--) {
    const p = config.scatter.pays[c] ?? 0;
    const f = config.scatter.freeSpins[c] ?? 0;
    if (p > 0 || f > 0) {
      const parts = [p > 0 ? `${p} × stake` : '', f > 0 ? `${f} free spins` : ''].filter(Boolean);
      paytable.push({ label: `${c} × ${config.scatter.name} anywhere`, pays: parts.join(' + ') });
    }
  }
  return paytable;
}

/** The rules: the English summary and paytable, and their lines in every locale. */
function stellarRules(config: StellarConfig, k: StellarReels): StellarGame['rules'] {
  const { nReels, rows, nLines, mult } = k;
  return {
    summary: [
      `${config.title} has ${nReels} reels, ${rows} rows and ${nLines} fixed paylines; the line bet is the stake / ${nLines}. A line pays 3, 4 or 5 of a kind on adjacent reels from the leftmost reel, at the paytable pay × the line bet; only the highest win per line pays.`,
      `The ${config.wild.name} is wild: it lands on reels 2–4, expands over its whole reel and substitutes for every symbol except the ${config.scatter.name}.`,
      `${config.scatter.name}s pay anywhere: 3, 4 or 5 of them pay 2, 10 or 50 × the stake and start 10, 15 or 20 free spins.`,
      `In free spins every win is multiplied by ${mult}, and ${config.scatter.name}s award more free spins; all free spins are played within the paid round.`,
    ],
    paytable: stellarPaytable(config, k),
    lines: {
      summary: [
        { key: 'stellarSevens.lines', values: { game: { text: config.title }, reels: nReels, rows, lines: nLines } },
        {
          key: 'stellarSevens.wild',
          values: { wild: { symbol: config.wild.name }, scatter: { symbol: config.scatter.name } },
        },
        { key: 'stellarSevens.scatter', values: { scatter: { symbol: config.scatter.name } } },
        { key: 'stellarSevens.freeSpins', values: { mult, scatter: { symbol: config.scatter.name } } },
      ],
      paytable: [
        ...countPaytableLines(config.symbols, nReels, (p) => ({
          key: 'lineBets',
          values: { pay: { n: p, grouping: false } },
        })),
        ...scatterPaytableLines(config, k.maxScatters),
      ],
    },
  };
}

/** The scatter's rows of the localised paytable, most scatters first. */
function scatterPaytableLines(config: StellarConfig, maxScatters: number) {
  return Array.from({ length: maxScatters }, (_, i) => maxScatters - i).flatMap((c) => {
    const p = config.scatter.pays[c] ?? 0;
    const f = config.scatter.freeSpins[c] ?? 0;
    if (p <= 0 && f <= 0) return [];
    return [
      {
        label: {
          key: 'stellarSevens.anywhere',
          values: { count: c, scatter: { symbol: config.scatter.name } },
        },
        pays: (p > 0 && f > 0
          ? { key: 'stellarSevens.stakeAndSpins', values: { pay: p, spins: f } }
          : p > 0
            ? { key: 'stakeTimes', values: { pay: p } }
            : { key: 'stellarSevens.spins', values: { spins: f } }) as RuleText,
      },
    ];
  });
}

export function makeStellar(config: StellarConfig, declaredRtp: number): StellarGame {
  const k = stellarReels(config);
  const { nLines } = k;
  const spin = (draws: Draws, lineBet: number, free: boolean): StellarSpin => stellarSpin(k, draws, lineBet, free);

  /** Exact moments of one spin, see the module comment. */
  const spinMoments = lazy((): { base: SpinMoments; free: SpinMoments } => stellarMoments(k));

  /** The round's return per unit stake (its win is in line bets). */
  const round = lazy(() => {
    const { base, free } = spinMoments();
    return perStake(branchingMoments(base, free), nLines);
  });

  const rules = stellarRules(config, k);

  return {
    ...stakeGameBasics(config, declaredRtp, nLines, round),
    play(draws: Draws, bet: StellarBet) {
      const lineBet = bet.stake / nLines;
      const base = spin(draws, lineBet, false);
      const freeSpins: StellarSpin[] = [];
      let win = base.win;
      let pending = base.freeSpinsAwarded;
      while (pending > 0) {
        pending--;
        const s = spin(draws, lineBet, true);
        freeSpins.push(s);
        win += s.win;
        pending += s.freeSpinsAwarded;
      }
      return { outcome: { stake: bet.stake, lineBet, base, freeSpins, win }, win };
    },
    spinMoments,
    spin,
    rules,
  };
}

/** The 20 paylines: the row (0 top, 1 middle, 2 bottom) on each reel. */
export const STELLAR_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 0, 0],
  [2, 2, 1, 2, 2],
  [1, 2, 2, 2, 1],
  [1, 0, 0, 0, 1],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

export const STELLAR_CONFIG: StellarConfig = {
  slug: 'stellar-sevens',
  title: 'Stellar Sevens',
  rows: 3,
  symbols: [
    { code: '7', name: 'Seven', pays: [0, 0, 0, 50, 250, 1000] },
    { code: 'R', name: 'Rocket', pays: [0, 0, 0, 25, 100, 400] },
    { code: 'U', name: 'UFO', pays: [0, 0, 0, 20, 80, 250] },
    { code: 'P', name: 'Planet', pays: [0, 0, 0, 15, 50, 200] },
    { code: 'A', name: 'Astronaut', pays: [0, 0, 0, 10, 40, 150] },
    { code: 'M', name: 'Moon', pays: [0, 0, 0, 5, 20, 100] },
    { code: 'C', name: 'Comet', pays: [0, 0, 0, 5, 15, 75] },
    { code: 'S', name: 'Satellite', pays: [0, 0, 0, 5, 15, 60] },
  ],
  wild: { code: 'W', name: 'Star' },
  scatter: {
    code: 'G',
    name: 'Galaxy',
    pays: [0, 0, 0, 2, 10, 50],
    freeSpins: [0, 0, 0, 10, 15, 20],
    retrigger: [0, 0, 0, 10, 15, 20],
  },
  freeSpinMultiplier: 2,
  lines: STELLAR_LINES,
  strips: [
    'SGRSP7CARUC7MACPSMSAMSCRMUPCUPMA',
    'SGSUAPC7MRCSMRA7UWCSMPSMCURACPAMP',
    'UGAMRMSMRSPCP7CU7WPSCSAURMASMPCAC',
    'MGPUASPCMCMPRSRPSW7MCUAMCSUCSA7AR',
    'AGMACM7SUMS7UMSCRSPCPACUCMPSRPAR',
  ],
};

export const stellarSevens: StellarGame = makeStellar(STELLAR_CONFIG, 0.9609119198539074);
