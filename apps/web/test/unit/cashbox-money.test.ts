import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountInput,
  checkAmount,
  currencyInfo,
  displayDecimal,
  displayUnit,
  formatMoney,
  fractionDigitsOf,
  parseAmount,
  presetAmounts,
  shiftDecimal,
} from '../../app/lib/money';

import { currencyLabel } from '../../app/lib/currency-label';
const EUR = { code: 'EUR', subunits_to_unit: 100, fiat: true };
const JPY = { code: 'JPY', subunits_to_unit: 1, fiat: true };
const BTC = { code: 'BTC', subunits_to_unit: 100_000_000, fiat: false };
const ETH = { code: 'ETH', subunits_to_unit: 100_000_000, fiat: false };
const LTC = { code: 'LTC', subunits_to_unit: 100_000_000, fiat: false };
const USDT = { code: 'USDT', subunits_to_unit: 1_000_000, fiat: false };

describe('decimal helpers', () => {
  it('counts fraction digits of minor units', () => {
    expect(fractionDigitsOf(100)).toBe(2);
    expect(fractionDigitsOf(1)).toBe(0);
    expect(fractionDigitsOf(100_000_000)).toBe(8);
  });

  it('shifts integers into exact decimal strings', () => {
    expect(shiftDecimal(12345, 2)).toBe('123.45');
    expect(shiftDecimal(5, 3)).toBe('0.005');
    expect(shiftDecimal(-5, 3)).toBe('-0.005');
    expect(shiftDecimal(7, 0)).toBe('7');
    expect(shiftDecimal(7, -2)).toBe('700');
    expect(() => shiftDecimal(0.5, 2)).toThrow(RangeError);
  });
});

describe('display units', () => {
  it('shows BTC in millionths, ETH and LTC in thousandths, others as they are', () => {
    expect(displayUnit('BTC')).toEqual({ label: 'μBTC', exponent: 6 });
    expect(displayUnit('ETH')).toEqual({ label: 'mETH', exponent: 3 });
    expect(displayUnit('LTC')).toEqual({ label: 'mLTC', exponent: 3 });
    expect(displayUnit('USDT')).toEqual({ label: 'USDT', exponent: 0 });
  });

  it('converts minor units to the display unit exactly', () => {
    // 0.0001 BTC = 10,000 satoshi = 100 μBTC
    expect(displayDecimal(10_000, BTC)).toBe('100');
    expect(displayDecimal(123_456, BTC)).toBe('1234.56');
    expect(displayDecimal(1, BTC)).toBe('0.01');
    // 0.01 ETH = 10 mETH
    expect(displayDecimal(1_000_000, ETH)).toBe('10');
    expect(displayDecimal(150_000_000, LTC)).toBe('1500');
    expect(displayDecimal(1, ETH)).toBe('0.00001');
    expect(displayDecimal(20_000_000, USDT)).toBe('20');
    expect(displayDecimal(1999, EUR)).toBe('19.99');
    expect(displayDecimal(500, JPY)).toBe('500');
  });

  it('keeps at most 8 fraction digits for crypto (cut, never rounded up)', () => {
    const tiny = { code: 'ETH', subunits_to_unit: 10 ** 15, fiat: false };
    // 1 minor unit = 10^-15 ETH = 10^-12 mETH → below 8 digits: 0
    expect(displayDecimal(1, tiny)).toBe('0');
    expect(displayDecimal(123_456_789_999, tiny)).toBe('0.12345678');
  });

  it('formats fiat in the locale style and crypto with its unit', () => {
    expect(formatMoney(1999, EUR, 'en')).toBe('€19.99');
    expect(formatMoney(1999, EUR, 'de')).toMatch(/^19,99\s€$/);
    expect(formatMoney(500, JPY, 'en')).toBe('¥500');
    expect(formatMoney(123_456, BTC, 'en')).toBe('1,234.56 μBTC');
    expect(formatMoney(1_250_000, ETH, 'en')).toBe('12.5 mETH');
    expect(formatMoney(20_000_000, USDT, 'en')).toBe('20 USDT');
    expect(formatMoney(123_456_789_012_345, BTC, 'en')).toBe('1,234,567,890,123.45 μBTC');
  });

  it("writes money the way the page's locale does (the locale's separators and symbol place)", () => {
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    const fiat = (code: string) => ({ code, subunits_to_unit: 100, fiat: true });
    const cases: Array<[string, string, string]> = [
      ['en', 'EUR', '€2,000.00'],
      ['de', 'EUR', '2.000,00 €'],
      ['en-AU', 'AUD', '$2,000.00'],
      ['en-CA', 'CAD', '$2,000.00'],
      ['fr-CA', 'CAD', '2 000,00 $'],
      ['en-NZ', 'NZD', '$2,000.00'],
      ['no', 'NOK', '2 000,00 kr'],
      ['it', 'EUR', '2000,00 €'],
      ['et', 'EUR', '2000,00 €'],
      ['en-KW', 'USD', '$2,000.00'],
    ];
    for (const [locale, code, text] of cases)
      expect(plain(formatMoney(200_000, fiat(code), locale)), locale).toBe(text);
    expect(plain(formatMoney(123_456, BTC, 'de'))).toBe('1.234,56 μBTC');
    expect(plain(formatMoney(123_456, BTC, 'fr-CA'))).toBe('1 234,56 μBTC');
  });

  it('guesses unknown currencies sensibly', () => {
    expect(currencyInfo('BTC', undefined)).toEqual({ code: 'BTC', subunits_to_unit: 100_000_000, fiat: false });
    expect(currencyInfo('EUR', [])).toEqual({ code: 'EUR', subunits_to_unit: 100, fiat: true });
    expect(currencyInfo('EUR', [{ code: 'EUR', subunits_to_unit: 100, fiat: true, symbol: '€' }]).symbol).toBe('€');
  });
});

