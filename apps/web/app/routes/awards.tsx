import { data } from 'react-router';
import { findCmsPage } from '../features/cms';
import { AwardsPage, awardsOf, awardYears, selectedYear } from '../features/content';
import { serverEndpoints } from '../lib/endpoints.server';
import { parseLocalePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/awards';

/** `/awards` and `/awards?year=2026` (docs/rules/content-pages.md "Awards"): the static page `awards` with its year filter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = parseLocalePath(url.pathname);
  const api = serverEndpoints(context.apiFetch, locale);
  const { licence } = await api.project();
  const page = await findCmsPage('awards', licence, api.cmsPage);
  if (!page) throw data(null, { status: 404 });
  return { page, year: selectedYear(url.searchParams.get('year'), awardYears(awardsOf(page.blocks.json))) };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  const title = page ? (page.blocks.title ? { full: page.blocks.title } : { text: page.title }) : null;
  return pageMeta(args, title, page?.blocks.description || undefined);
}

export default function AwardsRoute({ loaderData }: Route.ComponentProps) {
  return <AwardsPage page={loaderData.page} year={loaderData.year} />;
}

export const ErrorBoundary = PageErrorBoundary;
