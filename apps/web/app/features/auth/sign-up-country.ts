/**
 * The sign-up form's country before the player picks one, and the names its list shows
 * (docs/rules/page-shell.md "Translations").
 */
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_BY_LICENCE } from '@orbit/contracts';
import { LOCALE_COUNTRIES, type Locale } from '../../lib/locale';

/** What `GET /api/current_ip` answers for a visitor it cannot place: a licence's default country. */
const UNPLACED = new Set(Object.values(DEFAULT_COUNTRY_BY_LICENCE));

/**
 * The country offered first: where `GET /api/current_ip` places the visitor (a trusted edge's
 * header or the offline IP table); when its answer is only a licence's default (or there is no
 * answer), the country the page's locale is written for (`/de` → DE); on the international English
 * page, the server's answer, else the default country. The currency then follows the country.
 */
export function signUpCountry(located: string | null | undefined, locale: Locale): string {
  const answer = located?.trim().toUpperCase() || null;
  if (answer && !UNPLACED.has(answer)) return answer;
  return LOCALE_COUNTRIES[locale] ?? answer ?? DEFAULT_COUNTRY;
}

/** The countries of the sign-up list by their names in the page's language ("Deutschland"), in that language's order. */
export function countryOptions(
  countries: ReadonlyArray<{ code: string; name: string }>,
  locale: Locale,
): Array<{ value: string; label: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    // No region names in this runtime: the server's English names.
  }
  const collator = new Intl.Collator(locale);
  return countries
    .map((c) => ({ value: c.code, label: names?.of(c.code) ?? c.name }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
