import { emailAddressSchema, mustBeAcceptedSchema, newPasswordSchema } from '@orbit/contracts';
import { describe, expect, it } from 'vitest';
import { check, errorCodeOf } from '../../app/ui/form';
import { ApiError, ApiNetworkError } from '../../app/lib/api';
import { backgroundOf, popupOf } from '../../app/lib/popups';

describe('auth form rules', () => {
  it('gives the shared rules’ codes, and required for empty text', () => {
    expect(check(emailAddressSchema, '')).toBe('required');
    expect(check(emailAddressSchema, 'nope')).toBe('invalid_email');
    expect(check(emailAddressSchema, 'a@example.com')).toBeUndefined();
    expect(check(newPasswordSchema, 'short')).toBe('too_short');
    expect(check(newPasswordSchema, 'password')).toBe('too_common');
    expect(check(mustBeAcceptedSchema, false, false)).toBe('must_be_accepted');
    expect(check(null, 'x')).toBeUndefined();
  });

  it('maps server answers to field codes', () => {
    expect(errorCodeOf(new ApiError(422, '/api/users/sign_in', { email: ['invalid_credentials'] }))).toEqual({
      email: 'invalid_credentials',
    });
    expect(errorCodeOf(new ApiError(429, '/api/users/sign_in'))).toEqual({ base: 'too_many_requests' });
    expect(errorCodeOf(new ApiError(500, '/api/users'))).toEqual({ base: 'unknown' });
    expect(errorCodeOf(new ApiNetworkError('/api/users', true))).toEqual({ base: 'network' });
  });
});

describe('popup routes', () => {
  it('are recognised with and without a locale prefix', () => {
    expect(popupOf('/sign-in')).toBe('sign-in');
    expect(popupOf('/de/sign-up')).toBe('sign-up');
    expect(popupOf('/confirmation')).toBe('confirmation');
    expect(popupOf('/profile')).toBeNull();
    expect(popupOf('/sign-in/x')).toBeNull();
  });

  it('read the background page from the location state', () => {
    expect(backgroundOf({ background: { pathname: '/pokies/all', search: '', hash: '' } })?.pathname).toBe(
      '/pokies/all',
    );
    expect(backgroundOf(null)).toBeNull();
    expect(backgroundOf({ background: 'x' })).toBeNull();
  });
});

describe('error messages', () => {
  it('exist in English and German for every code the forms can show', async () => {
    const en = (await import('../../app/i18n/messages/en.json')).default as { errors: Record<string, string> };
    const de = (await import('../../app/i18n/messages/de.json')).default as { errors: Record<string, string> };
    const codes = [
      'invalid_credentials',
      'taken',
      'too_short',
      'too_long',
      'too_common',
      'invalid_characters',
      'invalid_email',
      'does_not_match',
      'must_be_accepted',
      'required',
      'too_many_requests',
      'invalid_nickname',
      'invalid_currency',
      'invalid_country',
      'invalid',
      'network',
      'unknown',
    ];
    for (const code of codes) {
      expect(en.errors[code], code).toBeTruthy();
      expect(de.errors[code], code).toBeTruthy();
    }
    expect(Object.keys(de.errors).sort()).toEqual(Object.keys(en.errors).sort());
  });
});
