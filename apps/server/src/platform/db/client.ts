import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { lockDataDir } from './data-dir-lock';
import { applyRoutines } from './routines';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/**
 * BIGINT (type 20) holds money in minor units. Both drivers hand it to the code as a JS number,
 * refused when it leaves the safe-integer range, so that no amount is silently rounded.
 */
export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint ${value} is outside the safe integer range`);
  return n;
}

export type Db = NodePgDatabase;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; the health check uses it. */
  ping(): Promise<void>;
  /** The numbered migrations, then the modules' function files that changed (platform/db/routines.ts). */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** A dump of a migrated data folder (tests load a template instead of migrating anew). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /** Told when a PostgreSQL connection fails outside a statement; the default writes one line to stderr. */
  onIdleError?: (error: Error) => void;
};

const defaultIdleError = (error: Error) => console.error(`database: connection lost: ${error.message}`);

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // The PostgreSQL driver is loaded only when a server is used (docs/performance.md "Start").
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    pg.types.setTypeParser(20, parseInt8);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A connection the server drops (restart, failover) must not crash the process. An idle one is
    // the pool's to report; one a call holds between its statements (a transaction waiting on the
    // casino's code) emits 'error' on its client, which without a listener of its own ends the
    // process (`npm run drill:postgres-restart` found it). The call fails with the error at its next
    // statement (500 internal_error, which its sender retries) and the pool drops the connection.
    const lost = options.onIdleError ?? defaultIdleError;
    pool.on('error', (error) => lost(error));
    pool.on('connect', (client) => client.on('error', (error) => lost(error)));
    const db = drizzlePg(pool);
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      migrate: async () => {
        await migratePg(db, { migrationsFolder });
        await applyRoutines(db);
      },
      close: () => pool.end(),
    };
  }
  let release = () => undefined as void;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    parsers: { 20: parseInt8 },
    serializers: { 20: (v: unknown) => String(v) },
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  const db = drizzlePglite(client);
  return {
    // Both drivers share drizzle's PostgreSQL query builder; the node-postgres type is the common face.
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await applyRoutines(db as unknown as Db);
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** The PGlite handle behind a database, for dumping a test template. */
export function pgliteOf(db: Database): PGlite | undefined {
  const session = (db.db as unknown as { $client?: unknown }).$client;
  return session instanceof PGlite ? session : undefined;
}
