import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The builds whose seed this database has (docs/performance.md "Start"): a start of the bundled
 * server whose build and seed options are listed skips the seed, which would change nothing.
 */
export const seedRuns = pgTable('seed_runs', {
  fingerprint: text('fingerprint').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
