import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cmsFilesResponseSchema,
  cmsLocaleQuerySchema,
  cmsPageSchema,
  cmsPageSlugSchema,
  cmsPagesResponseSchema,
  cmsSnippetsResponseSchema,
  cmsTranslationsQuerySchema,
  cmsTranslationsResponseSchema,
  newsQuerySchema,
  newsResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { licenceOf } from '../licence';
import type { PageJsonFillers } from '../page-json-fillers';
import type { CmsService } from '../service';

/**
 * The published pages, snippets and files. A page with json fillers (`fillers`) answers its json
 * with their figures, computed at each answer (not cached with the page: a rule's change counts at once).
 */
export function contentRoutes(service: CmsService, fillers: PageJsonFillers) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const cms = { tags: ['cms'] };
    app.get(
      '/api/cms/pages',
      {
        schema: {
          ...cms,
          summary: 'Static pages (for menus)',
          querystring: cmsLocaleQuerySchema,
          response: { 200: cmsPagesResponseSchema },
        },
      },
      async (request) =>
        service.pages(await service.resolveLocale(request.query.l), await licenceOf(request, ctx.config)),
    );
    app.get(
      '/api/cms/pages/*',
      {
        schema: {
          ...cms,
          summary: 'One static page; `slug/EE` asks for a licence variant',
          params: z.object({ '*': z.string() }),
          querystring: cmsLocaleQuerySchema,
          response: { 200: cmsPageSchema },
        },
      },
      async (request) => {
        // Front ends build the URL from the page's `path`, which starts with `/`: `pages//promotions`.
        const slug = cmsPageSlugSchema.safeParse(request.params['*'].replace(/^\/+/, ''));
        if (!slug.success) throw notFound();
        const page = await service.page(
          slug.data,
          await service.resolveLocale(request.query.l),
          await licenceOf(request, ctx.config),
        );
        if (!fillers.has(page.slug)) return page;
        const stored = JSON.parse(page.blocks.json) as Record<string, unknown>;
        const json = await fillers.fill(page.slug, stored, request.log);
        return { ...page, blocks: { ...page.blocks, json: JSON.stringify(json) } };
      },
    );
    app.get(
      '/api/cms/news',
      {
        schema: {
          ...cms,
          summary: 'One page of the news articles (at most 6), newest first',
          querystring: newsQuerySchema,
          response: { 200: newsResponseSchema },
        },
      },
      async (request) =>
        service.news(
          await service.resolveLocale(request.query.l),
          await licenceOf(request, ctx.config),
          request.query.page,
          request.query.page_size,
        ),
    );
    app.get(
      '/api/cms/snippets',
      {
        schema: {
          ...cms,
          summary: 'Text snippets',
          querystring: cmsLocaleQuerySchema,
          response: { 200: cmsSnippetsResponseSchema },
        },
      },
      async (request) => service.snippets(await service.resolveLocale(request.query.l)),
    );
    app.get(
      '/api/cms/translations',
      {
        schema: {
          ...cms,
          summary: 'The page texts the operator changed in one locale (key → text), over the bundled ones',
          querystring: cmsTranslationsQuerySchema,
          response: { 200: cmsTranslationsResponseSchema },
        },
      },
      async (request) => service.translations(request.query.l),
    );
    app.get(
      '/api/cms/files',
      {
        schema: {
          ...cms,
          summary: 'Published files',
          querystring: cmsLocaleQuerySchema,
          response: { 200: cmsFilesResponseSchema },
        },
      },
      async (request) => service.files(await service.resolveLocale(request.query.l)),
    );
    app.get(
      '/cms/files/:name',
      { schema: { ...cms, summary: 'A published file', params: z.object({ name: z.string().max(200) }) } },
      async (request, reply) => {
        const file = await service.file(request.params.name);
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    );
  };
}
