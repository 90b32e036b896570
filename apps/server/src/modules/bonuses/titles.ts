/**
 * The titles of what a player was given (bonuses, free spins) in the page's locale
 * (docs/localisation.md): a title that is still its template's own reads the template's
 * translation; a title set at issue (a prize's own name) stays as it was given.
 */
import { inArray } from 'drizzle-orm';
import { localisedText } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { bonusTemplates } from './schema';

export async function titlesInLocale<T extends { templateId: number; title: string }>(
  db: Executor,
  rows: T[],
  locale: string,
): Promise<T[]> {
  const ids = [...new Set(rows.map((r) => r.templateId))];
  if (ids.length === 0) return rows;
  const templates = await db
    .select({ id: bonusTemplates.id, title: bonusTemplates.title, translations: bonusTemplates.translations })
    .from(bonusTemplates)
    .where(inArray(bonusTemplates.id, ids));
  const byId = new Map(templates.map((t) => [t.id, t]));
  return rows.map((row) => {
    const template = byId.get(row.templateId);
    if (!template || template.title !== row.title) return row;
    return { ...row, title: localisedText(template.translations, 'title', locale, row.title) };
  });
}
