import { data, redirect, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { findCmsPage } from '../features/cms';
import { CompPointsShop, tabOfPath } from '../features/loyalty';
import { serverEndpoints } from '../lib/endpoints.server';
import { localizePath, parseLocalePath } from '../lib/locale';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/comp-points';

/** The shop's tabs besides "all" (`/rocket-mart/<tab>`); any other segment is not a page. */
const TABS = new Set(['freespins', 'money', 'special']);

/**
 * `/rocket-mart` and its tabs (docs/rules/comp-points.md): the static page `rocket-mart` drives
 * the shop; when the CMS does not serve it (disabled) the visitor goes to /promotions. The
 * rewards and the player's points load in the browser (the cards wait behind placeholders).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.tab !== undefined && !TABS.has(params.tab)) throw data(null, { status: 404 });
  const { locale } = parseLocalePath(new URL(request.url).pathname);
  const api = serverEndpoints(context.apiFetch, locale);
  const { licence } = await api.project();
  const page = await findCmsPage('rocket-mart', licence, api.cmsPage);
  if (!page) throw redirect(localizePath('/promotions', locale));
  return { page };
}

/** A switch of tab is the same page: nothing to load again (the tabs filter the loaded cards). */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    currentUrl.search === nextUrl.search &&
    parseLocalePath(currentUrl.pathname).locale === parseLocalePath(nextUrl.pathname).locale
  )
    return false;
  return defaultShouldRevalidate;
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  const title = page ? (page.blocks.title ? { full: page.blocks.title } : { text: page.title }) : null;
  return pageMeta(args, title, page?.blocks.description || undefined);
}

export default function CompPointsPage({ loaderData }: Route.ComponentProps) {
  const money = useMoneyFormat();
  const { pathname } = useLocation();
  return <CompPointsShop page={loaderData.page} tab={tabOfPath(pathname)} money={money} />;
}

export const ErrorBoundary = PageErrorBoundary;
