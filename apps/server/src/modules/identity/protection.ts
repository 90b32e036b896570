/**
 * What player protection (module `limits`) needs of identity, without reading its tables: a
 * check every sign-in passes, ending every session of a player, stopping promotional mail, the
 * player's mail address and time zone, and the time signed in over a period.
 */
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { Checks, type Check } from '../../platform/checks';
import type { Executor } from '../../platform/db/executor';
import { sessionSpanEnd } from './rules';
import { sessions, users } from './schema';

/** Why a correct sign-in is refused (answered as 422 `email: [code]`). */
export type SignInRefusal = 'player_excluded';
export type SignInCheck = Check<{ userId: number; at: Date }, SignInRefusal>;

/** The checks a sign-in with the right password (and code) passes before a session starts. */
export class SignInChecks extends Checks<{ userId: number; at: Date }, SignInRefusal> {
  constructor() {
    super('sign-in');
  }
}

/** Ends every session of the player (their cookies stop signing in at once). */
export async function endAllSessions(executor: Executor, userId: number, at: Date): Promise<void> {
  await executor.update(sessions).set({ endedAt: at }).where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/** Turns the player's promotional mail and SMS off. */
export async function stopPromotions(executor: Executor, userId: number): Promise<void> {
  await executor.update(users).set({ receivePromos: false, receiveSmsPromos: false }).where(eq(users.id, userId));
}

export type PlayerContact = { email: string; timeZone: string | null; currency: string };

export async function playerContact(executor: Executor, userId: number): Promise<PlayerContact | undefined> {
  const [row] = await executor.select({ email: users.email, timeZone: users.timeZone, currency: users.currency }).from(users).where(eq(users.id, userId));
  return row;
}

/** Seconds the player was signed in between `from` and `to` (overlapping sessions counted once). */
export async function signedInSeconds(executor: Executor, userId: number, from: Date, to: Date, now: Date): Promise<number> {
  const rows = await executor
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, endedAt: sessions.endedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), lt(sessions.createdAt, to), or(isNull(sessions.endedAt), gt(sessions.endedAt, from))));
  const spans = rows
    .map((s) => [Math.max(s.createdAt.getTime(), from.getTime()), Math.min(sessionSpanEnd(s, now).getTime(), to.getTime())] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [a, b] of spans) {
    const start = Math.max(a, reach);
    if (b > start) total += b - start;
    reach = Math.max(reach, b);
  }
  return Math.floor(total / 1000);
}
