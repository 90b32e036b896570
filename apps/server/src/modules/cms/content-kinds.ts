/**
 * What the CMS's write path knows of each kind of content (docs/cms.md): how its natural key is
 * spelled, how its live row reads as a document and how a document becomes its live row again.
 * The documents are what `cms_versions` keeps, so a revert writes a live row from one.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  LICENCES,
  type ContentBannerDocument,
  type ContentPageStored,
  type ContentSnippetDocument,
  type ContentTranslationDocument,
  type FeConfigName,
} from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { PROJECT_NAME } from './data';
import { feConfigValues, STORED_FE_CONFIGS } from './fe-configs';
import { banners, cmsTranslations, feConfigs, snippets, staticPages, type CmsVersionKind } from './schema';

export type Document = Record<string, unknown>;

/** One entity of a kind: its key as stored (`id`) and the parts it is made of. */
export type KeyParts = { id: string; locale: string | null; parts: string[] };

export type LiveItem = { id: string; label: string; locale: string | null };

export type KindSpec = {
  kind: CmsVersionKind;
  /** The parts of an `id`, or null when it is not spelled as this kind's keys are. */
  parseKey(id: string): KeyParts | null;
  /** The live row as a document, or null when there is none. */
  read(tx: Executor, key: KeyParts): Promise<Document | null>;
  /** Makes the live row the document (null: no row). */
  write(tx: Executor, key: KeyParts, document: Document | null): Promise<void>;
  /** The live entities, in key order (`locale`: only that locale's). */
  listLive(db: Executor, locale: string | undefined): Promise<LiveItem[]>;
  /** What the site answers for an entity without a row (an fe config's default), if anything. */
  fallback?(key: KeyParts): Document | null;
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;
const LOCALE = /^[a-z]{2}(-[A-Z]{2})?$/;
const MESSAGE_KEY = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

const split = (id: string, n: number): string[] | null => {
  const parts = id.split('|');
  return parts.length === n ? parts : null;
};

/** A text cut to a list label, markup left out. */
const labelOf = (text: string) => {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 80 ? `${plain.slice(0, 79)}…` : plain;
};

// ---- pages --------------------------------------------------------------------------------------

export const pageKey = (slug: string, licence: string | null, locale: string) => `${slug}|${licence ?? ''}|${locale}`;

type PageRow = Pick<
  typeof staticPages.$inferSelect,
  'title' | 'content' | 'blocks' | 'categories' | 'position' | 'enabled'
>;

/** A page row as a document; `markdown` where it is known (the seed's file, an operator's write). */
export function pageDocumentOf(row: PageRow, markdown: string | null): ContentPageStored {
  return {
    title: row.title,
    seo_title: row.blocks.title,
    description: row.blocks.description,
    keywords: row.blocks.keywords,
    json: row.blocks.json,
    markdown,
    content: row.content,
    categories: row.categories,
    position: row.position,
    enabled: row.enabled,
  };
}

/** The `seo_title` a page gets when its writer leaves it out: the seed's pattern. */
export const defaultSeoTitle = (title: string) => `${title} | ${PROJECT_NAME}`;

const pageWhere = ([slug, licence, locale]: string[]) =>
  and(
    eq(staticPages.slug, slug!),
    licence ? eq(staticPages.licence, licence) : isNull(staticPages.licence),
    eq(staticPages.locale, locale!),
  );

const pageSpec: KindSpec = {
  kind: 'page',
  parseKey(id) {
    const parts = split(id, 3);
    if (!parts) return null;
    const [slug, licence, locale] = parts as [string, string, string];
    if (!SLUG.test(slug) || !LOCALE.test(locale)) return null;
    if (licence !== '' && !(LICENCES as readonly string[]).includes(licence)) return null;
    return { id, locale, parts };
  },
  async read(tx, key) {
    const [row] = await tx.select().from(staticPages).where(pageWhere(key.parts));
    return row ? pageDocumentOf(row, null) : null;
  },
  async write(tx, key, document) {
    if (!document) {
      await tx.delete(staticPages).where(pageWhere(key.parts));
      return;
    }
    const [slug, licence, locale] = key.parts as [string, string, string];
    const page = document as ContentPageStored;
    const values = {
      title: page.title,
      content: page.content,
      blocks: {
        title: page.seo_title,
        description: page.description,
        keywords: page.keywords,
        json: page.json,
        content_main: page.content,
      },
      categories: page.categories,
      position: page.position,
      enabled: page.enabled,
    };
    await tx
      .insert(staticPages)
      .values({ slug, licence: licence || null, locale, ...values })
      .onConflictDoUpdate({ target: [staticPages.slug, staticPages.licence, staticPages.locale], set: values });
  },
  async listLive(db, locale) {
    const rows = await db
      .select({
        slug: staticPages.slug,
        licence: staticPages.licence,
        locale: staticPages.locale,
        title: staticPages.title,
      })
      .from(staticPages)
      .where(locale ? eq(staticPages.locale, locale) : undefined)
      .orderBy(asc(staticPages.slug), sql`${staticPages.licence} nulls first`, asc(staticPages.locale));
    return rows.map((r) => ({ id: pageKey(r.slug, r.licence, r.locale), label: r.title, locale: r.locale }));
  },
};

// ---- snippets -----------------------------------------------------------------------------------

export const snippetKey = (key: string, locale: string) => `${key}|${locale}`;

export const snippetDocumentOf = (row: { content: string; categories: string[] }): ContentSnippetDocument => ({
  content: row.content,
  categories: row.categories,
});

const keyAndLocale = (id: string): KeyParts | null => {
  const parts = split(id, 2);
  if (!parts || !NAME.test(parts[0]!) || !LOCALE.test(parts[1]!)) return null;
  return { id, locale: parts[1]!, parts };
};

const snippetSpec: KindSpec = {
  kind: 'snippet',
  parseKey: keyAndLocale,
  async read(tx, key) {
    const [row] = await tx
      .select()
      .from(snippets)
      .where(and(eq(snippets.key, key.parts[0]!), eq(snippets.locale, key.parts[1]!)));
    return row ? snippetDocumentOf(row) : null;
  },
  async write(tx, key, document) {
    const [name, locale] = key.parts as [string, string];
    if (!document) {
      await tx.delete(snippets).where(and(eq(snippets.key, name), eq(snippets.locale, locale)));
      return;
    }
    const values = snippetDocumentOf(document as ContentSnippetDocument);
    await tx
      .insert(snippets)
      .values({ key: name, locale, ...values })
      .onConflictDoUpdate({ target: [snippets.key, snippets.locale], set: values });
  },
  async listLive(db, locale) {
    const rows = await db
      .select({ key: snippets.key, locale: snippets.locale, content: snippets.content })
      .from(snippets)
      .where(locale ? eq(snippets.locale, locale) : undefined)
      .orderBy(asc(snippets.key), asc(snippets.locale));
    return rows.map((r) => ({ id: snippetKey(r.key, r.locale), label: labelOf(r.content), locale: r.locale }));
  },
};

// ---- banners ------------------------------------------------------------------------------------

export const bannerKey = (identifier: string, locale: string) => `${identifier}|${locale}`;

type BannerRow = Pick<
  typeof banners.$inferSelect,
  'categories' | 'groups' | 'logged' | 'startsAt' | 'endsAt' | 'position' | 'data'
>;

export function bannerDocumentOf(row: BannerRow): ContentBannerDocument {
  return {
    title: row.data.title,
    description: row.data.description,
    categories: row.categories,
    groups: row.groups,
    logged: row.logged,
    starts_at: row.startsAt ? row.startsAt.toISOString() : null,
    ends_at: row.endsAt ? row.endsAt.toISOString() : null,
    position: row.position,
    gradient: [...row.data.gradient],
    labels: row.data.labels,
    button: row.data.button,
    image: row.data.image,
    size: row.data.size,
  };
}

const bannerSpec: KindSpec = {
  kind: 'banner',
  parseKey: keyAndLocale,
  async read(tx, key) {
    const [row] = await tx
      .select()
      .from(banners)
      .where(and(eq(banners.identifier, key.parts[0]!), eq(banners.locale, key.parts[1]!)));
    return row ? bannerDocumentOf(row) : null;
  },
  async write(tx, key, document) {
    const [identifier, locale] = key.parts as [string, string];
    if (!document) {
      await tx.delete(banners).where(and(eq(banners.identifier, identifier), eq(banners.locale, locale)));
      return;
    }
    const b = document as ContentBannerDocument;
    const values = {
      categories: b.categories,
      groups: b.groups,
      logged: b.logged,
      startsAt: b.starts_at ? new Date(b.starts_at) : null,
      endsAt: b.ends_at ? new Date(b.ends_at) : null,
      position: b.position,
      data: {
        title: b.title,
        description: b.description,
        gradient: b.gradient,
        labels: b.labels,
        button: b.button,
        image: b.image,
        size: b.size,
      },
    };
    await tx
      .insert(banners)
      .values({ identifier, locale, ...values })
      .onConflictDoUpdate({ target: [banners.identifier, banners.locale], set: values });
  },
  async listLive(db, locale) {
    const rows = await db
      .select({ identifier: banners.identifier, locale: banners.locale, data: banners.data })
      .from(banners)
      .where(locale ? eq(banners.locale, locale) : undefined)
      .orderBy(asc(banners.identifier), asc(banners.locale));
    return rows.map((r) => ({ id: bannerKey(r.identifier, r.locale), label: r.data.title, locale: r.locale }));
  },
};

// ---- fe configs ---------------------------------------------------------------------------------

type StoredName = (typeof STORED_FE_CONFIGS)[number];
const isStored = (name: string): name is StoredName => (STORED_FE_CONFIGS as readonly string[]).includes(name);

const feConfigSpec: KindSpec = {
  kind: 'fe_config',
  parseKey: (id) => (isStored(id) ? { id, locale: null, parts: [id] } : null),
  async read(tx, key) {
    const [row] = await tx.select({ value: feConfigs.value }).from(feConfigs).where(eq(feConfigs.name, key.id));
    return row ? { value: row.value } : null;
  },
  async write(tx, key, document) {
    if (!document) {
      await tx.delete(feConfigs).where(eq(feConfigs.name, key.id));
      return;
    }
    const value = (document as { value: unknown }).value;
    await tx
      .insert(feConfigs)
      .values({ name: key.id, value })
      .onConflictDoUpdate({ target: feConfigs.name, set: { value, updatedAt: sql`now()` } });
  },
  async listLive() {
    return STORED_FE_CONFIGS.map((name) => ({ id: name, label: name, locale: null }));
  },
  fallback: (key) => ({ value: feConfigValues()[key.id as Exclude<FeConfigName, 'banners-config'>] }),
};

// ---- translations -------------------------------------------------------------------------------

export const translationKey = (locale: string, key: string) => `${locale}|${key}`;

const translationSpec: KindSpec = {
  kind: 'translation',
  parseKey(id) {
    const parts = split(id, 2);
    if (!parts || !LOCALE.test(parts[0]!) || !MESSAGE_KEY.test(parts[1]!) || parts[1]!.length > 200) return null;
    return { id, locale: parts[0]!, parts };
  },
  async read(tx, key) {
    const [row] = await tx
      .select({ text: cmsTranslations.text })
      .from(cmsTranslations)
      .where(and(eq(cmsTranslations.locale, key.parts[0]!), eq(cmsTranslations.key, key.parts[1]!)));
    return row ? ({ text: row.text } satisfies ContentTranslationDocument) : null;
  },
  async write(tx, key, document) {
    const [locale, name] = key.parts as [string, string];
    if (!document) {
      await tx.delete(cmsTranslations).where(and(eq(cmsTranslations.locale, locale), eq(cmsTranslations.key, name)));
      return;
    }
    const { text } = document as ContentTranslationDocument;
    await tx
      .insert(cmsTranslations)
      .values({ locale, key: name, text })
      .onConflictDoUpdate({ target: [cmsTranslations.locale, cmsTranslations.key], set: { text } });
  },
  async listLive(db, locale) {
    const rows = await db
      .select()
      .from(cmsTranslations)
      .where(locale ? eq(cmsTranslations.locale, locale) : undefined)
      .orderBy(asc(cmsTranslations.locale), asc(cmsTranslations.key));
    return rows.map((r) => ({ id: translationKey(r.locale, r.key), label: labelOf(r.text), locale: r.locale }));
  },
};

export const KIND_SPECS: Record<CmsVersionKind, KindSpec> = {
  page: pageSpec,
  snippet: snippetSpec,
  banner: bannerSpec,
  fe_config: feConfigSpec,
  translation: translationSpec,
};

/** The overrides of one locale, key → text. */
export async function translationOverrides(db: Executor, locale: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: cmsTranslations.key, text: cmsTranslations.text })
    .from(cmsTranslations)
    .where(inArray(cmsTranslations.locale, [locale]));
  return Object.fromEntries(rows.map((r) => [r.key, r.text]));
}
