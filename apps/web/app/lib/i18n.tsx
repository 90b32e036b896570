/**
 * The site's translations at run time: a few dozen lines instead of an i18n library.
 * What the pages need, and nothing more:
 * - nested JSON keys (`games.badge.new`), looked up in the page's language, then in English
 *   (per key; every offered locale's file is complete, test/unit/messages.test.ts, so English
 *   only stands in for a file that failed to load);
 * - `{{name}}` placeholders (values are inserted as text; React escapes them); a number is
 *   written the page's way (`1.234,5` in German), so pass a year or a code as a string;
 * - plural forms as `key_one` / `key_other` ... chosen by `Intl.PluralRules` of the language
 *   the text comes from, when the values carry a numeric `count`.
 * A missing key renders the given fallback or the key itself.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_LOCALE, type Locale } from './locale';

/** One language's messages: nested objects of strings, as in app/i18n/messages/<lang>.json. */
export type Messages = { [key: string]: string | Messages };
/** Messages by language: the page's locale plus English, its per-key fallback. */
export type MessageBundle = Partial<Record<string, Messages>>;
export type TranslationValues = Record<string, string | number>;
/** `t('games.playGame', { title })`; the third argument is shown when no language has the key. */
export type TFunction = (key: string, values?: TranslationValues, fallback?: string) => string;

/** The languages a locale's page needs: itself, then English for any key it lacks. */
export function bundleLanguages(locale: Locale): Locale[] {
  return locale === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [locale, DEFAULT_LOCALE];
}

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/** The text of a key before its placeholders are filled: the locale's own, else English. */
function template(bundle: MessageBundle | undefined, locale: Locale, key: string, count: unknown): string | undefined {
  for (const lang of bundleLanguages(locale)) {
    const messages = bundle?.[lang];
    if (typeof count === 'number') {
      const text = lookup(messages, `${key}_${pluralCategory(lang, count)}`) ?? lookup(messages, `${key}_other`);
      if (text !== undefined) return text;
    }
    const text = lookup(messages, key);
    if (text !== undefined) return text;
  }
  return undefined;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A placeholder's value as text: numbers in the locale's digits and separators. */
function valueText(value: string | number, locale: Locale): string {
  if (typeof value === 'string') return value;
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

function fill(text: string, values: TranslationValues | undefined, locale: Locale): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (_, name: string) =>
    values?.[name] === undefined ? '' : valueText(values[name], locale),
  );
}

/** Looks a key up in a bundle and fills its placeholders (also usable outside React, e.g. in `meta`). */
export function translate(
  bundle: MessageBundle | undefined,
  locale: Locale,
  key: string,
  values?: TranslationValues,
  fallback?: string,
): string {
  const text = template(bundle, locale, key, values?.count);
  return text === undefined ? (fallback ?? key) : fill(text, values, locale);
}

/**
 * A `t` for one locale and bundle. Looked-up texts are remembered (the bundle is never changed
 * once loaded), so a page's hundreds of `t` calls cost a map read each.
 */
export function createTranslator(locale: Locale, bundle: MessageBundle | undefined): TFunction {
  const cache = new Map<string, string | null>();
  return (key, values, fallback) => {
    const count = values?.count;
    // Texts differ by plural category, not by number: the cache stays as small as the messages.
    const id =
      typeof count === 'number'
        ? `${key}\u0000${bundleLanguages(locale).map((lang) => pluralCategory(lang, count))}`
        : key;
    let text = cache.get(id);
    if (text === undefined) {
      text = template(bundle, locale, key, count) ?? null;
      cache.set(id, text);
    }
    return text === null ? (fallback ?? key) : fill(text, values, locale);
  };
}

/**
 * A game category's name in the page's language: the page's own text for the category's
 * identifier (`categories.slots`), else the title the server gave (a category the page does not
 * know yet). docs/rules/page-shell.md "Translations".
 */
export function categoryTitle(t: TFunction, identifier: string, title: string): string {
  return t(`categories.${identifier}`, undefined, title);
}

/** The first of `keys` the language has a text for (a field's own message before a general one), else `errors.unknown`. */
export function firstMessage(t: TFunction, keys: string[], values?: TranslationValues): string {
  for (const key of keys) {
    const text = t(key, values, '\u0000');
    if (text !== '\u0000') return text;
  }
  return t('errors.unknown');
}

export type I18n = { locale: Locale; t: TFunction };

const I18nContext = createContext<I18n>({ locale: DEFAULT_LOCALE, t: createTranslator(DEFAULT_LOCALE, undefined) });

export function I18nProvider({ value, children }: { value: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The page's language and its `t`. */
export function useI18n(): I18n {
  return useContext(I18nContext);
}
