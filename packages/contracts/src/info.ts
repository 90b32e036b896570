import { z } from 'zod';

/**
 * Licence variants the platform serves (docs/licences.md): Curaçao (CW), Estonia (EE), the Curaçao
 * Gaming Control Board (GCB) and the Australian variant (AU).
 */
export const LICENCES = ['CW', 'EE', 'GCB', 'AU'] as const;
export const licenceSchema = z.enum(LICENCES);
export type Licence = z.infer<typeof licenceSchema>;

/**
 * The licence a country's people are served under when no host decides (a signed-in player by
 * their country, a visitor by where they are): Estonia → EE, Australia → AU, any other → `fallback`
 * (the configured default licence).
 */
export function licenceOfCountry(country: string | null | undefined, fallback: Licence): Licence {
  if (country === 'EE') return 'EE';
  if (country === 'AU') return 'AU';
  return fallback;
}

/** A locale code as used in the URL prefix and in `?l=` (en, de, en-AU, fr-CA ...). */
export const localeCodeSchema = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'invalid_locale');

/** A currency code: three letters (EUR, BTC, DOG ...). */
export const currencyCodeSchema = z.string().regex(/^[A-Z]{3,4}$/, 'invalid_currency');

/** A country code: ISO 3166-1 alpha-2. */
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'invalid_country');

// ---- GET /api/info/currencies ---------------------------------------------------------------

/** One currency; amounts in it are integers of `1 / subunits_to_unit` (cents for EUR). */
export const currencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  subunits_to_unit: z.number().int().positive(),
  fiat: z.boolean(),
  /** The casino's default currency (EUR). */
  default: z.boolean(),
});
export type Currency = z.infer<typeof currencySchema>;
export const currenciesResponseSchema = z.array(currencySchema);
export type CurrenciesResponse = z.infer<typeof currenciesResponseSchema>;

// ---- GET /api/info/countries ----------------------------------------------------------------

export const countrySchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The currency a player from this country is offered first at registration. */
  default_currency: z.string().nullable(),
});
export type Country = z.infer<typeof countrySchema>;
export const countriesResponseSchema = z.array(countrySchema);
export type CountriesResponse = z.infer<typeof countriesResponseSchema>;

// ---- GET /api/info/locales ------------------------------------------------------------------

export const localeSchema = z.object({
  code: z.string(),
  /** The language's own name ("Deutsch", "English (Canada)"). */
  name: z.string(),
  default: z.boolean().optional(),
  /** Whether every text is translated; incomplete locales fall back to English per text. */
  complete: z.boolean(),
});
export type Locale = z.infer<typeof localeSchema>;
export const localesResponseSchema = z.array(localeSchema);
export type LocalesResponse = z.infer<typeof localesResponseSchema>;

// ---- GET /api/info/project ------------------------------------------------------------------

export const projectInfoSchema = z.object({
  name: z.string(),
  /** The licence variant chosen for this request (host, signed-in player, geography, default: docs/licences.md). */
  licence: licenceSchema,
  default_locale: z.string(),
  locales: z.array(z.string()),
  default_currency: z.string(),
  default_country: z.string(),
  /** Country code → the currency offered first (AU → AUD ...). */
  currencies_by_country: z.record(z.string(), z.string()),
  signup_currencies: z.array(z.string()),
  /** Minimum age to play under this licence (21 for EE, 18 for CW, GCB and AU). */
  minimum_age: z.number().int(),
  /**
   * `inbox`: whether players have a notification inbox (not in Orbit: false).
   * `new_realtime_notifications_flow_enabled`: live updates come over the Centrifugo-protocol
   * gateway (`GET /api/notification_center/centrifugo/subscription`): true.
   */
  notification_center: z.object({ inbox: z.boolean(), new_realtime_notifications_flow_enabled: z.boolean() }),
  /** What this site runs: the casino (no sportsbook in Orbit). */
  apps: z.object({ casino: z.boolean(), sportsbook: z.boolean() }),
  /** The licence again, under the name front ends of this API family read. */
  license: licenceSchema,
  /** Players can turn on two-factor sign-in (`/api/v2/player/two_factor`). */
  player_two_factor_auth: z.boolean(),
  /** Exchanging money between a player's accounts, and a referral programme: not in Orbit (false). */
  available_currency_exchange: z.boolean(),
  available_referral_system: z.boolean(),
  /** The versions of the cashbox's payment API this site answers (Orbit: 1, `/api/cashbox/*`). */
  supported_payment_api_versions: z.array(z.number().int()),
});
export type ProjectInfo = z.infer<typeof projectInfoSchema>;

