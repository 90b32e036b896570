/**
 * The content screens' forms ⇄ the CMS's documents (docs/cms.md "Kinds and keys"). A form holds
 * the entry's version and the document's fields flattened, with lists and JSON as text an
 * operator can type (`categories_text`, `json_text`); a save turns them back into the whole
 * document the PUT expects, checked first with the same contracts the server uses.
 */
import {
  contentBannerDocumentSchema,
  contentPageDocumentSchema,
  contentSnippetDocumentSchema,
  contentTranslationDocumentSchema,
  feConfigSchemas,
  issuesToErrors,
  type FeConfigName,
} from '@orbit/contracts';

/** The back office's resources for content, and the kind each one writes. */
export const CONTENT_RESOURCES = {
  content_pages: 'pages',
  content_banners: 'banners',
  content_snippets: 'snippets',
  content_fe_configs: 'fe-configs',
  content_translations: 'translations',
} as const;
export type ContentResource = keyof typeof CONTENT_RESOURCES;
export type ContentKindPath = (typeof CONTENT_RESOURCES)[ContentResource];

export const isContentResource = (resource: string): resource is ContentResource => resource in CONTENT_RESOURCES;

/**
 * The site's locales (one messages file each); the server refuses any other (`unknown_locale`),
 * so a stale list here costs a 422, never a wrong write.
 */
export const CONTENT_LOCALES = ['en', 'de', 'et', 'fr-CA', 'it', 'no', 'en-AU', 'en-CA', 'en-NZ', 'en-KW'] as const;
export const localeChoices = CONTENT_LOCALES.map((code) => ({ id: code, name: code }));

/** A form's values: the entry's bookkeeping and the document's fields as the inputs hold them. */
export type FormValues = Record<string, unknown> & { id?: string; version?: number };

// ---- keys ---------------------------------------------------------------------------------------

export const pageKey = (slug: string, licence: string | null | undefined, locale: string) =>
  `${slug}|${licence ?? ''}|${locale}`;
export const pageKeyParts = (id: string) => {
  const [slug = '', licence = '', locale = ''] = id.split('|');
  return { slug, licence: licence === '' ? null : licence, locale };
};
export const localisedKey = (name: string, locale: string) => `${name}|${locale}`;
export const translationKey = (locale: string, key: string) => `${locale}|${key}`;
export const translationKeyParts = (id: string) => {
  const bar = id.indexOf('|');
  return { locale: id.slice(0, bar), key: id.slice(bar + 1) };
};

/** The key a create form names: its kind's parts, joined as the server spells keys. */
export function keyOfNew(kind: ContentKindPath, values: FormValues): string {
  const text = (name: string) => String(values[name] ?? '').trim();
  switch (kind) {
    case 'pages':
      return pageKey(text('slug'), text('licence') || null, text('locale'));
    case 'snippets':
      return localisedKey(text('key'), text('locale'));
    case 'banners':
      return localisedKey(text('identifier'), text('locale'));
    case 'fe-configs':
      return text('name');
    case 'translations':
      return translationKey(text('locale'), text('key'));
  }
}

// ---- lists typed as text --------------------------------------------------------------------------

/** "promotions, news" → ['promotions', 'news']: blanks dropped. */
export const listOfText = (text: unknown): string[] =>
  String(text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
const textOfList = (list: unknown) => (Array.isArray(list) ? list.join(', ') : '');

/** JSON typed by the operator: the value, or the reason it is not JSON. */
export function parseJson(text: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(String(text ?? '')) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : 'not JSON' };
  }
}

/** A moment from the form (the date-time input's local time, or the ISO text it was loaded with) in UTC. */
const utcOf = (local: unknown): string | null => {
  if (typeof local !== 'string' || local.trim() === '') return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? String(local) : at.toISOString();
};

const SEO_SUFFIX = ' | Orbit';

// ---- document → form ------------------------------------------------------------------------------

