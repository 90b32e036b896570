/**
 * The CMS's door for the back office (`app.orbitCmsDesk`, docs/cms.md): content listed, read,
 * written, deleted and reverted by kind and key, each write a new version with the caller's
 * audit entry in its transaction, and a page previewed as the site would answer it. Documents
 * arrive shaped by their contracts; what only the CMS can judge (a locale the site has, a
 * config's shape by its name, a text the page has) is checked here: 422 with nothing written.
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  feConfigSchemas,
  issuesToErrors,
  LICENCES,
  type CmsPage,
  type ContentBannerDocument,
  type ContentEntry,
  type ContentKind,
  type ContentListQuery,
  type ContentPageDocument,
  type ContentPagePreviewRequest,
  type ContentPageStored,
  type ContentVersion,
  type FeConfigName,
} from '@orbit/contracts';
import type { Db } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/errors';
import { defaultSeoTitle, KIND_SPECS, type Document, type KeyParts, type KindSpec } from './content-kinds';
import { renderMarkdown } from './markdown';
import { staticPages, type CmsVersionKind } from './schema';
import { pageAnswer, type CmsService } from './service';
import { translationKeys } from './translation-keys';
import {
  commitVersion,
  currentVersions,
  latestVersion,
  oneVersion,
  versionsPage,
  type ContentChange,
  type ContentWriter,
} from './versions';

export type { ContentChange, ContentWriter };

const KIND_OF: Record<ContentKind, CmsVersionKind> = {
  pages: 'page',
  snippets: 'snippet',
  banners: 'banner',
  'fe-configs': 'fe_config',
  translations: 'translation',
};

const withoutBase = <T extends { base_version?: number | undefined }>(body: T): Omit<T, 'base_version'> => {
  const { base_version: _base, ...document } = body;
  return document;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The CMS's write path, versions and preview (docs/cms.md); the back office's door to content. */
    orbitCmsDesk: ContentDesk;
  }
}

export class ContentDesk {
  constructor(
    private readonly db: Db,
    private readonly service: CmsService,
    /** Run after each committed write: the guests' cached pages show content too. */
    private readonly written: () => void = () => undefined,
  ) {}

  /** This process forgets what it cached of the content (others within their TTLs). */
  private forget(): void {
    this.service.forget();
    this.written();
  }

  private spec(kind: ContentKind): KindSpec {
    return KIND_SPECS[KIND_OF[kind]];
  }

  /** The key of an entity to read: one not spelled as the kind's keys are is simply not there. */
  private readKey(spec: KindSpec, id: string): KeyParts {
    const key = spec.parseKey(id);
    if (!key) throw notFound();
    return key;
  }

  /** The key of an entity to write: well spelled, in a locale the site has. */
  private async writeKey(spec: KindSpec, id: string): Promise<KeyParts> {
    const key = spec.parseKey(id);
    if (!key) {
      // An fe config the site does not store (banners-config is built from the banners) is not there to write.
      if (spec.kind === 'fe_config') throw notFound();
      throw AppError.validation({ id: ['invalid_key'] });
    }
    if (key.locale !== null) {
      const locales = (await this.service.locales()).map((l) => l.code);
      if (!locales.includes(key.locale)) throw AppError.validation({ locale: ['unknown_locale'] });
    }
    return key;
  }

  async list(kind: ContentKind, query: ContentListQuery) {
    const spec = this.spec(kind);
    const [live, versions] = await Promise.all([
      spec.listLive(this.db, query.locale),
      currentVersions(this.db, spec.kind),
    ]);
    const start = (query.page - 1) * query.per_page;
    return {
      total: live.length,
      data: live.slice(start, start + query.per_page).map((item) => {
        const current = versions.get(item.id);
        return {
          ...item,
          version: current?.version ?? 0,
          updated_at: current ? current.createdAt.toISOString() : null,
        };
      }),
    };
  }

  /** The entity now: its newest version, or (never written since versions began) its live row as version 0. */
  async entry(kind: ContentKind, id: string): Promise<ContentEntry> {
    const spec = this.spec(kind);
    const key = this.readKey(spec, id);
    const latest = await latestVersion(this.db, spec.kind, id);
    if (latest) {
      if (latest.document === null) throw notFound();
      return {
        id,
        version: latest.version,
        updated_at: latest.createdAt.toISOString(),
        operator_id: latest.operatorId,
        document: latest.document,
      };
    }
    const live = (await spec.read(this.db, key)) ?? spec.fallback?.(key) ?? null;
    if (!live) throw notFound();
    return { id, version: 0, updated_at: null, operator_id: null, document: live };
  }

  /** Creates or changes the entity with the whole document (`base_version` checked when given). */
  async put(
    kind: ContentKind,
    id: string,
    body: Record<string, unknown>,
    writer: ContentWriter,
  ): Promise<ContentEntry> {
    const spec = this.spec(kind);
    const key = await this.writeKey(spec, id);
    const document = this.documentOf(kind, key, body);
    return this.commit(spec, key, document, writer);
  }

