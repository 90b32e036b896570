import { LOCALES, type Locale } from '../../lib/locale';
import { bundleLanguages, type MessageBundle, type Messages } from './i18n';

// Bundled into the server build at build time: no file-system path to resolve at run time.
const files = import.meta.glob<Messages>('../../i18n/messages/*.json', { eager: true, import: 'default' });

const byLang = new Map<string, Messages>();
for (const [file, messages] of Object.entries(files)) {
  const lang = /([^/]+)\.json$/.exec(file)?.[1];
  if (lang) byLang.set(lang, messages);
}

/** The messages of one language as served at /messages/<lang>.json; undefined if unknown. */
export function messagesOf(lang: string): Messages | undefined {
  if (!(LOCALES as readonly string[]).includes(lang)) return undefined;
  return byLang.get(lang) ?? {};
}

/** `fallback` without the texts `own` has: English is only read for keys the locale lacks. */
export function missingFrom(fallback: Messages, own: Messages): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(fallback)) {
    const mine = own[key];
    if (typeof value === 'string') {
      if (mine === undefined) out[key] = value;
    } else {
      const rest = missingFrom(value, typeof mine === 'object' ? mine : {});
      if (Object.keys(rest).length > 0) out[key] = rest;
    }
  }
  return out;
}

const bundles = new Map<Locale, MessageBundle>();

/**
 * What a page of this locale embeds for hydration: its messages, and the English texts of the
 * keys it does not translate (none: every offered locale is complete, test/unit/messages.test.ts).
 * One object per locale for the life of the process (read-only), so the translator built on it
 * is shared too.
 */
export function messageBundle(locale: Locale): MessageBundle {
  let bundle = bundles.get(locale);
  if (!bundle) {
    const [own, ...fallbacks] = bundleLanguages(locale);
    const messages = messagesOf(own!) ?? {};
    bundle = { [own!]: messages };
    for (const lang of fallbacks) bundle[lang] = missingFrom(messagesOf(lang) ?? {}, messages);
    bundles.set(locale, bundle);
  }
  return bundle;
}
