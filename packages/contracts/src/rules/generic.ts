import { z } from 'zod';

/**
 * The generic field rules (docs/rules/fields.md), each with its own code. Amounts are integers of the
 * currency's subunit (cents), so limits and steps are given in the same unit.
 */

/** Balance check: not above the limit (the player's balance, a cashout maximum ...). */
export function withinBalanceSchema(limit: number) {
  return z.number().max(limit, 'exceeds_balance');
}

/** Multiple-of rule: the amount is a whole number of steps. */
export function multipleOfSchema(step: number) {
  return z.number().multipleOf(step, 'not_multiple_of');
}

/** Must-be-checked rule (terms acceptance): only `true` passes; unchecked or missing fail alike. */
export const mustBeAcceptedSchema = z.literal(true, 'must_be_accepted');

/** A-Z and a-z only, at least one. */
export const onlyEnglishLettersSchema = z.string().regex(/^[A-Za-z]+$/, 'only_english_letters');

export const integerSchema = z.number().int('not_integer');

export function minValueSchema(min: number) {
  return z.number().min(min, 'too_small');
}

export function maxValueSchema(max: number) {
  return z.number().max(max, 'too_big');
}

export function minLengthSchema(min: number) {
  return z.string().min(min, 'too_short');
}

/** Required text: missing, blank or whitespace-only is `required`; the output is trimmed. */
export const requiredStringSchema = z.string().trim().min(1, 'required');