describe('amount input', () => {
  it('parses units into minor units without floating point errors', () => {
    expect(parseAmount('0.0001', BTC.subunits_to_unit)).toEqual({ cents: 10_000 });
    expect(parseAmount('0.1', EUR.subunits_to_unit)).toEqual({ cents: 10 });
    expect(parseAmount('0.29', EUR.subunits_to_unit)).toEqual({ cents: 29 });
    expect(parseAmount('1.005', 1000)).toEqual({ cents: 1005 });
    expect(parseAmount('12,5', 100)).toEqual({ cents: 1250 });
    expect(parseAmount('1 000', 100)).toEqual({ cents: 100_000 });
    expect(parseAmount('.5', 100)).toEqual({ cents: 50 });
    expect(parseAmount('50.', 100)).toEqual({ cents: 5000 });
    expect(parseAmount('007', 100)).toEqual({ cents: 700 });
    expect(parseAmount('2.50', 1)).toEqual({ error: 'too_many_decimals' });
    expect(parseAmount('2.00', 1)).toEqual({ cents: 2 });
  });

  it('refuses what is not an amount', () => {
    expect(parseAmount('', 100)).toEqual({ error: 'required' });
    expect(parseAmount('  ', 100)).toEqual({ error: 'required' });
    expect(parseAmount('abc', 100)).toEqual({ error: 'invalid_amount' });
    expect(parseAmount('-5', 100)).toEqual({ error: 'invalid_amount' });
    expect(parseAmount('1.2.3', 100)).toEqual({ error: 'invalid_amount' });
    expect(parseAmount('1e3', 100)).toEqual({ error: 'invalid_amount' });
    expect(parseAmount('.', 100)).toEqual({ error: 'invalid_amount' });
    expect(parseAmount('0.001', 100)).toEqual({ error: 'too_many_decimals' });
    expect(parseAmount('0.000000001', BTC.subunits_to_unit)).toEqual({ error: 'too_many_decimals' });
    expect(parseAmount('99999999999999999', 100)).toEqual({ error: 'invalid_amount' });
  });

  it('round-trips every amount through the input text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 50 }),
        fc.constantFrom(1, 100, 1000, 1_000_000, 100_000_000),
        (cents, subunits) => {
          expect(parseAmount(amountInput(cents, subunits), subunits)).toEqual({ cents });
        },
      ),
    );
  });

  it('writes minor units as the input text', () => {
    expect(amountInput(5000, 100)).toBe('50');
    expect(amountInput(5050, 100)).toBe('50.5');
    expect(amountInput(10_000, 100_000_000)).toBe('0.0001');
  });
});

describe('amount rule (min / max / available)', () => {
  const limits = { min: 1000, max: 500_000 };

  it('passes amounts within the limits', () => {
    expect(checkAmount('10', EUR, limits)).toEqual({ cents: 1000 });
    expect(checkAmount('5000', EUR, limits)).toEqual({ cents: 500_000 });
  });

  it('names the limit an amount breaks', () => {
    expect(checkAmount('9.99', EUR, limits)).toEqual({ error: { code: 'too_small', limit: 1000 } });
    expect(checkAmount('5000.01', EUR, limits)).toEqual({ error: { code: 'too_large', limit: 500_000 } });
    expect(checkAmount('0', EUR, limits)).toEqual({ error: { code: 'invalid_amount' } });
    expect(checkAmount('', EUR, limits)).toEqual({ error: { code: 'required' } });
    expect(checkAmount('1.234', EUR, limits)).toEqual({ error: { code: 'too_many_decimals' } });
  });

  it('refuses more than can be cashed out before the method maximum', () => {
    expect(checkAmount('30', EUR, { ...limits, available: 2500 })).toEqual({
      error: { code: 'insufficient_funds', limit: 2500 },
    });
    expect(checkAmount('25', EUR, { ...limits, available: 2500 })).toEqual({ cents: 2500 });
  });

  it('checks crypto amounts in their smallest units (0.0001 BTC minimum)', () => {
    expect(checkAmount('0.0001', BTC, { min: 10_000, max: 40_000_000 })).toEqual({ cents: 10_000 });
    expect(checkAmount('0.00009', BTC, { min: 10_000, max: 40_000_000 })).toEqual({
      error: { code: 'too_small', limit: 10_000 },
    });
  });

  it('offers the presets inside the limits', () => {
    expect(presetAmounts(EUR, limits)).toEqual([2000, 5000, 10_000, 20_000]);
    expect(presetAmounts(EUR, { min: 3000, max: 10_000 })).toEqual([5000, 10_000]);
  });
});

describe('currency names', () => {
  it('writes DOG (Dogecoin) as DOGE, in amounts and alone; other codes as they are', () => {
    expect(currencyLabel('DOG')).toBe('DOGE');
    expect(currencyLabel('EUR')).toBe('EUR');
    expect(formatMoney(150_000_000, { code: 'DOG', subunits_to_unit: 100_000_000, fiat: false })).toMatch(/DOGE$/);
  });
});
