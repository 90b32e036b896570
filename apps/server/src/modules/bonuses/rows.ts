/**
 * What the bonus engine's parts share (docs/bonuses.md): the rows, the change event every change
 * of a player's bonus writes, and the player's lock that serialises their bonuses' changes.
 */
import { subjectLock, trySubjectLock, type Executor } from '../../platform/db/executor';
import type { TransferEvent } from '../wallet';
import type { bonusTemplates, playerBonuses } from './schema';

export type TemplateRow = typeof bonusTemplates.$inferSelect;
export type BonusRow = typeof playerBonuses.$inferSelect;

/** Every change of a player's bonus: its whole state goes to the player's `bonuses_changes`. */
export const BONUS_CHANGED_TOPIC = 'bonuses.changed';
export type BonusChangedEvent = { bonusId: number; userId: number };

export const DAY_MS = 86_400_000;
export const ACTIVE_STAGES = ['issued', 'wait', 'handle_bets'] as const;

/**
 * Where a player's gifts stand (docs/bonuses.md "The queue"): the bonus that wagers, the gifts
 * waiting to be activated in the order given, and whether the player takes bonuses at all.
 */
export type Standing = { running: BonusRow | null; waiting: readonly number[]; canIssue: boolean };
/**
 * Serialises the changes of one player's bonuses: every transaction that may put a bonus of the
 * player to wagering (an activation, a coupon, a deposit's bonus, free spins' winnings) or take a
 * template by code takes it first, before any bonus row, so two of them never lock the player's
 * rows, rules version and one-wagering index entry in opposite orders (a deadlock: docs/bonuses.md
 * "One at a time").
 */
export async function lockPlayer(tx: Executor, userId: number): Promise<void> {
  await tx.execute(subjectLock('bonuses.player', userId));
}

/** `lockPlayer` for the outbox's batches, which must not wait: false when another transaction holds it. */
export async function tryLockPlayer(tx: Executor, userId: number): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(trySubjectLock('bonuses.player', userId));
  return result.rows[0]?.locked === true;
}

/** The payment of a cashout's ledger transfer (`payment:<id>`); unknown: later than every deposit. */
export function cashoutPayment(transfer: Pick<TransferEvent, 'reference'>): number {
  const id = /^payment:(\d+)$/.exec(transfer.reference);
  return id ? Number(id[1]) : Number.MAX_SAFE_INTEGER;
}
