import { defaultCurrencyFor } from '@orbit/contracts';
import { describe, expect, it } from 'vitest';
import { countryOptions, signUpCountry } from '../../app/features/auth/sign-up-country';
import { LOCALES, LOCALE_COUNTRIES } from '../../app/lib/locale';

/** What `GET /api/current_ip` answers: placed (and served or not), or not placed (the licence's default stands in). */
const placedIn = (country: string, served = true, licenceDefault = 'CA') => ({
  country_code: country,
  located: true,
  sign_up_country: served ? country : licenceDefault,
});
const unplaced = (licenceDefault = 'CA') => ({
  country_code: licenceDefault,
  located: false,
  sign_up_country: licenceDefault,
});

describe('sign-up country', () => {
  it('takes the country the server places the visitor in, on every page', () => {
    expect(signUpCountry(placedIn('DE'), 'en')).toBe('DE');
    expect(defaultCurrencyFor(signUpCountry(placedIn('DE'), 'en'))).toBe('EUR');
    expect(signUpCountry(placedIn('AT'), 'de')).toBe('AT');
    expect(signUpCountry(placedIn('FR'), 'en-AU')).toBe('FR');
    // A visitor really in Canada is not taken for one the server could not place.
    expect(signUpCountry(placedIn('CA'), 'de')).toBe('CA');
  });

  it("takes the page's country when the server cannot place the visitor", () => {
    // A German visitor the server cannot place is not offered Canada (and dollars).
    expect(signUpCountry(unplaced(), 'de')).toBe('DE');
    expect(defaultCurrencyFor(signUpCountry(unplaced(), 'de'))).toBe('EUR');
    expect(signUpCountry(unplaced('EE'), 'de')).toBe('DE');
    expect(signUpCountry(unplaced(), 'fr-CA')).toBe('CA');
    expect(signUpCountry(unplaced(), 'en-AU')).toBe('AU');
    expect(defaultCurrencyFor(signUpCountry(unplaced(), 'en-AU'))).toBe('AUD');
    expect(signUpCountry(unplaced(), 'no')).toBe('NO');
    expect(signUpCountry(unplaced(), 'it')).toBe('IT');
    expect(signUpCountry(unplaced(), 'et')).toBe('EE');
    expect(signUpCountry(unplaced(), 'en-NZ')).toBe('NZ');
    expect(signUpCountry(unplaced(), 'en-KW')).toBe('KW');
  });

  it('never offers a country the site does not serve', () => {
    expect(signUpCountry(placedIn('KP', false), 'en')).toBe('CA');
    expect(signUpCountry(placedIn('KP', false, 'EE'), 'en')).toBe('EE');
    expect(signUpCountry(placedIn('KP', false), 'de')).toBe('DE');
  });

  it("takes the page's country before the server has answered, or when it could not", () => {
    expect(signUpCountry(null, 'de')).toBe('DE');
    expect(signUpCountry(undefined, 'it')).toBe('IT');
  });

  it("takes the site's default on the international English page", () => {
    expect(signUpCountry(null, 'en')).toBe('CA');
    expect(signUpCountry(unplaced(), 'en')).toBe('CA');
    expect(defaultCurrencyFor(signUpCountry(unplaced(), 'en'))).toBe('CAD');
    // Under the Estonian licence the server's default is Estonia.
    expect(signUpCountry(unplaced('EE'), 'en')).toBe('EE');
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
