import type { Db } from './platform/db/client';
import { modules } from './modules';

/** Idempotent: every module upserts its content, so a second run changes nothing. */
export async function seedAll(db: Db): Promise<void> {
  for (const m of modules) await m.seed?.(db);
}
