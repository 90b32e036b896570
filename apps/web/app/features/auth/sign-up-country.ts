/**
 * The sign-up form's country before the player picks one, and the names its list shows
 * (docs/rules/page-shell.md "Translations").
 */
import { DEFAULT_COUNTRY, type CurrentIpResponse } from '@orbit/contracts';
import { LOCALE_COUNTRIES, type Locale } from '../../lib/locale';

/**
 * The country offered first (docs/identity.md "Sign-up country"), from what `GET /api/current_ip`
 * answered: the visitor's country when the server placed them (a trusted edge's header or the
 * offline IP table) and the site serves it; else the country the page's locale is written for
 * (`/de` → DE); else the site's default, the licence's (the server's `sign_up_country`, or the
 * default country before it has answered). Never a country the site does not serve. The
 * currency then follows the country.
 */
export function signUpCountry(
  answer: Pick<CurrentIpResponse, 'country_code' | 'located' | 'sign_up_country'> | null | undefined,
  locale: Locale,
): string {
  const placed = answer?.located ? answer.country_code.trim().toUpperCase() : null;
  const offered = answer?.sign_up_country?.trim().toUpperCase() || null;
  if (placed && placed === offered) return placed;
  return LOCALE_COUNTRIES[locale] ?? offered ?? DEFAULT_COUNTRY;
}

/** The countries of the sign-up list by their names in the page's language ("Deutschland"), in that language's order. */
export { countryOptions } from '../../lib/display-names';
