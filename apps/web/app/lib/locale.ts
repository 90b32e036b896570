/**
 * Locale prefixes of the site. English is the unprefixed default;
 * every other locale lives under `/<code>/...`.
 */
export const LOCALES = ['en', 'de', 'en-AU', 'en-CA', 'fr-CA', 'en-NZ', 'no', 'it', 'et', 'en-KW'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The locales that appear as a path prefix (all but the default). */
export const PREFIXED_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/** Names each language by itself, for the language selector. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  'en-AU': 'English (Australia)',
  'en-CA': 'English (Canada)',
  'fr-CA': 'Français (Canada)',
  'en-NZ': 'English (New Zealand)',
  no: 'Norsk',
  it: 'Italiano',
  et: 'Eesti',
  'en-KW': 'English (Kuwait)',
};

/**
 * The country each locale is written for (ISO 3166-1), or null for the international English
 * page: a sign-up's country when the visitor's location is not known (features/auth/sign-up-country.ts).
 */
export const LOCALE_COUNTRIES: Record<Locale, string | null> = {
  en: null,
  de: 'DE',
  'en-AU': 'AU',
  'en-CA': 'CA',
  'fr-CA': 'CA',
  'en-NZ': 'NZ',
  no: 'NO',
  it: 'IT',
  et: 'EE',
  'en-KW': 'KW',
};

export function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && (LOCALES as readonly string[]).includes(value);
}

export type LocalePath = {
  locale: Locale;
  /** The path without the locale prefix, always starting with '/'. */
  path: string;
};

/**
 * Guest mode's base (docs/licences.md "The legal block and guest mode"): the router's basename for
 * a visitor from a blocked country. Components see paths without it; a loader's `request.url` and
 * a client loader's carry it, so the locale is read past it.
 */
export const GUEST_BASE = '/guest';

/** A path without guest mode's base (`/guest/de/x` → `/de/x`); other paths as they are. */
export function withoutGuestBase(pathname: string): string {
  if (pathname === GUEST_BASE) return '/';
  return pathname.startsWith(`${GUEST_BASE}/`) ? pathname.slice(GUEST_BASE.length) : pathname;
}

/** Splits `/de/pokies/all` into `{locale: 'de', path: '/pokies/all'}`; unprefixed paths are English. */
export function parseLocalePath(pathname: string): LocalePath {
  pathname = withoutGuestBase(pathname);
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  // `/en/...` is not a prefix: English is served unprefixed only (one URL per page).
  if (first && first !== DEFAULT_LOCALE && isLocale(first)) {
    return { locale: first, path: match?.[2] || '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** The same page under a locale: `localizePath('/pokies/all', 'de')` → `/de/pokies/all`. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** The current page (path plus query) under another locale prefix. */
export function switchLocalePath(pathname: string, search: string, locale: Locale): string {
  return localizePath(parseLocalePath(pathname).path, locale) + search;
}

/** Path segments after the locale prefix: `/de/a/b` → ['a', 'b']. */
export function pathSegments(pathname: string): string[] {
  return parseLocalePath(pathname).path.split('/').filter(Boolean);
}

/**
 * A path with more than 4 segments is marked noindex (docs/rules/routes-and-guards.md "Indexing"). The
 * locale prefix is not counted, so a page and its translations are indexed alike.
 */
export function isNoindexPath(pathname: string): boolean {
  return pathSegments(pathname).length > 4;
}

export type Alternate = { hrefLang: string; href: string };

/**
 * hreflang alternates of a page: one per locale the host offers (`offered`, docs/licences.md; every
 * locale by default) plus x-default (the unprefixed English page).
 */
export function hreflangAlternates(pathname: string, origin = '', offered: readonly Locale[] = LOCALES): Alternate[] {
  const { path } = parseLocalePath(pathname);
  const list: Alternate[] = offered.map((locale) => ({ hrefLang: locale, href: origin + localizePath(path, locale) }));
  list.push({ hrefLang: 'x-default', href: origin + localizePath(path, DEFAULT_LOCALE) });
  return list;
}

/** `/categories/x` is the same list as `/pokies/x`: search engines are pointed at the latter. */
export function canonicalPath(pathname: string): string {
  const { locale, path } = parseLocalePath(pathname);
  const category = /^\/categories\/([^/]+)$/.exec(path);
  return localizePath(category ? `/pokies/${category[1]}` : path, locale);
}
