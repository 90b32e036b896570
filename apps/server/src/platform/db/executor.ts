import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/** A transaction handle as drizzle gives it to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: services that take part in a caller's transaction accept this. */
export type Executor = Db | Tx;

/** What the database said of a failed statement (PostgreSQL's error fields). */
export type DatabaseError = {
  code: string;
  detail: string | undefined;
  constraint: string | undefined;
  table: string | undefined;
  column: string | undefined;
};

/**
 * The database's own error under a driver's or ORM's wrapping (the first error in the `cause`
 * chain with a SQLSTATE): its code, detail and the constraint, table and column it names,
 * whichever driver raised it.
 */
export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, detail, constraint, table, column } = e as Record<string, unknown>;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, detail: text(detail), constraint: text(constraint), table: text(table), column: text(column) };
  }
  return undefined;
}

/** Whether a database error is a unique violation (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean => databaseErrorOf(error)?.code === '23505';

/**
 * Whether the database gave up a transaction to break a deadlock (40P01) or a serialization
 * conflict (40001): nothing of it was written, and running it again is what PostgreSQL asks for.
 */
export const isRetryableConflict = (error: unknown): boolean => {
  const code = databaseErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
};

/** Whether a database error is a foreign key violation (SQLSTATE 23503). */
export const isForeignKeyViolation = (error: unknown): boolean => databaseErrorOf(error)?.code === '23503';

/** SQL: whole numbers as one `bigint[]` parameter (for `unnest` and `= any`), however many there are. */
export function bigintArray(values: readonly number[]): SQL {
  if (!values.every(Number.isSafeInteger)) throw new Error('bigintArray takes whole numbers only');
  return sql`${`{${values.join(',')}}`}::bigint[]`;
}

/**
 * SQL: the transaction-scoped lock of one subject of a kind (`'bonuses.player'` and a player's
 * id, `'support.address'` and an address): transactions taking the same one wait for each other,
 * until commit or rollback. The key is a 64-bit hash of both, so that any bigint id works (the
 * two-int form stops at 2^31), and so does a text.
 */
export function subjectLock(kind: string, id: number | string): SQL {
  return sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}:${id}`}, 0))`;
}

/** `subjectLock` that does not wait: answers `locked` (false while another transaction holds it). */
export function trySubjectLock(kind: string, id: number): SQL {
  return sql`select pg_try_advisory_xact_lock(hashtextextended(${`${kind}:${id}`}, 0)) as locked`;
}
