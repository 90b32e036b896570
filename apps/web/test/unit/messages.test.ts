import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../app/lib/locale';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/i18n/messages');
const load = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Record<string, unknown>;

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('message files', () => {
  const english = new Set(keys(load('en')));

  it('exist for every locale', () => {
    for (const locale of LOCALES) expect(fs.existsSync(path.join(dir, `${locale}.json`)), locale).toBe(true);
  });

  it('German is complete', () => {
    expect(new Set(keys(load('de')))).toEqual(english);
  });

  it('other locales only translate keys English has (the rest falls back)', () => {
    for (const locale of LOCALES) {
      for (const key of keys(load(locale))) if (key) expect(english.has(key), `${locale}: ${key}`).toBe(true);
    }
  });
});
