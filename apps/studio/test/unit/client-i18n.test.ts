/**
 * The game page's catalogues (client/src/i18n): every locale has exactly English's keys with the
 * same placeholders, the non-English ones are translated (not English copies), a launch's `lang`
 * finds its locale, and texts, numbers and money are written the locale's way.
 */
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGUES as CATALOGUES } from '../../client/src/i18n/all';
import { de } from '../../client/src/i18n/de';
import { en } from '../../client/src/i18n/en';
import { LOCALES, resolveLocale, setCatalogue, setLocale, t } from '../../client/src/i18n';
import { formatMoney } from '../../client/src/money';

const TRANSLATED = ['de', 'et', 'fr-CA', 'it', 'no'] as const;

type Node = string | { [key: string]: Node };
function flatten(node: Node, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(prefix, node);
  else
    for (const [k, v] of Object.entries(node))
      for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = flatten(en as Node);
/** A plural form's base key: `slot.freeSpins_one` → `slot.freeSpins`. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('the game page catalogues', () => {
  it('has a catalogue for each of the ten locales', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LOCALES].sort());
  });

  for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
    it(`${locale}: every key of English, no other, none empty, the same placeholders`, () => {
      const texts = flatten(catalogue as Node);
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        // A plural form may leave out the count its sibling names ("one" reads as a word).
        if (base(key) === key) expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english.get(key)!));
      }
    });
  }

  for (const locale of TRANSLATED) {
    it(`${locale}: is translated, not English`, () => {
      const texts = flatten(CATALOGUES[locale] as Node);
      const same = [...texts].filter(([key, text]) => text === english.get(key));
      // Names and words the languages share (Jackpot, Blackjack, Demo, Lobby, Flush …) may stay.
      expect(same.length / texts.size, same.map(([k]) => k).join(', ')).toBeLessThan(0.1);
    });
  }
});

describe('the game page locale', () => {
  it('finds the locale of a launch `lang`', () => {
    expect(resolveLocale('de')).toBe('de');
    expect(resolveLocale('fr-CA')).toBe('fr-CA');
    expect(resolveLocale('fr-ca')).toBe('fr-CA');
    expect(resolveLocale('fr')).toBe('fr-CA');
    expect(resolveLocale('en-AU')).toBe('en-AU');
    expect(resolveLocale('en-GB')).toBe('en');
    expect(resolveLocale('nb')).toBe('no');
    expect(resolveLocale('de-AT')).toBe('de');
    expect(resolveLocale('xx')).toBe('en');
    expect(resolveLocale(null)).toBe('en');
  });

  it('writes texts, plurals, numbers and money the locale’s way', async () => {
    await setLocale('de');
    expect(t('shell.balance')).toBe('Guthaben');
    expect(t('slot.freeSpins', { count: 1 })).toBe('1 Freispiel');
    expect(t('slot.freeSpins', { count: 12 })).toBe('12 Freispiele');
    expect(t('slot.waysCount', { count: 117_649 })).toBe('117.649 Wege');
    expect(formatMoney(123_456, 'EUR')).toBe('1.234,56\u00a0€');
    expect(formatMoney(100_000, 'FUN')).toBe('1.000,00\u00a0FUN');
    await setLocale('fr-CA');
    expect(t('shell.stake')).toBe('Mise');
    expect(formatMoney(123_456, 'EUR')).toBe('1\u00a0234,56\u00a0€');
    // A key missing in a catalogue falls back to English, then to the key itself.
    setCatalogue('de', { ...de, shell: { ...de.shell, balance: undefined as unknown as string } });
    expect(t('shell.balance')).toBe('Balance');
    expect(t('no.such.key')).toBe('no.such.key');
    await setLocale('en');
    expect(formatMoney(123_456, 'EUR')).toBe('€1,234.56');
  });
});
