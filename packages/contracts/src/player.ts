import { z } from 'zod';
import { INT32_MAX, INT32_MIN } from './bounds';
/*
 * The player's own profile: details by form context, password change, language, promo
 * subscriptions, groups and VIP tiers, sign-in statistics (docs/identity.md; the server's identity README).
 */
import type { Licence, PlayerFieldName } from './info';
import {
  addressSchema,
  birthdaySchema,
  citySchema,
  firstNameSchema,
  genderSchema,
  lastNameSchema,
  mustBeAcceptedSchema,
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  personalIdSchema,
  phoneSchema,
  playerNicknameSchema,
  postalCodeSchema,
  stateSchema,
  timeZoneSchema,
  type Today,
} from './rules';

// ---- which fields each form asks for ------------------------------------------------------------

/**
 * Which fields each form asks for (GET /api/info/player_fields `contexts`). Registration is short;
 * the cashbox asks fiat players for their personal details before the first deposit (phone,
 * names, birth date, country, city, address, postal code); a cashout also needs gender, state and
 * the personal id. The profile page (edition) may change every detail, and the time zone.
 */
export const PLAYER_FIELD_CONTEXTS = {
  registration: [
    'email',
    'password',
    'password_confirmation',
    'currency',
    'country',
    'terms_acceptance',
    'receive_promos',
    'receive_sms_promos',
    'nickname',
  ],
  deposit: ['first_name', 'last_name', 'date_of_birth', 'country', 'city', 'address', 'postal_code', 'mobile_phone'],
  cashout: [
    'first_name',
    'last_name',
    'date_of_birth',
    'gender',
    'country',
    'city',
    'address',
    'postal_code',
    'state',
    'mobile_phone',
    'personal_id_number',
  ],
  edition: [
    'nickname',
    'first_name',
    'last_name',
    'date_of_birth',
    'gender',
    'country',
    'city',
    'address',
    'postal_code',
    'state',
    'mobile_phone',
    'receive_promos',
    'receive_sms_promos',
    'personal_id_number',
    'time_zone',
  ],
  // The house studio needs nothing beyond an account to open a real-money game.
  orbit: [],
} as const satisfies Record<string, readonly PlayerFieldName[]>;

/** The forms that change the player with PATCH /api/player (`context`; edition when absent). */
export const PROFILE_UPDATE_CONTEXTS = ['edition', 'deposit', 'cashout', 'terms_acceptance'] as const;
export type ProfileUpdateContext = (typeof PROFILE_UPDATE_CONTEXTS)[number];

/** The fields PATCH /api/player may change (every field of the edition, deposit and cashout forms). */
export type ProfileFieldName = (typeof PLAYER_FIELD_CONTEXTS)['edition' | 'deposit' | 'cashout'][number];

/** Fields whose every form (deposit, cashout) requires a value once saved. */
export function profileFieldsOf(
  context: Exclude<ProfileUpdateContext, 'terms_acceptance'>,
): readonly ProfileFieldName[] {
  return PLAYER_FIELD_CONTEXTS[context];
}

/**
 * The rule of each profile field. Rules that depend on something else take it: the birthday on
 * the licence's minimum age and today, the postal code on the country the player will have.
 * `null` (or an empty string) clears an optional text field; booleans must be booleans.
 */
export function profileFieldSchema(
  field: ProfileFieldName,
  opts: { licence: Licence; country: string | null; today?: Today },
): z.ZodType {
  switch (field) {
    case 'nickname':
      return playerNicknameSchema;
    case 'first_name':
      return firstNameSchema;
    case 'last_name':
      return lastNameSchema;
    case 'date_of_birth':
      return birthdaySchema(opts.licence, opts.today);
    case 'gender':
      return genderSchema;
    case 'country':
      return z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'invalid_country');
    case 'city':
      return citySchema;
    case 'address':
      return addressSchema;
    case 'postal_code':
      return postalCodeSchema(opts.country);
    case 'state':
      return stateSchema;
    case 'mobile_phone':
      return phoneSchema;
    case 'personal_id_number':
      return personalIdSchema;
    case 'time_zone':
      return timeZoneSchema;
    case 'receive_promos':
    case 'receive_sms_promos':
      return z.boolean('invalid');
  }
}

// ---- PATCH /api/player ----------------------------------------------------------------------------

/**
 * `{context?, user:{...}}`. The fields are judged by the server per context (a field outside the
 * context is `not_allowed`; deposit and cashout require all theirs to be filled after the update);
 * `date_of_birth` is sent as DD/MM/YYYY and answered as YYYY-MM-DD. Context `terms_acceptance`
 * takes `{terms_acceptance: true}` only.
 */
export const playerUpdateRequestSchema = z.object({
  context: z.enum(PROFILE_UPDATE_CONTEXTS, 'not_allowed').optional(),
  user: z.record(z.string().max(64), z.unknown()),
});
export type PlayerUpdateRequest = z.infer<typeof playerUpdateRequestSchema>;

/** Context `terms_acceptance`: the player accepts the current terms. */
export const termsAcceptanceSchema = z.object({ terms_acceptance: mustBeAcceptedSchema });

// ---- PUT /api/player/password ---------------------------------------------------------------------

