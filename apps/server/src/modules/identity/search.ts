/**
 * Finding players for the back office (docs/backoffice.md "Players"): by id, address, nickname,
 * name, phone or an address a session came from. The identity module owns the users and their
 * sessions, so the search lives here and the back office calls it through the module's door.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { BackofficePlayersQuery } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { sessions, users } from './schema';

export type PlayerSearchRow = {
  id: number;
  email: string;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  mobile_phone: string | null;
  country: string;
  currency: string;
  confirmed: boolean;
  two_factor: boolean;
  created_at: string;
  last_sign_in_at: string | null;
};

const SORTS = {
  id: users.id,
  email: users.email,
  created_at: users.createdAt,
  last_sign_in_at: users.lastSignInAt,
} as const;

/** `%`, `_` and `\` typed by the operator are matched as themselves. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Players matching `q` (all when empty), newest first, one page and how many in all. */
export async function searchPlayers(
  db: Executor,
  { q, page, per_page: perPage, sort, order }: BackofficePlayersQuery,
): Promise<{ data: PlayerSearchRow[]; total: number }> {
  const typed = q.trim();
  let where: SQL | undefined;
  if (typed !== '') {
    const like = `%${literal(typed)}%`;
    const conditions: SQL[] = [
      ilike(users.email, like),
      ilike(users.nickname, like),
      ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, like),
    ];
    const digits = typed.replace(/[^\d]/g, '');
    if (digits.length >= 4)
      conditions.push(sql`regexp_replace(coalesce(${users.mobilePhone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    if (/^\d{1,15}$/.test(typed) && Number(typed) <= 2 ** 53) conditions.push(eq(users.id, Number(typed)));
    if (/^[\d.:a-fA-F]+$/.test(typed) && /[.:]/.test(typed)) {
      const fromAddress = db.selectDistinct({ id: sessions.userId }).from(sessions).where(eq(sessions.ip, typed));
      conditions.push(inArray(users.id, fromAddress));
    }
    where = or(...conditions);
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(and(where))
      .orderBy(
        (order === 'ASC' ? asc : desc)(SORTS[sort]),
        // Ties (and null sign-ins) keep one order from page to page.
        (order === 'ASC' ? asc : desc)(users.id),
      )
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(users).where(and(where)),
  ]);
  return {
    total: Number(total?.n ?? 0),
    data: rows.map((u) => ({
      id: u.id,
      email: u.email,
      nickname: u.nickname,
      first_name: u.firstName,
      last_name: u.lastName,
      mobile_phone: u.mobilePhone,
      country: u.country,
      currency: u.currency,
      confirmed: u.confirmedAt !== null,
      two_factor: u.twoFactorEnabled,
      created_at: u.createdAt.toISOString(),
      last_sign_in_at: u.lastSignInAt?.toISOString() ?? null,
    })),
  };
}
