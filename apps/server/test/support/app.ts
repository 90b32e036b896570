/**
 * `createTestApp()`: the server on a fresh copy of the seeded template, one per test file.
 * Requests go through `app.inject()`; the web app (SSR) is not mounted.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { auditLedger } from '../../src/modules/wallet';
import type { Clock } from '../../src/platform/clock';
import type { Fetch } from '../../src/platform/context';
import type { PubSub } from '../../src/platform/realtime/pubsub';
import { loadConfig, type Config } from '../../src/platform/config';
import { createDatabase, type Database } from '../../src/platform/db/client';
import { withDatabase } from './template';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The environment another process needs to open this same database (PostgreSQL only: an in-memory PGlite has one user). */
  databaseEnv: Record<string, string> | undefined;
  close: () => Promise<void>;
};

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    poolSize?: number;
    fetch?: Fetch;
    selfFetch?: boolean;
    pubsub?: PubSub;
    /** Captures the log (set LOG_LEVEL too): requests are logged then (log-redaction.test.ts). */
    logStream?: DestinationStream;
    /** Routes added before the app is ready: a stand-in for the pages' catch-all (telemetry.test.ts). */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const template = inject('orbitTemplate');
  let database: Database;
  let dropDatabase = async () => {};
  let databaseEnv: Record<string, string> | undefined;
  if (template.kind === 'postgres') {
    const name = `orbit_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(template.databaseUrl, `create database ${name} template ${template.template}`);
    database = await createDatabase({
      databaseUrl: withDatabase(template.databaseUrl, name),
      poolSize: options.poolSize ?? 4,
    });
    dropDatabase = () => adminQuery(template.databaseUrl, `drop database if exists ${name}`);
    databaseEnv = { DATABASE_URL: withDatabase(template.databaseUrl, name) };
  } else {
    const dump = new Blob([fs.readFileSync(template.dumpPath)]);
    database = await createDatabase({ loadDataDir: dump });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // A few hashes per captcha token (identity-captcha.test.ts checks the real work).
    CAPTCHA_DIFFICULTY: '4',
    // Test files register many players from one address; identity-address-limits.test.ts sets its own.
    REGISTRATIONS_PER_ADDRESS_HOUR: '10000',
    MAIL_REQUESTS_PER_ADDRESS_15_MIN: '10000',
    ...(template.kind === 'postgres' ? { DATABASE_URL: template.databaseUrl } : {}),
    ...env,
  });
  // `selfFetch`: partners served by this same app (the sandbox PSP) are called in-process.
  const self: { app?: FastifyInstance } = {};
  const selfFetch: Fetch = async (url, init) => {
    const { pathname, search } = new URL(url);
    const res = await self.app!.inject({
      method: init.method as 'GET' | 'POST',
      url: pathname + search,
      headers: init.headers,
      ...(init.body !== undefined ? { payload: init.body } : {}),
    });
    return { status: res.statusCode, text: async () => res.body };
  };
  const fetch = options.selfFetch ? selfFetch : options.fetch;
  const app = await buildApp({
    config,
    database,
    web: false,
    workers: false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(fetch ? { fetch } : {}),
    ...(options.pubsub ? { pubsub: options.pubsub } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  self.app = app;
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    databaseEnv,
    close: async () => {
      // Whatever a test file did, money was neither lost nor created: the ledger audit holds at its end.
      const audit = await auditLedger(database.db);
      if (!audit.ok) {
        await app.close();
        await database.close();
        await dropDatabase();
        throw new Error(`ledger audit failed after the test file: ${audit.problems.join('; ')}`);
      }
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/** One statement on the server's maintenance connection; CREATE DATABASE may meet a busy template. */
async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
      return;
    } catch (error) {
      // 55006: the database is in use by another session (a busy template, or a closed pool's
      // connections still saying goodbye); a moment later it is free.
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
    } finally {
      await client.end();
    }
  }
}
