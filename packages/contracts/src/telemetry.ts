/**
 * First-party telemetry (docs/telemetry.md): what the page tells the casino about itself — form
 * validation errors, log lines, timings, the network, the visit's campaign (UTM) and the
 * player-facing events (banners, deposits, games, registration) — served by the casino on its own
 * host and kept for operators. Nothing is sent to another host. Also the affiliate cookies, their
 * lifetimes, and `GET /client-context`, what the page needs to know about its visitor.
 */
import { z } from 'zod';
import { licenceSchema } from './info';
import { ANALYTICS_BATCH_MAX, CONSENT_CHOICES, TELEMETRY_PAYLOAD_MAX_BYTES } from './telemetry-values';

/** An affiliate tag or partner id as a link carries it: letters, digits, `_` and `-`, 1–64 characters. */
export const affiliateTagSchema = z
  .string()
  .min(1, 'required')
  .max(64, 'too_long')
  .regex(/^[A-Za-z0-9_-]+$/, 'invalid_format');

export const consentChoiceSchema = z.enum(CONSENT_CHOICES);

/** A short name: a form, a field, an error code, a metric (1–64 characters). */
const nameSchema = z.string().trim().min(1, 'required').max(64, 'too_long');
/** Where on the site: a path, at most 256 characters. */
const pageSchema = z.string().max(256, 'too_long');
/** Bytes of a value as JSON (UTF-8), to hold payloads to TELEMETRY_PAYLOAD_MAX_BYTES. */
export const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value) ?? '').length;

// ---- PUT /metrics-errors-validation --------------------------------------------------------------
/** Which check refused the field: the page's own rules (`client`) or the server's 422 (`server`). */
export const VALIDATION_SIDES = ['client', 'server'] as const;
/**
 * A form's field the page refused (its own check or the server's 422): which form, which field,
 * which code, and which side refused it (`client` when left out, as older pages send it).
 */
export const validationErrorReportRequestSchema = z.object({
  form: nameSchema,
  field: nameSchema,
  code: nameSchema,
  side: z.enum(VALIDATION_SIDES).default('client'),
  page: pageSchema.optional(),
});
/** What the page sends (`side` may be left out). */
export type ValidationErrorReport = z.input<typeof validationErrorReportRequestSchema>;

// ---- POST /log_utm_set, POST /log_utm_send --------------------------------------------------------
const utmValueSchema = z.string().max(256, 'too_long');
/** The campaign cookies as the page found them; at least one. */
export const utmMetricsSchema = z
  .object({
    utm_source: utmValueSchema.optional(),
    utm_medium: utmValueSchema.optional(),
    utm_campaign: utmValueSchema.optional(),
    utm_content: utmValueSchema.optional(),
    utm_term: utmValueSchema.optional(),
    sub_id: utmValueSchema.optional(),
  })
  .refine((m) => Object.values(m).some((v) => v !== undefined && v !== ''), 'required');
export const utmReportRequestSchema = z.object({ utmMetrics: utmMetricsSchema });
export type UtmReport = z.infer<typeof utmReportRequestSchema>;

// ---- PUT /log ------------------------------------------------------------------------------------
export const CLIENT_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
/** A line of the page's own log: an error it caught, a warning. `context` at most 4 KB as JSON. */
export const clientLogRequestSchema = z.object({
  level: z.enum(CLIENT_LOG_LEVELS),
  message: z.string().trim().min(1, 'required').max(1000, 'too_long'),
  context: z
    .record(z.string().max(64, 'too_long'), z.unknown())
    .refine((c) => jsonBytes(c) <= TELEMETRY_PAYLOAD_MAX_BYTES, 'too_big')
    .optional(),
  page: pageSchema.optional(),
});
export type ClientLog = z.infer<typeof clientLogRequestSchema>;

// ---- PUT /performance ----------------------------------------------------------------------------
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
/**
 * One timing: a web vital (`LCP`, `INP`, `CLS`, `FCP`, `TTFB`) or another of the page's own
 * measures. Milliseconds, or a score (CLS); at most an hour.
 */
