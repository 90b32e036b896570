import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locale';

/** One language's messages: nested objects of strings, as in app/i18n/messages/<lang>.json. */
export type Messages = { [key: string]: string | Messages };
/** Messages by language: the page's locale plus English, its per-key fallback. */
export type MessageBundle = Partial<Record<string, Messages>>;

/** Spec: translations are cached in five-minute buckets (the `t` query parameter). */
export const MESSAGES_BUCKET_MS = 300_000;

/** `/messages/de.json?t=<start of the current five-minute bucket>`. */
export function messagesUrl(lang: string, now = Date.now()): string {
  return `/messages/${lang}.json?t=${now - (now % MESSAGES_BUCKET_MS)}`;
}

/** The languages a locale's page needs: itself, then English for any key it lacks. */
export function bundleLanguages(locale: Locale): Locale[] {
  return locale === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [locale, DEFAULT_LOCALE];
}

/**
 * A fresh i18next instance per page render (never a shared global: the server renders pages
 * of different languages at once). Resources are inline, so init is synchronous and the first
 * render is already translated (no flash of keys).
 */
export function createI18n(locale: Locale, bundle: MessageBundle): I18n {
  const instance = createInstance();
  const resources: Record<string, { translation: Messages }> = {};
  for (const [lang, messages] of Object.entries(bundle)) {
    if (messages) resources[lang] = { translation: messages };
  }
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
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
        // Spec: a translation load failure is logged to the console only.
        console.error('LOAD_TRANSLATIONS_ERROR', lang, error);
        return [lang, undefined] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

/** Looks a dotted key up in a bundle (for `meta`, which runs outside React): locale, then English. */
export function translate(bundle: MessageBundle | undefined, locale: Locale, key: string, vars: Record<string, string> = {}): string {
  for (const lang of bundleLanguages(locale)) {
    let node: string | Messages | undefined = bundle?.[lang];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string') return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
  }
  return key;
}