  /** Deletes the entity: a version whose document is null, and no live row (404 when there is none). */
  async remove(kind: ContentKind, id: string, writer: ContentWriter): Promise<{ id: string; version: number }> {
    const spec = this.spec(kind);
    const key = this.readKey(spec, id);
    const { version } = await commitVersion(this.db, spec, key, null, writer);
    this.forget();
    return { id, version };
  }

  async versions(kind: ContentKind, id: string, page: number, perPage: number) {
    const spec = this.spec(kind);
    this.readKey(spec, id);
    const { total, rows } = await versionsPage(this.db, spec.kind, id, page, perPage);
    const data: ContentVersion[] = rows.map((r) => ({
      version: r.version,
      document: r.document,
      operator_id: r.operatorId,
      created_at: r.createdAt.toISOString(),
    }));
    return { total, data };
  }

  /** Brings version `n` back as a new version (history stays as it was). */
  async revert(kind: ContentKind, id: string, n: number, writer: ContentWriter): Promise<ContentEntry> {
    const spec = this.spec(kind);
    const key = this.readKey(spec, id);
    const old = await oneVersion(this.db, spec.kind, id, n);
    if (!old) throw notFound('version');
    // Bringing a deletion back is a delete: the DELETE call says so plainly.
    if (old.document === null) throw AppError.validation({ version: ['version_is_deletion'] });
    return this.commit(spec, key, old.document, writer, n);
  }

  /** A page as `GET /api/cms/pages/:slug` would answer it once written; nothing is written. */
  async previewPage(request: ContentPagePreviewRequest): Promise<CmsPage> {
    if (request.licence !== null && !(LICENCES as readonly string[]).includes(request.licence))
      throw AppError.validation({ licence: ['invalid_licence'] });
    const { slug, licence, locale } = request;
    const page = pageStoredOf(withoutKey(request));
    const [live] = await this.db
      .select({ id: staticPages.id })
      .from(staticPages)
      .where(
        and(
          eq(staticPages.slug, slug),
          licence ? eq(staticPages.licence, licence) : isNull(staticPages.licence),
          eq(staticPages.locale, locale),
        ),
      );
    return pageAnswer({
      id: live?.id ?? 0,
      slug,
      licence,
      locale,
      title: page.title,
      content: page.content,
      blocks: {
        title: page.seo_title,
        description: page.description,
        keywords: page.keywords,
        json: page.json,
        content_main: page.content,
      },
      categories: page.categories,
      position: page.position,
      enabled: page.enabled,
    });
  }

  private async commit(
    spec: KindSpec,
    key: KeyParts,
    document: Document,
    writer: ContentWriter,
    revertedFrom?: number,
  ): Promise<ContentEntry> {
    const { version, createdAt } = await commitVersion(this.db, spec, key, document, writer, revertedFrom);
    this.forget();
    return {
      id: key.id,
      version,
      updated_at: createdAt.toISOString(),
      operator_id: writer.operatorId,
      document,
    };
  }

  /** The document a PUT keeps: its request without `base_version`, checked where its contract cannot. */
  private documentOf(kind: ContentKind, key: KeyParts, body: Record<string, unknown>): Document {
    const document = withoutBase(body);
    switch (kind) {
      case 'pages':
        return pageStoredOf(document as ContentPageDocument);
      case 'banners': {
        const banner = document as ContentBannerDocument;
        // One spelling of a moment, so that equal documents compare equal.
        const iso = (at: string | null) => (at === null ? null : new Date(at).toISOString());
        return { ...banner, starts_at: iso(banner.starts_at), ends_at: iso(banner.ends_at) };
      }
      case 'fe-configs': {
        const schema = feConfigSchemas[key.id as FeConfigName];
        const parsed = schema.safeParse(document.value);
        if (!parsed.success)
          throw AppError.validation(
            issuesToErrors(parsed.error.issues.map((i) => ({ ...i, path: ['value', ...i.path] }))),
          );
        return { value: document.value };
      }
      case 'translations':
        if (!translationKeys().has(key.parts[1]!)) throw AppError.validation({ key: ['unknown_key'] });
        return document;
      default:
        return document;
    }
  }
}

const withoutKey = ({ slug: _s, licence: _l, locale: _lo, ...document }: ContentPagePreviewRequest) => document;

/** A page document as kept: its markdown rendered to the HTML the site serves. */
function pageStoredOf(document: ContentPageDocument): ContentPageStored {
  const html = renderMarkdown(document.markdown);
  return {
    title: document.title,
    seo_title: document.seo_title || defaultSeoTitle(document.title),
    description: document.description,
    keywords: document.keywords,
    json: document.json,
    markdown: document.markdown,
    content: html,
    categories: document.categories,
    position: document.position,
    enabled: document.enabled,
  };
}
