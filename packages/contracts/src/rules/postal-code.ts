import { z } from 'zod';

/**
 * Postal code formats by country (upper-cased input). Where the format has a separator
 * (space or hyphen) it is optional: players write "K1A0B1" as often as "K1A 0B1".
 */
export const POSTAL_CODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  AU: /^\d{4}$/,
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  BR: /^\d{5}-?\d{3}$/,
  // No D, F, I, O, Q, U anywhere; no W or Z in first place.
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
  CH: /^\d{4}$/,
  CZ: /^\d{3} ?\d{2}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  EE: /^\d{5}$/,
  ES: /^\d{5}$/,
  FI: /^\d{5}$/,
  FR: /^\d{5}$/,
  // Outward code (A9, A99, A9A, AA9, AA99, AA9A; no Q, V, X first, no I, J, Z second), inward code
  // (9AA without C, I, K, M, O, V); GIR 0AA is Girobank's.
  GB: /^(?:[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}|GIR ?0AA)$/,
  // Eircode: routing key (letter + 2 digits, or D6W) and a 4-character unique identifier.
  IE: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/,
  IN: /^\d{6}$/,
  IT: /^\d{5}$/,
  JP: /^\d{3}-?\d{4}$/,
  KZ: /^\d{6}$/,
  LT: /^(?:LT-?)?\d{5}$/,
  LV: /^(?:LV-?)?\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  NO: /^\d{4}$/,
  NZ: /^\d{4}$/,
  PL: /^\d{2}-?\d{3}$/,
  PT: /^\d{4}-?\d{3}$/,
  SE: /^\d{3} ?\d{2}$/,
  SK: /^\d{3} ?\d{2}$/,
  US: /^\d{5}(?:-?\d{4})?$/,
};

/**
 * Any other country: letters and digits with inner spaces or hyphens, 2–10 characters. Both
 * cases, so the page can test what the player typed (the server upper-cases first); 10 is also
 * the longest of the country formats above (US ZIP+4 "12345-6789").
 */
export const GENERIC_POSTAL_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/;
export const POSTAL_CODE_MIN_LENGTH = 2;
export const POSTAL_CODE_MAX_LENGTH = 10;
const GENERIC_MIN_LENGTH = POSTAL_CODE_MIN_LENGTH;
const GENERIC_MAX_LENGTH = POSTAL_CODE_MAX_LENGTH;

export function postalCodePattern(country: string | null | undefined): RegExp | undefined {
  const code = country?.trim().toUpperCase() ?? '';
  return Object.hasOwn(POSTAL_CODE_PATTERNS, code) ? POSTAL_CODE_PATTERNS[code] : undefined;
}

export function isValidPostalCode(country: string | null | undefined, postalCode: string): boolean {
  const value = postalCode.trim().toUpperCase();
  const pattern = postalCodePattern(country);
  if (pattern) return pattern.test(value);
  return (
    value.length >= GENERIC_MIN_LENGTH && value.length <= GENERIC_MAX_LENGTH && GENERIC_POSTAL_CODE_PATTERN.test(value)
  );
}

/** The postal code for a country; the output is trimmed and upper-cased. */
export function postalCodeSchema(country: string | null | undefined) {
  return z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => isValidPostalCode(country, value), 'invalid_postal_code');
}
