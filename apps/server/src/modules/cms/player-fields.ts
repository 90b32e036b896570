import {
  ADDRESS_MAX_LENGTH,
  CITY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  GENDERS,
  GENERIC_POSTAL_CODE_PATTERN,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  NICKNAME_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSONAL_ID_LENGTH,
  PERSONAL_ID_PATTERN,
  PHONE_MAX_LENGTH,
  PHONE_MIN_DIGITS,
  PHONE_PATTERN,
  PLAYER_FIELD_CONTEXTS,
  POSTAL_CODE_MAX_LENGTH,
  POSTAL_CODE_MIN_LENGTH,
  STATE_MAX_LENGTH,
  TIME_ZONE_MAX_LENGTH,
  type Licence,
  type PlayerField,
  type PlayerFieldName,
  type PlayerFieldsResponse,
} from '@orbit/contracts';
import { MINIMUM_AGE } from './licence';

/**
 * Field rules (docs/rules/fields.md) as the page's forms read them. Every number and pattern comes from
 * the contracts' rules, which the server validates with, so a rule is written once; option lists
 * come from the database. Postal codes publish the generic pattern: the country formats are
 * checked by the server (and by the page through the same contracts rule).
 */
/** How a field's rule is written here; `toPlayerField` turns it into the published form. */
type FieldRule = {
  type: PlayerField['type'];
  required: boolean;
  min_length?: number;
  max_length?: number;
  pattern?: string;
  options?: string[];
  format?: string;
  minimum_age?: number;
  confirms?: string;
};

function toPlayerField(field: PlayerFieldName, rule: FieldRule): PlayerField {
  const { type, required, min_length, max_length, pattern, options, format, minimum_age, confirms } = rule;
  return {
    field,
    type,
    required,
    once_set: false,
    ...(min_length !== undefined || max_length !== undefined
      ? {
          length: {
            ...(min_length !== undefined && { minimum: min_length }),
            ...(max_length !== undefined && { maximum: max_length }),
          },
        }
      : {}),
    ...(minimum_age !== undefined && { age: { min: { default: minimum_age } } }),
    ...(options !== undefined && { inclusion: { in: options } }),
    ...(pattern !== undefined && { pattern }),
    ...(format !== undefined && { format }),
    ...(confirms !== undefined && { confirms }),
  };
}

export function playerFields(input: {
  licence: Licence;
  signupCurrencies: string[];
  countries: string[];
}): PlayerFieldsResponse {
  const name = {
    type: 'string',
    required: false,
    min_length: 1,
    max_length: NAME_MAX_LENGTH,
    pattern: NAME_PATTERN.source,
  } as const;
  const fields: Record<PlayerFieldName, FieldRule> = {
    email: { type: 'email', required: true, max_length: EMAIL_MAX_LENGTH },
    password: { type: 'password', required: true, min_length: PASSWORD_MIN_LENGTH, max_length: PASSWORD_MAX_LENGTH },
    password_confirmation: { type: 'password', required: true, confirms: 'password' },
    currency: { type: 'select', required: true, options: input.signupCurrencies },
    country: { type: 'select', required: true, options: input.countries },
    terms_acceptance: { type: 'checkbox', required: true },
    receive_promos: { type: 'checkbox', required: false },
    receive_sms_promos: { type: 'checkbox', required: false },
    nickname: {
      type: 'string',
      required: false,
      min_length: NICKNAME_MIN_LENGTH,
      max_length: NICKNAME_MAX_LENGTH,
      pattern: NICKNAME_PATTERN.source,
    },
    first_name: { ...name },
    last_name: { ...name },
    date_of_birth: { type: 'date', required: false, format: 'DD/MM/YYYY', minimum_age: MINIMUM_AGE[input.licence] },
    gender: { type: 'select', required: false, options: [...GENDERS] },
    city: { type: 'string', required: false, min_length: 1, max_length: CITY_MAX_LENGTH },
    address: { type: 'string', required: false, min_length: 1, max_length: ADDRESS_MAX_LENGTH },
    postal_code: {
      type: 'string',
      required: false,
      min_length: POSTAL_CODE_MIN_LENGTH,
      max_length: POSTAL_CODE_MAX_LENGTH,
      pattern: GENERIC_POSTAL_CODE_PATTERN.source,
    },
    state: { type: 'string', required: false, max_length: STATE_MAX_LENGTH },
    mobile_phone: {
      type: 'phone',
      required: false,
      min_length: PHONE_MIN_DIGITS,
      max_length: PHONE_MAX_LENGTH,
      pattern: PHONE_PATTERN.source,
    },
    personal_id_number: {
      type: 'string',
      required: false,
      min_length: PERSONAL_ID_LENGTH,
      max_length: PERSONAL_ID_LENGTH,
      pattern: PERSONAL_ID_PATTERN.source,
    },
    // An IANA name (Europe/Berlin); the page offers Intl.supportedValuesOf('timeZone').
    time_zone: { type: 'string', required: false, max_length: TIME_ZONE_MAX_LENGTH },
  };
  return {
    contexts: Object.fromEntries(
      Object.entries(PLAYER_FIELD_CONTEXTS).map(([k, v]) => [k, [...v]]),
    ) as PlayerFieldsResponse['contexts'],
    fields: (Object.entries(fields) as Array<[PlayerFieldName, FieldRule]>).map(([name, rule]) =>
      toPlayerField(name, rule),
    ),
  };
}
