import { z } from 'zod';
import { localeCodeSchema } from './info';
import { featureFlagsConfigSchema } from './backoffice-reference';

// ---- CMS queries ----------------------------------------------------------------------------

/** `?l=de`: the locale of the answer; texts missing in it come in English. */
export const cmsLocaleQuerySchema = z.object({ l: localeCodeSchema.optional() });
export type CmsLocaleQuery = z.infer<typeof cmsLocaleQuerySchema>;

/** `GET /api/cms/pages/*`: the slug, optionally with one licence suffix (`terms-and-conditions/EE`). */
export const cmsPageSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[A-Za-z]{2,3})?$/, 'invalid_slug');

// ---- pages ----------------------------------------------------------------------------------

/** The meta blocks of a page (SEO texts, structured data for promo pages, the main content). */
/** A page's blocks as front ends of this API family read them: `content-main` HTML, `json` a JSON text. */
export const cmsPageBlocksSchema = z.object({
  description: z.string(),
  keywords: z.string(),
  title: z.string(),
  /** The page's structured settings as JSON text (`JSON.parse` it; `{}` when it has none). */
  json: z.string(),
  'content-main': z.string(),
});
export type CmsPageBlocks = z.infer<typeof cmsPageBlocksSchema>;

/** Where a page is linked from: top-menu, bottom-menu, bottom-menu-help, custom-page. */
export const cmsPageCategorySchema = z.string();

export const cmsPageSummarySchema = z.object({
  id: z.number().int(),
  /** The base slug (`terms-and-conditions`); the licence variant is in `licence`. */
  slug: z.string(),
  /** Where the page is shown on the site (`/terms-and-conditions`). */
  path: z.string(),
  title: z.string(),
  /** `null` for the page every licence sees; `CW`, `EE` or `AU` for a variant. */
  licence: z.string().nullable(),
  /** The locale of the texts (English when the asked locale had no version). */
  locale: z.string(),
  categories: z.array(cmsPageCategorySchema),
  /** Sub-pages; static pages are flat, so always empty. */
  children: z.array(z.never()),
});
export type CmsPageSummary = z.infer<typeof cmsPageSummarySchema>;
export const cmsPagesResponseSchema = z.array(cmsPageSummarySchema);
export type CmsPagesResponse = z.infer<typeof cmsPagesResponseSchema>;

export const cmsPageSchema = cmsPageSummarySchema.extend({
  /** HTML, safe to render (written by the operator, rendered from markdown at seed). */
  content: z.string(),
  blocks: cmsPageBlocksSchema,
});
export type CmsPage = z.infer<typeof cmsPageSchema>;

// ---- snippets and files ---------------------------------------------------------------------

export const cmsSnippetSchema = z.object({
  /** The snippet's stable key, which front ends look snippets up by (`footer-content`); in the request's locale or its fallback. */
  id: z.string(),
  /** HTML, or JSON text for snippets in the `tournament` category. */
  content: z.string(),
  categories: z.array(z.string()),
});
export type CmsSnippet = z.infer<typeof cmsSnippetSchema>;
export const cmsSnippetsResponseSchema = z.array(cmsSnippetSchema);
export type CmsSnippetsResponse = z.infer<typeof cmsSnippetsResponseSchema>;

/**
 * A custom tournament: a snippet of the category `tournament` whose content is this JSON (one
 * snippet per tournament, its texts in the snippet's locale; docs/rules/promotions.md "Custom
 * tournaments"). It has no leaderboard: its card links where `link` says, a site path (written
 * without the locale prefix, which the page adds) or an https address.
 */
export const TOURNAMENT_SNIPPET_CATEGORY = 'tournament';
/** A path on this site (`/promotions`), never a protocol-relative `//host` address. */
const sitePathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'invalid');
export const customTournamentSchema = z
  .object({
    frontend_identifier: z
      .string()
      .regex(/^[a-z0-9]+(?:-{1,2}[a-z0-9]+)*$/, 'invalid')
      .max(100),
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().max(1000).default(''),
    /** A picture on this site, or none (the card draws its own). */
    image: sitePathSchema.nullable().default(null),
    start_at: z.iso.datetime({ offset: true }),
    end_at: z.iso.datetime({ offset: true }),
    link: z.union([sitePathSchema, z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(500)]),
  })
  .refine((t) => Date.parse(t.end_at) > Date.parse(t.start_at), { path: ['end_at'], message: 'before_start' });
