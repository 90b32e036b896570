/**
 * What the back office needs of a player's sign-in sessions and of the players around them,
 * without reading identity's tables: the sessions (newest first), ending one or all of them, and
 * the other players who signed in from the same addresses or registered from the same device.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { sessionState } from './rules';
import { sessions, users } from './schema';

export type PlayerSessionRow = {
  id: string;
  ip: string | null;
  country: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
  active: boolean;
};

/** The player's sessions, newest first; `active`: it still signs the player in at `at`. */
export async function playerSessionsPage(
  db: Executor,
  userId: number,
  page: number,
  perPage: number,
  at: Date,
): Promise<{ data: PlayerSessionRow[]; total: number }> {
  const where = eq(sessions.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sessions)
      .where(where)
      .orderBy(desc(sessions.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(sessions).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    data: rows.map((s) => ({
      id: s.id,
      ip: s.ip,
      country: s.country,
      user_agent: s.userAgent,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      ended_at: s.endedAt?.toISOString() ?? null,
      active: sessionState(s, at) === 'active',
    })),
  };
}

/**
 * Ends the player's sessions (one, or all when `sessionId` is null) that are not ended yet; their
 * cookies and the game sessions they launched stop at once. Answers how many were ended.
 */
export async function endPlayerSessions(
  tx: Executor,
  userId: number,
  sessionId: string | null,
  at: Date,
): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ endedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        ...(sessionId === null ? [] : [eq(sessions.id, sessionId)]),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

export type SharedPlayer = { player_id: number; email: string; via: 'ip' | 'device' };

/** Other players who signed in from one of the player's addresses, or registered from their device (at most 20). */
export async function playersSharingWith(db: Executor, userId: number): Promise<SharedPlayer[]> {
  const addresses = db
    .selectDistinct({ ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.ip)));
  const byIp = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(ne(sessions.userId, userId), inArray(sessions.ip, addresses)))
    .orderBy(users.id)
    .limit(20);
  const [own] = await db.select({ dfpc: users.signUpDfpc }).from(users).where(eq(users.id, userId));
  const byDevice = own?.dfpc
    ? await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(ne(users.id, userId), eq(users.signUpDfpc, own.dfpc)))
        .orderBy(users.id)
        .limit(20)
    : [];
  return [
    ...byIp.map((p) => ({ player_id: p.id, email: p.email, via: 'ip' as const })),
    ...byDevice.map((p) => ({ player_id: p.id, email: p.email, via: 'device' as const })),
  ];
}

/** When the player registered, or undefined for no such player. */
export async function playerSince(
  db: Executor,
  userId: number,
): Promise<{ email: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
