/**
 * The CMS's write path in the back office (`/api/backoffice/content/*`, docs/cms.md): pages,
 * snippets, banners, fe configs and translations, each change kept as a numbered version that
 * can be brought back. An entity is named by its natural key as one text (`id`), its parts
 * joined by `|`: a page `slug|licence|locale` (licence empty for the page every licence sees),
 * a snippet `key|locale`, a banner `identifier|locale`, an fe config its name, a translation
 * `locale|key`.
 */
import { z } from 'zod';
import { backofficeList, backofficeListQuerySchema } from './backoffice';
import { localeCodeSchema } from './info';

/** The kinds as the URL names them. */
export const CONTENT_KINDS = ['pages', 'snippets', 'banners', 'fe-configs', 'translations'] as const;
export const contentKindSchema = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof contentKindSchema>;

const whole = (min: number, max: number) => z.number({ message: 'invalid_type' }).int('not_integer').min(min).max(max);
const categoriesSchema = z.array(z.string().trim().min(1, 'blank').max(60, 'too_long')).max(30, 'too_long');

/** A PUT may name the version it was made from; another one current by then answers 409 `version_conflict`. */
const baseVersion = { base_version: whole(0, 2_147_483_647).optional() };

// ---- pages ------------------------------------------------------------------------------------

const pageShape = {
  title: z.string().trim().min(1, 'blank').max(200, 'too_long'),
  /** The browser tab's title; the page's title with ` | Orbit` when left out. */
  seo_title: z.string().trim().max(300, 'too_long').optional(),
  description: z.string().max(1_000, 'too_long').default(''),
  keywords: z.string().max(1_000, 'too_long').default(''),
  /** The page's structured settings (a promotion's terms, a news article's date ...). */
  json: z.record(z.string(), z.unknown()).default({}),
  /** The page's text in the CMS's small markdown (docs/cms.md); rendered to HTML on write. */
  markdown: z.string().max(200_000, 'too_long'),
  categories: categoriesSchema.default([]),
  position: whole(-1_000_000, 1_000_000).default(0),
  enabled: z.boolean({ message: 'invalid_type' }).default(true),
};
export const contentPageDocumentSchema = z.strictObject(pageShape);
export type ContentPageDocument = z.infer<typeof contentPageDocumentSchema>;
export const contentPagePutRequestSchema = z.strictObject({ ...pageShape, ...baseVersion });
export type ContentPagePutRequest = z.infer<typeof contentPagePutRequestSchema>;

/** A page as kept: what was written, with its HTML (markdown null for a page recorded from the live table). */
export const contentPageStoredSchema = z.object({
  title: z.string(),
  seo_title: z.string(),
  description: z.string(),
  keywords: z.string(),
  json: z.record(z.string(), z.unknown()),
  markdown: z.string().nullable(),
  content: z.string(),
  categories: z.array(z.string()),
  position: z.number().int(),
  enabled: z.boolean(),
});
export type ContentPageStored = z.infer<typeof contentPageStoredSchema>;

/** `POST /api/backoffice/content/pages/preview`: a page as the site would answer it, nothing written. */
export const contentPagePreviewRequestSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'invalid_slug'),
  licence: z
    .string()
    .regex(/^[A-Z]{2,3}$/, 'invalid_licence')
    .nullable()
    .default(null),
  locale: localeCodeSchema,
  ...pageShape,
});
export type ContentPagePreviewRequest = z.infer<typeof contentPagePreviewRequestSchema>;

// ---- snippets ---------------------------------------------------------------------------------

const snippetShape = {
  /** HTML (JSON text for snippets in the `tournament` category), shown as written. */
  content: z.string().min(1, 'blank').max(50_000, 'too_long'),
  categories: categoriesSchema.default([]),
};
export const contentSnippetDocumentSchema = z.strictObject(snippetShape);
export type ContentSnippetDocument = z.infer<typeof contentSnippetDocumentSchema>;
export const contentSnippetPutRequestSchema = z.strictObject({ ...snippetShape, ...baseVersion });

// ---- banners ----------------------------------------------------------------------------------

