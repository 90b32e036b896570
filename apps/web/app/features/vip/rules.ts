/**
 * The VIP club's and the adventure calendar's rules without React (docs/rules/vip-club.md): the
 * level cards' states, the progress (and its fallback when the progress cannot be loaded), the
 * adventure days' buttons and timers. Unit-tested in apps/web/test/unit/vip-loyalty-rules.test.ts.
 */
import type { AdventureDay, VipProgress, VipStatusKey } from '@orbit/contracts';
import { VIP_ORDER } from '../../lib/shell-loyalty';

/** A status card of the compare carousel against the player's status. */
export type VipCardState = 'current' | 'before' | 'future' | 'lock';

/** Achieved before the player's status, theirs current, the next one future, the rest locked. */
export function vipCardState(status: VipStatusKey, active: VipStatusKey): VipCardState {
  const at = VIP_ORDER.findIndex((s) => s.key === status);
  const mine = VIP_ORDER.findIndex((s) => s.key === active);
  if (at === mine) return 'current';
  if (at < mine) return 'before';
  return at === mine + 1 ? 'future' : 'lock';
}

/** The status after one (null after diamond). */
export function nextVipStatus(status: VipStatusKey): VipStatusKey | null {
  const at = VIP_ORDER.findIndex((s) => s.key === status);
  return VIP_ORDER[at + 1]?.key ?? null;
}

/** Diamond is for life and has no progress bar. */
export function hasProgressBar(status: VipStatusKey): boolean {
  return status !== 'diamond';
}

/**
 * The quarter's thresholds by currency (deposits, bets; minor units) that the fallback shows
 * (platform-core section 9): USD and EUR 600,000 / 6,000,000; AUD, CAD and NZD 900,000 /
 * 9,000,000; BRL 3,000,000 / 30,000,000; any other currency the default 900,000 / 9,000,000.
 */
const THRESHOLDS: Readonly<Record<string, { deposit: number; bets: number }>> = {
  USD: { deposit: 600_000, bets: 6_000_000 },
  EUR: { deposit: 600_000, bets: 6_000_000 },
  AUD: { deposit: 900_000, bets: 9_000_000 },
  CAD: { deposit: 900_000, bets: 9_000_000 },
  NZD: { deposit: 900_000, bets: 9_000_000 },
  BRL: { deposit: 3_000_000, bets: 30_000_000 },
};
export const DEFAULT_THRESHOLDS = { deposit: 900_000, bets: 9_000_000 } as const;

export function thresholdsOf(currency: string): { deposit: number; bets: number } {
  return THRESHOLDS[currency] ?? DEFAULT_THRESHOLDS;
}

/**
 * What the page shows when `/jam/vip_status_progress` fails (spec section 8): regular, the next
 * status bronze, no progress, and the default thresholds of the player's currency.
 */
export function vipFallback(currency: string): VipProgress {
  const limits = thresholdsOf(currency);
  return {
    userId: null,
    currency,
    currentStatus: 'regular',
    activeStatus: 1117,
    nextStatus: 'bronze',
    depositAmountCents: 0,
    depositThresholdCents: limits.deposit,
    betSumCents: 0,
    betSumThresholdCents: limits.bets,
    overallProgress: 0,
    validUntil: null,
  };
}

// ---- adventure calendar ---------------------------------------------------------------------------

export type AdventureButton = 'details' | 'deposit' | 'gifts' | 'terms' | 'support';

/**
 * A day's buttons and timer (spec section 4 "Adventure day status"): today not yet completed has
 * Details and Deposit and counts down to its end; a completed day whose gift can still be
 * activated goes to the gifts and counts down to the activation's end; a completed day without a
 * gift to activate has the support button; a day to come (and the super prize) shows its terms;
 * a lost day has nothing.
 */
export function dayActions(
  day: Pick<AdventureDay, 'status' | 'isCompleted' | 'gift' | 'expires_at'>,
  now: number,
): { buttons: AdventureButton[]; timer: string | null } {
  const giftOpen =
    day.gift !== null && (day.gift.activatable_until === null || Date.parse(day.gift.activatable_until) > now);
  if (day.status === 'active' && !day.isCompleted) return { buttons: ['details', 'deposit'], timer: day.expires_at };
  if (day.isCompleted || day.status === 'completed') {
    if (giftOpen) return { buttons: ['gifts'], timer: day.gift?.activatable_until ?? day.expires_at };
    return { buttons: ['support'], timer: null };
  }
  if (day.status === 'future' || day.status === 'superb') return { buttons: ['terms'], timer: null };
  return { buttons: [], timer: null };
}

/**
 * The adventure is over once no day is left to play: every day (the super prize aside) completed or
 * past (days as YYYY-MM-DD; `today` the same). A run still going, or one still ahead, is not over.
 * The server says so too (`finished`); either ends it, so a page left open past the last day shows it.
 */
export function adventureFinished(
  days: ReadonlyArray<Pick<AdventureDay, 'day' | 'isCompleted' | 'isSuperPrize'>>,
  today: string,
): boolean {
  return days.every((d) => d.isSuperPrize || d.isCompleted || d.day < today);
}

/** An adventure prize's title as the server writes it (`name__step/total__DD/MM/YYYY`), in its parts. */
export function prizeTitleParts(title: string): { name: string; step: string | null; day: string | null } {
  const [name = title, step = null, day = null] = title.split('__');
  return { name, step, day };
}
