/**
 * The stake cap (the running bonus's max bet) on the game page, as pure rules the shell applies to
 * every game alike — Rocket Crash's live bets included: a launch's `max_bet_cents` sets it, and a
 * bet refused with `bonus_max_bet` carries the cap in force now (a bonus started or ended since the
 * launch), which the stake list takes on at once.
 */

/** The cap a refusal tells: a number, null (no cap any more), or undefined (this refusal tells none). */
export function refusedCap(code: string, body: Record<string, unknown>): number | null | undefined {
  if (code !== 'bonus_max_bet' || !('max_bet_cents' in body)) return undefined;
  const cap = body.max_bet_cents;
  return typeof cap === 'number' && Number.isSafeInteger(cap) && cap >= 0 ? cap : null;
}

/**
 * The stakes under a cap: which are over it (disabled, said why), and the stake to select — the one
 * chosen, or the highest one allowed when the chosen one is over it (null when none is allowed).
 */
export function capStakes(
  stakes: readonly number[],
  chosen: number,
  cap: number | null,
): { over: boolean[]; selected: number | null } {
  const over = stakes.map((cents) => cap !== null && cents > cap);
  if (cap === null || chosen <= cap) return { over, selected: chosen };
  const allowed = stakes.filter((_, i) => !over[i]);
  return { over, selected: allowed.length ? Math.max(...allowed) : null };
}
