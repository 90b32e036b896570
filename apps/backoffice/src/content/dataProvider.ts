/**
 * The content resources' branch of the data provider (docs/backoffice.md "Content"): a resource
 * `content_pages` is `/api/backoffice/content/pages`; a record is an entry's bookkeeping with its
 * document flattened into form fields (documents.ts); a save is a PUT of the whole document with
 * the version the form was made from (`base_version`), so a colleague's change in between is a
 * 409 the screen reports instead of a silent overwrite. The translations' list is the catalogue of
 * the page's texts for one locale, built from the messages files the site serves.
 */
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import type { ContentEntry, ContentListItem } from '@orbit/contracts';
import { api, ApiError } from '../api';
import {
  CONTENT_RESOURCES,
  documentOfForm,
  formOfEntry,
  isContentResource,
  keyOfNew,
  pageKeyParts,
  translationKeyParts,
  type ContentKindPath,
  type ContentResource,
  type FormValues,
} from './documents';
import { translationCatalogue, type CatalogueRow } from './catalogue';

const pathOf = (resource: ContentResource, id?: string) =>
  `/content/${CONTENT_RESOURCES[resource]}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

/** The server's largest list page. */
const PAGE_MAX = 200;

type List<R> = { data: R[]; total: number };

/** Every row of a kind in one locale (or all): the lists are small (pages, banners: dozens per locale). */
async function everyRow(resource: ContentResource, locale: string | undefined): Promise<ContentListItem[]> {
  const rows: ContentListItem[] = [];
  for (let page = 1; ; page++) {
    const search = new URLSearchParams({ page: String(page), per_page: String(PAGE_MAX) });
    if (locale) search.set('locale', locale);
    const part = await api<List<ContentListItem>>('GET', `${pathOf(resource)}?${search}`);
    rows.push(...part.data);
    if (part.data.length < PAGE_MAX || rows.length >= part.total) return rows;
  }
}

const pageOf = <R>(rows: R[], params: GetListParams): List<R> => {
  const perPage = params.pagination?.perPage ?? 25;
  const start = ((params.pagination?.page ?? 1) - 1) * perPage;
  return { data: rows.slice(start, start + perPage), total: rows.length };
};

/** A list row with its key's parts as columns (a page's slug and licence, a snippet's key ...). */
function rowOf(kind: ContentKindPath, item: ContentListItem): RaRecord {
  const parts = item.id.split('|');
  switch (kind) {
    case 'pages': {
      const { slug, licence } = pageKeyParts(item.id);
      return { ...item, slug, licence: licence ?? '' };
    }
    case 'snippets':
      return { ...item, key: parts[0] };
    case 'banners':
      return { ...item, identifier: parts[0] };
    default:
      return { ...item };
  }
}

/** The list of a kind; pages filter by slug (a part of it) and licence here, the server by locale. */
async function contentList(resource: ContentResource, params: GetListParams): Promise<List<RaRecord>> {
  const kind = CONTENT_RESOURCES[resource];
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  const locale = typeof filter.locale === 'string' && filter.locale !== '' ? filter.locale : undefined;
  if (kind === 'translations') return pageOf<CatalogueRow>(await translationCatalogue(locale ?? 'de', filter), params);
  const slug = typeof filter.slug === 'string' ? filter.slug.trim() : '';
  const licence = typeof filter.licence === 'string' ? filter.licence : '';
  const q = typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : '';
  const rows = (await everyRow(resource, locale)).map((item) => rowOf(kind, item));
  const wanted = rows.filter(
    (row) =>
      (slug === '' || String(row.slug ?? '').includes(slug)) &&
      // '-': the pages every licence sees (no licence of their own).
      (licence === '' || (licence === '-' ? row.licence === '' : row.licence === licence)) &&
      (q === '' || `${String(row.id)} ${String(row.label)}`.toLowerCase().includes(q)),
  );
  return pageOf(wanted, params);
}

/**
 * An error react-admin's forms understand: `body.errors` puts each message under its input.
 * The server's field names are the document's; the forms hold some of them as text.
 */
export class ContentSaveError extends Error {
  readonly body: { errors: Record<string, string> };
  constructor(
    readonly status: number,
    readonly errors: Record<string, string[]>,
  ) {
    super(
      Object.entries(errors)
        .map(([field, codes]) => `${field}: ${codes.join(', ')}`)
        .join('; ') || `HTTP ${status}`,
    );
    this.body = { errors: formErrors(errors) };
  }
}

/** The server's (or the contract's) field names → the form's inputs, as react-admin nests them. */
const FORM_FIELDS: Record<string, string> = {
  json: 'json_text',
  categories: 'categories_text',
  groups: 'groups_text',
  labels: 'labels_text',
  value: 'value_text',
};
export function formErrors(errors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, codes] of Object.entries(errors)) {
    const head = field.split('.')[0]!;
    const input = FORM_FIELDS[head] ?? (head === 'gradient' || head === 'button' ? field : head);
    out[input] = [out[input], codes.join(', ')].filter(Boolean).join('; ');
  }
  return out;
}

const saveError = (error: unknown) =>
  error instanceof ApiError && error.status === 422 ? new ContentSaveError(422, error.errors) : error;

/** The whole document of a form, checked before it is sent (the server checks again). */
function documentOrThrow(kind: ContentKindPath, values: FormValues) {
  const check = documentOfForm(kind, values);
  if (!check.ok) throw new ContentSaveError(422, check.errors);
  return check.document;
}

/**
 * One entity now; a translation without an override is still a record (version 0, or the version
 * that deleted it), so the same form creates it. Translations carry the English and the current
 * text beside the override.
 */
async function contentOne(resource: ContentResource, id: string): Promise<RaRecord> {
  const kind = CONTENT_RESOURCES[resource];
  if (kind !== 'translations')
    return { ...formOfEntry(kind, await api<ContentEntry>('GET', pathOf(resource, id))), [WHOLE]: true } as RaRecord;
  const { locale, key } = translationKeyParts(id);
  const [entry, texts] = await Promise.all([
    api<ContentEntry>('GET', pathOf(resource, id)).catch(async (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      const versions = await api<List<{ version: number }>>('GET', `${pathOf(resource, id)}/versions?per_page=1`);
      return { id, version: versions.data[0]?.version ?? 0, updated_at: null, operator_id: null, document: null };
    }),
    translationCatalogue(locale, { key_exact: key }),
  ]);
  const row = texts[0];
  return {
    ...formOfEntry(kind, entry),
    english: row?.english ?? '',
    current: row?.current ?? '',
    overridden: entry.document !== null,
    [WHOLE]: true,
  } as RaRecord;
}

async function put(resource: ContentResource, id: string, document: Record<string, unknown>, baseVersion?: number) {
  const entry = await api<ContentEntry>('PUT', pathOf(resource, id), {
    ...document,
    ...(baseVersion === undefined ? {} : { base_version: baseVersion }),
  }).catch((error: unknown) => {
    throw saveError(error);
  });
  return { ...formOfEntry(CONTENT_RESOURCES[resource], entry), [WHOLE]: true } as RaRecord;
}

/**
 * Marks a record read whole (one entity's call), not a list's row: react-admin shows a list's row
 * at once as the record an edit page opens with, and a form made from it would lose what the
 * operator typed when the whole record arrives.
 */
export const WHOLE = 'whole_record';

/** Only the content resources: the caller keeps the other resources' methods. */
export const contentDataProvider = {
  getList: (resource: ContentResource, params: GetListParams) => contentList(resource, params),
  getOne: (resource: ContentResource, id: string) => contentOne(resource, id),
  /** A save from the edit form: made from `previousData.version`. */
  update: async (resource: ContentResource, id: string, data: FormValues, previous: FormValues | undefined) => {
    const saved = await put(
      resource,
      id,
      documentOrThrow(CONTENT_RESOURCES[resource], data),
      previous?.version ?? data.version,
    );
    // A translation's record also carries the English and the site's texts: read again with them.
    return CONTENT_RESOURCES[resource] === 'translations' ? contentOne(resource, id) : saved;
  },
  /** A new entity: its key from the form; base version 0, so an existing one with the same key is a conflict, never overwritten. */
  create: (resource: ContentResource, data: FormValues) => {
    const kind = CONTENT_RESOURCES[resource];
    return put(resource, keyOfNew(kind, data), documentOrThrow(kind, data), 0);
  },
  delete: async (resource: ContentResource, id: string, previous: FormValues | undefined) => {
    const search = previous?.version === undefined ? '' : `?base_version=${previous.version}`;
    const deleted = await api<{ id: string; version: number }>('DELETE', `${pathOf(resource, id)}${search}`);
    return { ...previous, id: deleted.id, version: deleted.version } as RaRecord;
  },
  versions: (resource: ContentResource, id: string) =>
    api<List<ContentVersionRow>>('GET', `${pathOf(resource, id)}/versions?page=1&per_page=100`),
  revert: (resource: ContentResource, id: string, version: number, baseVersion: number | undefined) =>
    api<ContentEntry>(
      'POST',
      `${pathOf(resource, id)}/versions/${version}/revert`,
      baseVersion === undefined ? {} : { base_version: baseVersion },
    ),
};

export type ContentVersionRow = {
  version: number;
  document: Record<string, unknown> | null;
  operator_id: number | null;
  created_at: string;
};

/** `general` with the content resources answered by this branch; every other resource unchanged. */
export function withContent(general: DataProvider): DataProvider {
  return {
    ...general,
    getList: (resource, params) =>
      isContentResource(resource)
        ? (contentDataProvider.getList(resource, params) as never)
        : general.getList(resource, params),
    getOne: async (resource, params) =>
      isContentResource(resource)
        ? ({ data: await contentDataProvider.getOne(resource, String(params.id)) } as never)
        : general.getOne(resource, params),
    update: async (resource, params) =>
      isContentResource(resource)
        ? ({
            data: await contentDataProvider.update(
              resource,
              String(params.id),
              params.data as FormValues,
              params.previousData as FormValues | undefined,
            ),
          } as never)
        : general.update(resource, params),
    create: async (resource, params) =>
      isContentResource(resource)
        ? ({ data: await contentDataProvider.create(resource, params.data as FormValues) } as never)
        : general.create(resource, params),
    delete: async (resource, params) =>
      isContentResource(resource)
        ? ({
            data: await contentDataProvider.delete(resource, String(params.id), params.previousData as FormValues),
          } as never)
        : general.delete(resource, params),
  };
}
