/**
 * A player's deposits and cashouts as the back office's card lists them (docs/backoffice.md "The
 * player's card"): the player's own payment history plus the method and the withdraw-only part,
 * without the cashbox's service (no PSP is asked anything).
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Payment, PaymentAction } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { presentPayment } from './service';
import { payments } from './schema';

export type PlayerPayment = Payment & { method: string; held_cents: number };

/** One page of the player's payments, newest first, of one type (deposit, cashout) or both. */
export async function paymentsOfPlayer(
  db: Executor,
  userId: number,
  type: PaymentAction | undefined,
  page: number,
  perPage: number,
): Promise<{ data: PlayerPayment[]; total: number }> {
  const conditions: SQL[] = [eq(payments.userId, userId)];
  if (type) conditions.push(eq(payments.action, type));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    data: rows.map((row) => ({ ...presentPayment(row), method: row.method, held_cents: row.heldCents })),
  };
}
