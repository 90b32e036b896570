/**
 * Runs once per `vitest --project api`: builds ONE migrated and seeded database that every test
 * file copies. PGlite: a gzip dump in the temp folder (loading it takes ~0.5 s, a fresh migrate
 * ~4 s). PostgreSQL (DATABASE_URL set): a template database `orbit_tpl_<pid>`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, pgliteOf } from '../../src/platform/db/client';
import { seedAll } from '../../src/seed';
import { withDatabase, type TestTemplate } from './template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `orbit_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.query(`create database ${template}`);
    const database = await createDatabase({ databaseUrl: withDatabase(databaseUrl, template), poolSize: 2 });
    try {
      await database.migrate();
      await seedAll(database.db);
    } finally {
      await database.close();
    }
    project.provide('orbitTemplate', { kind: 'postgres', databaseUrl, template } satisfies TestTemplate);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  return providePgliteTemplate(project);
}

/**
 * The embedded template: one migrated and seeded PGlite, dumped (gzip) to the temp folder. The
 * browser project uses it too (tests/browser/support/global-setup.ts): a file's server loads it
 * in about half a second instead of migrating and seeding for four to six.
 */
export async function providePgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const database = await createDatabase({});
  await database.migrate();
  await seedAll(database.db);
  const dump = await pgliteOf(database)!.dumpDataDir('gzip');
  await database.close();
  const dumpPath = path.join(os.tmpdir(), `orbit-template-${process.pid}-${Date.now()}.tar.gz`);
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('orbitTemplate', { kind: 'pglite', dumpPath } satisfies TestTemplate);
  return async () => fs.rmSync(dumpPath, { force: true });
}
