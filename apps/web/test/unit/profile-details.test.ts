import type { Player, PlayerFieldsResponse } from '@orbit/contracts';
import { describe, expect, it } from 'vitest';
import {
  autofillState,
  birthdayFromIso,
  birthdayToIsoDate,
  fieldsFor,
  needsPersonalInfo,
  patchBody,
  validateDetails,
  valuesFromPlayer,
  type DetailValues,
} from '../../app/features/profile/details-rules';
import { deviceLabel, deviceOf } from '../../app/features/profile/device-label';
import { checkDocument } from '../../app/features/profile/verification-tab';

const empty: DetailValues = {
  nickname: '',
  first_name: '',
  last_name: '',
  date_of_birth: '',
  gender: '',
  mobile_phone: '',
  country: '',
  state: '',
  city: '',
  address: '',
  postal_code: '',
  personal_id_number: '',
  time_zone: '',
};

// As GET /api/info/player_fields answers (apps/server/src/modules/cms/player-fields.ts).
const info: PlayerFieldsResponse = {
  contexts: {
    registration: ['email', 'password', 'currency', 'country', 'terms_acceptance', 'receive_promos', 'nickname'],
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
    ],
  },
  fields: [
    {
      field: 'gender',
      type: 'select',
      required: false,
      once_set: false,
      inclusion: { in: ['male', 'female', 'other'] },
    },
    { field: 'country', type: 'select', required: true, once_set: false, inclusion: { in: ['AU', 'CA', 'DE'] } },
    { field: 'city', type: 'string', required: false, once_set: false, length: { minimum: 1, maximum: 100 } },
    { field: 'address', type: 'string', required: false, once_set: false, length: { minimum: 1, maximum: 200 } },
    { field: 'state', type: 'string', required: false, once_set: false, length: { maximum: 100 } },
  ],
};

const player = {
  id: 1,
  email: 'p@example.com',
  nickname: null,
  first_name: 'Ada',
  last_name: 'Lovelace',
  gender: null,
  date_of_birth: '1990-12-05',
  country: 'AU',
  city: 'Sydney',
  address: '1 George St',
  postal_code: '2000',
  state: null,
  mobile_phone: '+61 2 9999 0000',
  currency: 'AUD',
} as unknown as Player;

describe('fields a context asks for', () => {
  it('follows player_fields, in the form order, without the promotion opt-ins (the profile has switches)', () => {
    expect(fieldsFor('deposit', info)).toEqual([
      'first_name',
      'last_name',
      'date_of_birth',
      'mobile_phone',
      'country',
      'city',
      'address',
      'postal_code',
    ]);
    const edition = fieldsFor('edition', info);
    expect(edition).toContain('personal_id_number');
    expect(edition).toContain('state');
    expect(edition).not.toContain('receive_promos');
    expect(fieldsFor('cashout', info)).toContain('gender');
    expect(fieldsFor('cashout', info)).not.toContain('nickname');
  });
});

describe('birthday conversion', () => {
  it('shows the stored ISO date as DD/MM/YYYY and converts back', () => {
    expect(birthdayFromIso('1990-12-05')).toBe('05/12/1990');
    expect(birthdayFromIso(null)).toBe('');
    expect(birthdayToIsoDate('05/12/1990')).toBe('1990-12-05');
    expect(birthdayToIsoDate('31/02/1990')).toBeUndefined();
    expect(birthdayToIsoDate('5/12/1990')).toBeUndefined();
    expect(valuesFromPlayer(player).date_of_birth).toBe('05/12/1990');
  });
});

describe('state autofill', () => {
  it('fills an empty state from an Australian postcode, and follows the postcode while it is ours', () => {
    const first = autofillState({ ...empty, country: 'AU', postal_code: '2000' }, false);
    expect(first).toEqual({ values: expect.objectContaining({ state: 'NSW' }), autofilled: true });
    const next = autofillState({ ...first.values, postal_code: '3000' }, first.autofilled);
    expect(next.values.state).toBe('VIC');
    // A postcode that names no state takes back what was filled in.
    expect(autofillState({ ...next.values, postal_code: '6798' }, true).values.state).toBe('');
    expect(autofillState({ ...empty, country: 'AU', postal_code: '0800' }, false).values.state).toBe('NT');
  });

  it('fills a Canadian province from the first letter, never overwrites a state the player typed, ignores other countries', () => {
    expect(autofillState({ ...empty, country: 'CA', postal_code: 'K1A 0B1' }, false).values.state).toBe('ON');
    expect(autofillState({ ...empty, country: 'AU', postal_code: '2000', state: 'Somewhere' }, false)).toEqual({
      values: expect.objectContaining({ state: 'Somewhere' }),
      autofilled: false,
    });
    expect(autofillState({ ...empty, country: 'DE', postal_code: '10115' }, false).values.state).toBe('');
  });
});

