/**
 * What the house games share: reading a client's bet (every refusal is `RangeError('invalid_bet')`),
 * the stake limit, and turning exact moments of the reference bet's return into `theoreticalRtp`
 * and `returnVariance`.
 */
import type { GameMath, PaytableRow, RuleText } from './types';

/** The most a round may stake, in minor units (100,000.00). */
export const MAX_STAKE = 10_000_000;

export function invalidBet(): never {
  throw new RangeError('invalid_bet');
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of a bet sent as a plain object; anything else (null, an array, a number) is refused. */
export function betFields(input: unknown): Record<string, unknown> {
  return isRecord(input) ? input : invalidBet();
}

/** A safe integer in [min, max], else refused. */
export function intIn(value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) invalidBet();
  return value;
}

/** A bet that is only a stake (the slots). */
export type StakeBet = { stake: number };

/**
 * The bet members of a game whose bet is only its stake, a positive multiple of `unit` up to
 * `MAX_STAKE`; the reference bet stakes 100 units.
 */
export function stakeBet(unit: number): Pick<GameMath<StakeBet, unknown>, 'parseBet' | 'stake' | 'referenceBet'> {
  return {
    parseBet(input: unknown): StakeBet {
      const stake = intIn(betFields(input).stake, 1, MAX_STAKE);
      if (stake % unit !== 0) invalidBet();
      return { stake };
    },
    stake: (bet) => bet.stake,
    referenceBet: { stake: 100 * unit },
  };
}

/** Mean and variance of the return per unit stake. */
export type ReturnMoments = { mean: number; variance: number };

/**
 * The return per unit stake from the mean and second moment of the win counted in units of
 * stake / `units` (coins, line bets).
 */
export function perStake(win: { mean: number; second: number }, units: number): ReturnMoments {
  const mean = win.mean / units;
  return { mean, variance: win.second / (units * units) - mean * mean };
}

/** A bet that returns `r` per unit stake with probability `p`, else nothing. */
export function bernoulliReturn(p: number, r: number): ReturnMoments {
  return { mean: p * r, variance: p * (1 - p) * r * r };
}

/** `theoreticalRtp` and `returnVariance` from the exact moments of the reference bet's return. */
export function exactReturn(
  moments: () => ReturnMoments,
): Pick<GameMath<unknown, unknown>, 'theoreticalRtp' | 'returnVariance'> {
  return { theoreticalRtp: () => moments().mean, returnVariance: () => moments().variance };
}

/**
 * What a `{ stake }` game built from a config shares: its catalogue names, declared RTP, config,
 * exact return (from `moments`, the reference bet's) and bet in multiples of `unit`.
 */
export function stakeGameBasics<C extends { slug: string; title: string }>(
  config: C,
  declaredRtp: number,
  unit: number,
  moments: () => ReturnMoments,
) {
  return {
    slug: config.slug,
    title: config.title,
    rtp: declaredRtp,
    config,
    ...exactReturn(moments),
    ...stakeBet(unit),
  };
}

/** `compute` run once, on first use (exact moments take a while to enumerate). */
export function lazy<T>(compute: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: compute() }).v;
}

// ---- reel slots ----

/** Symbol codes → indices in the order given; codes must be distinct. */
export function symbolCodes(codes: readonly string[]): Map<string, number> {
  const codeOf = new Map(codes.map((code, i) => [code, i]));
  if (codeOf.size !== codes.length) throw new Error('symbol codes must be distinct');
  return codeOf;
}

/** A reel strip as symbol indices, one per character (`reel` is 0-based, for the error). */
export function decodeStrip(strip: string, codeOf: ReadonlyMap<string, number>, reel: number): number[] {
  return [...strip].map((ch) => {
    const code = codeOf.get(ch);
    if (code === undefined) throw new Error(`unknown symbol ${ch} on reel ${reel + 1}`);
    return code;
  });
}

/** What a reel shows when it stops at `t`: that symbol and the next ones, `rows` in all, top row first (the strip wraps). */
export function windowAt<T>(strip: readonly T[], t: number, rows: number): T[] {
  return Array.from({ length: rows }, (_, j) => strip[(t + j) % strip.length]!);
}

/** Pays by symbol and count as one array: `pay[s * (maxCount + 1) + n]`, 0 where none is given. */
export function countPays(symbols: readonly { pays: readonly number[] }[], maxCount: number): Int32Array {
  const stride = maxCount + 1;
  const pay = new Int32Array(symbols.length * stride);
  symbols.forEach((s, i) => {
    for (let n = 0; n <= maxCount; n++) pay[i * stride + n] = s.pays[n] ?? 0;
  });
  return pay;
}

/** `countPaytable` as rules lines of the catalogues (`countSymbol`: "5 × Seven"). */
export function countPaytableLines(
  symbols: readonly { name: string; pays: readonly number[] }[],
  maxCount: number,
  pays: (p: number) => RuleText,
): { label: RuleText; pays: RuleText }[] {
  const rows: { label: RuleText; pays: RuleText }[] = [];
  for (const s of symbols) {
    for (let n = maxCount; n >= 1; n--) {
      const p = s.pays[n] ?? 0;
      if (p > 0)
        rows.push({ label: { key: 'countSymbol', values: { count: n, symbol: { symbol: s.name } } }, pays: pays(p) });
    }
  }
  return rows;
}

/**
 * A cluster or tumble game's paytable as rules lines: "12–14 × Comet" per count band with a pay,
 * best band first, each paid in coins of stake / `divisor`.
 */
export function bandPaytableLines(
  symbols: readonly { name: string; pays: readonly number[] }[],
  bands: number,
  bandLabel: (band: number) => string,
  divisor: number,
): { label: RuleText; pays: RuleText }[] {
  return symbols.flatMap((s) =>
    Array.from({ length: bands }, (_, i) => bands - 1 - i)
      .filter((b) => (s.pays[b] ?? 0) > 0)
      .map((b) => ({
        label: { key: 'countSymbol', values: { count: { text: bandLabel(b) }, symbol: { symbol: s.name } } },
        pays: { key: 'coins', values: { pay: { n: s.pays[b]!, grouping: false }, divisor } },
      })),
  );
}

/**
 * A ways game's paytable as rules lines: "5 × Moon" for each symbol and reel count with a pay
 * (`pay(symbol index, count)`), longest first, paid per way in coins of stake / `divisor`.
 */
export function waysPaytableLines(
  symbols: readonly { name: string }[],
  reels: number,
  pay: (symbol: number, count: number) => number,
  divisor: number,
): { label: RuleText; pays: RuleText }[] {
  return symbols.flatMap((s, i) =>
    Array.from({ length: reels }, (_, j) => reels - j)
      .filter((k) => pay(i, k) > 0)
      .map((k) => ({
        label: { key: 'countSymbol', values: { count: k, symbol: { symbol: s.name } } },
        pays: { key: 'perWay', values: { pay: { n: pay(i, k), grouping: false }, divisor } },
      })),
  );
}

/** Rules-page rows "n × Symbol" of every non-zero pay, best first, `pays` wording each pay. */
export function countPaytable(
  symbols: readonly { name: string; pays: readonly number[] }[],
  maxCount: number,
  pays: (p: number) => string,
): PaytableRow[] {
  const rows: PaytableRow[] = [];
  for (const s of symbols) {
    for (let n = maxCount; n >= 1; n--) {
      const p = s.pays[n] ?? 0;
      if (p > 0) rows.push({ label: `${n} × ${s.name}`, pays: pays(p) });
    }
  }
  return rows;
}
