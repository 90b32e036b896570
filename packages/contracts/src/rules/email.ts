import { z } from 'zod';

/** RFC 5321 limits: a whole address fits in 254 characters, the local part in 64. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

/**
 * The usual address shape (zod's pattern: no quoted local parts, no IP-literal domains,
 * a dotted domain with a top-level part of 2+ letters). Trimmed; the spelling is kept.
 */
export const emailAddressSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, { message: 'invalid_email', abort: true })
  .regex(z.regexes.email, { message: 'invalid_email', abort: true })
  .refine((email) => email.indexOf('@') <= LOCAL_PART_MAX_LENGTH, 'invalid_email');

/** The uniqueness key of an address: trimmed and lower-cased (emails are unique case-insensitively). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
