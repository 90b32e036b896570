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

/** What a page of this locale embeds for hydration: its messages and English. */
export function messageBundle(locale: Locale): MessageBundle {
  return Object.fromEntries(bundleLanguages(locale).map((lang) => [lang, messagesOf(lang) ?? {}]));
}
