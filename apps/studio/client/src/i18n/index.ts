/**
 * The game page's translations: the casino's approach (apps/web/app/lib/i18n.tsx) in a few lines,
 * without React. Nested keys (`shell.play`), `{{name}}` placeholders, plural forms `key_one` /
 * `key_other` chosen by `Intl.PluralRules` when the values carry a numeric `count`. A locale's
 * catalogue is typed as English's (`Catalogue`), so a key missing in one is a type error;
 * test/unit/client-i18n.test.ts checks the catalogues too. Numbers and money go through `Intl`
 * in the page's locale (money.ts).
 */
import { en, type Catalogue } from './en';

/** The casino's locales: the launch's `lang` is one of them (else its language, else English). */
export const LOCALES = ['en', 'en-AU', 'en-CA', 'en-KW', 'en-NZ', 'de', 'et', 'fr-CA', 'it', 'no'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each locale's catalogue, loaded on demand (English is in the page's bundle: the fallback). */
const CATALOGUES: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  'en-AU': () => import('./en-AU').then((m) => m.enAU),
  'en-CA': () => import('./en-CA').then((m) => m.enCA),
  'en-KW': () => import('./en-KW').then((m) => m.enKW),
  'en-NZ': () => import('./en-NZ').then((m) => m.enNZ),
  de: () => import('./de').then((m) => m.de),
  et: () => import('./et').then((m) => m.et),
  'fr-CA': () => import('./fr-CA').then((m) => m.frCA),
  it: () => import('./it').then((m) => m.it),
  no: () => import('./no').then((m) => m.no),
};

/** The locale for a launch's `lang`: itself (any case), else its language's first locale (`fr` → `fr-CA`, `nb` → `no`), else English. */
export function resolveLocale(lang: string | null | undefined): Locale {
  const wanted = (lang ?? '').trim().toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split(/[-_]/)[0] ?? '';
  if (language === 'nb' || language === 'nn') return 'no';
  return LOCALES.find((l) => l.split('-')[0] === language) ?? 'en';
}

type Messages = { [key: string]: string | Messages };
export type Values = Record<string, string | number>;

let current: Locale = 'en';
let messages: Catalogue = en;

/** The page's locale (for `Intl` and the `lang` attribute). */
export const locale = (): Locale => current;

/** Sets the page's locale and its catalogue (English when it cannot be loaded). */
export async function setLocale(wanted: Locale): Promise<void> {
  if (wanted === 'en') {
    current = 'en';
    messages = en;
    return;
  }
  try {
    messages = await CATALOGUES[wanted]();
    current = wanted;
  } catch (error) {
    console.error(`studio: the ${wanted} texts could not be loaded`, error);
    current = 'en';
    messages = en;
  }
}

/** Sets the locale with a catalogue at hand (tests). */
export function setCatalogue(wanted: Locale, catalogue: Catalogue): void {
  current = wanted;
  messages = catalogue;
}

function lookup(catalogue: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const plurals = new Map<string, Intl.PluralRules>();
function plural(lang: string, count: number): string {
  let rules = plurals.get(lang);
  if (!rules) plurals.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

/** A number written the page's way (`1.234,5` in German). */
export const formatNumber = (n: number, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(current, options).format(n);

/** The text of `key` in the page's locale (else English, else the key), its placeholders filled. */
export function t(key: string, values: Values = {}): string {
  const count = values.count;
  const find = (catalogue: Messages, lang: string): string | undefined =>
    (typeof count === 'number'
      ? (lookup(catalogue, `${key}_${plural(lang, count)}`) ?? lookup(catalogue, `${key}_other`))
      : undefined) ?? lookup(catalogue, key);
  const text = find(messages as Messages, current) ?? find(en as Messages, 'en') ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value) : value;
  });
}
