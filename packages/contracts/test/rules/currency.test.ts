import { describe, expect, it } from 'vitest';
import { CURRENCY_BY_COUNTRY, DEFAULT_COUNTRY, DEFAULT_CURRENCY, defaultCurrencyFor } from '../../src';

describe('defaultCurrencyFor', () => {
  it.each([
    ['AU', 'AUD'],
    ['GB', 'GBP'],
    ['CA', 'CAD'],
    ['NZ', 'NZD'],
    ['US', 'USD'],
    ['IE', 'EUR'],
    ['DE', 'EUR'],
    ['AT', 'EUR'],
    ['CH', 'EUR'],
    ['JP', 'JPY'],
    ['NO', 'NOK'],
    ['BR', 'BRL'],
    ['FR', 'EUR'],
    ['EE', 'EUR'],
    ['ZZ', 'EUR'],
    ['au', 'AUD'],
  ])('%s → %s', (country, currency) => {
    expect(defaultCurrencyFor(country)).toBe(currency);
  });

  it('uses the default country (CA) when none is known', () => {
    expect(DEFAULT_COUNTRY).toBe('CA');
    expect(DEFAULT_CURRENCY).toBe('EUR');
    expect(defaultCurrencyFor(undefined)).toBe('CAD');
    expect(defaultCurrencyFor(null)).toBe('CAD');
    expect(defaultCurrencyFor('')).toBe('CAD');
  });

  it('is not fooled by inherited keys', () => {
    expect(defaultCurrencyFor('constructor')).toBe('EUR');
    expect(Object.keys(CURRENCY_BY_COUNTRY)).toHaveLength(12);
  });
});
