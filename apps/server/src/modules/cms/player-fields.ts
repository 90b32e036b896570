import type { Licence, PlayerField, PlayerFieldName, PlayerFieldsResponse } from '@orbit/contracts';
import { MINIMUM_AGE } from './licence';

/**
 * Which fields each form asks for. Registration is short; the cashbox asks fiat players for their
 * personal details before the first deposit (spec: phone, names, birth date, country, city,
 * address, postal code); a cashout also needs the state and, where the country uses it, the id.
 */
const CONTEXTS = {
  registration: ['email', 'password', 'password_confirmation', 'currency', 'country', 'terms_acceptance', 'receive_promos', 'receive_sms_promos', 'nickname'],
  deposit: ['first_name', 'last_name', 'date_of_birth', 'country', 'city', 'address', 'postal_code', 'mobile_phone'],
  cashout: ['first_name', 'last_name', 'date_of_birth', 'gender', 'country', 'city', 'address', 'postal_code', 'state', 'mobile_phone', 'personal_id_number'],
  edition: ['nickname', 'first_name', 'last_name', 'date_of_birth', 'gender', 'country', 'city', 'address', 'postal_code', 'state', 'mobile_phone', 'receive_promos', 'receive_sms_promos', 'personal_id_number'],
  // The house studio needs nothing beyond an account to open a real-money game.
  orbit: [],
} satisfies Record<string, PlayerFieldName[]>;

/** Static field rules (spec section 5); option lists come from the database. */
export function playerFields(input: { licence: Licence; signupCurrencies: string[]; countries: string[] }): PlayerFieldsResponse {
  const name = { type: 'string', required: false, min_length: 1, max_length: 50, pattern: "^[\\p{L}][\\p{L}' .-]*$" } as const;
  const fields: Record<PlayerFieldName, PlayerField> = {
    email: { type: 'email', required: true, max_length: 254 },
    password: { type: 'password', required: true, min_length: 8, max_length: 128 },
    password_confirmation: { type: 'password', required: true, confirms: 'password' },
    currency: { type: 'select', required: true, options: input.signupCurrencies },
    country: { type: 'select', required: true, options: input.countries },
    terms_acceptance: { type: 'checkbox', required: true },
    receive_promos: { type: 'checkbox', required: false },
    receive_sms_promos: { type: 'checkbox', required: false },
    nickname: { type: 'string', required: false, min_length: 3, max_length: 15, pattern: '^[\\p{L}\\d .-]+$' },
    first_name: { ...name },
    last_name: { ...name },
    date_of_birth: { type: 'date', required: false, format: 'YYYY-MM-DD', minimum_age: MINIMUM_AGE[input.licence] },
    gender: { type: 'select', required: false, options: ['male', 'female', 'other'] },
    city: { type: 'string', required: false, min_length: 1, max_length: 100 },
    address: { type: 'string', required: false, min_length: 1, max_length: 200 },
    postal_code: { type: 'string', required: false, min_length: 2, max_length: 12, pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$' },
    state: { type: 'string', required: false, max_length: 100 },
    mobile_phone: { type: 'phone', required: false, min_length: 8, max_length: 20, pattern: '^[0-9+() -]{8,}$' },
    personal_id_number: { type: 'string', required: false, min_length: 11, max_length: 11 },
  };
  return {
    contexts: Object.fromEntries(Object.entries(CONTEXTS).map(([k, v]) => [k, [...v]])) as PlayerFieldsResponse['contexts'],
    fields,
  };
}
