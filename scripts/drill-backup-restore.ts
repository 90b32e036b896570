/**
 * `npm run drill:backup-restore` (docs/operations.md "Drills" and "Backup and restore"): a backup
 * taken while players play, restored into a new database, a casino started on it.
 *
 * A PostgreSQL cluster of its own (scripts/drill-support.ts), a casino on it and a studio's load of
 * `DRILL_RATE` rounds a second (default 100; a signed bet and its win). While the load goes on,
 * `pg_dump` (custom format) takes the backup; `pg_restore` writes it into a new database, and a
 * casino is started on that database as an operator would start it after a restore (migrations
 * and seed at the start, as `npm start`). What must hold: the restored casino starts and serves
 * (readiness, a round of a player of the backup), its ledger audit is ok, and every call
 * acknowledged before the backup began is in it.
 * The last line is the verdict; exit 0 only when everything held.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { auditLedger } from '../apps/server/src/modules/wallet';
import { createDatabase } from '../apps/server/src/platform/db/client';
import { startServer } from './bench-support';
import {
  DRILL_GAME,
  findings,
  POSTGRES_BIN,
  startCasino,
  startPostgresCluster,
  waitFor,
  type Casino,
  type DrillPlayer,
} from './drill-support';

const RATE = Number(process.env.DRILL_RATE ?? 100);
const PLAYERS = 20;

const found = findings();
const postgres = await startPostgresCluster();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-drill-backup-'));
let casino: Casino | undefined;
let restoredCasino: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  console.log(`drill:backup-restore — PostgreSQL of its own, a casino, ${RATE} rounds/s while the backup is taken`);
  casino = await startCasino({ databaseUrl: postgres.url, instances: 1 });
  const players: DrillPlayer[] = [];
  for (let n = 0; n < PLAYERS; n++) players.push(await casino.signUpPlayer(0));

  // The studio's load; each acknowledged call's transaction id and when its answer came.
  const acknowledged: Array<{ id: string; at: number }> = [];
  let seq = 0;
  let running = true;
  const inFlight = new Set<Promise<void>>();
  const playRound = async () => {
    const n = ++seq;
    const fields = {
      session_token: players[n % PLAYERS]!.sessionToken,
      game: DRILL_GAME,
      round_id: `drill-r-${n}`,
      currency: 'EUR',
    };
    for (const [action, id, amount] of [
      ['bet', `${n}-b`, 100],
      ['win', `${n}-w`, n % 3 === 0 ? 200 : 0],
    ] as const) {
      const answer = await casino!.wallet(
        0,
        action,
        JSON.stringify({ ...fields, transaction_id: id, amount_cents: amount }),
      );
      if (answer.status !== 200) return;
      acknowledged.push({ id, at: Date.now() });
    }
  };
  const load = (async () => {
    const start = performance.now();
    for (let n = 0; running; n++) {
      const wait = start + (n * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const round = playRound().finally(() => inFlight.delete(round));
      inFlight.add(round);
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 5_000));

  // The backup, taken under play: its snapshot is taken when it begins.
  const dump = path.join(folder, 'orbit.dump');
  const backupBegan = Date.now();
  const url = new URL(postgres.url);
  const connection = ['-h', url.hostname, '-p', url.port, '-U', 'postgres'];
  execFileSync(path.join(POSTGRES_BIN, 'pg_dump'), [...connection, '-Fc', '-f', dump, 'postgres']);
  const backupEnded = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  running = false;
  await load;
  await Promise.all(inFlight);
  const before = acknowledged.filter((a) => a.at < backupBegan);
  console.log(
    `backup: ${(fs.statSync(dump).size / 1024).toFixed(0)} KB in ${((backupEnded - backupBegan) / 1000).toFixed(1)} s, ` +
      `${acknowledged.length} calls acknowledged in all, ${before.length} before it began`,
  );

  // The restore into a new database, and a casino started on it.
  await casino.database.db.execute(sql`create database restored`);
  execFileSync(path.join(POSTGRES_BIN, 'pg_restore'), [...connection, '-d', 'restored', '--exit-on-error', dump]);
  const restoredUrl = `postgres://postgres@${url.host}/restored`;
  restoredCasino = await startServer({
    DATABASE_URL: restoredUrl,
    STUDIO_WALLET_SECRET: casino.walletSecret,
    CAPTCHA: 'off',
  });
  const ready = await waitFor(async () => (await fetch(`${restoredCasino!.base}/api/health`)).status === 200, 30_000);
  found.check(ready, 'the restored casino starts (migrations and seed at its start) and is ready');

  const restored = await createDatabase({ databaseUrl: restoredUrl, poolSize: 2 });
  try {
    const audit = await auditLedger(restored.db);
    found.check(audit.ok, `the restored ledger's audit: ${audit.ok ? 'ok' : audit.problems.join('; ')}`);
    const kept = new Set(
      (
        (await restored.db.execute(sql`select external_id from provider_transactions`)).rows as Array<{
          external_id: string;
        }>
      ).map((r) => r.external_id),
    );
    const missing = before.filter((a) => !kept.has(a.id));
    const after = acknowledged.filter((a) => a.at > backupEnded);
    found.check(
      missing.length === 0,
      `every call acknowledged before the backup began is in it: ${before.length - missing.length} of ${before.length}` +
        `${
          missing.length
            ? ` (missing: ${missing
                .slice(0, 3)
                .map((m) => m.id)
                .join(', ')})`
            : ''
        }; of the ${after.length} answered after it ended, ${after.filter((a) => kept.has(a.id)).length} had committed in time for its snapshot`,
    );
  } finally {
    await restored.close();
  }
  // A player of the backup plays on the restored casino: their session and game session came back too.
  const round = `drill-restored-${Date.now()}`;
  const fields = { session_token: players[0]!.sessionToken, game: DRILL_GAME, round_id: round, currency: 'EUR' };
  const answer = await fetch(`${restoredCasino.base}/api/wallet/orbit/bet`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-sign': casino.sign(JSON.stringify({ ...fields, transaction_id: `${round}-b`, amount_cents: 100 })),
    },
    body: JSON.stringify({ ...fields, transaction_id: `${round}-b`, amount_cents: 100 }),
  });
  found.check(answer.status === 200, `a player of the backup bets on the restored casino (${answer.status})`);
} catch (error) {
  found.check(false, `the drill could not run: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  await restoredCasino?.stop();
  await casino?.stop();
  postgres.remove();
  fs.rmSync(folder, { recursive: true, force: true });
}
found.verdict('backup-restore');