describe('details validation (shared contract rules)', () => {
  const today = new Date('2026-06-01T12:00:00Z');
  it('leaves empty optional fields alone when editing, but asks for every field before a deposit', () => {
    expect(
      Object.values(validateDetails(empty, fieldsFor('edition', info), 'edition', info, 'CW', today)).filter(Boolean),
    ).toEqual(['required']);
    const deposit = validateDetails(empty, fieldsFor('deposit', info), 'deposit', info, 'CW', today);
    expect(deposit).toMatchObject({ first_name: 'required', mobile_phone: 'required', postal_code: 'required' });
  });

  it('uses the contract codes: names, phone, birthday with minimum age, postal code by country', () => {
    const values = {
      ...empty,
      country: 'AU',
      first_name: '-',
      mobile_phone: '+1 (555)',
      date_of_birth: '02/06/2008',
      postal_code: '20000',
      personal_id_number: '123',
    };
    const errors = validateDetails(values, fieldsFor('edition', info), 'edition', info, 'CW', today);
    expect(errors).toMatchObject({
      first_name: 'invalid_name',
      mobile_phone: 'invalid_phone',
      date_of_birth: 'too_young',
      postal_code: 'invalid_postal_code',
      personal_id_number: 'invalid_personal_id',
    });
    // 18 today under Curaçao, not yet 21 under the Estonian licence.
    const adult = { ...empty, country: 'AU', date_of_birth: '01/06/2008' };
    expect(validateDetails(adult, ['date_of_birth'], 'edition', info, 'CW', today).date_of_birth).toBeUndefined();
    expect(validateDetails(adult, ['date_of_birth'], 'edition', info, 'EE', today).date_of_birth).toBe('too_young');
    expect(
      validateDetails({ ...adult, date_of_birth: '1990-01-01' }, ['date_of_birth'], 'edition', info, 'CW', today)
        .date_of_birth,
    ).toBe('invalid_date');
    expect(
      validateDetails({ ...empty, country: 'CA', postal_code: 'k1a0b1' }, ['postal_code'], 'edition', info, 'CW', today)
        .postal_code,
    ).toBeUndefined();
    expect(validateDetails({ ...empty, gender: 'robot' }, ['gender'], 'edition', info, 'CW', today).gender).toBe(
      'invalid_gender',
    );
    expect(validateDetails({ ...empty, country: 'FR' }, ['country'], 'edition', info, 'CW', today).country).toBe(
      'invalid_country',
    );
    expect(
      validateDetails({ ...empty, time_zone: 'Mars/Olympus' }, ['time_zone'], 'edition', info, 'CW', today).time_zone,
    ).toBe('invalid_time_zone');
    expect(
      validateDetails({ ...empty, time_zone: 'Europe/Berlin' }, ['time_zone'], 'edition', info, 'CW', today).time_zone,
    ).toBeUndefined();
  });

  it('sends only what changed (birthday as typed, postal code upper-cased); an emptied field as null', () => {
    const initial = { ...empty, first_name: 'Ada', city: 'Sydney', last_name: 'Lovelace' };
    const values = { ...initial, first_name: ' Ada ', date_of_birth: '05/12/1990', postal_code: 'k1a 0b1', city: '' };
    expect(
      patchBody(values, initial, ['first_name', 'last_name', 'date_of_birth', 'postal_code', 'city'], 'edition'),
    ).toEqual({
      context: 'edition',
      user: { date_of_birth: '05/12/1990', postal_code: 'K1A 0B1', city: null },
    });
  });
});

describe('personal-info popup before a deposit', () => {
  it('is needed by a fiat player missing any of phone, names, birthday, country, city, address, postal code', () => {
    expect(needsPersonalInfo(player, true)).toBe(false);
    expect(needsPersonalInfo({ ...player, mobile_phone: null }, true)).toBe(true);
    expect(needsPersonalInfo({ ...player, city: '  ' }, true)).toBe(true);
    // Crypto players are not asked; the state is not among the fields.
    expect(needsPersonalInfo({ ...player, mobile_phone: null }, false)).toBe(false);
    expect(needsPersonalInfo({ ...player, state: null }, true)).toBe(false);
  });
});

describe('device label of a session', () => {
  const words = { on: (b: string, s: string) => `${b} on ${s}`, unknown: 'Unknown device' };
  it('names browser and system of common user agents', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
        words,
      ),
    ).toBe('Chrome on Windows');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
        words,
      ),
    ).toBe('Edge on Windows');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        words,
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0', words),
    ).toBe('Firefox on macOS');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
        words,
      ),
    ).toBe('Samsung Internet on Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
        words,
      ),
    ).toBe('Chrome on Linux');
  });

  it('falls back to what it recognises, then to "unknown"', () => {
    expect(deviceLabel('curl/8.5.0', words)).toBe('Unknown device');
    expect(deviceLabel(null, words)).toBe('Unknown device');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0) SomeBrowser/1.0')).toEqual({ browser: null, system: 'Windows' });
  });
});

describe('document checks before upload', () => {
  it('asks for a kind and a file of at most 10 MB (the server refuses larger)', () => {
    expect(checkDocument('identity', { size: 1000 })).toEqual({ kind: undefined, file: undefined });
    expect(checkDocument('', null)).toEqual({ kind: 'required', file: 'required' });
    expect(checkDocument('passport', { size: 10 * 1024 * 1024 + 1 })).toEqual({ kind: 'invalid', file: 'too_large' });
    expect(checkDocument('address', { size: 10 * 1024 * 1024 }).file).toBeUndefined();
  });
});
