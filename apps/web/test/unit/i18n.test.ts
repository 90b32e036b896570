import { describe, expect, it } from 'vitest';
import { messageBundle, messagesOf, missingFrom } from '../../app/features/i18n/messages.server';
import { categoryTitle, createTranslator, translate, type MessageBundle } from '../../app/lib/i18n';
import { PREFIXED_LOCALES } from '../../app/lib/locale';

const bundle: MessageBundle = {
  'fr-CA': { nav: { menu: 'Menu FR' }, search: { results_one: '{{count}} jeu', results_other: '{{count}} jeux' } },
  en: {
    nav: { menu: 'Menu', live: 'Live' },
    hi: 'Hi {{ name }}, {{missing}}!',
    search: {
      results_one: '{{count}} game',
      results_other: '{{count}} games',
      hint_one: 'one char',
      hint_other: '{{count}} chars',
    },
  },
};

describe('translator', () => {
  const t = createTranslator('fr-CA', bundle);

  it('looks nested keys up in the locale, then in English, then shows the fallback or the key', () => {
    expect(t('nav.menu')).toBe('Menu FR');
    expect(t('nav.live')).toBe('Live');
    expect(t('nav')).toBe('nav');
    expect(t('games.badge.hot', undefined, 'hot')).toBe('hot');
    expect(t('missing.key')).toBe('missing.key');
  });

  it('fills placeholders (a missing value is left empty)', () => {
    expect(t('hi', { name: 'Ada' })).toBe('Hi Ada, !');
  });

  it("writes numbers the page's way, strings as they are", () => {
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(t('hi', { name: 1234.5 })).toMatch(/^Hi 1\s234,5, !$/);
    expect(createTranslator('de', bundle)('hi', { name: 1234.5 })).toBe('Hi 1.234,5, !');
    expect(createTranslator('en', bundle)('hi', { name: 1234.5 })).toBe('Hi 1,234.5, !');
    expect(plain(translate(bundle, 'fr-CA', 'search.results', { count: 2000 }))).toBe('2 000 jeux');
    expect(createTranslator('de', bundle)('hi', { name: '2026' })).toBe('Hi 2026, !');
  });

  it("names a category by the page's text for its identifier, else by the server's title", () => {
    const de = createTranslator('de', { de: { categories: { slots: 'Spielautomaten' } }, en: {} });
    expect(categoryTitle(de, 'slots', 'Slots')).toBe('Spielautomaten');
    expect(categoryTitle(de, 'summer-specials', 'Summer specials')).toBe('Summer specials');
  });

  it("picks plural forms by the rules of the text's own language", () => {
    // French counts 0 as singular, English does not.
    expect(t('search.results', { count: 0 })).toBe('0 jeu');
    expect(t('search.results', { count: 2 })).toBe('2 jeux');
    expect(t('search.hint', { count: 1 })).toBe('one char');
    expect(t('search.hint', { count: 0 })).toBe('0 chars');
    expect(t('search.hint', { count: 5 })).toBe('5 chars');
  });

  it('gives the same answers as translate() (used outside React)', () => {
    for (const [key, values] of [
      ['nav.live'],
      ['hi', { name: 'Bo' }],
      ['search.results', { count: 1 }],
      ['x.y'],
    ] as const) {
      expect(t(key, values)).toBe(translate(bundle, 'fr-CA', key, values));
    }
  });
});

describe('embedded message bundle', () => {
  it('keeps only the English texts a locale lacks', () => {
    expect(
      missingFrom({ a: 'A', b: { c: 'C', d: 'D' }, e: { f: 'F' } }, { a: 'a', b: { c: 'c' }, e: { f: 'f' } }),
    ).toEqual({ b: { d: 'D' } });
  });

  it('embeds all of English for English, and no English for the other locales (all complete)', () => {
    expect(messageBundle('en')).toEqual({ en: messagesOf('en') });
    for (const locale of PREFIXED_LOCALES)
      expect(messageBundle(locale)).toEqual({ [locale]: messagesOf(locale), en: {} });
    const it_ = messageBundle('it');
    expect(translate(it_, 'it', 'auth.signUp')).toBe('Registrati');
    expect(translate(it_, 'it', 'footer.help')).toBe('Assistenza');
  });
});
