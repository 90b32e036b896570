import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  canonicalTimeZone,
  citySchema,
  genderSchema,
  GENERIC_POSTAL_CODE_PATTERN,
  isValidPostalCode,
  PLAYER_FIELD_CONTEXTS,
  playerPasswordChangeRequestSchema,
  profileFieldSchema,
  subscriptionsUpdateRequestSchema,
  timeZoneSchema,
} from '../../src';
import { codes } from './codes';

describe('time zone', () => {
  it('takes IANA names the runtime knows, in their canonical spelling', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone(' europe/berlin ')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(timeZoneSchema.parse('australia/sydney')).toBe('Australia/Sydney');
  });

  it('refuses unknown names, offsets and junk', () => {
    for (const value of ['Mars/Olympus_Mons', '+02:00', 'GMT+2 ', '', 'Europe/', '../etc/passwd', 'a'.repeat(65)]) {
      expect(codes(timeZoneSchema, value), value).toEqual(['invalid_time_zone']);
    }
  });
});

describe('address fields and gender', () => {
  it('trims city and address, refuses blank and over-long', () => {
    expect(citySchema.parse('  Berlin ')).toBe('Berlin');
    expect(codes(citySchema, '   ')).toEqual(['required']);
    expect(codes(citySchema, 'x'.repeat(101))).toEqual(['too_long']);
    expect(codes(addressSchema, 'x'.repeat(200))).toEqual([]);
    expect(codes(addressSchema, 'x'.repeat(201))).toEqual(['too_long']);
  });

  it('knows male, female and other', () => {
    for (const g of ['male', 'female', 'other']) expect(codes(genderSchema, g)).toEqual([]);
    expect(codes(genderSchema, 'Male')).toEqual(['invalid_gender']);
  });
});

describe('the generic postal code pattern', () => {
  it('is what the server checks, for both cases (player_fields publishes it)', () => {
    for (const v of ['ab12', 'AB-12', 'A1 B2']) {
      expect(GENERIC_POSTAL_CODE_PATTERN.test(v), v).toBe(true);
      expect(isValidPostalCode('ZZ', v), v).toBe(true);
    }
    for (const v of ['-AB', 'AB-', 'A_1']) expect(GENERIC_POSTAL_CODE_PATTERN.test(v), v).toBe(false);
  });
});

describe('profile field rules', () => {
  const opts = { licence: 'CW' as const, country: 'AU', today: new Date('2026-03-01T00:00:00Z') };

  it('judges the postal code by the given country and the birthday by the licence', () => {
    expect(codes(profileFieldSchema('postal_code', opts), '2000')).toEqual([]);
    expect(codes(profileFieldSchema('postal_code', { ...opts, country: 'DE' }), '2000')).toEqual([
      'invalid_postal_code',
    ]);
    expect(codes(profileFieldSchema('date_of_birth', opts), '15/02/2007')).toEqual([]);
    expect(codes(profileFieldSchema('date_of_birth', { ...opts, licence: 'EE' }), '15/02/2007')).toEqual(['too_young']);
  });

  it('has a rule for every field the edition, deposit and cashout forms ask', () => {
    for (const context of ['edition', 'deposit', 'cashout'] as const) {
      for (const field of PLAYER_FIELD_CONTEXTS[context]) expect(profileFieldSchema(field, opts), field).toBeDefined();
    }
  });
});

describe('password change and subscriptions requests', () => {
  it('needs the current password and a matching new one', () => {
    const ok = {
      user: { current_password: 'x', password: 'Brand-New-Secret-7', password_confirmation: 'Brand-New-Secret-7' },
    };
    expect(playerPasswordChangeRequestSchema.safeParse(ok).success).toBe(true);
    expect(codes(playerPasswordChangeRequestSchema, { user: { ...ok.user, current_password: '' } })).toEqual([
      'required',
    ]);
    expect(codes(playerPasswordChangeRequestSchema, { user: { ...ok.user, password_confirmation: 'other' } })).toEqual([
      'does_not_match',
    ]);
  });

  it('takes either or both opt-ins, not none', () => {
    expect(subscriptionsUpdateRequestSchema.safeParse({ receive_promos: true }).success).toBe(true);
    expect(codes(subscriptionsUpdateRequestSchema, {})).toEqual(['required']);
  });
});