export type CustomTournament = z.infer<typeof customTournamentSchema>;

export const cmsFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A same-origin path; the platform never points at a third-party host. */
  url: z.string(),
  content_type: z.string(),
  locale: z.string().nullable(),
  categories: z.array(z.string()),
});
export type CmsFile = z.infer<typeof cmsFileSchema>;
export const cmsFilesResponseSchema = z.array(cmsFileSchema);
export type CmsFilesResponse = z.infer<typeof cmsFilesResponseSchema>;

// ---- banners --------------------------------------------------------------------------------

export const bannerButtonSchema = z.object({
  name: z.string(),
  /** Same-host links are routed inside the page; others leave the site. */
  url: z.string(),
  type: z.enum(['link', 'popup']),
  frontend_identifier: z.string().nullable(),
});
export type BannerButton = z.infer<typeof bannerButtonSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  title: z.object({ text: z.string() }),
  description: z.object({ text: z.string() }),
  /** Game categories (lobby = `main`) the banner is shown on. */
  categories: z.array(z.string()),
  /** Player groups the banner is limited to; empty = everyone. */
  groups: z.array(z.number().int()),
  /** `true` logged-in only, `false` guests only, `null` both. */
  logged: z.boolean().nullable(),
  /** Four CSS colours, top-left to bottom-right. */
  gradient: z.array(z.string()),
  labels: z.array(z.string()),
  button: bannerButtonSchema.nullable(),
  /** A same-origin image path, or `null` when the gradient and text carry the banner. */
  image: z.string().nullable(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  position: z.number().int(),
  size: z.enum(['large', 'small']),
});
export type Banner = z.infer<typeof bannerSchema>;

// ---- fe configs (GET /api/fe/config/:name) --------------------------------------------------

export const feConfigNames = [
  'menu-categories-games',
  'banners-config',
  'logo-config',
  'main-widget-config',
  'currency-config',
  'stag-by-referrer-name',
  'survey-config',
  'betting-config',
  'vip-adventures',
  'disabled-bonuses',
  'modify-gifts-config',
  'excluded-promo-stags',
  'additional-gifts',
  'manage-promotion-pages',
  'wheel-config',
  'wheel-config-segments',
  'feature-flags',
] as const;
export const feConfigNameSchema = z.enum(feConfigNames);
export type FeConfigName = z.infer<typeof feConfigNameSchema>;
export const feConfigParamsSchema = z.object({ name: z.string().max(64, 'too_long') });

export const menuCategoryItemSchema = z.object({
  /** A game category identifier (`top`, `new`, `slots` ...). */
  identifier: z.string(),
  title: z.string(),
  /** An icon name from the web's ui kit (`star`, `flame`, `cards` ...). */
  icon: z.string(),
  /** Which route family the category opens in: `/live/{identifier}` or `/pokies/{identifier}`. */
  kind: z.string(),
  path: z.string(),
  login_only: z.boolean(),
});
export type MenuCategoryItem = z.infer<typeof menuCategoryItemSchema>;
export const menuCategoriesGamesConfigSchema = z.object({ items: z.array(menuCategoryItemSchema) });
export type MenuCategoriesGamesConfig = z.infer<typeof menuCategoriesGamesConfigSchema>;

/**
 * `menu-categories-games` as existing sites' back-for-front answers it (`/api-fe/config/…`): each
 * menu (`pokies`, `table`, `live`) with its category slugs in order (docs/compatibility.md).
 */
export const menuCategoriesGamesMapSchema = z.record(z.string(), z.array(z.string()));
export type MenuCategoriesGamesMap = z.infer<typeof menuCategoriesGamesMapSchema>;

export const bannersConfigSchema = z.object({ banners: z.array(bannerSchema) });
export type BannersConfig = z.infer<typeof bannersConfigSchema>;

