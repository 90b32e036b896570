import { bundleLanguages, createTranslator, type I18n, type MessageBundle, type Messages } from '../../lib/i18n';
import type { Locale } from '../../lib/locale';

export { bundleLanguages, translate } from '../../lib/i18n';
export type { MessageBundle, Messages } from '../../lib/i18n';

/** Translations are cached in five-minute buckets (the `t` query parameter, docs/rules/page-shell.md). */
export const MESSAGES_BUCKET_MS = 300_000;

/** `/messages/de.json?t=<start of the current five-minute bucket>`. */
export function messagesUrl(lang: string, now = Date.now()): string {
  return `/messages/${lang}.json?t=${now - (now % MESSAGES_BUCKET_MS)}`;
}

const shared = new WeakMap<MessageBundle, I18n>();

/**
 * The page's language and `t`. Messages never change once loaded, so one translator serves
 * every render of the same bundle (on the server: every request of a locale, see
 * messages.server.ts). Synchronous: the first render is already translated (no flash of keys).
 */
export function i18nOf(locale: Locale, bundle: MessageBundle): I18n {
  let i18n = shared.get(bundle);
  if (!i18n || i18n.locale !== locale) {
    i18n = { locale, t: createTranslator(locale, bundle) };
    shared.set(bundle, i18n);
  }
  return i18n;
}

/** Browser: loads a locale's messages (and English) from the resource route. */
export async function fetchMessageBundle(locale: Locale): Promise<MessageBundle> {
  const entries = await Promise.all(
    bundleLanguages(locale).map(async (lang) => {
      try {
        const res = await fetch(messagesUrl(lang));
        if (!res.ok) throw new Error(`${res.status}`);
        return [lang, (await res.json()) as Messages] as const;
      } catch (error) {
        // A translation load failure is logged to the console only.
        console.error('LOAD_TRANSLATIONS_ERROR', lang, error);
        return [lang, undefined] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}
