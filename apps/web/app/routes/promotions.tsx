import { lotteriesResponseSchema, tournamentsResponseSchema, type Lottery, type Tournament } from '@orbit/contracts';
import { data } from 'react-router';
import { CmsPageView, findCmsPage } from '../features/cms';
import { requestFlags } from '../features/feature-flags';
import { RunningPromotions, visiblePromos } from '../features/tournaments';
import { serverApi } from '../lib/api';
import { serverEndpoints } from '../lib/endpoints.server';
import { parseLocalePath } from '../lib/locale';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/promotions';

function logEmpty<T>(name: string, empty: T) {
  return (error: unknown): T => {
    console.error(name, error);
    return empty;
  };
}

/**
 * `/promotions` (docs/rules/promotions.md "The promotions page"): the static page `promotions`
 * from the CMS (404 without it, as any static page), then the promotions running now, live from
 * the tournaments' and lotteries' lists (lotteries behind their flag). A list that fails to load is left out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = parseLocalePath(new URL(request.url).pathname);
  const api = serverEndpoints(context.apiFetch, locale);
  const flags = await requestFlags(request, context.apiFetch);
  const promos = serverApi(context.apiFetch, locale);
  const [page, tournaments, lotteries] = await Promise.all([
    api.project().then(({ licence }) => findCmsPage('promotions', licence, api.cmsPage)),
    promos
      .get(flags['test-quests'] ? '/api/tournaments?test_quests=1' : '/api/tournaments', {
        schema: tournamentsResponseSchema,
      })
      .catch(logEmpty('LOAD_TOURNAMENTS_ERROR', [] as Tournament[])),
    flags.lotteries
      ? promos
          .get('/api/lotteries', { schema: lotteriesResponseSchema })
          .catch(logEmpty('LOAD_LOTTERIES_ERROR', [] as Lottery[]))
      : ([] as Lottery[]),
  ]);
  if (!page) throw data(null, { status: 404 });
  return {
    page,
    tournaments: visiblePromos(tournaments, { testQuests: flags['test-quests'], tester: flags.tester }),
    lotteries,
  };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  const title = page ? (page.blocks.title ? { full: page.blocks.title } : { text: page.title }) : null;
  return pageMeta(args, title, page?.blocks.description || undefined);
}

export default function PromotionsPage({ loaderData }: Route.ComponentProps) {
  const money = useMoneyFormat();
  return (
    <>
      <CmsPageView page={loaderData.page} />
      <RunningPromotions tournaments={loaderData.tournaments} lotteries={loaderData.lotteries} money={money} />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