/** A CSS colour as the banners' gradients use them: hex, or rgb()/hsl() with plain numbers. */
const colourSchema = z
  .string()
  .regex(/^(#[0-9a-fA-F]{3,8}|(rgb|hsl)a?\([0-9.,%\s]+\))$/, 'invalid_colour')
  .max(40, 'too_long');
/** Same-site paths, https and the page's own popups only: a banner never sends a player to a script. */
const linkSchema = z
  .string()
  .max(500, 'too_long')
  .regex(/^(\/(?!\/)|https:\/\/)/, 'unsafe_url');
const moment = z.iso.datetime({ offset: true, message: 'invalid_format' }).nullable().default(null);

const bannerShape = {
  title: z.string().trim().min(1, 'blank').max(200, 'too_long'),
  description: z.string().max(1_000, 'too_long').default(''),
  categories: categoriesSchema.default([]),
  groups: z.array(whole(1, 2_147_483_647)).max(100, 'too_long').default([]),
  /** true: signed-in players only; false: guests only; null: everyone. */
  logged: z.boolean({ message: 'invalid_type' }).nullable().default(null),
  starts_at: moment,
  ends_at: moment,
  position: whole(-1_000_000, 1_000_000).default(0),
  /** Four CSS colours, top-left to bottom-right. */
  gradient: z.tuple([colourSchema, colourSchema, colourSchema, colourSchema], { message: 'invalid_gradient' }),
  labels: z.array(z.string().trim().min(1, 'blank').max(40, 'too_long')).max(10, 'too_long').default([]),
  button: z
    .strictObject({
      name: z.string().trim().min(1, 'blank').max(60, 'too_long'),
      url: linkSchema,
      type: z.enum(['link', 'popup'], { message: 'not_allowed' }),
      frontend_identifier: z.string().max(60, 'too_long').nullable().default(null),
    })
    .nullable()
    .default(null),
  image: z
    .string()
    .max(500, 'too_long')
    .regex(/^\/(?!\/)/, 'unsafe_url')
    .nullable()
    .default(null),
  size: z.enum(['large', 'small'], { message: 'not_allowed' }).default('small'),
};
const endsAfterStart = (b: { starts_at: string | null; ends_at: string | null }) =>
  b.starts_at === null || b.ends_at === null || Date.parse(b.ends_at) > Date.parse(b.starts_at);
const endsAfterStartIssue = { message: 'before_start', path: ['ends_at'] };
export const contentBannerDocumentSchema = z.strictObject(bannerShape).refine(endsAfterStart, endsAfterStartIssue);
export type ContentBannerDocument = z.infer<typeof contentBannerDocumentSchema>;
export const contentBannerPutRequestSchema = z
  .strictObject({ ...bannerShape, ...baseVersion })
  .refine(endsAfterStart, endsAfterStartIssue);

// ---- fe configs -------------------------------------------------------------------------------

/** The config's whole value, checked against the shape its name has (`GET /api/fe/config/:name`). */
export const contentFeConfigDocumentSchema = z.strictObject({ value: z.unknown() });
export type ContentFeConfigDocument = z.infer<typeof contentFeConfigDocumentSchema>;
export const contentFeConfigPutRequestSchema = z.strictObject({ value: z.unknown(), ...baseVersion });

// ---- translations -----------------------------------------------------------------------------

/** One text of the page (a key of the English messages file) in one locale, over the bundled one. */
export const contentTranslationDocumentSchema = z.strictObject({
  text: z.string().min(1, 'blank').max(5_000, 'too_long'),
});
export type ContentTranslationDocument = z.infer<typeof contentTranslationDocumentSchema>;
export const contentTranslationPutRequestSchema = z.strictObject({
  text: contentTranslationDocumentSchema.shape.text,
  ...baseVersion,
});

/** `GET /api/cms/translations?l=de`: the locale's overrides, key (dot path) → text. */
export const cmsTranslationsQuerySchema = z.object({ l: localeCodeSchema });
export const cmsTranslationsResponseSchema = z.record(z.string(), z.string());
export type CmsTranslationsResponse = z.infer<typeof cmsTranslationsResponseSchema>;

// ---- lists, entries, versions -------------------------------------------------------------------

export const contentKeyParamsSchema = z.object({ id: z.string().min(1).max(300) });
export const contentVersionParamsSchema = contentKeyParamsSchema.extend({
  n: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const contentListQuerySchema = backofficeListQuerySchema.extend({ locale: localeCodeSchema.optional() });
export type ContentListQuery = z.infer<typeof contentListQuerySchema>;

/** One row of a kind's list: its key, a label to recognise it by, and its current version (0: never written since versions began). */
export const contentListItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  locale: z.string().nullable(),
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type ContentListItem = z.infer<typeof contentListItemSchema>;
export const contentListResponseSchema = backofficeList(contentListItemSchema);

/** One entity as it is now: its current version and document. */
const entry = <D extends z.ZodType>(document: D) =>
  z.object({
    id: z.string(),
    version: z.number().int(),
    updated_at: z.string().nullable(),
    operator_id: z.number().int().nullable(),
    document,
  });
export const contentPageEntrySchema = entry(contentPageStoredSchema);
export const contentSnippetEntrySchema = entry(contentSnippetDocumentSchema);
export const contentBannerEntrySchema = entry(contentBannerDocumentSchema);
export const contentFeConfigEntrySchema = entry(contentFeConfigDocumentSchema);
export const contentTranslationEntrySchema = entry(contentTranslationDocumentSchema);
/** Any kind's entry (the routes declare this; clients parse with their kind's schema). */
export const contentEntrySchema = entry(z.record(z.string(), z.unknown()));
export type ContentEntry = z.infer<typeof contentEntrySchema>;

/** One kept version: the document as written then (null: the entity was deleted), by whom (null: the seed). */
export const contentVersionSchema = z.object({
  version: z.number().int(),
  document: z.record(z.string(), z.unknown()).nullable(),
  operator_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type ContentVersion = z.infer<typeof contentVersionSchema>;
export const contentVersionsResponseSchema = backofficeList(contentVersionSchema);

/** A revert may name the version it was made from, as a PUT does (a DELETE says it as `?base_version=`). */
export const contentBaseVersionRequestSchema = z.strictObject(baseVersion).default({});
export const contentBaseVersionQuerySchema = z.object({
  base_version: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

/** `DELETE`: the version that records the deletion. */
export const contentDeletedSchema = z.object({ id: z.string(), version: z.number().int() });
