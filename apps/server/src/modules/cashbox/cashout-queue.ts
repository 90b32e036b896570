/**
 * What the back office's cashout queue reads of the cashbox without its tables: the cashouts
 * waiting for an operator (oldest first), a player's deposits and cashouts summed per currency, and
 * the players who saved the same card.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Payment } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { payments, savedCards } from './schema';
import { presentPayment } from './service';

const waiting = and(eq(payments.action, 'cashout'), eq(payments.state, 'pending'));

/** The cashouts an operator decides on (those under the auto-approval amount never wait), oldest first. */
export async function waitingCashouts(
  db: Executor,
  page: number,
  perPage: number,
): Promise<{ rows: Array<{ userId: number; payment: Payment }>; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(waiting)
      .orderBy(asc(payments.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(payments).where(waiting),
  ]);
  return { rows: rows.map((r) => ({ userId: r.userId, payment: presentPayment(r) })), total: Number(total?.n ?? 0) };
}

export type PaymentTotals = {
  currency: string;
  deposits_cents: number;
  deposits_count: number;
  cashouts_cents: number;
  cashouts_count: number;
};

/** The player's succeeded deposits and paid cashouts per currency. */
export async function paymentTotals(db: Executor, userId: number): Promise<PaymentTotals[]> {
  const rows = await db
    .select({
      currency: payments.currency,
      deposits: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.action} = 'deposit'), 0)`,
      depositsCount: sql<number>`(count(*) filter (where ${payments.action} = 'deposit'))::int`,
      cashouts: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.action} = 'cashout'), 0)`,
      cashoutsCount: sql<number>`(count(*) filter (where ${payments.action} = 'cashout'))::int`,
    })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.state, 'succeeded')))
    .groupBy(payments.currency)
    .orderBy(payments.currency);
  return rows.map((r) => ({
    currency: r.currency,
    deposits_cents: Number(r.deposits),
    deposits_count: Number(r.depositsCount),
    cashouts_cents: Number(r.cashouts),
    cashouts_count: Number(r.cashoutsCount),
  }));
}

/**
 * Other players who saved a card of the same brand and last four digits (at most 20): the PSP
 * gives no card fingerprint beyond these, so a shared card is a hint for the operator, not proof.
 */
export async function playersSharingCard(db: Executor, userId: number): Promise<number[]> {
  const own = db
    .select({ brand: savedCards.brand, last4: savedCards.last4 })
    .from(savedCards)
    .where(eq(savedCards.userId, userId));
  const rows = await db
    .selectDistinct({ userId: savedCards.userId })
    .from(savedCards)
    .where(and(ne(savedCards.userId, userId), sql`(${savedCards.brand}, ${savedCards.last4}) in (${own})`))
    .orderBy(savedCards.userId)
    .limit(20);
  return rows.map((r) => r.userId);
}