export const performanceReportRequestSchema = z.object({
  name: nameSchema,
  value: z.number().min(0, 'too_small').max(3_600_000, 'too_big'),
  page: pageSchema,
  rating: z.enum(VITAL_RATINGS).optional(),
});
export type PerformanceReport = z.infer<typeof performanceReportRequestSchema>;

// ---- PUT /network-performance --------------------------------------------------------------------
export const EFFECTIVE_CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g'] as const;
/** The browser's view of the connection (Network Information): round trip (ms), bandwidth (Mbit/s), kind. */
export const networkReportRequestSchema = z.object({
  rtt: z.number().min(0, 'too_small').max(600_000, 'too_big'),
  downlink: z.number().min(0, 'too_small').max(100_000, 'too_big'),
  effectiveType: z.enum(EFFECTIVE_CONNECTION_TYPES),
});
export type NetworkReport = z.infer<typeof networkReportRequestSchema>;

// ---- POST /analytics/events ----------------------------------------------------------------------
const identifierSchema = z.string().trim().min(1, 'required').max(200, 'too_long');
/** Where on the site the event was started (the header, a banner, the game page …). */
const sourceSchema = nameSchema;
/** The events the page reports, each with what it is about. */
export const analyticsEventSchema = z.discriminatedUnion(
  'name',
  [
    z.object({
      name: z.enum(['banner_view', 'banner_click']),
      banner: identifierSchema,
      position: z.number().int('invalid_type').min(0, 'too_small').max(1000, 'too_big').optional(),
      page: pageSchema.optional(),
    }),
    z.object({ name: z.literal('deposit_open'), source: sourceSchema, page: pageSchema.optional() }),
    z.object({ name: z.literal('registration_click'), source: sourceSchema, page: pageSchema.optional() }),
    z.object({
      name: z.literal('game_open'),
      game: identifierSchema,
      mode: z.enum(['real', 'demo']),
      page: pageSchema.optional(),
    }),
    z.object({
      name: z.literal('random_game'),
      category: identifierSchema,
      game: identifierSchema,
      page: pageSchema.optional(),
    }),
  ],
  { message: 'not_allowed' },
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export type AnalyticsEventName = AnalyticsEvent['name'];
export const ANALYTICS_EVENT_NAMES = [
  'banner_view',
  'banner_click',
  'deposit_open',
  'registration_click',
  'game_open',
  'random_game',
] as const satisfies ReadonlyArray<AnalyticsEventName>;
export const analyticsEventsRequestSchema = z.object({
  events: z.array(analyticsEventSchema).min(1, 'required').max(ANALYTICS_BATCH_MAX, 'too_long'),
});
export type AnalyticsEventsRequest = z.infer<typeof analyticsEventsRequestSchema>;

// ---- GET /client-context -------------------------------------------------------------------------
/**
 * What the page needs to know about its visitor: where they are, the licence of the host, whether
 * they are a crawler (then the page sends nothing), their cookie choice, whether telemetry is kept,
 * their A/B arm, and their affiliate tag (and whether promotions are offered to it).
 */
export const clientContextSchema = z.object({
  /** Two letters; null when neither the edge nor the address table tells. */
  country: z.string().nullable(),
  licence: licenceSchema,
  is_bot: z.boolean(),
  /** The visitor's cookie choice; null: not asked yet. */
  consent: consentChoiceSchema.nullable(),
  /** Whether the casino keeps this visitor's analytics (false for crawlers and for `necessary`). */
  telemetry: z.boolean(),
  ab_test: z.object({
    enabled: z.boolean(),
    /** 543 or 544: the signed-in player's arm, else the arm a sign-up now would get when it is known in advance (null). */
    arm: z.number().int().nullable(),
  }),
  affiliate: z.object({
    stag: z.string().nullable(),
    partner_id: z.string().nullable(),
    partner_approved: z.boolean(),
    /** False when the tag is one of `excluded-promo-stags`: the page then offers no promotions. */
    promotions_offered: z.boolean(),
  }),
});
export type ClientContext = z.infer<typeof clientContextSchema>;
