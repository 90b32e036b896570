import { data } from 'react-router';
import { CmsPageView, findCmsPage } from '../features/cms';
import { serverEndpoints } from '../lib/endpoints.server';
import { parseLocalePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/cms-page';

/**
 * Every path no other route claims: a static page if the CMS has one under that slug
 * (its licence variant first), otherwise the 404 page with HTTP status 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, path } = parseLocalePath(new URL(request.url).pathname);
  const slug = path.slice(1);
  const api = serverEndpoints(context.apiFetch, locale);
  const { licence } = await api.project();
  const page = await findCmsPage(slug, licence, api.cmsPage);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  // The CMS's SEO title already names the site; without one, the page's title and the site's name.
  const title = page ? (page.blocks.title ? { full: page.blocks.title } : { text: page.title }) : null;
  return pageMeta(args, title, page?.blocks.description || undefined);
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return <CmsPageView page={loaderData.page} />;
}

export const ErrorBoundary = PageErrorBoundary;