export const logoConfigSchema = z.object({
  /** The word mark the page draws when no image is set. */
  title: z.string(),
  alt: z.string(),
  href: z.string(),
  desktop: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type LogoConfig = z.infer<typeof logoConfigSchema>;

export const mainWidgetConfigSchema = z.object({
  /** Game rows of the lobby, in order; each shows up to `limit` games of its category. */
  rows: z.array(z.object({ category: z.string(), title: z.string(), limit: z.number().int().positive() })),
  show_banners: z.boolean(),
  show_jackpots: z.boolean(),
  show_winners: z.boolean(),
  show_providers: z.boolean(),
});
export type MainWidgetConfig = z.infer<typeof mainWidgetConfigSchema>;

export const currencyConfigSchema = z.object({
  default_currency: z.string(),
  currencies_by_country: z.record(z.string(), z.string()),
  /** Crypto shown in smaller units: code → how many display units make one coin, and their label (1 BTC = 1,000,000 μBTC). */
  display_units: z.record(z.string(), z.object({ per_unit: z.number().int().positive(), label: z.string() })),
  max_fraction_digits: z.number().int(),
  crypto_deposit_currencies: z.array(z.string()),
  /** The amount, in whole units, suggested for a first deposit. */
  first_deposit_suggestion: z.number().int(),
});
export type CurrencyConfig = z.infer<typeof currencyConfigSchema>;

/** How one currency is shown: display units per coin, their label (null: the code), fraction digits. */
export const currencyDisplaySchema = z.object({
  per_unit: z.number().int().positive(),
  label: z.string().nullable(),
  max_fraction_digits: z.number().int(),
});
/**
 * `currency-config` as existing sites' back-for-front answers it (`/api-fe/config/…`): a `default`
 * display beside one per currency that differs, with the rest of the document's fields kept.
 */
export const currencyConfigBackForFrontSchema = currencyConfigSchema
  .extend({ default: currencyDisplaySchema })
  .catchall(z.unknown());
export type CurrencyConfigBackForFront = z.infer<typeof currencyConfigBackForFrontSchema>;

export const stagByReferrerConfigSchema = z.record(z.string(), z.string());
export const surveyConfigSchema = z.object({
  survey_id: z.string().nullable(),
  survey_collector_id: z.string().nullable(),
  is_enable_widget: z.boolean(),
});
export const bettingConfigSchema = z.object({ enabled: z.boolean(), url: z.string().nullable() });
export const vipAdventuresConfigSchema = z.object({
  enabled: z.boolean(),
  adventures: z.array(z.record(z.string(), z.unknown())),
});
export const disabledBonusesConfigSchema = z.object({
  groups: z.array(z.object({ group_key: z.string(), stage: z.string() })),
});
export const modifyGiftsConfigSchema = z.record(z.string(), z.unknown());
export const excludedPromoStagsConfigSchema = z.object({ stags: z.array(z.string()) });
export const additionalGiftsConfigSchema = z.object({ gifts: z.array(z.record(z.string(), z.unknown())) });
/** Promotion pages switched on or off (`rocket-mart`, `lotteries` ...). */
export const managePromotionPagesConfigSchema = z.object({ pages: z.record(z.string(), z.boolean()) });
export const wheelConfigSchema = z.object({
  enabled: z.boolean(),
  tiers: z.array(z.record(z.string(), z.unknown())),
});
export const wheelConfigSegmentsSchema = z.object({
  /** Player group id → segment weights; `default` when the player is in none. */
  segments_by_group: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});

/** The shape of each config's answer, by name. */
export const feConfigSchemas = {
  'menu-categories-games': menuCategoriesGamesConfigSchema,
  'banners-config': bannersConfigSchema,
  'logo-config': logoConfigSchema,
  'main-widget-config': mainWidgetConfigSchema,
  'currency-config': currencyConfigSchema,
  'stag-by-referrer-name': stagByReferrerConfigSchema,
  'survey-config': surveyConfigSchema,
  'betting-config': bettingConfigSchema,
  'vip-adventures': vipAdventuresConfigSchema,
  'disabled-bonuses': disabledBonusesConfigSchema,
  'modify-gifts-config': modifyGiftsConfigSchema,
  'excluded-promo-stags': excludedPromoStagsConfigSchema,
  'additional-gifts': additionalGiftsConfigSchema,
  'manage-promotion-pages': managePromotionPagesConfigSchema,
  'wheel-config': wheelConfigSchema,
  'wheel-config-segments': wheelConfigSegmentsSchema,
  /** The page's feature flags' defaults (docs/rules/page-shell.md "Feature flags"). */
  'feature-flags': featureFlagsConfigSchema,
} as const satisfies Record<FeConfigName, z.ZodType>;
export type FeConfigs = { [K in FeConfigName]: z.infer<(typeof feConfigSchemas)[K]> };

/** Any config's answer (the route's declared response; tests parse with the named schema). */
export const feConfigResponseSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);