// ---- GET /api/info/player_fields ------------------------------------------------------------

export const playerFieldTypeSchema = z.enum(['email', 'password', 'string', 'select', 'checkbox', 'date', 'phone']);
export type PlayerFieldType = z.infer<typeof playerFieldTypeSchema>;

/**
 * One field of GET /api/info/player_fields, in the array form front ends of this API family read
 * (`fields.find((f) => f.field === name)`); what each rule means: docs/rules/fields.md.
 */
export const playerFieldSchema = z.object({
  field: z.string(),
  type: playerFieldTypeSchema,
  /** Whether the profile form may leave it empty (deposit and cashout ask for all of theirs). */
  required: z.boolean(),
  length: z.object({ minimum: z.number().int().optional(), maximum: z.number().int().optional() }).optional(),
  /** Whether the value is fixed once it has been set (no field is, today). */
  once_set: z.boolean(),
  /** A birth date's minimum age under the request's licence. */
  age: z.object({ min: z.object({ default: z.number().int() }) }).optional(),
  /** The allowed values of a select (currency codes, country codes, genders). */
  inclusion: z.object({ in: z.array(z.string()) }).optional(),
  /** A JavaScript regular expression (use the `u` flag: it may contain `\p{L}`) the value must match. */
  pattern: z.string().optional(),
  /** Date format the page sends (`DD/MM/YYYY`; answers give dates as ISO `YYYY-MM-DD`). */
  format: z.string().optional(),
  /** A field whose value must equal this one (password_confirmation → password). */
  confirms: z.string().optional(),
});
export type PlayerField = z.infer<typeof playerFieldSchema>;

export const playerFieldNameSchema = z.enum([
  'email',
  'password',
  'password_confirmation',
  'currency',
  'country',
  'terms_acceptance',
  'receive_promos',
  'receive_sms_promos',
  'nickname',
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'city',
  'address',
  'postal_code',
  'state',
  'mobile_phone',
  'personal_id_number',
  'time_zone',
]);
export type PlayerFieldName = z.infer<typeof playerFieldNameSchema>;

export const playerFieldsResponseSchema = z.object({
  /** Which fields a form asks for: registration, deposit, cashout, edition, and per game provider. */
  contexts: z
    .object({
      registration: z.array(z.string()),
      deposit: z.array(z.string()),
      cashout: z.array(z.string()),
      edition: z.array(z.string()),
    })
    .catchall(z.array(z.string())),
  fields: z.array(playerFieldSchema),
});
export type PlayerFieldsResponse = z.infer<typeof playerFieldsResponseSchema>;

/** One field's rules by name, as clients look them up. */
export function playerFieldOf(info: Pick<PlayerFieldsResponse, 'fields'>, name: string): PlayerField | undefined {
  return info.fields.find((f) => f.field === name);
}

// ---- GET /api/current_ip --------------------------------------------------------------------

export const currentIpResponseSchema = z.object({
  ip: z.string(),
  /** ISO country of the visitor, from the edge's geo header; the default country when unknown. */
  country_code: z.string(),
  /** Whether `country_code` is where the visitor is (false: the licence's default stands in). */
  located: z.boolean(),
  /** The country a sign-up gets first: the visitor's when the site serves it, else the licence's default. */
  sign_up_country: z.string(),
});
export type CurrentIpResponse = z.infer<typeof currentIpResponseSchema>;
