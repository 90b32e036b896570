/** The identity rules as pure functions of the time (docs/identity.md). */

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most this often: one write a minute, not one per request. */
export const SESSION_TOUCH_MS = 60_000;

export const CONFIRMATION_TTL_MS = 24 * 3600_000;
export const PASSWORD_RESET_TTL_MS = 3600_000;
/** The withdrawal link an excluded player gets (cooling-off, self-exclusion): usable for 24 hours. */
export const WITHDRAWAL_LINK_TTL_MS = 24 * 3600_000;
/** One confirmation or reset mail per player and kind per minute: the calls cannot be used to flood a mailbox. */
export const MAIL_RESEND_INTERVAL_MS = 60_000;

/** A correct password with two-factor on waits this long for its code, then must be typed again. */
export const TWO_FACTOR_SIGN_IN_TTL_MS = 5 * 60_000;

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** The windows of the per-address limits: registrations per hour, reset and confirmation mails per 15 minutes. */
export const REGISTRATION_WINDOW_MS = 3600_000;
export const MAIL_REQUEST_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_MAX_FAILURES_PER_ACCOUNT = 5;
export const SIGN_IN_MAX_FAILURES_PER_IP = 20;

export type SessionTimes = { createdAt: Date; lastSeenAt: Date; endedAt: Date | null };

/** Whether a session still signs its player in at `now`. */
export function sessionState(s: SessionTimes, now: Date): 'active' | 'ended' | 'idle' | 'expired' {
  if (s.endedAt) return 'ended';
  if (now.getTime() - s.createdAt.getTime() >= SESSION_ABSOLUTE_MS) return 'expired';
  if (now.getTime() - s.lastSeenAt.getTime() >= SESSION_IDLE_MS) return 'idle';
  return 'active';
}

export function needsTouch(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_MS;
}

/**
 * Seconds until sign-in is allowed again, or 0. `failures` are the failure times inside the window
 * (any order); blocked while `max` or more of them are, until the oldest that keeps it at `max` leaves.
 */
export function lockedForSeconds(
  failures: ReadonlyArray<Date>,
  max: number,
  now: Date,
  windowMs = SIGN_IN_WINDOW_MS,
): number {
  const inWindow = failures
    .map((d) => d.getTime())
    .filter((t) => now.getTime() - t < windowMs)
    .sort((a, b) => b - a);
  if (inWindow.length < max) return 0;
  // The max-th newest failure must leave the window for the count to drop below max.
  const releasing = inWindow[max - 1]!;
  return Math.max(1, Math.ceil((releasing + windowMs - now.getTime()) / 1000));
}

export function isUsable(token: { expiresAt: Date; usedAt: Date | null }, now: Date): boolean {
  return token.usedAt === null && token.expiresAt.getTime() > now.getTime();
}

/** When a session stopped signing its player in, as far as `now` knows: its end, its last sign of life once idle or too old, or now. */
export function sessionSpanEnd(s: SessionTimes, now: Date): Date {
  if (s.endedAt) return s.endedAt;
  const state = sessionState(s, now);
  if (state === 'active') return now;
  const absoluteEnd = new Date(s.createdAt.getTime() + SESSION_ABSOLUTE_MS);
  return s.lastSeenAt < absoluteEnd ? s.lastSeenAt : absoluteEnd;
}
