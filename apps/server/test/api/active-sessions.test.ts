/**
 * The realtime gateway asks every 20 s which of its connections' sessions still sign their player
 * in (apps/server/src/modules/identity/protection.ts `activeSessionIds`): with tens of thousands
 * of sockets on one instance that is more ids than one statement takes parameters (65,535).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSessionIds } from '../../src/modules/identity';
import { createTestApp, type TestApp } from '../support/app';
import { register } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("the realtime gateway's session check", () => {
  it('answers for more sessions than one statement takes parameters', { timeout: 60_000 }, async () => {
    await register(t, { email: 'many-sockets@example.com', currency: 'EUR' }, '10.1.0.1');
    const [row] = (await t.database.db.execute(sql`select id from sessions order by created_at desc limit 1`))
      .rows as Array<{ id: string }>;
    const ids = [...Array.from({ length: 70_000 }, () => randomUUID()), row!.id];
    expect([...(await activeSessionIds(t.database.db, ids, new Date()))]).toEqual([row!.id]);
  });
});
