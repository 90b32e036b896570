import { z } from 'zod';

/**
 * Digits, space, parentheses and hyphen, with an optional leading plus (a plus elsewhere is a
 * typo). At least 8 characters is the field's rule; we also ask for at least 8 digits, since
 * "+1 (555)" has 8 characters but is no phone number. 20 characters at most, as player_fields says.
 */
export const PHONE_PATTERN = /^\+?[\d ()-]+$/;
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_LENGTH = 20;

export const phoneSchema = z
  .string()
  .trim()
  .min(PHONE_MIN_DIGITS, { message: 'invalid_phone', abort: true })
  .max(PHONE_MAX_LENGTH, { message: 'invalid_phone', abort: true })
  .regex(PHONE_PATTERN, { message: 'invalid_phone', abort: true })
  .refine((phone) => phone.replace(/\D/g, '').length >= PHONE_MIN_DIGITS, 'invalid_phone');
