import { z } from 'zod';

/** Lengths of the free-text address fields (what player_fields publishes and the server checks). */
export const CITY_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 200;
export const STATE_MAX_LENGTH = 100;

/** Trimmed text of 1..max characters; blank is `required`, longer is `too_long`. */
function textSchema(max: number) {
  return z.string().trim().min(1, 'required').max(max, 'too_long');
}

export const citySchema = textSchema(CITY_MAX_LENGTH);
export const addressSchema = textSchema(ADDRESS_MAX_LENGTH);
export const stateSchema = textSchema(STATE_MAX_LENGTH);

/** The genders a player may state. */
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const genderSchema = z.enum(GENDERS, 'invalid_gender');
