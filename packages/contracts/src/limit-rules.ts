/*
 * The limit types and the limit-reached rule, without zod: the header's warning and the game
 * page's guard import these, and every signed-in page loads them (limits.ts has the schemas).
 */
import type { Licence } from './info';
import type { UserLimit } from './limits';

/**
 * Whether demo play stays open on a device where a player started a cooling-off or self-exclusion
 * (docs/limits.md): the Estonian licence closes it, the Curaçao ones (CW, GCB) and the Australian
 * variant keep it.
 */
export const DEMO_FOR_EXCLUDED_BY_LICENCE: Readonly<Record<Licence, boolean>> = {
  CW: true,
  EE: false,
  GCB: true,
  AU: true,
};

/** Limits on amounts of money, one amount per currency account. */
export const AMOUNT_LIMIT_TYPES = ['deposit', 'loss', 'wager'] as const;
export type AmountLimitType = (typeof AMOUNT_LIMIT_TYPES)[number];
/** Limits that shut the player out for a time: they always count as reached. */
export const EXCLUSION_LIMIT_TYPES = ['cooling_off', 'self_exclusion'] as const;
export type ExclusionLimitType = (typeof EXCLUSION_LIMIT_TYPES)[number];
export const LIMIT_TYPES = [...AMOUNT_LIMIT_TYPES, 'session', ...EXCLUSION_LIMIT_TYPES] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

/**
 * Reached (docs/limits.md): amount − |current| ≤ 0 on any account (minutes for a session limit);
 * cooling-off and self-exclusion always count as reached.
 */
export function isLimitReached(
  limit: Pick<UserLimit, 'type' | 'accounts' | 'minutes' | 'current_value_minutes'>,
): boolean {
  if ((EXCLUSION_LIMIT_TYPES as readonly string[]).includes(limit.type)) return true;
  if (limit.type === 'session')
    return limit.minutes !== null && limit.minutes - Math.abs(limit.current_value_minutes ?? 0) <= 0;
  return limit.accounts.some((a) => a.amount_cents - Math.abs(a.current_value_amount_cents) <= 0);
}

/** Reached limits that stop play (a reached deposit limit only stops deposits; it is tracked separately). */
export function playBlockedBy(limits: readonly UserLimit[]): UserLimit | undefined {
  return limits.find((l) => l.type !== 'deposit' && isLimitReached(l));
}
