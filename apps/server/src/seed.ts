import type { Db } from './platform/db/client';
import { modules } from './modules';
import type { SeedOptions } from './platform/module';

/** Idempotent: every module upserts its content, so a second run changes nothing. */
export async function seedAll(db: Db, options: SeedOptions = { demoPlayer: true }): Promise<void> {
  for (const m of modules) await m.seed?.(db, options);
}
