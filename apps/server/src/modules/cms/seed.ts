import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { excludedSet } from '../../platform/db/upsert';
import { loadPageSeeds } from './content';
import { BANNER_SEED, COUNTRY_SEED, DEFAULT_LOCALE, FILE_SEED, LOCALE_SEED, SNIPPET_SEED } from './data';
import { feConfigValues } from './fe-configs';
import { banners, countries, feConfigs, files, locales, snippets, staticPages } from './schema';

/** Upserts the cms content by natural key; a second run leaves every row as it was. */
export async function seedCms(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values(COUNTRY_SEED.map(([code, name, defaultCurrency], position) => ({ code, name, defaultCurrency, position })))
    .onConflictDoUpdate({ target: countries.code, set: excludedSet(countries, ['code']) });

  await db
    .insert(locales)
    .values(LOCALE_SEED.map((l, position) => ({ ...l, isDefault: l.code === DEFAULT_LOCALE, position })))
    .onConflictDoUpdate({ target: locales.code, set: excludedSet(locales, ['code']) });

  await db
    .insert(staticPages)
    .values(loadPageSeeds())
    .onConflictDoUpdate({
      target: [staticPages.slug, staticPages.licence, staticPages.locale],
      set: excludedSet(staticPages, ['id', 'slug', 'licence', 'locale', 'enabled']),
    });

  await db
    .insert(snippets)
    .values(snippetRows())
    .onConflictDoUpdate({
      target: [snippets.key, snippets.locale],
      set: excludedSet(snippets, ['id', 'key', 'locale']),
    });

  await db
    .insert(files)
    .values(fileRows())
    .onConflictDoUpdate({ target: [files.name, files.locale], set: excludedSet(files, ['id', 'name', 'locale']) });

  await db
    .insert(banners)
    .values(bannerRows())
    .onConflictDoUpdate({
      target: [banners.identifier, banners.locale],
      set: excludedSet(banners, ['id', 'identifier', 'locale']),
    });

  // `updated_at` moves only when the value really changes.
  await db
    .insert(feConfigs)
    .values(Object.entries(feConfigValues()).map(([name, value]) => ({ name, value })))
    .onConflictDoUpdate({
      target: feConfigs.name,
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      setWhere: sql`${feConfigs.value} is distinct from excluded.value`,
    });
}

/** The snippets, one row per locale they have a text in. */
function snippetRows() {
  return SNIPPET_SEED.flatMap((s) =>
    Object.entries(s.content).flatMap(([locale, content]) =>
      content === undefined ? [] : [{ key: s.key, locale, content, categories: s.categories }],
    ),
  );
}

/** The published files (every locale). */
function fileRows() {
  return FILE_SEED.map((f) => ({
    name: f.name,
    locale: null,
    contentType: 'image/svg+xml',
    body: f.body,
    categories: f.categories,
  }));
}

/** The banners, one row per locale of their texts. */
function bannerRows() {
  return BANNER_SEED.flatMap((b) =>
    Object.entries(b.text).map(([locale, text]) => ({
      identifier: b.identifier,
      locale,
      categories: b.categories,
      groups: b.groups ?? [],
      logged: b.logged,
      startsAt: null,
      endsAt: null,
      position: b.position,
      data: {
        ...b.data,
        title: text.title,
        description: text.description,
        button: b.data.button ? { ...b.data.button, name: text.button } : null,
      },
    })),
  );
}
