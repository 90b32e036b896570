import { eq } from 'drizzle-orm';
import type { Db } from './platform/db/client';
import { seedRuns } from './platform/db/schema';
import { modules } from './modules';
import type { SeedOptions } from './platform/module';

/** Idempotent: every module upserts its content, so a second run changes nothing. */
export async function seedAll(db: Db, options: SeedOptions = { demoPlayer: true }): Promise<void> {
  for (const m of modules) await m.seed?.(db, options);
}

/**
 * A start's seed (docs/performance.md "Start"). The bundled server knows its build (a hash of
 * every source it was built from, `process.env.ORBIT_BUILD_ID` written in by the bundler): when
 * this database was seeded by the same build with the same options, the seed is skipped, since
 * running it again would change nothing. Without a build id (tsx, tests) it always runs.
 * Answers whether it ran.
 */
export async function seedForStart(db: Db, options: SeedOptions, buildId: string | undefined): Promise<boolean> {
  if (!buildId) {
    await seedAll(db, options);
    return true;
  }
  const fingerprint = `${buildId}:${options.demoPlayer ? 'demo-player' : 'no-demo-player'}`;
  const [seen] = await db.select().from(seedRuns).where(eq(seedRuns.fingerprint, fingerprint));
  if (seen) return false;
  await seedAll(db, options);
  await db.insert(seedRuns).values({ fingerprint }).onConflictDoNothing();
  return true;
}
