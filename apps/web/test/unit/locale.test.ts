import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  hreflangAlternates,
  isNoindexPath,
  LOCALES,
  localizePath,
  parseLocalePath,
  pathSegments,
  switchLocalePath,
} from '../../app/lib/locale';

describe('locale prefixes', () => {
  it('reads the locale from the first segment', () => {
    expect(parseLocalePath('/de/pokies/all')).toEqual({ locale: 'de', path: '/pokies/all' });
    expect(parseLocalePath('/en-AU')).toEqual({ locale: 'en-AU', path: '/' });
    expect(parseLocalePath('/fr-CA/')).toEqual({ locale: 'fr-CA', path: '/' });
    expect(parseLocalePath('/no/producers/orbit-originals/2')).toEqual({
      locale: 'no',
      path: '/producers/orbit-originals/2',
    });
  });

  it('treats unprefixed paths, unknown codes and /en as English', () => {
    expect(parseLocalePath('/')).toEqual({ locale: 'en', path: '/' });
    expect(parseLocalePath('/pokies/all')).toEqual({ locale: 'en', path: '/pokies/all' });
    expect(parseLocalePath('/xx/pokies')).toEqual({ locale: 'en', path: '/xx/pokies' });
    // English lives unprefixed only: /en/... is an ordinary (unknown) path.
    expect(parseLocalePath('/en/pokies')).toEqual({ locale: 'en', path: '/en/pokies' });
    // Case matters: the prefix is the locale's code as written.
    expect(parseLocalePath('/DE/pokies')).toEqual({ locale: 'en', path: '/DE/pokies' });
    // A slug that merely starts like a locale is not one.
    expect(parseLocalePath('/details')).toEqual({ locale: 'en', path: '/details' });
  });

  it('puts a path under a locale', () => {
    expect(localizePath('/', 'de')).toBe('/de');
    expect(localizePath('/pokies/all', 'de')).toBe('/de/pokies/all');
    expect(localizePath('/pokies/all', 'en')).toBe('/pokies/all');
    expect(localizePath('pokies', 'it')).toBe('/it/pokies');
  });

  it('switches the current page to another locale, keeping the query', () => {
    expect(switchLocalePath('/pokies/top', '?page=2', 'de')).toBe('/de/pokies/top?page=2');
    expect(switchLocalePath('/de/pokies/top', '', 'en')).toBe('/pokies/top');
    expect(switchLocalePath('/de', '', 'en-CA')).toBe('/en-CA');
    expect(switchLocalePath('/et/ffc', '', 'et')).toBe('/et/ffc');
  });

  it('round-trips every locale', () => {
    for (const locale of LOCALES) {
      expect(parseLocalePath(localizePath('/live/all', locale))).toEqual({ locale, path: '/live/all' });
    }
  });
});

describe('noindex rule (more than 4 segments, locale prefix not counted)', () => {
  it('counts segments after the prefix', () => {
    expect(pathSegments('/de/a/b')).toEqual(['a', 'b']);
    expect(isNoindexPath('/')).toBe(false);
    expect(isNoindexPath('/a/b/c/d')).toBe(false);
    expect(isNoindexPath('/a/b/c/d/e')).toBe(true);
    expect(isNoindexPath('/de/a/b/c/d')).toBe(false);
    expect(isNoindexPath('/de/a/b/c/d/e')).toBe(true);
  });
});

describe('hreflang alternates', () => {
  it('lists every locale and x-default for the same page', () => {
    const list = hreflangAlternates('/de/pokies/top', 'https://orbit.example');
    expect(list).toHaveLength(LOCALES.length + 1);
    expect(list).toContainEqual({ hrefLang: 'en', href: 'https://orbit.example/pokies/top' });
    expect(list).toContainEqual({ hrefLang: 'de', href: 'https://orbit.example/de/pokies/top' });
    expect(list).toContainEqual({ hrefLang: 'en-KW', href: 'https://orbit.example/en-KW/pokies/top' });
    expect(list.at(-1)).toEqual({ hrefLang: 'x-default', href: 'https://orbit.example/pokies/top' });
  });

  it('uses the bare prefix for the lobby', () => {
    const list = hreflangAlternates('/');
    expect(list.find((a) => a.hrefLang === 'no')?.href).toBe('/no');
    expect(list.find((a) => a.hrefLang === 'x-default')?.href).toBe('/');
  });
});

describe('canonical path', () => {
  it('maps /categories/x to /pokies/x, in the same locale', () => {
    expect(canonicalPath('/categories/top')).toBe('/pokies/top');
    expect(canonicalPath('/de/categories/top')).toBe('/de/pokies/top');
    expect(canonicalPath('/live/all')).toBe('/live/all');
  });
});
