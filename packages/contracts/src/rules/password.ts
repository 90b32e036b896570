import { z } from 'zod';
import { isCommonPassword } from './common-passwords';

/** 8–128 characters (design: Identity). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The listed symbols: every printable ASCII symbol. Space and non-ASCII letters are left out so
 * a password can be typed on any keyboard and does not depend on how a device composes "é".
 */
export const PASSWORD_SYMBOLS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const ALLOWED = new Set([...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', ...PASSWORD_SYMBOLS]);

export function hasOnlyPasswordCharacters(password: string): boolean {
  for (const char of password) if (!ALLOWED.has(char)) return false;
  return true;
}

/** Never trimmed: every character the player typed is part of the password. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'too_short')
  .max(PASSWORD_MAX_LENGTH, 'too_long')
  .refine(hasOnlyPasswordCharacters, 'invalid_characters')
  .refine((password) => !isCommonPassword(password), 'too_common');

/** Registration and password change: the rules above plus a matching confirmation. */
export const newPasswordWithConfirmationSchema = z
  .object({ password: newPasswordSchema, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'does_not_match',
    // Compare only when both are strings; a missing field is already reported as `required`.
    when: ({ value }) => {
      const v = value as { password?: unknown; password_confirmation?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v.password_confirmation === 'string';
    },
  });
