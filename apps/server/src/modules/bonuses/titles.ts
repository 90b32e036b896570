/**
 * The titles of what a player was given (bonuses, free spins) in the page's locale
 * (docs/localisation.md): a title that is still its template's own reads the template's
 * translation; a title set at issue (a prize's own name) stays as it was given.
 */
import { inArray } from 'drizzle-orm';
import { localisedText, type LocalisedTexts } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { playerLocales } from '../identity';
import { bonusTemplates } from './schema';

type Given = { templateId: number; title: string };

async function templateTexts(
  db: Executor,
  rows: readonly Given[],
): Promise<Map<number, { title: string; translations: LocalisedTexts }>> {
  const ids = [...new Set(rows.map((r) => r.templateId))];
  if (ids.length === 0) return new Map();
  const templates = await db
    .select({ id: bonusTemplates.id, title: bonusTemplates.title, translations: bonusTemplates.translations })
    .from(bonusTemplates)
    .where(inArray(bonusTemplates.id, ids));
  return new Map(templates.map((t) => [t.id, t]));
}

/** The rows with their titles in `locale` (one read of their templates). */
export async function titlesInLocale<T extends Given>(db: Executor, rows: T[], locale: string): Promise<T[]> {
  return titlesBy(db, rows, () => locale);
}

/**
 * The rows with each title in its own player's saved locale: what a live push carries, having no
 * request to take a locale from. One read of the players' locales and one of the templates per
 * batch, whatever its size.
 */
export async function titlesInPlayersLocales<T extends Given & { userId: number }>(
  db: Executor,
  rows: T[],
): Promise<T[]> {
  if (rows.length === 0) return rows;
  const locales = await playerLocales(
    db,
    rows.map((r) => r.userId),
  );
  return titlesBy(db, rows, (row) => locales.get(row.userId) ?? 'en');
}

async function titlesBy<T extends Given>(db: Executor, rows: T[], localeOf: (row: T) => string): Promise<T[]> {
  const byId = await templateTexts(db, rows);
  if (byId.size === 0) return rows;
  return rows.map((row) => {
    const template = byId.get(row.templateId);
    if (!template || template.title !== row.title) return row;
    return { ...row, title: localisedText(template.translations, 'title', localeOf(row), row.title) };
  });
}
