import { data } from 'react-router';
import { findCmsPage } from '../features/cms';
import { articleDate, NewsArticle } from '../features/content';
import { serverEndpoints } from '../lib/endpoints.server';
import { parseLocalePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/blog-article';

/**
 * `/blog/<slug>` (docs/rules/content-pages.md "News"): a static page of category `news` with a
 * date; any other slug is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale } = parseLocalePath(new URL(request.url).pathname);
  const api = serverEndpoints(context.apiFetch, locale);
  const { licence } = await api.project();
  const page = await findCmsPage(params.slug, licence, api.cmsPage);
  const date = page?.categories.includes('news') ? articleDate(page.blocks.json) : null;
  if (!page || !date) throw data(null, { status: 404 });
  return { page, date };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  const title = page ? (page.blocks.title ? { full: page.blocks.title } : { text: page.title }) : null;
  return pageMeta(args, title, page?.blocks.description || undefined);
}

export default function BlogArticleRoute({ loaderData }: Route.ComponentProps) {
  return <NewsArticle page={loaderData.page} date={loaderData.date} />;
}

export const ErrorBoundary = PageErrorBoundary;
