/**
 * The telemetry's plain values (docs/telemetry.md), without zod: the page's sender imports them,
 * and so keeps the contracts' schemas out of its first JavaScript.
 */

const DAY_SECONDS = 24 * 3600;

/** The most bytes of JSON one stored payload may take: a bigger one is refused, never cut. */
export const TELEMETRY_PAYLOAD_MAX_BYTES = 4096;
/** The most analytics events one `POST /analytics/events` carries (the page sends them in batches). */
export const ANALYTICS_BATCH_MAX = 20;

/**
 * The cookies of the visit, their names and lifetimes (seconds), shared by the server that sets
 * the affiliate ones and the page that sets the consent ones. The partner's cookies last the
 * affiliate window (30 days); the consent answer a year, after which the visitor is asked again;
 * the partner approval is kept for good (~1000 years: a cookie cannot say "never expires").
 */
export const TELEMETRY_COOKIES = {
  /** The affiliate tag (`?stag=`, the referrer rule, or 241 for a search engine's visitor). */
  stag: { name: 'stag', maxAge: 30 * DAY_SECONDS },
  /** The partner's id (`?partner_id=`), beside the tag. */
  partnerId: { name: 'partner_id', maxAge: 30 * DAY_SECONDS },
  /** The visitor's cookie choice: `all`, or `necessary` (no analytics kept). */
  consent: { name: 'orbit_consent', maxAge: 365 * DAY_SECONDS },
  /** The visitor agreed that the partner who sent them sees their sign-up (`1`). */
  partnerApproval: { name: 'orbit_partner_approved', maxAge: 1000 * 365 * DAY_SECONDS },
} as const;

/** The campaign cookies (`?utm_source=` … on the landing page); the page sends them with `POST /log_utm_set`. */
export const UTM_COOKIES = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'sub_id'] as const;
export type UtmCookie = (typeof UTM_COOKIES)[number];
/** The campaign cookies last as long as the partner's. */
export const UTM_COOKIE_MAX_AGE = 30 * DAY_SECONDS;

/** The affiliate ids a player gets without a partner's tag: a direct visit, or a search engine's visitor. */
export const DIRECT_STAG = '122';
export const SEARCH_STAG = '241';

export const CONSENT_CHOICES = ['all', 'necessary'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** The A/B test's arms: player groups 543 (A) and 544 (B) (docs/identity.md). */
export const AB_TEST_ARMS = [543, 544] as const;
