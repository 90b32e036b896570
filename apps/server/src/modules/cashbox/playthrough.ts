/**
 * Deposits played through (docs/promotions.md "Deposits played through"). The rewards a deposit
 * earns (the wheel's box, lottery tickets, the VIP club's deposit sums, the adventure calendar's
 * daily deposit) are earned only once the deposit has been played through once: the player's
 * real-money stakes in its currency after it, refunded bets taken back, reach its amount. So a
 * deposit cashed out again earns nothing, however often it is made.
 *
 * - A succeeded, not held deposit starts waiting in its own transaction (`startPlaythrough`).
 * - The wallet's batches fill the waiting deposits, the oldest first, each with the stakes placed
 *   since it succeeded (`countStakes`, a batch handler on `wallet.transfer`): one read for a batch
 *   with real-money stakes, nothing for one without; one write when a waiting deposit moved.
 *   A refund takes its stake back from the waiting deposits, the newest first, never below zero.
 * - A deposit that is full is played through: `cashbox.deposit_played` is written in the same
 *   transaction, and the promotions and loyalty reward it from there, once per payment.
 * - A cashout forfeits the waiting deposits of its currency in its own transaction
 *   (`forfeitWaiting`): they are never played through, and earn nothing.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { WaitingDeposit } from '@orbit/contracts';
import { bigintArray, type Executor } from '../../platform/db/executor';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { playsOf, type TransferEvent } from '../wallet';
import { depositPlaythroughs } from './schema';

/** A deposit played through: the rewards bound to it are earned (promotions, loyalty). */
export const DEPOSIT_PLAYED_TOPIC = 'cashbox.deposit_played';
export type DepositPlayedEvent = { paymentId: number; userId: number; currency: string; amountCents: number };

type PlaythroughRow = typeof depositPlaythroughs.$inferSelect;
const waiting = () => and(isNull(depositPlaythroughs.playedAt), isNull(depositPlaythroughs.forfeitedAt));

/** A succeeded, not held deposit starts waiting to be played through (in the deposit's transaction; once). */
export async function startPlaythrough(
  tx: Executor,
  deposit: { paymentId: number; userId: number; currency: string; amount: number },
  at: Date,
): Promise<void> {
  await tx
    .insert(depositPlaythroughs)
    .values({ ...deposit, createdAt: at })
    .onConflictDoNothing();
}

/** A cashout in `currency`: the player's deposits of that currency not yet played through earn nothing, ever. */
export async function forfeitWaiting(tx: Executor, userId: number, currency: string, at: Date): Promise<number> {
  const forfeited = await tx
    .update(depositPlaythroughs)
    .set({ forfeitedAt: at })
    .where(and(eq(depositPlaythroughs.userId, userId), eq(depositPlaythroughs.currency, currency), waiting()))
    .returning({ paymentId: depositPlaythroughs.paymentId });
  return forfeited.length;
}

/** A stake (a bet of real money, positive) or its refund (a rollback back to real money, negative). */
type Stake = { userId: number; currency: string; cents: number; at: Date };

/** The real-money stakes and refunds among a batch's transfers (the wallet's `playsOf`), in their order. */
export function stakesOf(events: ReadonlyArray<{ transfer: TransferEvent; at: Date }>): Stake[] {
  return playsOf(events)
    .filter((p) => p.money === 'real' && p.kind !== 'win')
    .map((p) => ({ userId: p.userId, currency: p.currency, cents: p.stakeCents, at: p.at }));
}

/**
 * How far one player's waiting deposits of one currency are played after these stakes: `rows`
 * the deposits oldest first (each filled before the next), `stakes` in their order. A stake
 * counts only for the deposits that had succeeded when it was placed (what a deposit made later
 * cannot use is lost); a refund takes back from the newest first, never below zero. Answers the
 * played cents of each row, in order.
 */
export function fill(
  rows: ReadonlyArray<Pick<PlaythroughRow, 'amount' | 'playedCents' | 'createdAt'>>,
  stakes: ReadonlyArray<Pick<Stake, 'cents' | 'at'>>,
): number[] {
  let level = rows.reduce((sum, r) => sum + r.playedCents, 0);
  for (const stake of stakes) {
    if (stake.cents < 0) {
      level = Math.max(0, level + stake.cents);
      continue;
    }
    let cap = 0;
    for (const row of rows) if (row.createdAt.getTime() <= stake.at.getTime()) cap += row.amount;
    if (level < cap) level = Math.min(cap, level + stake.cents);
  }
  let before = 0;
  return rows.map((row) => {
    const played = Math.min(row.amount, Math.max(0, level - before));
    before += row.amount;
    return played;
  });
}

/**
 * The wallet's batch: fills the waiting deposits of the players who staked real money (their
 * rows locked in one order, so batches on two instances wait rather than deadlock), marks those
 * it filled played through and writes their `cashbox.deposit_played`. Answers those deposits.
 */
export async function countStakes(
  tx: Executor,
  events: ReadonlyArray<{ transfer: TransferEvent; at: Date }>,
  now: Date,
): Promise<DepositPlayedEvent[]> {
  const stakes = stakesOf(events);
  if (stakes.length === 0) return [];
  const rows = await tx
    .select()
    .from(depositPlaythroughs)
    .where(and(inArray(depositPlaythroughs.userId, [...new Set(stakes.map((s) => s.userId))]), waiting()))
    .orderBy(
      asc(depositPlaythroughs.userId),
      asc(depositPlaythroughs.currency),
      asc(depositPlaythroughs.createdAt),
      asc(depositPlaythroughs.paymentId),
    )
    .for('update');
  if (rows.length === 0) return [];
  const groups = new Map<string, PlaythroughRow[]>();
  for (const row of rows) {
    const key = `${row.userId}:${row.currency}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const moved: Array<{ row: PlaythroughRow; played: number }> = [];
  for (const [key, group] of groups) {
    const own = stakes.filter((s) => `${s.userId}:${s.currency}` === key);
    if (own.length === 0) continue;
    fill(group, own).forEach((played, i) => {
      if (played !== group[i]!.playedCents) moved.push({ row: group[i]!, played });
    });
  }
  if (moved.length === 0) return [];
  await tx.execute(sql`update ${depositPlaythroughs}
    set played_cents = m.played,
      played_at = case when m.played >= ${depositPlaythroughs.amount} then ${now.toISOString()}::timestamptz end
    from unnest(${bigintArray(moved.map((m) => m.row.paymentId))}, ${bigintArray(moved.map((m) => m.played))})
      as m (payment_id, played)
    where ${depositPlaythroughs.paymentId} = m.payment_id`);
  const played = moved
    .filter((m) => m.played >= m.row.amount)
    .map(({ row }) => ({
      paymentId: row.paymentId,
      userId: row.userId,
      currency: row.currency,
      amountCents: row.amount,
    }));
  for (const event of played) await enqueueEvent(tx, DEPOSIT_PLAYED_TOPIC, event, now);
  return played;
}

/** The player's deposits waiting to be played through, oldest first (the cashout's warning, the promotions' pages). */
export async function waitingDeposits(db: Executor, userId: number): Promise<WaitingDeposit[]> {
  const rows = await db
    .select()
    .from(depositPlaythroughs)
    .where(and(eq(depositPlaythroughs.userId, userId), waiting()))
    .orderBy(asc(depositPlaythroughs.createdAt), asc(depositPlaythroughs.paymentId));
  return rows.map((r) => ({
    payment_id: r.paymentId,
    currency: r.currency,
    amount_cents: r.amount,
    played_cents: r.playedCents,
    created_at: r.createdAt.toISOString(),
  }));
}
