import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an idempotent seed upsert: every column but the keys takes the proposed
 * (`excluded.`) value, so a second seed run leaves the rows as they are.
 */
export function excludedSet<T extends PgTable>(table: T, keep: ReadonlyArray<string>): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    if (keep.includes(property)) continue;
    set[property] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

/**
 * The `translations` a seed's upsert leaves (docs/localisation.md): a row seeded before it had
 * translations gets the seed's; translations already there (an operator's) are kept.
 */
export function seedTranslations(table: PgTable & { translations: Column }): SQL {
  return sql`case when ${table.translations} = '{}'::jsonb then excluded.translations else ${table.translations} end`;
}
