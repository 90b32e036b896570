import type { Licence } from '../info';

/** Business constants (docs/rules/fields.md). */
export const DEFAULT_CURRENCY = 'EUR';
export const DEFAULT_COUNTRY = 'CA';

/**
 * The country a licence gives a player when nothing names one (`GET /api/current_ip` answers it
 * for a visitor it cannot place): Estonia under the Estonian licence, Australia under the
 * Australian one, else the default country (GCB as CW).
 */
export const DEFAULT_COUNTRY_BY_LICENCE: Readonly<Record<Licence, string>> = {
  CW: DEFAULT_COUNTRY,
  EE: 'EE',
  GCB: DEFAULT_COUNTRY,
  AU: 'AU',
};

/** The currency a player from a country is offered first. */
export const CURRENCY_BY_COUNTRY: Readonly<Record<string, string>> = {
  AU: 'AUD',
  GB: 'GBP',
  CA: 'CAD',
  NZ: 'NZD',
  US: 'USD',
  IE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  CH: 'EUR',
  JP: 'JPY',
  NO: 'NOK',
  BR: 'BRL',
};

/** The country's currency, else EUR; no (or an empty) country means the default country (CA → CAD). */
export function defaultCurrencyFor(country?: string | null): string {
  const code = (country?.trim() || DEFAULT_COUNTRY).toUpperCase();
  return Object.hasOwn(CURRENCY_BY_COUNTRY, code) ? CURRENCY_BY_COUNTRY[code]! : DEFAULT_CURRENCY;
}
