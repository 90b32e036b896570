import { z } from 'zod';

/**
 * Per-locale texts of a piece of content the server sends (a bonus's, a shop item's, a
 * tournament's title and description): `{ de: { title, description }, fr: { title } }`.
 * The default locale's text is the content's own `title`/`description` (required); a locale
 * here may give some fields and leave the others to its fallback (docs/localisation.md).
 * Keys are a language (`fr`) or a language and region (`fr-CA`).
 */
export const localisedTextsSchema = z
  .record(
    // A malformed key is refused as `invalid` under `translations.<key>`.
    z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
    z
      .object({
        title: z.string().trim().min(1, { error: 'required' }).max(200, { error: 'too_long' }).optional(),
        description: z.string().max(4000, { error: 'too_long' }).optional(),
      })
      .strict(),
  )
  .default({});
export type LocalisedTexts = z.infer<typeof localisedTextsSchema>;
export type LocalisedField = 'title' | 'description';

/** The default locale: its texts are the content's own columns. */
export const CONTENT_DEFAULT_LOCALE = 'en';

/**
 * Where a text is looked for, best first: the locale itself, its language, then the default
 * locale (`fr-CA` → fr-CA, fr, en; `en-AU` → en-AU, en; `de` → de, en).
 */
export function localeFallbacks(locale: string, defaultLocale: string = CONTENT_DEFAULT_LOCALE): string[] {
  const chain = [locale];
  const language = locale.split('-')[0]!;
  if (language !== locale) chain.push(language);
  if (!chain.includes(defaultLocale)) chain.push(defaultLocale);
  return chain;
}

/**
 * A field's text in `locale`: the first locale of its fallback chain that has one, else the
 * default-locale text (`fallback`, the content's own column).
 */
export function localisedText(
  texts: LocalisedTexts | null | undefined,
  field: LocalisedField,
  locale: string,
  fallback: string,
): string {
  if (texts) {
    for (const code of localeFallbacks(locale)) {
      const text = texts[code]?.[field];
      if (text) return text;
    }
  }
  return fallback;
}

/**
 * The per-locale texts of an entry of a loosely typed document (a config's wheel segment, an
 * adventure and its prizes): its `translations` when they read as such, else none, so a
 * malformed entry falls back to the default-locale text instead of failing its document.
 */
export function translationsOf(entry: unknown): LocalisedTexts {
  if (!entry || typeof entry !== 'object' || !('translations' in entry)) return {};
  const parsed = localisedTextsSchema.safeParse(entry.translations);
  return parsed.success ? parsed.data : {};
}
