import { Link, redirect } from 'react-router';
import { CmsPageView, findCmsPage } from '../features/cms';
import { requestFlags } from '../features/feature-flags';
import { serverEndpoints } from '../lib/endpoints.server';
import { useI18n } from '../lib/i18n';
import { localizePath, parseLocalePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/rocket-chance';

/**
 * `/rocket-chance` (route rocketChance; docs/rules/promotions.md "Rocket chance"): behind the
 * `chance-page` flag; off, or without its static page, the visitor goes to /promotions. On: the
 * static page `rocket-chance` and the way to the wheel.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = parseLocalePath(new URL(request.url).pathname);
  const flags = await requestFlags(request, context.apiFetch);
  if (!flags['chance-page']) throw redirect(localizePath('/promotions', locale));
  const api = serverEndpoints(context.apiFetch, locale);
  const { licence } = await api.project();
  const page = await findCmsPage('rocket-chance', licence, api.cmsPage);
  if (!page) throw redirect(localizePath('/promotions', locale));
  return { page };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  const title = page ? (page.blocks.title ? { full: page.blocks.title } : { text: page.title }) : null;
  return pageMeta(args, title, page?.blocks.description || undefined);
}

export default function RocketChancePage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <>
      <CmsPageView page={loaderData.page} />
      <p className="page">
        <Link to={localizePath('/wheel', locale)} className="button button--primary" data-testid="to-wheel">
          {t('promotions.wheel.open')}
        </Link>
      </p>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