/** An entry as the server answers it (`{id, version, updated_at, operator_id, document}`) as a form's record. */
export function formOfEntry(
  kind: ContentKindPath,
  entry: { id: string; version: number; updated_at: string | null; operator_id: number | null; document: unknown },
): FormValues {
  const doc = (entry.document ?? {}) as Record<string, unknown>;
  const base = { id: entry.id, version: entry.version, updated_at: entry.updated_at, operator_id: entry.operator_id };
  switch (kind) {
    case 'pages': {
      const { slug, licence, locale } = pageKeyParts(entry.id);
      const title = String(doc.title ?? '');
      return {
        ...base,
        slug,
        licence: licence ?? '',
        locale,
        title,
        // The default title (the page's own with " | Orbit") is left empty, so it follows a new title.
        seo_title: doc.seo_title === `${title}${SEO_SUFFIX}` ? '' : String(doc.seo_title ?? ''),
        description: String(doc.description ?? ''),
        keywords: String(doc.keywords ?? ''),
        json_text: JSON.stringify(doc.json ?? {}, null, 2),
        markdown: String(doc.markdown ?? ''),
        categories_text: textOfList(doc.categories),
        position: Number(doc.position ?? 0),
        enabled: doc.enabled !== false,
      };
    }
    case 'snippets': {
      const [key = '', locale = ''] = entry.id.split('|');
      return { ...base, key, locale, content: String(doc.content ?? ''), categories_text: textOfList(doc.categories) };
    }
    case 'banners': {
      const [identifier = '', locale = ''] = entry.id.split('|');
      const button = doc.button as Record<string, unknown> | null | undefined;
      return {
        ...base,
        identifier,
        locale,
        title: String(doc.title ?? ''),
        description: String(doc.description ?? ''),
        categories_text: textOfList(doc.categories),
        groups_text: textOfList(doc.groups),
        logged: doc.logged ?? null,
        starts_at: doc.starts_at ?? '',
        ends_at: doc.ends_at ?? '',
        position: Number(doc.position ?? 0),
        gradient: Array.isArray(doc.gradient) ? doc.gradient : ['#000000', '#000000', '#000000', '#000000'],
        labels_text: textOfList(doc.labels),
        has_button: Boolean(button),
        button: {
          name: String(button?.name ?? ''),
          url: String(button?.url ?? ''),
          type: String(button?.type ?? 'link'),
          frontend_identifier: String(button?.frontend_identifier ?? ''),
        },
        image: String(doc.image ?? ''),
        size: String(doc.size ?? 'small'),
      };
    }
    case 'fe-configs':
      return { ...base, name: entry.id, value_text: JSON.stringify(doc.value ?? null, null, 2) };
    case 'translations': {
      const { locale, key } = translationKeyParts(entry.id);
      return { ...base, locale, key, text: String(doc.text ?? '') };
    }
  }
}

// ---- form → document ------------------------------------------------------------------------------

export type DocumentCheck =
  { ok: true; document: Record<string, unknown> } | { ok: false; errors: Record<string, string[]> };

type Issues = Parameters<typeof issuesToErrors>[0];
const checked = (
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: Issues } | undefined } },
  document: Record<string, unknown>,
): DocumentCheck => {
  const parsed = schema.safeParse(document);
  if (parsed.success || !parsed.error) return { ok: true, document };
  return { ok: false, errors: issuesToErrors(parsed.error.issues) };
};

/**
 * The whole document a form's values stand for, checked with the kind's contract: what the PUT
 * sends (without `base_version`), or the fields' error codes as the server would answer them.
 */
export function documentOfForm(kind: ContentKindPath, values: FormValues): DocumentCheck {
  const text = (name: string) => String(values[name] ?? '');
  switch (kind) {
    case 'pages': {
      const json = parseJson(values.json_text ?? '{}');
      if (!json.ok) return { ok: false, errors: { json: ['invalid_json'] } };
      if (json.value === null || typeof json.value !== 'object' || Array.isArray(json.value))
        return { ok: false, errors: { json: ['not_an_object'] } };
      const seo = text('seo_title').trim();
      return checked(contentPageDocumentSchema, {
        title: text('title'),
        ...(seo === '' ? {} : { seo_title: seo }),
        description: text('description'),
        keywords: text('keywords'),
        json: json.value,
        markdown: text('markdown'),
        categories: listOfText(values.categories_text),
        position: Number(values.position ?? 0),
        enabled: values.enabled !== false,
      });
    }
    case 'snippets':
      return checked(contentSnippetDocumentSchema, {
        content: text('content'),
        categories: listOfText(values.categories_text),
      });
    case 'banners': {
      const button = (values.button ?? {}) as Record<string, unknown>;
      const identifier = String(button.frontend_identifier ?? '').trim();
      const image = text('image').trim();
      return checked(contentBannerDocumentSchema, {
        title: text('title'),
        description: text('description'),
        categories: listOfText(values.categories_text),
        groups: listOfText(values.groups_text).map(Number),
        logged: values.logged === true || values.logged === false ? values.logged : null,
        starts_at: utcOf(values.starts_at),
        ends_at: utcOf(values.ends_at),
        position: Number(values.position ?? 0),
        gradient: Array.isArray(values.gradient) ? values.gradient.map((c) => String(c ?? '').trim()) : [],
        labels: listOfText(values.labels_text),
        button: values.has_button
          ? {
              name: String(button.name ?? ''),
              url: String(button.url ?? '').trim(),
              type: String(button.type ?? 'link'),
              frontend_identifier: identifier === '' ? null : identifier,
            }
          : null,
        image: image === '' ? null : image,
        size: text('size') || 'small',
      });
    }
    case 'fe-configs': {
      const json = parseJson(values.value_text);
      if (!json.ok) return { ok: false, errors: { value: ['invalid_json'] } };
      const schema = feConfigSchemas[String(values.name ?? values.id) as FeConfigName];
      // A name the contracts do not know is the server's to refuse (404): nothing to check here.
      if (schema) {
        const parsed = schema.safeParse(json.value);
        if (!parsed.success)
          return {
            ok: false,
            errors: issuesToErrors(parsed.error.issues.map((i) => ({ ...i, path: ['value', ...i.path] }))),
          };
      }
      return { ok: true, document: { value: json.value } };
    }
    case 'translations':
      return checked(contentTranslationDocumentSchema, { text: text('text') });
  }
}

/** The errors as one line, as the server's `{errors}` are shown elsewhere in the back office. */
export const errorsText = (errors: Record<string, string[]>) =>
  Object.entries(errors)
    .map(([field, codes]) => `${field}: ${codes.join(', ')}`)
    .join('; ');
