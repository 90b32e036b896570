/**
 * Starts the real Orbit server in-process for browser tests: a fresh embedded database loaded from
 * the run's migrated and seeded template (global-setup.ts), a temporary data folder, the
 * production web build, a free port.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/platform/config';
import { createDatabase, type Database } from '../../../apps/server/src/platform/db/client';
import type { TestTemplate } from '../../../apps/server/test/support/template';

export type TestServer = {
  baseUrl: string;
  port: number;
  database: Database;
  /** The house studio's wallet secret: a test signs wallet calls with it as the studio does. */
  walletSecret: string;
  /**
   * Changes a front-end config in the database, as an operator's tool that bypasses the back office
   * would, and waits until the server answers it: its fe-config cache expires within seconds, and
   * the pages rendered meanwhile are forgotten (the back office's own writes clear them at once).
   */
  setFeConfig(name: string, value: unknown): Promise<void>;
  close(): Promise<void>;
};

/** `env`: settings on top of the test defaults (`TRUST_PROXY` to believe the browser's edge headers ...). */
export async function startServer(
  options: { extraGames?: number; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-browser-'));
  // A low captcha difficulty: the page's solver still does real work, quickly.
  // The port is chosen first: the sandbox PSP's pages and return links carry the public address.
  const port = await freePort();
  const walletSecret = randomBytes(32).toString('base64url');
  const config = loadConfig({
    STUDIO_WALLET_SECRET: walletSecret,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    CAPTCHA_DIFFICULTY: '8',
    // Every journey registers from 127.0.0.1: the per-address limits are the API suite's to test.
    REGISTRATIONS_PER_ADDRESS_HOUR: '1000',
    MAIL_REQUESTS_PER_ADDRESS_15_MIN: '1000',
    ...options.env,
  });
  const template: TestTemplate = inject('orbitTemplate');
  if (template.kind !== 'pglite') throw new Error('browser tests start from the embedded template');
  const database = await createDatabase({ loadDataDir: new Blob([fs.readFileSync(template.dumpPath)]) });
  let app: FastifyInstance | undefined;
  try {
    // Migrations already ran on the template; this only confirms there is none left.
    await database.migrate();
    if (options.extraGames) await addCatalogueGames(database, options.extraGames);
    app = await buildApp({ config, database });
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app?.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const running = app;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    database,
    walletSecret,
    async setFeConfig(name, value) {
      await database.db.execute(
        sql`update fe_configs set value = ${JSON.stringify(value)}::jsonb, updated_at = now() where name = ${name}`,
      );
      for (const deadline = Date.now() + 15_000; ;) {
        const answer = await fetch(`http://127.0.0.1:${port}/api/fe/config/${name}`).then((res) => res.json());
        if (isDeepStrictEqual(answer, value)) break;
        if (Date.now() > deadline) throw new Error(`fe config ${name} still answers ${JSON.stringify(answer)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      running.orbitPageCache?.clear();
    },
    async close() {
      await running.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * The demo catalogue is small (a handful of games per category); paging needs a long list.
 * Adds live tables "Test Table 01..n" of the seeded live provider to the `live` category, the way
 * an operator's import would, and marks that provider integrated (only games that open are listed).
 */
async function addCatalogueGames(database: Database, count: number): Promise<void> {
  await database.db.execute(sql`update providers set launchable = true where identifier = 'aurora-live'`);
  await database.db.execute(sql`
    insert into games (identifier, provider_id, title, seo_title, has_demo_mode, devices, currencies, position, popularity)
    select 'aurora-live/test-table-' || lpad(n::text, 2, '0'),
           (select id from providers where identifier = 'aurora-live'),
           'Test Table ' || lpad(n::text, 2, '0'),
           'test-table-' || lpad(n::text, 2, '0'),
           false, '{desktop,mobile}'::text[], '{EUR,USD}'::text[], 100 + n, 10
    from generate_series(1, ${count}) as n`);
  await database.db.execute(sql`
    insert into game_categories (game_id, category_id, position)
    select g.id, (select id from categories where identifier = 'live'), 100 + g.position
    from games g where g.identifier like 'aurora-live/test-table-%'`);
}
