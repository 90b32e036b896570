import type { Db } from './client';

/** A transaction handle as drizzle gives it to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: services that take part in a caller's transaction accept this. */
export type Executor = Db | Tx;

/**
 * The database's own error under a driver's or ORM's wrapping (the first error in the `cause`
 * chain with a SQLSTATE): its code and detail, whichever driver raised it.
 */
export function databaseErrorOf(error: unknown): { code: string; detail: string | undefined } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, detail: typeof detail === 'string' ? detail : undefined };
  }
  return undefined;
}

/** Whether a database error is a unique violation (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean => databaseErrorOf(error)?.code === '23505';

/** Whether a database error is a foreign key violation (SQLSTATE 23503). */
export const isForeignKeyViolation = (error: unknown): boolean => databaseErrorOf(error)?.code === '23503';
