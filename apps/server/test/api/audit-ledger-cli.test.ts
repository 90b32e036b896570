/**
 * `npm run audit:ledger` as an operator runs it: on a database another process wrote, exit 0 when
 * the ledger holds, exit 1 naming the first broken account when a balance was changed by hand.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Ledger } from '../../src/modules/wallet';
import { createDatabase, type Database } from '../../src/platform/db/client';
import { systemClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { openPlayer } from '../support/ledger';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
let t: TestApp | undefined;
let database: Database;
let env: Record<string, string>;
let dataDir: string | undefined;

beforeAll(async () => {
  const template = inject('orbitTemplate');
  if (template.kind === 'postgres') {
    t = await createTestApp();
    database = t.database;
    env = t.databaseEnv!;
  } else {
    // The CLI opens the embedded database from a data folder, as on an operator's machine.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-audit-'));
    database = await createDatabase({ dataDir, loadDataDir: new Blob([fs.readFileSync(template.dumpPath)]) });
    env = { DATA_DIR: dataDir };
  }
});
afterAll(async () => {
  if (t) await t.close();
  else await database.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function audit(): Promise<{ code: number; out: string }> {
  // The embedded database has one user at a time: the test lets go of it while the CLI runs.
  const embedded = database.kind === 'pglite';
  if (embedded) await database.close();
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/audit-ledger.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env, LOG_LEVEL: 'silent' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  } finally {
    if (embedded) database = await createDatabase({ dataDir: dataDir! });
  }
}

// Two node processes, each compiling the CLI and opening the database: 12 s on a quiet 2-core
// machine, 26 s on a busy one, hence a limit of its own (docs/testing.md).
it(
  'exits 0 when the ledger holds and 1 naming the first broken account when it does not',
  { timeout: 120_000 },
  async () => {
    const player = await openPlayer(database.db, ['EUR']);
    await new Ledger(systemClock).transfer(database.db, {
      idempotencyKey: 'cli-1',
      kind: 'deposit',
      reference: 'payment:cli',
      currency: 'EUR',
      amount: 1_234,
      from: { house: 'psp_clearing' },
      to: { player, kind: 'real' },
    });
    const good = await audit();
    expect(good.out).toContain('ok: legs sum to zero');
    expect(good.code).toBe(0);

    await database.db.execute(
      sql`update ledger_accounts set balance = balance + 66 where user_id = ${player} and kind = 'real'`,
    );
    const bad = await audit();
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(
      new RegExp(`BROKEN: account \\d+ \\(player ${player} real EUR\\) holds 1300 but its legs sum to 1234`),
    );
    // Put right again: every test file ends with the audit holding.
    await database.db.execute(
      sql`update ledger_accounts set balance = balance - 66 where user_id = ${player} and kind = 'real'`,
    );
  },
);
