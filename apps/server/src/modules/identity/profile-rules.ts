/** What PATCH /api/player accepts, as a pure function of the request, the player and today. */
import {
  birthdayToIso,
  issuesToErrors,
  profileFieldSchema,
  profileFieldsOf,
  stateForPostalCode,
  termsAcceptanceSchema,
  type Licence,
  type ProfileFieldName,
  type ProfileUpdateContext,
} from '@orbit/contracts';
import type { UserRow } from './player';

/** The users columns the profile changes, by field name. */
const COLUMN = {
  nickname: 'nickname',
  first_name: 'firstName',
  last_name: 'lastName',
  date_of_birth: 'dateOfBirth',
  gender: 'gender',
  country: 'country',
  city: 'city',
  address: 'address',
  postal_code: 'postalCode',
  state: 'state',
  mobile_phone: 'mobilePhone',
  personal_id_number: 'personalIdNumber',
  time_zone: 'timeZone',
  receive_promos: 'receivePromos',
  receive_sms_promos: 'receiveSmsPromos',
} as const satisfies Record<ProfileFieldName, keyof UserRow>;

type Column = (typeof COLUMN)[ProfileFieldName];
export type ProfileRow = Pick<UserRow, Column | 'termsAcceptedAt'>;
export type ProfileChanges = Partial<ProfileRow>;

export type ProfileJudgement = { ok: true; changes: ProfileChanges } | { ok: false; errors: Record<string, string[]> };

const BOOLEAN_FIELDS = new Set<ProfileFieldName>(['receive_promos', 'receive_sms_promos']);
/** Text fields that may not be emptied: the row always has a country. */
const NOT_CLEARABLE = new Set<ProfileFieldName>(['country']);

const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Judges `{context, user}` against the player's row. A field outside the context is
 * `not_allowed`; each value must pass its contracts rule (null or "" clears an optional text
 * field); deposit and cashout require every field of theirs to be filled once saved. When the
 * context lets the player edit the state and it is empty, an Australian or Canadian postal code
 * fills it in (the state's code: NSW, ON ...). Nothing is written on any error.
 */
export function judgeProfileUpdate(
  input: { context?: ProfileUpdateContext | undefined; user: Record<string, unknown> },
  current: ProfileRow,
  opts: { licence: Licence; today: Date; countries: ReadonlySet<string> },
): ProfileJudgement {
  const context = input.context ?? 'edition';
  if (context === 'terms_acceptance') {
    const errors: Record<string, string[]> = {};
    for (const field of Object.keys(input.user)) if (field !== 'terms_acceptance') errors[field] = ['not_allowed'];
    const parsed = termsAcceptanceSchema.safeParse(input.user);
    if (!parsed.success) Object.assign(errors, issuesToErrors(parsed.error.issues));
    if (Object.keys(errors).length) return { ok: false, errors };
    return { ok: true, changes: { termsAcceptedAt: opts.today } };
  }

  const allowed = new Set<string>(profileFieldsOf(context));
  const errors: Record<string, string[]> = {};
  const changes: Record<string, unknown> = {};
  const add = (field: string, code: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(code)) list.push(code);
  };

  const entries = Object.entries(input.user);
  for (const [field] of entries) if (!allowed.has(field)) add(field, 'not_allowed');

  // The country first: the postal code is judged by the country the player will have.
  const order = (f: string) => (f === 'country' ? 0 : 1);
  let country = current.country;
  for (const [field, value] of entries.filter(([f]) => allowed.has(f)).sort(([a], [b]) => order(a) - order(b))) {
    const name = field as ProfileFieldName;
    const column = COLUMN[name];
    if (!BOOLEAN_FIELDS.has(name) && isBlank(value)) {
      if (NOT_CLEARABLE.has(name)) add(field, 'required');
      else changes[column] = null;
      continue;
    }
    const parsed = profileFieldSchema(name, { licence: opts.licence, country, today: opts.today }).safeParse(value);
    if (!parsed.success) {
      for (const [, codes] of Object.entries(issuesToErrors(parsed.error.issues)))
        for (const code of codes) add(field, code);
      continue;
    }
    let out = parsed.data;
    if (name === 'date_of_birth') out = birthdayToIso(out as string);
    if (name === 'country') {
      if (!isSiteCountry(out as string, opts.countries)) {
        add(field, 'invalid_country');
        continue;
      }
      country = out as string;
    }
    changes[column] = out;
  }

  const merged = { ...current, ...changes } as ProfileRow;
  if (allowed.has('state') && isBlank(merged.state) && merged.postalCode && !errors.postal_code) {
    const state = stateForPostalCode(merged.country, merged.postalCode);
    if (state) {
      changes.state = state.code;
      merged.state = state.code;
    }
  }

  if (context === 'deposit' || context === 'cashout') {
    for (const field of profileFieldsOf(context)) {
      if (!errors[field] && isBlank(merged[COLUMN[field]] ?? null)) add(field, 'required');
    }
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, changes: changes as ProfileChanges };
}

/**
 * Whether a country is one of the site's (the list `GET /api/info/countries` serves); with no list
 * configured, any two-letter code. The one rule of registration and the profile.
 */
export function isSiteCountry(code: string, countries: ReadonlySet<string>): boolean {
  return countries.size === 0 || countries.has(code);
}
