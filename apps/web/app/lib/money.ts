/**
 * Money on the page (shared by the cashbox, the profile's pages and the mailed withdrawal page),
 * without floating point: amounts travel as integers of minor units
 * (`1 / subunits_to_unit` of the currency) and become text through decimal strings.
 * - Display (docs/rules/money-display.md): fiat with the currency's fraction digits; BTC in millionths (μBTC),
 *   ETH and LTC in thousandths (mETH, mLTC), every crypto with at most 8 fraction digits.
 * - Input: what the player types, in whole units of the currency ("0.0001" BTC), to minor units.
 */
import { currencyLabel } from './currency-label';

/** What a page needs of a currency (`GET /api/info/currencies`). */
export type CurrencyInfo = { code: string; subunits_to_unit: number; fiat: boolean; symbol?: string };

/** Small crypto display units (docs/rules/money-display.md "Display units"): the unit's prefix and its power of ten. */
export const SMALL_UNITS: Readonly<Record<string, { prefix: string; exponent: number }>> = {
  BTC: { prefix: 'μ', exponent: 6 },
  ETH: { prefix: 'm', exponent: 3 },
  LTC: { prefix: 'm', exponent: 3 },
};

/** At most this many fraction digits in a crypto amount shown. */
export const MAX_CRYPTO_FRACTION_DIGITS = 8;

/** Crypto codes of the platform (when the currency list is not at hand). */
const CRYPTO_CODES = new Set(['BTC', 'BCH', 'ETH', 'LTC', 'DOG', 'USDT', 'USDC', 'BNB', 'ADA', 'TRX']);

/** The currency as far as it is known: the catalogue's entry, else a guess (2 digits, crypto by code). */
export function currencyInfo(code: string, currencies: readonly CurrencyInfo[] | undefined): CurrencyInfo {
  const found = currencies?.find((c) => c.code === code);
  if (found) return found;
  const fiat = !CRYPTO_CODES.has(code);
  return { code, subunits_to_unit: fiat ? 100 : 100_000_000, fiat };
}

/** Decimal places of minor units: 100 → 2, 1 → 0, 10^8 → 8 (non-powers of ten are rounded up). */
export function fractionDigitsOf(subunitsToUnit: number): number {
  let digits = 0;
  while (10 ** digits < subunitsToUnit) digits += 1;
  return digits;
}

/**
 * An integer moved `exponent` decimal places to the left, as a plain decimal string:
 * (12345, 2) → "123.45", (-5, 3) → "-0.005", (7, 0) → "7". Exact for any safe integer.
 */
export function shiftDecimal(value: number, exponent: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
  const negative = value < 0;
  let digits = String(Math.abs(value));
  if (exponent <= 0) return (negative ? '-' : '') + digits + '0'.repeat(-exponent);
  digits = digits.padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** A decimal string cut to `max` fraction digits (towards zero: a balance is never overstated). */
export function truncateDecimal(decimal: string, max: number): string {
  const [whole, fraction = ''] = decimal.split('.');
  const cut = fraction.slice(0, max);
  return cut ? `${whole}.${cut}` : whole!;
}

/** The unit a currency's amounts are shown in: `μBTC`, `mETH`, `EUR`, `DOGE` ... and its power of ten over the currency. */
export function displayUnit(code: string): { label: string; exponent: number } {
  const small = SMALL_UNITS[code];
  return small
    ? { label: `${small.prefix}${currencyLabel(code)}`, exponent: small.exponent }
    : { label: currencyLabel(code), exponent: 0 };
}

/**
 * Minor units as the decimal the player reads, in the display unit: 123456 satoshi (BTC,
 * 10^8 per unit) → "1234.56" μBTC; 1999 cents → "19.99" EUR. Crypto keeps at most 8 fraction
 * digits; fiat keeps all of its currency's digits.
 */
export function displayDecimal(cents: number, currency: CurrencyInfo): string {
  const digits = fractionDigitsOf(currency.subunits_to_unit);
  if (currency.fiat) return shiftDecimal(cents, digits);
  const decimal = shiftDecimal(cents, digits - displayUnit(currency.code).exponent);
  const cut = truncateDecimal(decimal, MAX_CRYPTO_FRACTION_DIGITS);
  // Trailing zeros say nothing in a crypto amount ("1.50000000" → "1.5").
  return cut.includes('.') ? cut.replace(/\.?0+$/, '') : cut;
}

/**
 * An amount for people: "€19.99" / "19,99 €" (fiat, in the locale's style), "1,234.56 μBTC",
 * "12.5 mETH", "20 USDT" (crypto: the display unit after the number). Exact: the number is
 * handed to Intl as a decimal string.
 */
export function formatMoney(cents: number, currency: CurrencyInfo, locale = 'en'): string {
  const decimal = displayDecimal(cents, currency);
  const fraction = decimal.split('.')[1]?.length ?? 0;
  if (currency.fiat) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: currency.code,
        minimumFractionDigits: fraction,
        maximumFractionDigits: fraction,
      }).format(decimal as `${number}`);
    } catch {
      // Not an ISO code: the number and the code.
    }
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: fraction }).format(decimal as `${number}`);
  return `${number} ${displayUnit(currency.code).label}`;
}

