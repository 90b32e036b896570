import { z } from 'zod';

/**
 * Nickname characters: letters of any script, ASCII digits, space, dot, hyphen.
 * Combining marks (\p{M}) are allowed after the first character so names written with them
 * (Devanagari vowel signs, decomposed accents) are not refused.
 */
export const NICKNAME_PATTERN = /^[\p{L}\d .-][\p{L}\p{M}\d .-]*$/u;
export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 15;

/** Trimmed and NFC-normalised first, so the length counts what the player sees. */
export const playerNicknameSchema = z
  .string()
  .trim()
  .normalize('NFC')
  .min(NICKNAME_MIN_LENGTH, 'too_short')
  .max(NICKNAME_MAX_LENGTH, 'too_long')
  .regex(NICKNAME_PATTERN, 'invalid_nickname');