/** A signed-in player changes the password; other sessions end, this one stays. */
export const playerPasswordChangeRequestSchema = z.object({
  user: z
    .object({
      current_password: z.string().min(1, 'required').max(1000, 'invalid'),
      password: newPasswordSchema,
      password_confirmation: z.string().max(PASSWORD_MAX_LENGTH, 'too_long'),
    })
    .refine((u) => u.password_confirmation === u.password, {
      message: 'does_not_match',
      path: ['password_confirmation'],
    }),
});
export type PlayerPasswordChangeRequest = z.infer<typeof playerPasswordChangeRequestSchema>;

// ---- PATCH /api/player/update_locale ------------------------------------------------------------------

/** The site language the player reads (one of GET /api/info/locales); unknown → `locale: ['invalid']`. */
export const updateLocaleRequestSchema = z.object({ locale: z.string().max(20, 'invalid') });
export type UpdateLocaleRequest = z.infer<typeof updateLocaleRequestSchema>;

// ---- GET / PUT /api/subscriptions -----------------------------------------------------------------

export const subscriptionsSchema = z.object({ receive_promos: z.boolean(), receive_sms_promos: z.boolean() });
export type Subscriptions = z.infer<typeof subscriptionsSchema>;
/** Either or both opt-ins; an empty body changes nothing and is refused (`base: ['required']`). */
export const subscriptionsUpdateRequestSchema = z
  .object({ receive_promos: z.boolean('invalid').optional(), receive_sms_promos: z.boolean('invalid').optional() })
  .refine((s) => s.receive_promos !== undefined || s.receive_sms_promos !== undefined, 'required');

// ---- groups and VIP tiers ------------------------------------------------------------------------

/**
 * One entry of GET /api/info/statuses. `status` is `level` for one of the twelve loyalty levels
 * (earned by persistent comp points in [min, max), `max` null for the top level) or `group` for a
 * player group, the six VIP statuses among them (no conditions: the VIP club sets them). `writable`: a player may join or leave it with POST /api/player/groups.
 */
export const playerStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['level', 'group']),
  writable: z.boolean(),
  conditions: z.array(
    z.object({
      persistent_comp_points: z.object({
        type: z.literal('range'),
        min: z.number(),
        max: z.number().nullable(),
        exclude_end: z.boolean(),
      }),
    }),
  ),
});
export type PlayerStatus = z.infer<typeof playerStatusSchema>;
export const playerStatusesResponseSchema = z.array(playerStatusSchema);

const groupIdsSchema = z
  .array(z.number().int().min(INT32_MIN, 'too_small').max(INT32_MAX, 'too_big'))
  .max(50, 'too_long');
/** `{groups:{add:[id], remove?:[id]}}`: only writable groups; unknown id → `unknown`, others → `not_writable`. */
export const playerGroupsRequestSchema = z.object({
  groups: z.object({ add: groupIdsSchema.default([]), remove: groupIdsSchema.optional() }),
});
export type PlayerGroupsRequest = z.infer<typeof playerGroupsRequestSchema>;

// ---- GET /api/player/stats ----------------------------------------------------------------------

/** Sign-in figures; money figures (deposits, bets) join when the wallet has a ledger. */
export const playerStatsSchema = z.object({
  sign_in_count: z.number().int(),
  current_sign_in_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type PlayerStats = z.infer<typeof playerStatsSchema>;

// ---- what a game provider needs before real play ------------------------------------------------

/**
 * The fields each game provider needs of a player before a real-money game opens (GET
 * /api/info/player_fields `contexts[<provider identifier>]`). The house studio needs none; the
 * live studio and the third-party slots studio need the player's name, birth date and country.
 * The operator changes them with `PROVIDER_PLAYER_FIELDS` (docs/rules/fields.md "Before real play").
 */
export const PROVIDER_FIELD_DEFAULTS: Readonly<Record<string, readonly ProfileFieldName[]>> = {
  orbit: PLAYER_FIELD_CONTEXTS.orbit,
  'aurora-live': ['first_name', 'last_name', 'date_of_birth', 'country'],
  meridian: ['first_name', 'last_name', 'date_of_birth', 'country'],
};

/** The fields a provider may ask for: the details the edit-profile form changes. */
export const PROVIDER_FIELD_CHOICES: readonly ProfileFieldName[] = PLAYER_FIELD_CONTEXTS.edition.filter(
  (f) => f !== 'receive_promos' && f !== 'receive_sms_promos' && f !== 'time_zone',
);

/** The 422 code of a real launch refused for missing fields (each missing field also gets `required`). */
export const PLAYER_FIELDS_MISSING = 'player_fields_missing';

/**
 * The fields of `required` the player has not filled (null, undefined or blank), in the order
 * asked. The same check runs in the page (the popup) and on the server (the launch).
 */
export function missingPlayerFields(player: Readonly<Record<string, unknown>>, required: readonly string[]): string[] {
  return required.filter((field) => {
    const value = player[field];
    return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  });
}

// ---- POST /api/auth_providers/update_details ------------------------------------------------------

/**
 * The details a player completes after signing up (`auth_fields_missed`: the terms when not yet
 * accepted), with any profile fields of the edit form alongside: `{user:{terms_acceptance: true,
 * first_name?, …}}`. Answered with the player, like PATCH /api/player.
 */
export const authProviderDetailsRequestSchema = z.object({
  user: z.record(z.string().max(64), z.unknown()),
});
export type AuthProviderDetailsRequest = z.infer<typeof authProviderDetailsRequestSchema>;
