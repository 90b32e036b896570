import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../app/lib/locale';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/i18n/messages');
const load = (lang: string) => JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as unknown;

/** A message file as `key → text` (`games.badge.new → 'New'`); a value that is neither text nor object is kept as is. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node !== 'object' || node === null) return out.set(prefix, node);
  for (const [key, value] of Object.entries(node)) {
    for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = flatten(load('en'));
const files = new Map(LOCALES.map((locale) => [locale, flatten(load(locale))] as const));

/** The offered locales in another language than English: every text of theirs is a translation. */
const TRANSLATED = ['de', 'fr-CA', 'no', 'it', 'et'] as const satisfies readonly Locale[];

/**
 * English variants: a complete copy of en.json that differs only where the region speaks
 * otherwise. These are the keys where it does; every other text must read as in en.json, so a
 * change to an English text cannot leave a stale copy behind in a variant.
 */
const POKIES = ['nav.pokies', 'lobby.title', 'category.allPokies', 'categories.slots'];
const REGIONAL: Record<Exclude<Locale, (typeof TRANSLATED)[number] | 'en'>, string[]> = {
  // "Pokies" for slot machines; postcode, mobile number, states and territories (or regions).
  'en-AU': [
    ...POKIES,
    'profile.fields.state',
    'profile.fields.postal_code',
    'profile.fields.mobile_phone',
    'errors.invalid_postal_code',
  ],
  'en-NZ': [
    ...POKIES,
    'profile.fields.state',
    'profile.fields.postal_code',
    'profile.fields.mobile_phone',
    'errors.invalid_postal_code',
  ],
  // Provinces first, cell phones, promotions by text message.
  'en-CA': [
    'profile.fields.state',
    'profile.fields.mobile_phone',
    'auth.receiveSmsPromos',
    'profile.subscriptions.receive_sms_promos.on',
    'profile.subscriptions.receive_sms_promos.off',
  ],
  // Kuwait is divided into governorates.
  'en-KW': ['profile.fields.state'],
};

/**
 * Texts a translation may share with English. Names and codes read the same everywhere; the
 * casino words are the ones these languages' lobbies use untranslated.
 */
const SAME_EVERYWHERE = new Set([
  // payment brands, coins, the bank account code, a country's own name
  ...['Visa', 'Mastercard', 'Maestro', 'ecoPayz', 'Bitcoin', 'Bitcoin Cash', 'Litecoin', 'Ethereum', 'Dogecoin'],
  ...['Tether (USDT)', 'IBAN', 'Curaçao (CW)', 'WhatsApp', 'Telegram'],
  // the house studio's name (the special-slot menu item)
  'Orbit Originals',
  // the VIP club's badge
  'VIP {{status}}',
  // casino words
  ...['Demo', 'Jackpot', 'Jackpot!', 'Jackpots', 'Live', 'Lobby', 'Top', 'Scatter', 'Cluster', 'Nonce', 'Roulette'],
  // card games' words
  ...['Blackjack', 'Flush'],
  // slot symbols' names (the round detail)
  ...['Bar', 'Pulsar'],
]);
/** Ordinary words one language spells as English does. */
const SAME_IN: Record<(typeof TRANSLATED)[number], string[]> = {
  de: [
    'Status',
    'Limits',
    'Dealer',
    'Hand {{n}}',
    'Bronze',
    'Gold',
    ...['Asteroid', 'Astronaut', 'Meteor', 'Nova', 'Planet', 'Quasar', 'Saturn', 'Supernova', 'UFO', 'Warp', 'Wild'],
  ],
  'fr-CA': [
    ...['Menu', 'Type', 'Date', 'Minutes', 'Promotions', 'Page {{page}}', '{{hours}} h {{minutes}} min'],
    ...['{{count}} point', '{{count}} points', 'Bronze'],
    ...['Double Bar', 'Nova', 'Quasar', 'Satellite', 'Supernova', 'Triple Bar'],
  ],
  no: [
    'Status',
    'Type',
    // the imperative of "sende" (the chat's button)
    'Send',
    'Dealer',
    'Royal flush',
    'Straight flush',
    'Straight',
    ...['Astronaut', 'Meteor', 'Nova', 'Planet', 'Saturn', 'Supernova', 'UFO', 'Warp', 'Wild'],
  ],
  it: [
    'Menu',
    'Email',
    'Password',
    'Estonia (EE)',
    '{{hours}} h {{minutes}} min',
    ...['Nova', 'Quasar', 'Satellite', 'Supernova', 'UFO', 'Wild'],
  ],
  et: [...['Asteroid', 'Astronaut', 'Saturn', 'UFO', 'Wild']],
};
/** Text without a word of its own (`{{min}} – {{max}}`) is the same in every language. */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\{\s*\w+\s*\}\}/g, ''));

