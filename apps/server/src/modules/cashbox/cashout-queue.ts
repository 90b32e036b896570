/**
 * What the back office's cashout queue reads of the cashbox without its tables: the cashouts
 * waiting for an operator (oldest first) and a player's deposits and cashouts summed per currency.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Payment } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { payments } from './schema';
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
