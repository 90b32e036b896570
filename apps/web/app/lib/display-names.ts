/**
 * Country and currency names in the page's language, from the runtime's own data
 * (`Intl.DisplayNames`), so that a form on /de says "Deutschland" and "Euro" (docs/localisation.md).
 * The server's lists name things in English; they are the fallback where the runtime has no name.
 */
import { currencyLabel } from './currency-label';

function displayNames(locale: string, type: 'region' | 'currency'): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type, fallback: 'none' });
  } catch {
    return null;
  }
}

/** A country's name in `locale` ("Deutschland" for DE on /de), else `fallback` (the server's English name). */
export function countryName(code: string, locale: string, fallback: string = code): string {
  try {
    return displayNames(locale, 'region')?.of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The countries of a form's select by their names in `locale`, in that language's order. */
export function countryOptions(
  countries: ReadonlyArray<{ code: string; name: string }>,
  locale: string,
): Array<{ value: string; label: string }> {
  const names = displayNames(locale, 'region');
  const collator = new Intl.Collator(locale);
  return countries
    .map((c) => {
      let label = c.name;
      try {
        label = names?.of(c.code) ?? c.name;
      } catch {
        // A code the runtime does not take: the server's name.
      }
      return { value: c.code, label };
    })
    .sort((a, b) => collator.compare(a.label, b.label));
}

/**
 * A currency as a form's option names it: its name in `locale` and its code ("Euro (EUR)",
 * "Norwegische Krone (NOK)" on /de); a currency the runtime has no name for (a crypto coin) by
 * its code as the page writes it (DOGE).
 */
export function currencyOptionLabel(code: string, locale: string): string {
  const label = currencyLabel(code);
  let name: string | undefined;
  try {
    name = displayNames(locale, 'currency')?.of(code);
  } catch {
    // Not an ISO 4217 code (USDT): the code alone.
  }
  return name && name !== code ? `${name} (${label})` : label;
}
