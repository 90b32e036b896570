import { defaultCurrencyFor } from '@orbit/contracts';
import { describe, expect, it } from 'vitest';
import { countryOptions, signUpCountry } from '../../app/features/auth/sign-up-country';
import { LOCALES, LOCALE_COUNTRIES } from '../../app/lib/locale';

describe('sign-up country', () => {
  it('takes the country the server places the visitor in', () => {
    expect(signUpCountry('DE', 'en')).toBe('DE');
    expect(signUpCountry('at', 'de')).toBe('AT');
    expect(signUpCountry('FR', 'en-AU')).toBe('FR');
  });

  it("takes the page's country when the server only answers a licence's default", () => {
    // A German visitor the server cannot place is not offered Canada (and dollars).
    expect(signUpCountry('CA', 'de')).toBe('DE');
    expect(defaultCurrencyFor(signUpCountry('CA', 'de'))).toBe('EUR');
    expect(signUpCountry('EE', 'de')).toBe('DE');
    expect(signUpCountry('CA', 'fr-CA')).toBe('CA');
    expect(signUpCountry('CA', 'en-AU')).toBe('AU');
    expect(defaultCurrencyFor(signUpCountry('CA', 'en-AU'))).toBe('AUD');
    expect(signUpCountry('CA', 'no')).toBe('NO');
    expect(signUpCountry('CA', 'it')).toBe('IT');
    expect(signUpCountry('CA', 'et')).toBe('EE');
    expect(signUpCountry('CA', 'en-NZ')).toBe('NZ');
    expect(signUpCountry('CA', 'en-KW')).toBe('KW');
  });

  it("takes the page's country before the server has answered, or when it could not", () => {
    expect(signUpCountry(null, 'de')).toBe('DE');
    expect(signUpCountry(undefined, 'it')).toBe('IT');
    expect(signUpCountry('', 'et')).toBe('EE');
  });

  it('keeps the default on the international English page', () => {
    expect(signUpCountry(null, 'en')).toBe('CA');
    expect(signUpCountry('CA', 'en')).toBe('CA');
    expect(signUpCountry('EE', 'en')).toBe('EE');
  });

  it('knows a country for every locale but international English', () => {
    for (const locale of LOCALES) expect(LOCALE_COUNTRIES[locale] === null, locale).toBe(locale === 'en');
  });
});

describe('sign-up country list', () => {
  const countries = [
    { code: 'DE', name: 'Germany' },
    { code: 'AT', name: 'Austria' },
    { code: 'EE', name: 'Estonia' },
  ];

  it("names the countries in the page's language, in its order", () => {
    expect(countryOptions(countries, 'de').map((c) => c.label)).toEqual(['Deutschland', 'Estland', 'Österreich']);
    expect(countryOptions(countries, 'en').map((c) => c.label)).toEqual(['Austria', 'Estonia', 'Germany']);
    expect(countryOptions(countries, 'fr-CA')[0]).toEqual({ value: 'DE', label: 'Allemagne' });
  });

  it("keeps the server's name for a code the runtime cannot name", () => {
    expect(countryOptions([{ code: 'AA', name: 'Elsewhere' }], 'de')).toEqual([{ value: 'AA', label: 'Elsewhere' }]);
  });
});
