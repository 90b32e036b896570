/**
 * Is a game paying what its math sheet says? The observed RTP of n settled rounds against the
 * exact RTP's 99 % interval (docs/reports.md "Games and RTP"): exact ± 2.576 · σ / √n, σ the
 * standard deviation of one round's return per unit stake. Rounds of different stakes weigh by
 * their stake, so n is the effective count (Σ s)² / Σ s², which is the plain count when every
 * stake is the same and smaller when a few big stakes dominate.
 */

/** The two-sided 99 % point of the standard normal distribution. */
export const Z_99 = 2.576;

/**
 * Below this many effective rounds the normal approximation is not trusted (a single straight-up
 * roulette win would be "outside"): the interval is shown, the game is never flagged.
 */
export const MIN_ROUNDS_TO_FLAG = 1_000;

/** The settled rounds' sums, in minor units of one currency. */
export type SettledSums = {
  /** Σ opening stake (the stake for a game without doubles or splits). */
  stakes: number;
  /** Σ opening stake². */
  stakeSquares: number;
  /** Σ (win − extra stakes): what the rounds returned against their opening stakes. */
  returned: number;
};

export type RtpVerdict = {
  observed: number | null;
  effectiveRounds: number;
  stdDev: number | null;
  interval: { low: number; high: number } | null;
  flagged: boolean;
};

/** (Σ s)² / Σ s²; 0 without rounds. */
export function effectiveRounds(stakes: number, stakeSquares: number): number {
  return stakeSquares > 0 ? (stakes * stakes) / stakeSquares : 0;
}

/** The 99 % interval of the observed RTP of `n` effective rounds around the exact RTP. */
export function rtpInterval(exactRtp: number, variance: number, n: number): { low: number; high: number } {
  const half = (Z_99 * Math.sqrt(variance)) / Math.sqrt(n);
  return { low: exactRtp - half, high: exactRtp + half };
}

/**
 * The verdict on a game's settled rounds. Without a variance (a game with no math sheet) there is
 * no interval and no flag; `exactRtp` null likewise.
 */
export function checkRtp(sums: SettledSums, exactRtp: number | null, variance: number | null): RtpVerdict {
  const n = effectiveRounds(sums.stakes, sums.stakeSquares);
  const observed = sums.stakes > 0 ? sums.returned / sums.stakes : null;
  const stdDev = variance === null ? null : Math.sqrt(variance);
  if (observed === null || exactRtp === null || variance === null || n === 0)
    return { observed, effectiveRounds: n, stdDev, interval: null, flagged: false };
  const interval = rtpInterval(exactRtp, variance, n);
  const outside = observed < interval.low || observed > interval.high;
  return { observed, effectiveRounds: n, stdDev, interval, flagged: outside && n >= MIN_ROUNDS_TO_FLAG };
}
