import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Where the modules keep their database functions: `modules/<module>/sql/<function>.sql`. */
export const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../modules');

export type RoutineFile = { name: string; text: string; sha256: string };

/**
 * The database functions the modules keep as files, one function per file (docs/architecture.md
 * "Money SQL"), in a stable order: by module, then by file name.
 */
export function routineFiles(root: string = modulesDir): RoutineFile[] {
  const files: RoutineFile[] = [];
  for (const module of fs.readdirSync(root).sort()) {
    const dir = path.join(root, module, 'sql');
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.sql')) continue;
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      files.push({ name: `${module}/${file}`, text, sha256: createHash('sha256').update(text).digest('hex') });
    }
  }
  return files;
}

/**
 * Applies the function files whose text changed since they were last applied (or that never
 * were), after the numbered migrations: a repeatable migration, as Flyway's `R__` files are. Each
 * file is one `CREATE OR REPLACE FUNCTION`; the table `repeatable_sql` keeps the hash of the text
 * applied. All in one transaction under a lock, so instances starting together apply each change
 * once. Function bodies are checked when called, not when created, so the order of files does
 * not matter. A change of a function's arguments or result type needs a numbered migration that
 * drops the old one first (CREATE OR REPLACE cannot change them). Answers the names applied.
 */
export async function applyRoutines(db: Db, files: RoutineFile[] = routineFiles()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('orbit.repeatable_sql'))`);
    await tx.execute(
      sql`create table if not exists repeatable_sql (name text primary key, sha256 text not null, applied_at timestamptz not null)`,
    );
    const rows = (await tx.execute(sql`select name, sha256 from repeatable_sql`)).rows as Array<{
      name: string;
      sha256: string;
    }>;
    const applied = new Map(rows.map((r) => [r.name, r.sha256]));
    const changed = files.filter((f) => applied.get(f.name) !== f.sha256);
    if (changed.length === 0) return [];
    await tx.execute(sql`set local check_function_bodies = off`);
    for (const file of changed) {
      await tx.execute(sql.raw(file.text));
      await tx.execute(
        sql`insert into repeatable_sql (name, sha256, applied_at) values (${file.name}, ${file.sha256}, now())
          on conflict (name) do update set sha256 = excluded.sha256, applied_at = excluded.applied_at`,
      );
    }
    return changed.map((f) => f.name);
  });
}
