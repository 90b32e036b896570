import { useMatches } from 'react-router';
import { isLocale, LOCALES, type Locale } from './locale';

/**
 * The languages the site offers on this host, the one it leads with first (docs/licences.md
 * "Languages per host"): the shell's loader has them from `/api/info/project` (`offeredLocales`).
 * Where no loader gave them (an error page), every locale. A locale left out still answers; it is
 * only not offered in the language selector and the hreflang links.
 */
export function useOfferedLocales(): readonly Locale[] {
  for (const match of useMatches()) {
    const offered = (match.data as { offeredLocales?: unknown } | undefined)?.offeredLocales;
    if (Array.isArray(offered) && offered.length > 0) return offered as Locale[];
  }
  return LOCALES;
}

/** The site's locales of a project answer's list, in its order (codes the page does not know left out). */
export function offeredLocalesOf(codes: readonly string[]): Locale[] {
  return codes.filter((code): code is Locale => isLocale(code));
}
