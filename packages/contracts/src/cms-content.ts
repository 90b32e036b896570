import { z } from 'zod';
import { PAGE_MAX } from './bounds';
import { localeCodeSchema } from './info';
import { paged } from './pagination';

/*
 * The content pages built on the CMS and the catalogue's public lists (docs/rules/content-pages.md):
 * the news list, the awards list, the payment methods' information cards.
 */

// ---- news -----------------------------------------------------------------------------------

/** Articles per page of the news list: the most the spec allows. */
export const NEWS_PAGE_SIZE = 6;

/** `GET /api/cms/news?l=de&page=2`: one page of the news, newest first. */
export const newsQuerySchema = z.object({
  l: localeCodeSchema.optional(),
  page: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(PAGE_MAX, { error: 'too_big' })
    .default(1),
  page_size: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(NEWS_PAGE_SIZE, { error: 'too_big' })
    .default(NEWS_PAGE_SIZE),
});
export type NewsQuery = z.infer<typeof newsQuerySchema>;

/** One article in the list: its page is `path` (`/blog/<slug>`). */
export const newsItemSchema = z.object({
  slug: z.string(),
  path: z.string(),
  title: z.string(),
  description: z.string(),
  /** The day it was published, `YYYY-MM-DD`. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** An image URL (same origin) or null. */
  image: z.string().nullable(),
  locale: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsResponseSchema = paged(newsItemSchema);
export type NewsResponse = z.infer<typeof newsResponseSchema>;

/** The `json` block of a news article (category `news`). */
export const newsArticleJsonSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  image: z.string().nullable().optional(),
});

// ---- awards ---------------------------------------------------------------------------------

/**
 * One award or nomination in the `json` block of the static page `awards` (`{"awards": [...]}`),
 * as front ends of this API family write it: the award's name, the nomination, the prize (winner,
 * finalist ... as text) and an optional same-site image.
 */
export const awardSchema = z.object({
  name: z.string().min(1),
  nomination: z.string().default(''),
  prize: z.string().default(''),
  year: z.coerce.number().int().min(1990).max(2100),
  imgUrl: z.string().nullable().optional(),
});
export type Award = z.infer<typeof awardSchema>;
export const awardsJsonSchema = z.object({ awards: z.array(awardSchema) });

// ---- payment methods' information cards -------------------------------------------------------

/** `GET /api/cashbox/methods/info?currency=EUR`: public; fiat methods in that currency. */
export const paymentMethodsInfoQuerySchema = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/, { error: 'invalid' })
    .optional(),
});

const limitsSchema = z.object({ min_cents: z.number().int(), max_cents: z.number().int() }).nullable();

/** One card: a method the sandbox PSP takes, its limits in minor units of `currency`. */
export const paymentMethodInfoSchema = z.object({
  id: z.string(),
  brand: z.string(),
  type: z.enum(['card', 'bank_transfer', 'ewallet', 'voucher', 'crypto']),
  currency: z.string(),
  /** `instant`, `confirmations`, `1-3 days` (the cashbox's words; the page translates them). */
  processing_time: z.string(),
  /** Fee in percent of the amount (0: free). */
  fee_percent: z.number(),
  network: z.string().nullable(),
  deposit: limitsSchema,
  withdrawal: limitsSchema,
  /** The smallest deposit (the deposit minimum), minor units; null when the method takes none. */
  min_dep_cents: z.number().int().nullable(),
  /** Minor units per unit of `currency` (100 for EUR, 10^8 for BTC). */
  subunits_to_unit: z.number().int().positive(),
});
export type PaymentMethodInfo = z.infer<typeof paymentMethodInfoSchema>;
export const paymentMethodsInfoResponseSchema = z.object({
  currency: z.string(),
  methods: z.array(paymentMethodInfoSchema),
});
export type PaymentMethodsInfoResponse = z.infer<typeof paymentMethodsInfoResponseSchema>;

// ---- the single bonus page ----------------------------------------------------------------------

/** `GET /api/bonuses/offers/:key?currency=EUR`: an offer open to everyone, by its template key. */
export const bonusOfferKeyParamsSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]{2,64}$/, { error: 'invalid' }),
});
