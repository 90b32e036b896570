/**
 * The keys a translation override may name: the texts of the page's English messages file (the
 * web app's `app/i18n/messages/en.json`, read from disk, never imported: the server does not
 * depend on the web's source). A key is the dot path of a text (`header.deposit`); a path to a
 * group of texts is no key, so an override can never replace a group with a string.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ENGLISH_MESSAGES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/app/i18n/messages/en.json',
);

let known: ReadonlySet<string> | undefined;

/** Every text's dot path, read once per process (the file changes with a deploy only). */
export function translationKeys(file = ENGLISH_MESSAGES_FILE): ReadonlySet<string> {
  if (file === ENGLISH_MESSAGES_FILE && known) return known;
  const keys = new Set<string>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') keys.add(prefix);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(JSON.parse(fs.readFileSync(file, 'utf8')) as unknown, '');
  if (file === ENGLISH_MESSAGES_FILE) known = keys;
  return keys;
}
