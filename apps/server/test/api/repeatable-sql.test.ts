/**
 * The money SQL has one current source (docs/architecture.md "Money SQL"): every database
 * function lives in its module's `sql/` file, the database runs exactly that text, and a file
 * whose text changes is applied again at the next migrate (an unchanged one is not).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/platform/db/client';
import { applyRoutines, routineFiles, type RoutineFile } from '../../src/platform/db/routines';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bodyOf = (text: string) => /\$\$([\s\S]*)\$\$/.exec(text)?.[1];
const functionOf = (text: string) => /CREATE OR REPLACE FUNCTION\s+(\w+)/i.exec(text)?.[1];

describe('database functions kept as files', () => {
  it('has a file for every function a migration ever created, one function per file, named after it', () => {
    const files = routineFiles();
    const named = new Set(files.map((f) => functionOf(f.text)));
    for (const file of files) expect(path.basename(file.name, '.sql')).toBe(functionOf(file.text));
    for (const migration of fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'))) {
      const text = fs.readFileSync(path.join(migrationsFolder, migration), 'utf8');
      for (const [, name] of text.matchAll(/CREATE (?:OR REPLACE )?FUNCTION\s+(\w+)/gi)) {
        expect(named.has(name), `${name} (${migration}) has no file in modules/*/sql`).toBe(true);
      }
    }
  });

  it("runs exactly each file's text in the database, and records what it applied", async () => {
    const applied = (await t.database.db.execute(sql`select name, sha256 from repeatable_sql`)).rows as Array<{
      name: string;
      sha256: string;
    }>;
    for (const file of routineFiles()) {
      expect(applied.find((a) => a.name === file.name)?.sha256, file.name).toBe(file.sha256);
      const [row] = (
        await t.database.db.execute(sql`select prosrc from pg_proc where proname = ${functionOf(file.text)!}`)
      ).rows as Array<{ prosrc: string }>;
      expect(row?.prosrc, file.name).toBe(bodyOf(file.text));
    }
  });

  it('applies a file again when its text changed, and leaves an unchanged one alone', async () => {
    const version = (answer: number): RoutineFile => {
      const text = `CREATE OR REPLACE FUNCTION orbit_test_answer() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN ${answer}; END $$;`;
      return { name: 'test/orbit_test_answer.sql', text, sha256: `v${answer}` };
    };
    const answer = async () =>
      ((await t.database.db.execute(sql`select orbit_test_answer() as a`)).rows[0] as { a: number }).a;
    expect(await applyRoutines(t.database.db, [version(1)])).toEqual(['test/orbit_test_answer.sql']);
    expect(await answer()).toBe(1);
    expect(await applyRoutines(t.database.db, [version(1)])).toEqual([]);
    expect(await applyRoutines(t.database.db, [version(2)])).toEqual(['test/orbit_test_answer.sql']);
    expect(await answer()).toBe(2);
    // A real migrate finds the modules' files as they were applied: nothing to do.
    expect(await applyRoutines(t.database.db)).toEqual([]);
  });
});
