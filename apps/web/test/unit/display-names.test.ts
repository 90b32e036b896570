import { describe, expect, it } from 'vitest';
import { countryOptions, currencyOptionLabel } from '../../app/lib/display-names';

describe("forms' country and currency names in the page's language (docs/localisation.md)", () => {
  const countries = [
    { code: 'DE', name: 'Germany' },
    { code: 'AT', name: 'Austria' },
    { code: 'NO', name: 'Norway' },
  ];

  it('names and sorts countries in the locale', () => {
    expect(countryOptions(countries, 'de')).toEqual([
      { value: 'DE', label: 'Deutschland' },
      { value: 'NO', label: 'Norwegen' },
      { value: 'AT', label: 'Österreich' },
    ]);
    expect(countryOptions(countries, 'fr-CA').map((c) => c.label)).toEqual(['Allemagne', 'Autriche', 'Norvège']);
  });

  it('names a currency with its code, a coin by its code as the page writes it', () => {
    expect(currencyOptionLabel('EUR', 'de')).toBe('Euro (EUR)');
    expect(currencyOptionLabel('NOK', 'no')).toBe('norske kroner (NOK)');
    expect(currencyOptionLabel('DOG', 'de')).toBe('DOGE');
    expect(currencyOptionLabel('USDT', 'it')).toBe('USDT');
  });
});
