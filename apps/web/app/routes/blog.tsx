import { newsResponseSchema } from '@orbit/contracts';
import { data } from 'react-router';
import { findCmsPage } from '../features/cms';
import { NewsList } from '../features/content';
import { serverApi } from '../lib/api';
import { serverEndpoints } from '../lib/endpoints.server';
import { parseLocalePath } from '../lib/locale';
import { pageNumber, PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/blog';

/**
 * `/blog` and `/blog?page=n` (docs/rules/content-pages.md "News"): the CMS page `blog` (its title,
 * text and SEO texts) and one page of at most six articles. A page past the last is the 404 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = parseLocalePath(url.pathname);
  const page = pageNumber(url.searchParams.get('page'));
  if (page === null) throw data(null, { status: 404 });
  const api = serverEndpoints(context.apiFetch, locale);
  const [intro, news] = await Promise.all([
    api.project().then(({ licence }) => findCmsPage('blog', licence, api.cmsPage)),
    serverApi(context.apiFetch, locale).get(`/api/cms/news?l=${encodeURIComponent(locale)}&page=${page}`, {
      schema: newsResponseSchema,
    }),
  ]);
  if (page > 1 && page > news.pagination.total_pages) throw data(null, { status: 404 });
  return { intro, news };
}

export function meta(args: Route.MetaArgs) {
  const intro = args.loaderData?.intro;
  const title = intro
    ? intro.blocks.title
      ? { full: intro.blocks.title }
      : { text: intro.title }
    : { key: 'content.news.title' };
  return pageMeta(args, args.loaderData ? title : null, intro?.blocks.description || undefined);
}

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  return <NewsList intro={loaderData.intro} news={loaderData.news} />;
}

export const ErrorBoundary = PageErrorBoundary;
