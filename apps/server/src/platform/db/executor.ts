import type { Db } from './client';

/** A transaction handle as drizzle gives it to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: services that take part in a caller's transaction accept this. */
export type Executor = Db | Tx;

/** Whether a database error is a unique violation (SQLSTATE 23505), whichever driver and wrapper raised it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
