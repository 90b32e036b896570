/**
 * The page's texts in one locale beside English, with the locale's overrides: the translations
 * screen's list. The texts are the messages files the site serves (`/messages/<lang>.json`, the
 * bundled file with the CMS's overrides over it); the overrides and their versions come from the
 * back office's list. The back office never imports the web app's files: it reads what players read.
 */
import type { ContentListItem } from '@orbit/contracts';
import { api } from '../api';
import { translationKey } from './documents';

export type CatalogueRow = {
  id: string;
  key: string;
  english: string;
  /** What a player of the locale reads now: the override if there is one, else the bundled text ('' when there is none). */
  current: string;
  overridden: boolean;
  /** The override's version (0: never overridden). */
  version: number;
  /** No text of the locale's own: none at all, or (a language other than English) the English text and no override. */
  missing: boolean;
};

type Messages = { [key: string]: string | Messages };

/** Every text's dot path and text. */
export function flatten(messages: Messages, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [name, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') flatten(value, path, out);
  }
  return out;
}

/** Fresh, not the five-minute bucket the page uses: an operator checks what was just written. */
async function messagesOf(lang: string): Promise<Messages> {
  const response = await fetch(`/messages/${encodeURIComponent(lang)}.json?fresh=${Date.now()}`, {
    cache: 'no-store',
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`the ${lang} texts could not be read (HTTP ${response.status})`);
  return (await response.json()) as Messages;
}

async function overridesOf(locale: string): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  for (let page = 1; ; page++) {
    const part = await api<{ data: ContentListItem[]; total: number }>(
      'GET',
      `/content/translations?locale=${encodeURIComponent(locale)}&page=${page}&per_page=200`,
    );
    for (const item of part.data) versions.set(item.id, item.version);
    if (part.data.length < 200 || versions.size >= part.total) return versions;
  }
}

/** Whether the locale's language is English (en-AU's texts are English's by design). */
const isEnglish = (locale: string) => locale === 'en' || locale.startsWith('en-');

/** The rows of the catalogue as the operator filtered them (free text `q`, `missing`, `overridden`, one `key_exact`). */
export function catalogueRows(
  locale: string,
  english: Map<string, string>,
  local: Map<string, string>,
  overrides: Map<string, number>,
  filter: Record<string, unknown>,
): CatalogueRow[] {
  const q = typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : '';
  const rows: CatalogueRow[] = [];
  for (const [key, englishText] of english) {
    if (typeof filter.key_exact === 'string' && filter.key_exact !== key) continue;
    const id = translationKey(locale, key);
    const current = local.get(key) ?? '';
    const overridden = overrides.has(id);
    const missing = !overridden && (current === '' || (!isEnglish(locale) && current === englishText));
    if (filter.missing === true && !missing) continue;
    if (filter.overridden === true && !overridden) continue;
    if (q !== '' && !`${key}\n${englishText}\n${current}`.toLowerCase().includes(q)) continue;
    rows.push({ id, key, english: englishText, current, overridden, version: overrides.get(id) ?? 0, missing });
  }
  return rows;
}

export async function translationCatalogue(locale: string, filter: Record<string, unknown>): Promise<CatalogueRow[]> {
  const [english, local, overrides] = await Promise.all([messagesOf('en'), messagesOf(locale), overridesOf(locale)]);
  return catalogueRows(locale, flatten(english), flatten(local), overrides, filter);
}
