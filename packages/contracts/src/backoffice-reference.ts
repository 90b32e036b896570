/**
 * Reference data in the back office (docs/backoffice.md "Reference data and flags"): the
 * reference rates with their history, the limits' defaults with their versions, and the page's
 * feature flags kept as the CMS fe config `feature-flags`. One schema per write, shared by the
 * server and the screens.
 */
import { z } from 'zod';
import { LIMIT_CHANGE_DELAY_HOURS, LIMIT_CONFIRM_WINDOW_DAYS, REALITY_CHECK_MINUTES } from './limits';
import { updateReferenceRatesRequestSchema } from './wallet';

const reason = z.string({ message: 'invalid' }).trim().max(500, 'too_long');

// ---- reference rates ------------------------------------------------------------------------------

/** Who changed a rate: an operator's id, `operator-token` (the bearer call) or `seed`. */
export const referenceRateChangeSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  eur_per_unit: z.string(),
  valid_from: z.string(),
  changed_by: z.string(),
  reason: z.string().nullable(),
});
export type ReferenceRateChange = z.infer<typeof referenceRateChangeSchema>;

export const backofficeReferenceRateSchema = z.object({
  currency: z.string(),
  eur_per_unit: z.string(),
  updated_at: z.string(),
  /** The change that set the current rate, and the rate before it (null: the first one). */
  last_change: referenceRateChangeSchema.extend({ previous_eur_per_unit: z.string().nullable() }).nullable(),
});
export type BackofficeReferenceRate = z.infer<typeof backofficeReferenceRateSchema>;
export const backofficeReferenceRatesResponseSchema = z.object({ rates: z.array(backofficeReferenceRateSchema) });
export type BackofficeReferenceRatesResponse = z.infer<typeof backofficeReferenceRatesResponseSchema>;

/** `PUT /api/backoffice/reference_rates`: the operator call's body, with an optional reason. */
export const backofficeReferenceRatesPutRequestSchema = updateReferenceRatesRequestSchema.extend({
  reason: reason.optional(),
});
export type BackofficeReferenceRatesPutRequest = z.infer<typeof backofficeReferenceRatesPutRequestSchema>;

export const referenceRateCurrencyParamsSchema = z.object({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3,5}$/, { error: 'invalid' }),
});
/** A currency's changes, newest first. */
export const referenceRateHistoryResponseSchema = z.object({
  currency: z.string(),
  changes: z.array(referenceRateChangeSchema),
});
export type ReferenceRateHistoryResponse = z.infer<typeof referenceRateHistoryResponseSchema>;

// ---- limits' defaults -----------------------------------------------------------------------------

/** Bounds of the defaults: never less protection than the rules the casino is shaped after. */
export const LIMIT_DEFAULT_BOUNDS = {
  raise_delay_hours: { min: LIMIT_CHANGE_DELAY_HOURS, max: 168 },
  confirm_window_days: { min: 1, max: 30 },
} as const;

const whole = (min: number, max: number) =>
  z
    .number({ error: 'required' })
    .int({ error: 'invalid' })
    .min(min, { error: 'too_small' })
    .max(max, { error: 'too_big' });

/** What the casino applies by default (docs/limits.md "Defaults the operator sets"). */
export const limitDefaultsSchema = z.strictObject({
  /** Hours a raise or removal of a limit waits before the player may confirm it (24 at least). */
  raise_delay_hours: whole(LIMIT_DEFAULT_BOUNDS.raise_delay_hours.min, LIMIT_DEFAULT_BOUNDS.raise_delay_hours.max),
  /** Days the mailed confirmation of a raise or removal stays open. */
  confirm_window_days: whole(
    LIMIT_DEFAULT_BOUNDS.confirm_window_days.min,
    LIMIT_DEFAULT_BOUNDS.confirm_window_days.max,
  ),
  /** The reality-check interval a player has until they choose one (0: off). */
  new_player_reality_check_minutes: z
    .number({ error: 'required' })
    .int({ error: 'invalid' })
    .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m), { error: 'invalid' }),
});
export type LimitDefaults = z.infer<typeof limitDefaultsSchema>;

/** The code's defaults: in force until an operator stores a version. */
export const LIMIT_DEFAULTS_SEED: LimitDefaults = {
  raise_delay_hours: LIMIT_CHANGE_DELAY_HOURS,
  confirm_window_days: LIMIT_CONFIRM_WINDOW_DAYS,
  new_player_reality_check_minutes: 0,
};

/** `PUT /api/backoffice/limit_defaults`: every default, and why. */
export const limitDefaultsPutRequestSchema = limitDefaultsSchema.extend({ reason: reason.optional() });
export type LimitDefaultsPutRequest = z.infer<typeof limitDefaultsPutRequestSchema>;

/** One version of the defaults (version 0: the code's, nothing stored yet). */
export const limitDefaultsVersionSchema = z.object({
  version: z.number().int(),
  settings: limitDefaultsSchema,
  changed_by: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type LimitDefaultsVersion = z.infer<typeof limitDefaultsVersionSchema>;
export const limitDefaultsResponseSchema = z.object({
  current: limitDefaultsVersionSchema,
  /** Every stored version, newest first. */
  versions: z.array(limitDefaultsVersionSchema),
});
export type LimitDefaultsResponse = z.infer<typeof limitDefaultsResponseSchema>;

// ---- feature flags --------------------------------------------------------------------------------

/** The page's flags (apps/web/app/features/feature-flags/flags.ts keeps their code defaults). */
export const FEATURE_FLAG_NAMES = ['lotteries', 'test-quests', 'chance-page', 'promo-banner', 'tester'] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];
/** Each flag's default when the operator has named none (the page's code defaults). */
export const FEATURE_FLAG_CODE_DEFAULTS: Readonly<Record<FeatureFlagName, boolean>> = {
  lotteries: true,
  'test-quests': false,
  'chance-page': false,
  'promo-banner': true,
  tester: false,
};

/**
 * The fe config `feature-flags`: the operator's defaults, flag → on. A flag left out keeps the
 * code's default; an unknown flag is refused. A tester's cookie still wins over it.
 */
export const featureFlagsConfigSchema = z.strictObject(
  Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.boolean({ error: 'invalid' }).optional()])) as Record<
    FeatureFlagName,
    z.ZodOptional<z.ZodBoolean>
  >,
);
export type FeatureFlagsConfig = z.infer<typeof featureFlagsConfigSchema>;
