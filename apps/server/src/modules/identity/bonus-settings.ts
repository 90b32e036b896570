/**
 * The player's bonus settings, kept on the users row this module owns: whether they take bonuses
 * at all and the deposit offer chosen for their next deposit. The bonuses module reads and
 * changes them through these functions only (docs/bonuses.md).
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { users } from './schema';

export type BonusSettings = {
  canIssueBonuses: boolean;
  depositBonusCode: string | null;
  /** Where the player lives (the licence's wager cap follows it). */
  country: string | null;
  currency: string;
};

/** Sent in the registration's transaction: the bonuses module offers the registration gifts. */
export const PLAYER_REGISTERED_TOPIC = 'identity.player_registered';
export type PlayerRegisteredEvent = { userId: number; currency: string };

export async function bonusSettingsOf(db: Executor, userId: number): Promise<BonusSettings | undefined> {
  const [row] = await db
    .select({
      canIssueBonuses: users.canIssueBonuses,
      depositBonusCode: users.depositBonusCode,
      country: users.country,
      currency: users.currency,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function changeBonusSettings(
  db: Executor,
  userId: number,
  change: Partial<Pick<BonusSettings, 'canIssueBonuses' | 'depositBonusCode'>>,
): Promise<BonusSettings | undefined> {
  const [row] = await db.update(users).set(change).where(eq(users.id, userId)).returning({
    canIssueBonuses: users.canIssueBonuses,
    depositBonusCode: users.depositBonusCode,
    country: users.country,
    currency: users.currency,
  });
  return row;
}
