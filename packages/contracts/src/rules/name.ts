import { z } from 'zod';

/**
 * First and last names: letters of any script (with combining marks), space, apostrophe,
 * hyphen, dot; starting with a letter so "-" or "." alone is not a name.
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}' .-]*$/u;
export const NAME_MAX_LENGTH = 50;

/** Every failure is `invalid_name`; trimmed and NFC-normalised first. */
export const personNameSchema = z
  .string()
  .trim()
  .normalize('NFC')
  .min(1, { message: 'invalid_name', abort: true })
  .max(NAME_MAX_LENGTH, { message: 'invalid_name', abort: true })
  .regex(NAME_PATTERN, 'invalid_name');

export const firstNameSchema = personNameSchema;
export const lastNameSchema = personNameSchema;
