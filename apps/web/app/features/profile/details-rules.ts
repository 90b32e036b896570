/**
 * The personal-details form's logic, without React: which fields a context asks for, the shared
 * contract rules per field (same codes as the server), birthday conversion, state autofill, the
 * PATCH body, and the "personal info" check the cashbox makes before a deposit.
 */
import {
  playerFieldOf,
  type Licence,
  type Player,
  type PlayerFieldsResponse,
  type ProfileFieldName,
} from '@orbit/contracts';
import { birthdayToIso, profileFieldSchema, stateForPostalCode } from '@orbit/contracts';
import { check, type FieldErrors } from '../../ui/form';

/** The contexts of `PATCH /api/player` (player_fields' names). */
export type DetailsContext = 'edition' | 'deposit' | 'cashout';

/** The fields this form can draw, in the order it draws them. */
export const DETAIL_FIELDS = [
  'nickname',
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'mobile_phone',
  'country',
  'state',
  'city',
  'address',
  'postal_code',
  'personal_id_number',
  'time_zone',
] as const satisfies readonly ProfileFieldName[];
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type DetailValues = Record<DetailField, string>;

/** What the cashbox needs of a fiat player before a deposit (docs/rules/routes-and-guards.md "The cashbox"). */
export const PERSONAL_INFO_FIELDS = [
  'mobile_phone',
  'first_name',
  'last_name',
  'date_of_birth',
  'country',
  'city',
  'address',
  'postal_code',
] as const satisfies readonly DetailField[];

/**
 * The fields a context asks for, as player_fields lists them, in the form's order. Promotion
 * opt-ins are left out: the profile has its own subscription switches for them.
 */
export function fieldsFor(context: DetailsContext, info: Pick<PlayerFieldsResponse, 'contexts'>): DetailField[] {
  const asked = new Set(info.contexts[context] ?? []);
  return DETAIL_FIELDS.filter((name) => asked.has(name));
}

/** `YYYY-MM-DD` (as the API stores it) → `DD/MM/YYYY` (as the player types it); other text unchanged. */
export function birthdayFromIso(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** `DD/MM/YYYY` → `YYYY-MM-DD`, or undefined for no calendar date (the contract's conversion). */
export function birthdayToIsoDate(value: string): string | undefined {
  return birthdayToIso(value);
}

/** The form's starting values from the player (null → empty, birthday as DD/MM/YYYY). */
export function valuesFromPlayer(player: Player): DetailValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    nickname: text(player.nickname),
    first_name: text(player.first_name),
    last_name: text(player.last_name),
    date_of_birth: birthdayFromIso(player.date_of_birth),
    gender: text(player.gender),
    mobile_phone: text(player.mobile_phone),
    country: text(player.country),
    state: text(player.state),
    city: text(player.city),
    address: text(player.address),
    postal_code: text(player.postal_code),
    personal_id_number: text(player.personal_id_number),
    time_zone: text(player.time_zone),
  };
}

/**
 * State autofill (docs/rules/fields.md "State from the postal code"): when the state is empty (or
 * was filled by us before) and the postal code names an Australian state or Canadian province,
 * the state becomes its code. A state the player typed is never overwritten. Returns the new
 * values and whether the state is ours.
 */
export function autofillState(
  values: DetailValues,
  stateWasAutofilled: boolean,
): { values: DetailValues; autofilled: boolean } {
  const editable = values.state.trim() === '' || stateWasAutofilled;
  if (!editable) return { values, autofilled: false };
  const found = values.postal_code.trim() ? stateForPostalCode(values.country, values.postal_code) : undefined;
  if (found) return { values: { ...values, state: found.code }, autofilled: true };
  // The postcode no longer names a state: take back what we filled in.
  return { values: stateWasAutofilled ? { ...values, state: '' } : values, autofilled: false };
}

/**
 * Errors of the asked fields under the contract's rules (`profileFieldSchema`, the server's own).
 * In the `deposit` and `cashout` contexts every asked field is required (the server asks the
 * same once saved); in `edition` an empty field is left empty. The country must be one of
 * player_fields' options.
 */
export function validateDetails(
  values: DetailValues,
  asked: readonly DetailField[],
  context: DetailsContext,
  info: Pick<PlayerFieldsResponse, 'fields'>,
  licence: Licence,
  today?: Date,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of asked) {
    const value = values[name].trim();
    const required = context !== 'edition' || playerFieldOf(info, name)?.required === true;
    if (!value) {
      if (required) errors[name] = 'required';
      continue;
    }
    const options = name === 'country' ? playerFieldOf(info, 'country')?.inclusion?.in : undefined;
    errors[name] =
      options && !options.includes(value.toUpperCase())
        ? 'invalid_country'
        : check(profileFieldSchema(name, { licence, country: values.country || null, today }), value);
  }
  return errors;
}

/**
 * The `PATCH /api/player` body: the asked fields the player changed (trimmed; birthday as typed,
 * DD/MM/YYYY). An emptied field is sent as null, which clears it. Unchanged fields are not sent,
 * so a form never rewrites what another tab saved meanwhile.
 */
export function patchBody(
  values: DetailValues,
  initial: DetailValues,
  asked: readonly DetailField[],
  context: DetailsContext,
) {
  const user: Record<string, string | null> = {};
  for (const name of asked) {
    const value = values[name].trim();
    if (value === initial[name].trim()) continue;
    user[name] = value === '' ? null : name === 'postal_code' ? value.toUpperCase() : value;
  }
  return { context, user };
}

/** Whether the cashbox must show the personal-info popup first: a fiat player missing any of its fields. */
export function needsPersonalInfo(player: Player, currencyIsFiat: boolean): boolean {
  if (!currencyIsFiat) return false;
  const values = valuesFromPlayer(player);
  return PERSONAL_INFO_FIELDS.some((name) => values[name].trim() === '');
}
