import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** Countries players come from; `default_currency` is offered first at registration. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  defaultCurrency: text('default_currency'),
  position: integer('position').notNull().default(0),
});

/** Site languages (URL prefixes); incomplete ones fall back to English text by text. */
export const locales = pgTable('locales', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  complete: boolean('complete').notNull().default(false),
  position: integer('position').notNull().default(0),
});

export type PageBlocks = {
  description: string;
  keywords: string;
  title: string;
  json: Record<string, unknown>;
  content_main: string;
};

/**
 * Static pages by slug, per locale, optionally per licence (`null` = every licence).
 * NULLS NOT DISTINCT so that the page without a licence is unique per slug and locale too.
 */
export const staticPages = pgTable(
  'static_pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    licence: text('licence'),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    /** HTML (rendered from the operator's markdown at seed). */
    content: text('content').notNull(),
    blocks: jsonb('blocks').$type<PageBlocks>().notNull(),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [unique('static_pages_slug_licence_locale').on(t.slug, t.licence, t.locale).nullsNotDistinct()],
);

/** Small pieces of operator text (footer licence note, cookie notice ...). */
export const snippets = pgTable(
  'snippets',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    locale: text('locale').notNull(),
    content: text('content').notNull(),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [unique('snippets_key_locale').on(t.key, t.locale)],
);

/** Files the operator publishes (licence seals ...); served same-origin from `body`. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    locale: text('locale'),
    contentType: text('content_type').notNull(),
    body: text('body').notNull(),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [unique('files_name_locale').on(t.name, t.locale).nullsNotDistinct()],
);

export type BannerData = {
  title: string;
  description: string;
  /** Four CSS colours. */
  gradient: [string, string, string, string];
  labels: string[];
  button: { name: string; url: string; type: 'link' | 'popup'; frontend_identifier: string | null } | null;
  image: string | null;
  size: 'large' | 'small';
};

/** Lobby and category banners, per locale (English is the fallback). */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    locale: text('locale').notNull(),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    groups: integer('groups')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** true: logged-in players only; false: guests only; null: everyone. */
    logged: boolean('logged'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    data: jsonb('data').$type<BannerData>().notNull(),
  },
  (t) => [
    unique('banners_identifier_locale').on(t.identifier, t.locale),
    index('banners_locale_position').on(t.locale, t.position),
  ],
);

/** Front-end configuration documents by name (`GET /api/fe/config/:name`). */
export const feConfigs = pgTable('fe_configs', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the CMS keeps versions of (docs/cms.md "Versions"). */
export const CMS_VERSION_KINDS = ['page', 'snippet', 'banner', 'fe_config', 'translation'] as const;
export type CmsVersionKind = (typeof CMS_VERSION_KINDS)[number];

/**
 * Every change of a CMS entity, numbered 1, 2, 3 ... per entity (kind and natural key): the whole
 * document as written, or null where it was deleted. Rows are only ever added; a revert adds the
 * old document as a new version. `operator_id` is null for what the seed wrote (no foreign key:
 * the operators are the back office's, a layer above).
 */
export const cmsVersions = pgTable(
  'cms_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    entityKey: text('entity_key').notNull(),
    version: integer('version').notNull(),
    document: jsonb('document'),
    operatorId: bigint('operator_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cms_versions_entity_version').on(t.kind, t.entityKey, t.version),
    check('cms_versions_kind', sql`${t.kind} in ('page', 'snippet', 'banner', 'fe_config', 'translation')`),
    check('cms_versions_version_positive', sql`${t.version} > 0`),
  ],
);

/** The page's texts the operator changed, by locale and key (a dot path of the messages file), over the bundled ones. */
export const cmsTranslations = pgTable(
  'cms_translations',
  {
    locale: text('locale').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.key] })],
);
