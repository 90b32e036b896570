/**
 * The sessions' retention (docs/identity.md): a sign-in session is deleted `retentionDays` after
 * it ended. One never ended by a call (idled out, or past its 30 days, with no request since)
 * ended by its last activity at the latest, so that time counts for it.
 */
import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { deleteInBatches } from '../../platform/db/sweep';
import { sessions } from './schema';

const DAY_MS = 24 * 3600_000;

export function sweepOldSessions(db: Executor, now: Date, retentionDays: number): Promise<number> {
  const cut = new Date(now.getTime() - retentionDays * DAY_MS);
  return deleteInBatches(
    db,
    sessions,
    sessions.id,
    lt(sql`coalesce(${sessions.endedAt}, ${sessions.lastSeenAt})`, cut),
  );
}
