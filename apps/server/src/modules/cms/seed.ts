import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { excludedSet } from '../../platform/db/upsert';
import { loadPageSeeds } from './content';
import { BANNER_SEED, COUNTRY_SEED, DEFAULT_LOCALE, FILE_SEED, LOCALE_SEED, SNIPPET_SEED } from './data';
import { bannerDocumentOf, bannerKey, pageDocumentOf, pageKey, snippetDocumentOf, snippetKey } from './content-kinds';
import { feConfigValues } from './fe-configs';
import { banners, countries, feConfigs, files, locales, snippets, staticPages } from './schema';
import { latestOfAll, recordSeedVersions, seedOwns, type SeedEntity } from './versions';

/**
 * Upserts the cms content by natural key; a second run leaves every row as it was. What it writes
 * of pages, snippets, banners and fe configs is also their version (version 1 the first time).
 */
export async function seedCms(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values(COUNTRY_SEED.map(([code, name, defaultCurrency], position) => ({ code, name, defaultCurrency, position })))
    .onConflictDoUpdate({ target: countries.code, set: excludedSet(countries, ['code']) });

  await db
    .insert(locales)
    .values(LOCALE_SEED.map((l, position) => ({ ...l, isDefault: l.code === DEFAULT_LOCALE, position })))
    .onConflictDoUpdate({ target: locales.code, set: excludedSet(locales, ['code']) });

  // Content an operator has written through the back office stays as they left it; the rest
  // follows the seed files, each change of theirs kept as a version (docs/cms.md "The seed").
  const latest = await latestOfAll(db);
  const versions: SeedEntity[] = [];

  const pages = loadPageSeeds().filter((p) => seedOwns(latest, 'page', pageKey(p.slug, p.licence, p.locale)));
  if (pages.length > 0)
    await db
      .insert(staticPages)
      .values(pages.map(({ markdown: _markdown, ...row }) => row))
      .onConflictDoUpdate({
        target: [staticPages.slug, staticPages.licence, staticPages.locale],
        set: excludedSet(staticPages, ['id', 'slug', 'licence', 'locale', 'enabled']),
      });
  for (const p of pages)
    versions.push({
      kind: 'page',
      id: pageKey(p.slug, p.licence, p.locale),
      document: pageDocumentOf({ ...p, enabled: true }, p.markdown),
    });

  const snippetValues = snippetRows().filter((r) => seedOwns(latest, 'snippet', snippetKey(r.key, r.locale)));
  if (snippetValues.length > 0)
    await db
      .insert(snippets)
      .values(snippetValues)
      .onConflictDoUpdate({
        target: [snippets.key, snippets.locale],
        set: excludedSet(snippets, ['id', 'key', 'locale']),
      });
  for (const r of snippetValues)
    versions.push({ kind: 'snippet', id: snippetKey(r.key, r.locale), document: snippetDocumentOf(r) });

  await db
    .insert(files)
    .values(fileRows())
    .onConflictDoUpdate({ target: [files.name, files.locale], set: excludedSet(files, ['id', 'name', 'locale']) });

  const bannerValues = bannerRows().filter((r) => seedOwns(latest, 'banner', bannerKey(r.identifier, r.locale)));
  if (bannerValues.length > 0)
    await db
      .insert(banners)
      .values(bannerValues)
      .onConflictDoUpdate({
        target: [banners.identifier, banners.locale],
        set: excludedSet(banners, ['id', 'identifier', 'locale']),
      });
  for (const r of bannerValues)
    versions.push({ kind: 'banner', id: bannerKey(r.identifier, r.locale), document: bannerDocumentOf(r) });

  // `updated_at` moves only when the value really changes.
  const configValues = Object.entries(feConfigValues())
    .filter(([name]) => seedOwns(latest, 'fe_config', name))
    .map(([name, value]) => ({ name, value }));
  if (configValues.length > 0)
    await db
      .insert(feConfigs)
      .values(configValues)
      .onConflictDoUpdate({
        target: feConfigs.name,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        setWhere: sql`${feConfigs.value} is distinct from excluded.value`,
      });
  for (const c of configValues)
    versions.push({ kind: 'fe_config', id: c.name, document: { value: JSON.parse(JSON.stringify(c.value)) } });

  await recordSeedVersions(db, versions, latest);
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
