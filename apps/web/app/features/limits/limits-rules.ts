/**
 * The responsible-gambling pages' rules without React: clocks and countdowns, usage of a
 * limit, the order limits are shown in, the EE session timer's stored start, and which form
 * field a server code belongs to. Whether a limit is reached is the contract's rule
 * (`isLimitReached`, `playBlockedBy`): never decided here.
 */
import type { LimitType, UserLimit } from '@orbit/contracts';

/** The order of the limits page's sections (money first, then time, then the exclusions). */
export const LIMIT_TYPE_ORDER: readonly LimitType[] = [
  'deposit',
  'loss',
  'wager',
  'session',
  'cooling_off',
  'self_exclusion',
];

/** Seconds as `hh:mm:ss` (hours keep counting past 24: a clock of time played, not of the day). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * What is left until `until` (ISO), as `hh:mm:ss`, rounded up to the second so that 00:00:00
 * means "now"; null when the moment has passed or is not a date.
 */
export function countdown(until: string, now: number): string | null {
  const end = Date.parse(until);
  if (Number.isNaN(end) || end <= now) return null;
  return formatClock(Math.ceil((end - now) / 1000));
}

/** One line of a limit's usage: money per account, or minutes for a session limit. */
export type LimitUsage = {
  /** The account's currency; null for minutes. */
  currency: string | null;
  /** The limit (cents or minutes). */
  amount: number;
  /** Used this period (the magnitude: a loss limit counts a net loss). */
  used: number;
  /** 0–1, for the progress bar. */
  ratio: number;
  /** The raise waiting for its confirmation, when one is. */
  pending: number | null;
  /** When the period counting this usage ends. */
  periodEnd: string | null;
};

/** The usage lines of a limit (none for cooling-off and self-exclusion). */
export function usageOf(limit: UserLimit): LimitUsage[] {
  if (limit.type === 'cooling_off' || limit.type === 'self_exclusion') return [];
  if (limit.type === 'session') {
    const amount = limit.minutes ?? 0;
    const used = Math.abs(limit.current_value_minutes ?? 0);
    return [{ currency: null, amount, used, ratio: ratio(used, amount), pending: null, periodEnd: limit.active_until }];
  }
  return limit.accounts.map((account) => {
    const used = Math.abs(account.current_value_amount_cents);
    return {
      currency: account.currency,
      amount: account.amount_cents,
      used,
      ratio: ratio(used, account.amount_cents),
      pending: account.pending_amount_cents,
      periodEnd: account.active_until,
    };
  });
}

function ratio(used: number, amount: number): number {
  if (amount <= 0) return 1;
  return Math.min(1, Math.max(0, used / amount));
}

/** The player's limits of one type, shortest period first (day, week, month). */
export function limitsOfType(limits: readonly UserLimit[], type: LimitType): UserLimit[] {
  const order = ['day', 'week', 'month'];
  return limits.filter((l) => l.type === type).sort((a, b) => order.indexOf(a.period) - order.indexOf(b.period));
}

/** Cooling-off and self-exclusion cannot be removed or shortened (the server answers `limit_locked`). */
export function isRemovable(limit: UserLimit): boolean {
  return limit.type !== 'cooling_off' && limit.type !== 'self_exclusion' && limit.pending_change?.action !== 'remove';
}

/** Minutes of a session limit from the form's hours and minutes; null when not a positive whole number. */
export function sessionMinutes(hours: string, minutes: string): number | null {
  const h = hours.trim() === '' ? 0 : Number(hours);
  const m = minutes.trim() === '' ? 0 : Number(minutes);
  if (!Number.isInteger(h) || !Number.isInteger(m) || h < 0 || m < 0) return null;
  const total = h * 60 + m;
  return total > 0 ? total : null;
}

/**
 * The start of the EE session timer (docs/rules/page-shell.md "Player protection": kept in
 * sessionStorage across reloads, reset on logout). A missing or unreadable value starts the
 * clock now and stores it.
 */
export function timerStart(storage: Pick<Storage, 'getItem' | 'setItem'> | null, key: string, now: number): number {
  try {
    const stored = Number(storage?.getItem(key));
    if (Number.isFinite(stored) && stored > 0 && stored <= now) return stored;
    storage?.setItem(key, String(now));
  } catch {
    // storage blocked: the clock runs from this page's load
  }
  return now;
}

/**
 * The translation key of a refusal of the limits API (`{errors:{field:[code]}}`): the
 * field's own message when there is one, else the code's.
 */
export function limitErrorKeys(field: string, code: string): string[] {
  return [`limits.errors.${field}.${code}`, `limits.errors.${code}`, `errors.${code}`];
}

/** When the next reality check is due, `minutes` of play after `from` (ms); null when they are off. */
export function nextRealityCheck(from: number, minutes: number): number | null {
  return Number.isInteger(minutes) && minutes > 0 ? from + minutes * 60_000 : null;
}
