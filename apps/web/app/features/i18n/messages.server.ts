import { cmsTranslationsResponseSchema } from '@orbit/contracts';
import { serverApi } from '../../lib/api';
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

/** Overrides by key (`header.deposit`) → text, as the CMS answers them (docs/cms.md "Translations"). */
export type MessageOverrides = Record<string, string>;

/**
 * `messages` with each override's text set at its dot path (a copy; the bundled object is shared).
 * The server only takes keys of the English file; a path that runs into a text here is left out,
 * so an override never turns a group of texts into a string.
 */
export function withOverrides(messages: Messages, overrides: MessageOverrides): Messages {
  if (Object.keys(overrides).length === 0) return messages;
  const out = structuredClone(messages);
  for (const [key, text] of Object.entries(overrides)) {
    const parts = key.split('.');
    const last = parts.pop()!;
    let node: Messages | undefined = out;
    for (const part of parts) {
      const next: Messages | string = (node[part] ??= {});
      node = typeof next === 'object' ? next : undefined;
      if (!node) break;
    }
    if (node && typeof node[last] !== 'object') node[last] = text;
  }
  return out;
}

/** One locale's overrides from the CMS (`GET /api/cms/translations`); none when the call fails: the bundled texts still serve. */
export async function fetchOverrides(apiFetch: typeof fetch, lang: string): Promise<MessageOverrides> {
  try {
    return await serverApi(apiFetch).get(`/api/cms/translations?l=${encodeURIComponent(lang)}`, {
      schema: cmsTranslationsResponseSchema,
    });
  } catch (error) {
    console.error('LOAD_TRANSLATION_OVERRIDES_ERROR', lang, error);
    return {};
  }
}

/** The messages of /messages/<lang>.json: the bundled file with the CMS's overrides over it. */
export async function messagesWithOverrides(lang: string, apiFetch: typeof fetch): Promise<Messages | undefined> {
  const messages = messagesOf(lang);
  return messages && withOverrides(messages, await fetchOverrides(apiFetch, lang));
}

const overridden = new Map<Locale, { fingerprint: string; bundle: MessageBundle }>();

/**
 * `messageBundle` with the CMS's overrides of each of its languages. Without overrides it is the
 * shared bundle itself; with them one merged bundle per locale is kept until they change, so the
 * translator built on it is still shared between requests.
 */
export async function messageBundleWithOverrides(locale: Locale, apiFetch: typeof fetch): Promise<MessageBundle> {
  const langs = bundleLanguages(locale);
  const overrides = await Promise.all(langs.map((lang) => fetchOverrides(apiFetch, lang)));
  if (overrides.every((o) => Object.keys(o).length === 0)) return messageBundle(locale);
  const fingerprint = JSON.stringify(overrides);
  const kept = overridden.get(locale);
  if (kept?.fingerprint === fingerprint) return kept.bundle;
  const [own, ...fallbacks] = langs;
  const messages = withOverrides(messagesOf(own!) ?? {}, overrides[0]!);
  const bundle: MessageBundle = { [own!]: messages };
  fallbacks.forEach((lang, i) => {
    bundle[lang] = missingFrom(withOverrides(messagesOf(lang) ?? {}, overrides[i + 1]!), messages);
  });
  overridden.set(locale, { fingerprint, bundle });
  return bundle;
}
