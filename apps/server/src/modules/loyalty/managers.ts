/**
 * Personal managers (docs/loyalty.md "Personal managers"): an operator assigns one to a player;
 * otherwise a manager serving one of the player's groups answers. Only the contacts present are sent.
 */
import { asc, eq } from 'drizzle-orm';
import type { Manager, ManagerInput } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { notFound, unprocessable } from '../../platform/errors';
import { loyaltyManagers, playerManagers } from './schema';

export type ManagerRow = typeof loyaltyManagers.$inferSelect;

export function presentManager(row: ManagerRow): Manager {
  return {
    managerName: row.name,
    ...(row.avatar ? { avatar: row.avatar } : {}),
    ...(row.hours ? { time: row.hours } : {}),
    ...(row.whatsapp ? { whatsAppLink: row.whatsapp } : {}),
    ...(row.telegram ? { telegramLink: row.telegram } : {}),
    ...(row.email ? { email: row.email } : {}),
  };
}

export function presentOperatorManager(row: ManagerRow) {
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    hours: row.hours,
    whatsapp: row.whatsapp,
    telegram: row.telegram,
    email: row.email,
    group_ids: row.groupIds,
  };
}

const values = (input: ManagerInput) => ({
  name: input.name,
  avatar: input.avatar,
  hours: input.hours,
  whatsapp: input.whatsapp,
  telegram: input.telegram,
  email: input.email,
  groupIds: input.group_ids,
});

/** The player's manager: the one assigned, else the first serving one of their groups. */
export async function managerOf(db: Executor, userId: number | null, groupIds: readonly number[]) {
  if (userId !== null) {
    const [assigned] = await db
      .select({ manager: loyaltyManagers })
      .from(playerManagers)
      .innerJoin(loyaltyManagers, eq(loyaltyManagers.id, playerManagers.managerId))
      .where(eq(playerManagers.userId, userId));
    if (assigned) return assigned.manager;
  }
  if (groupIds.length === 0) return undefined;
  const all = await db.select().from(loyaltyManagers).orderBy(asc(loyaltyManagers.id));
  return all.find((m) => m.groupIds.some((g) => groupIds.includes(g)));
}

export async function listManagers(db: Executor) {
  return (await db.select().from(loyaltyManagers).orderBy(asc(loyaltyManagers.id))).map(presentOperatorManager);
}

export async function createManager(db: Executor, input: ManagerInput) {
  const [row] = await db.insert(loyaltyManagers).values(values(input)).returning();
  return presentOperatorManager(row!);
}

export async function updateManager(db: Executor, id: number, input: ManagerInput) {
  const [row] = await db.update(loyaltyManagers).set(values(input)).where(eq(loyaltyManagers.id, id)).returning();
  if (!row) throw notFound();
  return presentOperatorManager(row);
}

export async function assignManager(db: Executor, userId: number, managerId: number | null, at: Date) {
  if (managerId === null) {
    await db.delete(playerManagers).where(eq(playerManagers.userId, userId));
    return;
  }
  const [manager] = await db.select().from(loyaltyManagers).where(eq(loyaltyManagers.id, managerId));
  if (!manager) throw unprocessable('invalid', 'manager_id');
  await db
    .insert(playerManagers)
    .values({ userId, managerId, assignedAt: at })
    .onConflictDoUpdate({ target: playerManagers.userId, set: { managerId, assignedAt: at } });
}
