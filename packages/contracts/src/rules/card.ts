import { z } from 'zod';
import { readToday, utcDay, type Today } from './today';

/** 6 digits is the shortest number accepted; 19 is the longest ISO/IEC 7812 number. */
export const CARD_NUMBER_MIN_DIGITS = 6;
export const CARD_NUMBER_MAX_DIGITS = 19;
/** An expiry further ahead than this is a typo (issuers print 3–10 years). */
const EXPIRY_MAX_YEARS_AHEAD = 20;

/** The number as digits: spaces (as printed on cards) are removed, nothing else is. */
export function normalizeCardNumber(value: string): string {
  return value.replace(/ /g, '');
}

/** The Luhn (mod 10) check digit test. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A card number; the output is its digits. A number starting with a blocked bank prefix (none
 * by default) is `blocked_card`, checked only once the number itself is valid.
 */
export function cardNumberSchema(blockedPrefixes: ReadonlyArray<string> = []) {
  const blocked = blockedPrefixes.map(normalizeCardNumber).filter(Boolean);
  return z
    .string()
    .overwrite(normalizeCardNumber)
    .check((ctx) => {
      const digits = ctx.value;
      const wellFormed = new RegExp(`^\\d{${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}}$`).test(digits);
      if (!wellFormed || !isLuhnValid(digits)) {
        ctx.issues.push({ code: 'custom', message: 'invalid_card_number', input: ctx.value });
      } else if (blocked.some((prefix) => digits.startsWith(prefix))) {
        ctx.issues.push({ code: 'custom', message: 'blocked_card', input: ctx.value });
      }
    });
}

/**
 * Card expiry MM/YY (20YY); the card is good through the end of that month, so the current
 * month is still accepted. `today` is read as a UTC day at parse time.
 */
export function cardExpirySchema(today?: Today) {
  return z
    .string()
    .trim()
    .check((ctx) => {
      const match = /^(\d{2})\/(\d{2})$/.exec(ctx.value);
      const month = Number(match?.[1]);
      const year = 2000 + Number(match?.[2]);
      const now = utcDay(readToday(today));
      if (!match || month < 1 || month > 12 || year > now.year + EXPIRY_MAX_YEARS_AHEAD) {
        ctx.issues.push({ code: 'custom', message: 'invalid_expiry', input: ctx.value });
      } else if (year < now.year || (year === now.year && month < now.month)) {
        ctx.issues.push({ code: 'custom', message: 'card_expired', input: ctx.value });
      }
    });
}
