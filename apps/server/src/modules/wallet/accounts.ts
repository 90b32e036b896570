import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { accounts } from './schema';

/**
 * Opens the player's account in a currency (idempotent) and makes it the active one when the
 * player has none yet. Takes part in the caller's transaction (registration opens the first one).
 */
export async function openAccount(db: Executor, userId: number, currency: string, at: Date = new Date()): Promise<void> {
  const active = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.active, true)));
  await db
    .insert(accounts)
    .values({ userId, currency, active: active.length === 0, createdAt: at })
    .onConflictDoNothing({ target: [accounts.userId, accounts.currency] });
}
