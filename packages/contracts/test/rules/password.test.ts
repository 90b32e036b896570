import { describe, expect, it } from 'vitest';
import {
  hasOnlyPasswordCharacters,
  isCommonPassword,
  newPasswordSchema,
  newPasswordWithConfirmationSchema,
  PASSWORD_SYMBOLS,
  issuesToErrors,
} from '../../src';
import { COMMON_PASSWORDS } from '../../src/rules/common-passwords';
import { codes } from './codes';

describe('newPasswordSchema', () => {
  it.each(['correct-horse-9', 'Tr0ub4dor&3x', 'a'.repeat(7) + '!', 'x'.repeat(128), `Ab1${PASSWORD_SYMBOLS}`])(
    'accepts %j',
    (password) => {
      expect(codes(newPasswordSchema, password)).toEqual([]);
    },
  );

  it('refuses lengths outside 8–128', () => {
    expect(codes(newPasswordSchema, 'Ab1!xyz')).toEqual(['too_short']);
    expect(codes(newPasswordSchema, 'x'.repeat(129))).toEqual(['too_long']);
  });

  it('allows letters, digits and the printable ASCII symbols only', () => {
    expect(PASSWORD_SYMBOLS).toHaveLength(32);
    expect([...PASSWORD_SYMBOLS].every((c) => /[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/.test(c))).toBe(true);
    for (const password of ['with space1', 'pässwörd12', 'tab\tsecret', 'emoji😀secret', 'euro€secret']) {
      expect(codes(newPasswordSchema, password)).toEqual(['invalid_characters']);
    }
    expect(hasOnlyPasswordCharacters('AZaz09~!')).toBe(true);
  });

  it('refuses common passwords, whatever the case', () => {
    for (const password of ['password', 'PASSWORD1', 'Qwerty123', '12345678', 'iloveyou', 'P@ssw0rd']) {
      expect(codes(newPasswordSchema, password)).toEqual(['too_common']);
    }
    expect(isCommonPassword('Correct-Horse-9')).toBe(false);
  });

  it('ships a list of lower-case, allowed, long-enough passwords', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(150);
    for (const password of COMMON_PASSWORDS) {
      expect(password).toBe(password.toLowerCase());
      expect(codes(newPasswordSchema, password)).toEqual(['too_common']);
    }
  });
});

describe('newPasswordWithConfirmationSchema', () => {
  const errors = (input: unknown) => {
    const result = newPasswordWithConfirmationSchema.safeParse(input);
    return result.success ? {} : issuesToErrors(result.error.issues);
  };

  it('accepts a matching confirmation', () => {
    expect(errors({ password: 'correct-horse-9', password_confirmation: 'correct-horse-9' })).toEqual({});
  });

  it('reports a mismatch on the confirmation', () => {
    expect(errors({ password: 'correct-horse-9', password_confirmation: 'correct-horse-8' })).toEqual({
      password_confirmation: ['does_not_match'],
    });
  });

  it('reports a weak password and a mismatch together', () => {
    expect(errors({ password: 'short', password_confirmation: 'other' })).toEqual({
      password: ['too_short'],
      password_confirmation: ['does_not_match'],
    });
  });

  it('reports a missing confirmation as required, not as a mismatch', () => {
    expect(errors({ password: 'correct-horse-9' })).toEqual({ password_confirmation: ['required'] });
  });
});