export type ParsedAmount =
  | { cents: number; error?: undefined }
  | { cents?: undefined; error: 'required' | 'invalid_amount' | 'too_many_decimals' };

/**
 * What the player typed, in whole units of the currency, to minor units: "0.0001" BTC →
 * 10000, "12,5" EUR → 1250, "1 000" → 100000. A comma is a decimal separator when it is the
 * only separator; more fraction digits than the currency has is an error, never rounded.
 */
export function parseAmount(text: string, subunitsToUnit: number): ParsedAmount {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  if (compact === '') return { error: 'required' };
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(compact);
  if (!match || (match[1] === '' && !match[2])) return { error: 'invalid_amount' };
  const whole = match[1] || '0';
  const fraction = match[2] ?? '';
  const digits = fractionDigitsOf(subunitsToUnit);
  if (fraction.replace(/0+$/, '').length > digits) return { error: 'too_many_decimals' };
  const padded = (fraction + '0'.repeat(digits)).slice(0, digits);
  const text10 = (whole + padded).replace(/^0+(?=\d)/, '');
  const value = Number(text10);
  if (!Number.isSafeInteger(value)) return { error: 'invalid_amount' };
  // Currencies whose minor unit is not a power of ten (none today) scale by their own count.
  return { cents: 10 ** digits === subunitsToUnit ? value : Math.round((value / 10 ** digits) * subunitsToUnit) };
}

/** Minor units back to the input's text in whole units ("50", "0.0001"): the value presets and suggestions put in the field. */
export function amountInput(cents: number, subunitsToUnit: number): string {
  const decimal = shiftDecimal(cents, fractionDigitsOf(subunitsToUnit));
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}

export type AmountCheck =
  | { code: 'required' | 'invalid_amount' | 'too_many_decimals' }
  | { code: 'too_small'; limit: number }
  | { code: 'too_large'; limit: number }
  | { code: 'insufficient_funds'; limit: number };

/**
 * The amount field's rule: a number of units with at most the currency's digits, within the
 * method's limits and (for a cashout) what can be cashed out. Returns the minor units or the
 * error with the limit it broke (shown formatted: "The minimum is €10.00").
 */
export function checkAmount(
  text: string,
  currency: CurrencyInfo,
  limits: { min: number; max: number; available?: number },
): { cents: number; error?: undefined } | { cents?: undefined; error: AmountCheck } {
  const parsed = parseAmount(text, currency.subunits_to_unit);
  if (parsed.error !== undefined) return { error: { code: parsed.error } };
  const cents = parsed.cents;
  if (cents <= 0) return { error: { code: 'invalid_amount' } };
  if (cents < limits.min) return { error: { code: 'too_small', limit: limits.min } };
  if (limits.available !== undefined && cents > limits.available)
    return { error: { code: 'insufficient_funds', limit: limits.available } };
  if (cents > limits.max) return { error: { code: 'too_large', limit: limits.max } };
  return { cents };
}

/**
 * Quick picks of the deposit form, in units; the first-deposit suggestion (50 units) comes from the
 * server (docs/rules/money-display.md "Deposit amounts").
 */
export const PRESET_UNITS = [20, 50, 100, 200] as const;

/** Presets inside the method's limits, in minor units. */
export function presetAmounts(currency: CurrencyInfo, limits: { min: number; max: number }): number[] {
  return PRESET_UNITS.map((units) => units * currency.subunits_to_unit).filter(
    (cents) => cents >= limits.min && cents <= limits.max,
  );
}

/** The limit a server's refusal of a cashout amount broke: the balance, or the method's most or least. */
export function refusedAmountLimit(code: string, limits: { min: number; max: number; available: number }): number {
  return code === 'insufficient_funds' ? limits.available : code === 'too_large' ? limits.max : limits.min;
}
