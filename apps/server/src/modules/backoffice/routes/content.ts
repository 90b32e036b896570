/**
 * The CMS's write path (docs/cms.md): pages, snippets, banners, fe configs and translations,
 * listed, read, written, deleted, their versions listed and brought back, under
 * `/api/backoffice/content/<kind>` (permission `content.manage`). The CMS keeps the versions
 * (`app.orbitCmsDesk`); every write's audit entry is written here, in the write's transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  cmsPageSchema,
  contentBannerPutRequestSchema,
  contentBaseVersionQuerySchema,
  contentBaseVersionRequestSchema,
  contentDeletedSchema,
  contentEntrySchema,
  contentFeConfigPutRequestSchema,
  contentKeyParamsSchema,
  contentListQuerySchema,
  contentListResponseSchema,
  contentPagePreviewRequestSchema,
  contentPagePutRequestSchema,
  contentSnippetPutRequestSchema,
  contentTranslationPutRequestSchema,
  contentVersionParamsSchema,
  contentVersionsResponseSchema,
  backofficeListQuerySchema,
  type ContentKind,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { noStore } from '../../../platform/http/no-store';
import { cmsWriter } from './cms-writer';
import { requirePermission, type BackofficeGuard } from './guard';

/** Each kind's PUT body: the whole document, and the version it was made from if the writer knows it. */
const PUT_BODIES: Record<ContentKind, z.ZodType<Record<string, unknown>>> = {
  pages: contentPagePutRequestSchema,
  snippets: contentSnippetPutRequestSchema,
  banners: contentBannerPutRequestSchema,
  'fe-configs': contentFeConfigPutRequestSchema,
  translations: contentTranslationPutRequestSchema,
};

const KIND_TITLES: Record<ContentKind, string> = {
  pages: 'static pages (key `slug|licence|locale`, licence empty for every licence)',
  snippets: 'snippets (key `key|locale`)',
  banners: 'banners (key `identifier|locale`)',
  'fe-configs': 'fe configs (key: the name)',
  translations: 'translation overrides (key `locale|dot.path`)',
};

export function contentRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];
    const guarded = { onRequest: requirePermission(guard, 'content.manage') };
    const desk = () => fastify.orbitCmsDesk;

    /** The operator's write: its audit entry goes into the write's transaction. */
    const writerOf = (request: FastifyRequest, baseVersion: number | undefined) =>
      cmsWriter(ctx.clock, request, baseVersion, (change) => ({
        action:
          change.revertedFrom !== undefined
            ? 'content.revert'
            : change.after === null
              ? 'content.delete'
              : 'content.put',
        reason: change.revertedFrom !== undefined ? `reverted to version ${change.revertedFrom}` : null,
      }));

    // The preview comes before the kinds' `:id` routes only for the reader: its path is literal.
    app.post(
      '/api/backoffice/content/pages/preview',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'A page as GET /api/cms/pages/:slug would answer it with this document; nothing is written',
          body: contentPagePreviewRequestSchema,
          response: { 200: cmsPageSchema },
        },
      },
      async (request) => {
        const page = await desk().previewPage(request.body);
        // The figures modules write into a page's json as it is answered (the wheel's page), as the site shows them.
        const fillers = fastify.orbitPageJsonFillers;
        if (!fillers.has(page.slug)) return page;
        const json = await fillers.fill(
          page.slug,
          JSON.parse(page.blocks.json) as Record<string, unknown>,
          request.log,
        );
        return { ...page, blocks: { ...page.blocks, json: JSON.stringify(json) } };
      },
    );

    for (const kind of Object.keys(PUT_BODIES) as ContentKind[]) {
      const base = `/api/backoffice/content/${kind}`;
      const what = KIND_TITLES[kind];

      app.get(
        base,
        {
          ...guarded,
          schema: {
            tags,
            summary: `The ${what} with their current version`,
            querystring: contentListQuerySchema,
            response: { 200: contentListResponseSchema },
          },
        },
        (request, reply) => {
          reply.headers(noStore);
          return desk().list(kind, request.query);
        },
      );

      app.get(
        `${base}/:id`,
        {
          ...guarded,
          schema: {
            tags,
            summary: `One of the ${what}: its current version and document`,
            params: contentKeyParamsSchema,
            response: { 200: contentEntrySchema },
          },
        },
        (request, reply) => {
          reply.headers(noStore);
          return desk().entry(kind, request.params.id);
        },
      );

      app.put(
        `${base}/:id`,
        {
          ...guarded,
          schema: {
            tags,
            summary: `Creates or changes one of the ${what} with its whole document: a new version`,
            params: contentKeyParamsSchema,
            body: PUT_BODIES[kind],
            response: { 200: contentEntrySchema },
          },
        },
        (request) => {
          const body = request.body;
          const baseVersion = typeof body.base_version === 'number' ? body.base_version : undefined;
          return desk().put(kind, request.params.id, body, writerOf(request, baseVersion));
        },
      );

      app.delete(
        `${base}/:id`,
        {
          ...guarded,
          schema: {
            tags,
            summary: `Deletes one of the ${what}: a version without a document`,
            params: contentKeyParamsSchema,
            querystring: contentBaseVersionQuerySchema,
            response: { 200: contentDeletedSchema },
          },
        },
        (request) => desk().remove(kind, request.params.id, writerOf(request, request.query.base_version)),
      );

      app.get(
        `${base}/:id/versions`,
        {
          ...guarded,
          schema: {
            tags,
            summary: `The versions of one of the ${what}, newest first`,
            params: contentKeyParamsSchema,
            querystring: backofficeListQuerySchema,
            response: { 200: contentVersionsResponseSchema },
          },
        },
        (request, reply) => {
          reply.headers(noStore);
          return desk().versions(kind, request.params.id, request.query.page, request.query.per_page);
        },
      );

      app.post(
        `${base}/:id/versions/:n/revert`,
        {
          ...guarded,
          schema: {
            tags,
            summary: `Brings version n of one of the ${what} back as a new version`,
            params: contentVersionParamsSchema,
            body: contentBaseVersionRequestSchema,
            response: { 200: contentEntrySchema },
          },
        },
        (request) =>
          desk().revert(kind, request.params.id, request.params.n, writerOf(request, request.body.base_version)),
      );
    }
  };
}
