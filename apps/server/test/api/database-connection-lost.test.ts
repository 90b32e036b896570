/**
 * PostgreSQL ending a connection that a call holds (a restart, a failover, an operator's
 * `pg_terminate_backend`): the call fails, the process goes on, the next calls are served
 * (`npm run drill:postgres-restart` found the process ending instead: docs/operations.md "Drills").
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/platform/db/client';
import { createTestApp, type TestApp } from '../support/app';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)('a PostgreSQL connection lost in the middle of a transaction', () => {
  let t: TestApp;
  let database: Database;
  const lost: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    database = await createDatabase({
      databaseUrl: t.config.databaseUrl,
      poolSize: 2,
      onIdleError: (error) => lost.push(error.message),
    });
  });
  afterAll(async () => {
    await database.close();
    await t.close();
  });

  it('fails that transaction, keeps the process, and serves the next statement on a new connection', async () => {
    const transaction = database.db.transaction(async (tx) => {
      const [row] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows as Array<{ pid: number }>;
      // Ended from another connection while this one waits between its statements: its client
      // emits 'error' with no statement to fail (an unhandled 'error' event ended the process).
      await t.database.db.execute(sql`select pg_terminate_backend(${row!.pid})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    expect(lost.length).toBeGreaterThan(0);
    const [after] = (await database.db.execute(sql`select 41 + 1 as answer`)).rows as Array<{ answer: number }>;
    expect(Number(after!.answer)).toBe(42);
  });
});
