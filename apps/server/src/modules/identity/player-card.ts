/**
 * One player as the back office's card shows them (docs/backoffice.md "The player's card"): the
 * users row, the newest sign-in session and the groups. Identity owns all three, so the card
 * reads them here, through the module's door.
 */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { membershipsOf } from './groups';
import { sessions, users } from './schema';

export type PlayerCardProfile = {
  id: number;
  email: string;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  gender: string | null;
  date_of_birth: string | null;
  country: string;
  state: string | null;
  city: string | null;
  address: string | null;
  postal_code: string | null;
  mobile_phone: string | null;
  currency: string;
  language: string;
  time_zone: string | null;
  receive_promos: boolean;
  receive_sms_promos: boolean;
  can_issue_bonuses: boolean;
  created_at: string;
  confirmed: boolean;
  confirmed_at: string | null;
  two_factor: boolean;
  sign_in_count: number;
  last_sign_in: { at: string | null; ip: string | null };
  groups: Array<{ id: number; name: string; kind: string }>;
};

/** Whether a player with this id exists (the card's calls answer 404 otherwise). */
export async function playerExists(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** The player's details, newest session and groups; undefined for an unknown id. */
export async function playerCardProfile(db: Executor, userId: number): Promise<PlayerCardProfile | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const [[newest], groups] = await Promise.all([
    db
      .select({ at: sessions.createdAt, ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(1),
    membershipsOf(db, userId),
  ]);
  // A sign-in opens a session (so does the registration); the users row keeps the time alone.
  const lastAt = newest?.at ?? user.currentSignInAt;
  return {
    id: user.id,
    email: user.email,
    nickname: user.nickname,
    first_name: user.firstName,
    last_name: user.lastName,
    gender: user.gender,
    date_of_birth: user.dateOfBirth,
    country: user.country,
    state: user.state,
    city: user.city,
    address: user.address,
    postal_code: user.postalCode,
    mobile_phone: user.mobilePhone,
    currency: user.currency,
    language: user.language,
    time_zone: user.timeZone,
    receive_promos: user.receivePromos,
    receive_sms_promos: user.receiveSmsPromos,
    can_issue_bonuses: user.canIssueBonuses,
    created_at: user.createdAt.toISOString(),
    confirmed: user.confirmedAt !== null,
    confirmed_at: user.confirmedAt?.toISOString() ?? null,
    two_factor: user.twoFactorEnabled,
    sign_in_count: user.signInCount,
    last_sign_in: { at: lastAt?.toISOString() ?? null, ip: newest?.ip ?? null },
    groups: groups.map((g) => ({ id: g.id, name: g.name, kind: g.kind })),
  };
}