describe('message files', () => {
  it('exist for every offered locale', () => {
    for (const locale of LOCALES) expect(fs.existsSync(path.join(dir, `${locale}.json`)), locale).toBe(true);
  });

  it('have every key of English and no other, each a text', () => {
    for (const [locale, messages] of files) {
      const keys = [...messages.keys()];
      expect(
        [...english.keys()].filter((key) => !messages.has(key)),
        `${locale} lacks`,
      ).toEqual([]);
      expect(
        keys.filter((key) => !english.has(key)),
        `${locale} has keys English has not`,
      ).toEqual([]);
      expect(
        keys.filter((key) => typeof messages.get(key) !== 'string' || messages.get(key) === ''),
        `${locale}: empty or not text`,
      ).toEqual([]);
    }
  });

  it('keep the placeholders of English, no more and no fewer', () => {
    for (const [locale, messages] of files) {
      for (const [key, text] of english) {
        const own = messages.get(key);
        if (typeof own !== 'string' || typeof text !== 'string') continue;
        expect(placeholders(own), `${locale}: ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('translate every text into the other languages (only names and shared words stay English)', () => {
    for (const locale of TRANSLATED) {
      const allowed = new Set([...SAME_EVERYWHERE, ...SAME_IN[locale]]);
      const untranslated = [...files.get(locale)!].filter(
        ([key, text]) => text === english.get(key) && hasWords(text as string) && !allowed.has(text as string),
      );
      expect(untranslated, `${locale} reads as English`).toEqual([]);
    }
  });

  it('keeps the shared-word lists honest: each entry is used', () => {
    for (const locale of TRANSLATED) {
      const same = new Set(
        [...files.get(locale)!].filter(([key, text]) => text === english.get(key)).map(([, text]) => text),
      );
      for (const word of SAME_IN[locale]) expect(same.has(word), `${locale}: ${word}`).toBe(true);
    }
  });

  it('write English variants as English, different only where the region is', () => {
    for (const [locale, regional] of Object.entries(REGIONAL) as Array<[Locale, string[]]>) {
      const messages = files.get(locale)!;
      for (const [key, text] of english) {
        if (regional.includes(key)) expect(messages.get(key), `${locale}: ${key} is regional`).not.toBe(text);
        else expect(messages.get(key), `${locale}: ${key}`).toBe(text);
      }
    }
  });

  it('speak to the player as du in German, never as Sie', () => {
    // The formal address: "Ihnen", a verb with "Sie" after it ("Lassen Sie", "versuchen Sie"),
    // "um Sie", and "Ihr…" inside a sentence (at a sentence's start it may be "their").
    const formal = /\bIhnen\b|\b\p{L}+en Sie\b|\bum Sie\b|[^.:!?]\s+Ihr(e|en|em|er|es)?\b|^Ihre\b/u;
    const formalTexts = [...files.get('de')!].filter(([, text]) => formal.test(String(text))).map(([key]) => key);
    expect(formalTexts).toEqual([]);
  });

  it('call slot machines "Pokies" only in Australia and New Zealand', () => {
    for (const [locale, messages] of files) {
      const pokies = [...messages].filter(([, text]) => /pokies/i.test(String(text))).map(([key]) => key);
      expect(pokies, locale).toEqual(locale === 'en-AU' || locale === 'en-NZ' ? POKIES : []);
    }
  });
});
