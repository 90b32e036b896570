import { inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './executor';

/** Rows a sweep deletes per statement: a backlog goes in steps that each hold their locks briefly. */
const SWEEP_BATCH = 5_000;

/**
 * Deletes the rows of `table` that `where` picks, `SWEEP_BATCH` at a time by their key `id`
 * (the retention sweeps: telemetry, sessions): how many went.
 */
export async function deleteInBatches(db: Executor, table: PgTable, id: AnyPgColumn, where: SQL): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db.select({ id }).from(table).where(where).limit(SWEEP_BATCH);
    const gone = await db.delete(table).where(inArray(id, batch)).returning({ id });
    deleted += gone.length;
    if (gone.length < SWEEP_BATCH) return deleted;
  }
}
