/**
 * What player protection (module `limits`) needs of identity, without reading its tables: a
 * check every sign-in passes, ending every session of a player, stopping promotional mail, the
 * player's mail address and time zone, the time signed in over a period, and the withdrawal
 * link that lets a player who may not sign in still take their money out.
 */
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { Checks, type Check } from '../../platform/checks';
import type { Executor } from '../../platform/db/executor';
import { unprocessable } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { MailRecipient } from '../../platform/mail-layout';
import { hashToken, newToken } from '../../platform/tokens';
import { listAccounts } from '../wallet';
import { withdrawalMail, type LocalLink } from './mails';
import type { UserRow } from './player';
import { sessionSpanEnd, sessionState } from './rules';
import { emailTokens, sessions, userGroups, users } from './schema';
import { WITHDRAWAL_LINK_TTL_MS } from './rules';

/** Why a correct sign-in is refused (answered as 422 `email: [code]`). */
/** `player_blocked`: an operator blocked the player (docs/backoffice.md "Blocks"). */
export type SignInRefusal = 'player_excluded' | 'player_blocked';
export type SignInCheck = Check<{ userId: number; at: Date }, SignInRefusal>;

/** The checks a sign-in with the right password (and code) passes before a session starts. */
export class SignInChecks extends Checks<{ userId: number; at: Date }, SignInRefusal> {
  constructor() {
    super('sign-in');
  }
}

/** Session ids asked per statement (a statement takes at most 65,535 parameters). */
const SESSION_IDS_PER_QUERY = 10_000;

/**
 * Which of these sessions still sign their player in at `at` (not ended, idled out or too old):
 * the realtime gateway closes the sockets of the others.
 */
export async function activeSessionIds(executor: Executor, ids: readonly string[], at: Date): Promise<Set<string>> {
  const active = new Set<string>();
  // In parts: an instance may hold more sockets than one statement takes parameters.
  for (let from = 0; from < ids.length; from += SESSION_IDS_PER_QUERY) {
    const rows = await executor
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        endedAt: sessions.endedAt,
      })
      .from(sessions)
      .where(inArray(sessions.id, ids.slice(from, from + SESSION_IDS_PER_QUERY)));
    for (const r of rows) if (sessionState(r, at) === 'active') active.add(r.id);
  }
  return active;
}

/** The player a session signs in at `at`, or null (unknown, ended, idled out or too old): the realtime gateway's connect. */
export async function activeSessionPlayer(executor: Executor, sessionId: string, at: Date): Promise<number | null> {
  if (!/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  const [row] = await executor
    .select({
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      endedAt: sessions.endedAt,
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row && sessionState(row, at) === 'active' ? row.userId : null;
}

/** Ends every session of the player (their cookies stop signing in at once). */
export async function endAllSessions(executor: Executor, userId: number, at: Date): Promise<void> {
  await executor
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/** Turns the player's promotional mail and SMS off. */
export async function stopPromotions(executor: Executor, userId: number): Promise<void> {
  await executor.update(users).set({ receivePromos: false, receiveSmsPromos: false }).where(eq(users.id, userId));
}

/** How to reach a player: their address, and what a mail to them needs (language, name, time zone). */
export type PlayerContact = MailRecipient & { timeZone: string | null; currency: string };

const CONTACT_FIELDS = {
  email: users.email,
  language: users.language,
  firstName: users.firstName,
  nickname: users.nickname,
  timeZone: users.timeZone,
  currency: users.currency,
};

export async function playerContact(executor: Executor, userId: number): Promise<PlayerContact | undefined> {
  const [row] = await executor.select(CONTACT_FIELDS).from(users).where(eq(users.id, userId));
  return row;
}

/** Seconds the player was signed in between `from` and `to` (overlapping sessions counted once). */
export async function signedInSeconds(
  executor: Executor,
  userId: number,
  from: Date,
  to: Date,
  now: Date,
): Promise<number> {
  const rows = await executor
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, endedAt: sessions.endedAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        lt(sessions.createdAt, to),
        or(isNull(sessions.endedAt), gt(sessions.endedAt, from)),
      ),
    );
  const spans = rows
    .map(
      (s) =>
        [
          Math.max(s.createdAt.getTime(), from.getTime()),
          Math.min(sessionSpanEnd(s, now).getTime(), to.getTime()),
        ] as const,
    )
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

/**
 * Mails the player a withdrawal link (24 hours) when some real money is left to withdraw; in the
 * caller's transaction. Answers the mail's id for `Mailer.deliver` after the commit, or null.
 */
export async function mailWithdrawalLink(
  executor: Executor,
  mailer: Mailer,
  link: LocalLink,
  userId: number,
  now: Date,
): Promise<number | null> {
  // Real money, or withdraw-only money that arrived during the exclusion: either is theirs to take out.
  if (!(await listAccounts(executor, userId)).some((a) => a.real + a.held > 0)) return null;
  const user = await playerContact(executor, userId);
  if (!user) return null;
  const token = newToken();
  await executor.insert(emailTokens).values({
    tokenHash: hashToken(token),
    purpose: 'withdrawal',
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + WITHDRAWAL_LINK_TTL_MS),
  });
  return mailer.enqueue(executor, withdrawalMail(user, link, token));
}

/** Whether a withdrawal link went out to the player within `withinMs` (a refused sign-in mails one at most that often). */
export async function withdrawalLinkMailedSince(executor: Executor, userId: number, since: Date): Promise<boolean> {
  const rows = await executor
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'withdrawal'), gt(emailTokens.createdAt, since)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The player a withdrawal link stands for (it is not used up: several cashouts may follow), or
 * 422 `withdrawal_token: ['invalid' | 'expired']`; confirms the player's address.
 */
export async function withdrawalPlayer(
  executor: Executor,
  token: string,
  now: Date,
): Promise<{ user: UserRow; groupIds: number[] }> {
  const [row] = await executor
    .select({
      user: users,
      expiresAt: emailTokens.expiresAt,
      groupIds: sql<
        number[]
      >`coalesce((select array_agg(${userGroups.groupId}) from ${userGroups} where ${userGroups.userId} = ${users.id}), '{}')`,
    })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'withdrawal')));
  if (!row) throw unprocessable('invalid', 'withdrawal_token');
  if (row.expiresAt <= now) throw unprocessable('expired', 'withdrawal_token');
  // The mail reached its owner, so the address counts as confirmed (as with a password reset):
  // a cashout needs a confirmed address, and the player cannot sign in to ask for the mail.
  if (!row.user.confirmedAt) {
    await executor
      .update(users)
      .set({ confirmedAt: now })
      .where(and(eq(users.id, row.user.id), isNull(users.confirmedAt)));
    row.user.confirmedAt = now;
  }
  return { user: row.user, groupIds: row.groupIds.map(Number) };
}
