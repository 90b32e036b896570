/**
 * What one address may do without an account behind it (docs/support.md "Visitors", "The
 * contact form"): open 10 visitor conversations an hour, send 5 contact messages an hour, hand in
 * 10 restore ids a minute.
 * Counted like identity's address limits (`lockedForSeconds`: 429 with Retry-After until the
 * oldest call of the window leaves it), under a lock of the address, so calls sent at once are
 * counted one after the other.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Tx } from '../../platform/db/executor';
import { subjectLock } from '../../platform/db/executor';
import { tooManyRequests } from '../../platform/errors';
import { lockedForSeconds } from '../identity';
import { supportAddressAttempts, type SupportAddressAction } from './schema';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const SUPPORT_ADDRESS_LIMITS: Record<SupportAddressAction, { max: number; windowMs: number }> = {
  visitor_conversation: { max: 10, windowMs: HOUR_MS },
  contact_message: { max: 5, windowMs: HOUR_MS },
  restore_id: { max: 10, windowMs: MINUTE_MS },
};

/**
 * 429 with Retry-After when `ip` made its limit of `action` inside the window; else the call is
 * counted (in the caller's transaction: a call that fails later is not counted).
 */
export async function countAddressCall(tx: Tx, action: SupportAddressAction, ip: string, now: Date): Promise<void> {
  const { max, windowMs } = SUPPORT_ADDRESS_LIMITS[action];
  const since = new Date(now.getTime() - windowMs);
  await tx.execute(subjectLock(`support.address.${action}`, ip));
  const recent = await tx
    .select({ at: supportAddressAttempts.attemptedAt })
    .from(supportAddressAttempts)
    .where(
      and(
        eq(supportAddressAttempts.ip, ip),
        eq(supportAddressAttempts.action, action),
        gt(supportAddressAttempts.attemptedAt, since),
      ),
    );
  const seconds = lockedForSeconds(
    recent.map((r) => r.at),
    max,
    now,
    windowMs,
  );
  if (seconds > 0) throw tooManyRequests(seconds);
  await tx.insert(supportAddressAttempts).values({ action, ip, attemptedAt: now });
  // Rows that left the window count for nothing any more.
  await tx
    .delete(supportAddressAttempts)
    .where(
      and(
        eq(supportAddressAttempts.ip, ip),
        eq(supportAddressAttempts.action, action),
        lt(supportAddressAttempts.attemptedAt, since),
      ),
    );
}
