import { lotteriesResponseSchema, tournamentsResponseSchema, type Lottery, type Tournament } from '@orbit/contracts';
import { redirect, useLocation } from 'react-router';
import { requestFlags } from '../features/feature-flags';
import {
  customTournamentsOf,
  isTournamentTab,
  TournamentsList,
  TOURNAMENT_TABS,
  visiblePromos,
  type TournamentTab,
} from '../features/tournaments';
import { serverApi } from '../lib/api';
import { emptyOnFailure } from '../lib/telemetry';
import { serverEndpoints, type ServerEndpoints } from '../lib/endpoints.server';
import { localizePath, parseLocalePath } from '../lib/locale';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/tournaments';

/** The tab of a /tournaments path (`/tournaments` itself is "all"). */
function tabOf(pathname: string): TournamentTab {
  const last = parseLocalePath(pathname).path.split('/')[2];
  return isTournamentTab(last) ? last : 'all';
}

/**
 * The lotteries to list: behind their flag, and only while their call answers (null: not
 * offered, no tab then).
 */
async function offeredLotteries(apiFetch: typeof fetch, on: boolean, locale: string): Promise<Lottery[] | null> {
  if (!on) return null;
  return serverApi(apiFetch, locale)
    .get('/api/lotteries', { schema: lotteriesResponseSchema })
    .catch(emptyOnFailure('LOAD_LOTTERIES_ERROR', null));
}

/**
 * The custom tournaments of the CMS's `tournament` snippets in the page's locale; a snippet that
 * does not read as one is logged and left out, and snippets that fail to load leave none.
 */
async function customTournaments(api: ServerEndpoints) {
  const snippets = await api.snippets().catch(emptyOnFailure('LOAD_SNIPPETS_ERROR', []));
  return customTournamentsOf(snippets, (id, reason) => console.error('INVALID_TOURNAMENT_SNIPPET', id, reason));
}

/**
 * `/tournaments` and its tabs (docs/rules/promotions.md "Tournaments list"): server-rendered
 * (public); `/tournaments/lotteries` goes to the all tab while lotteries are off. Test quests
 * show only with the test-quests flag (or the tester flag).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = parseLocalePath(url.pathname);
  const tab = tabOf(url.pathname);
  const flags = await requestFlags(request, context.apiFetch);
  const [list, lotteries, custom] = await Promise.all([
    serverApi(context.apiFetch, locale)
      .get(flags['test-quests'] ? '/api/tournaments?test_quests=1' : '/api/tournaments', {
        schema: tournamentsResponseSchema,
      })
      .catch(emptyOnFailure('LOAD_TOURNAMENTS_ERROR', [] as Tournament[])),
    offeredLotteries(context.apiFetch, flags.lotteries, locale),
    customTournaments(serverEndpoints(context.apiFetch, locale)),
  ]);
  if (tab === 'lotteries' && lotteries === null) throw redirect(localizePath('/tournaments', locale));
  const tabs = TOURNAMENT_TABS.filter((name) => name !== 'lotteries' || lotteries !== null);
  return {
    tab,
    tabs,
    tournaments: visiblePromos(list, { testQuests: flags['test-quests'], tester: flags.tester }),
    lotteries: lotteries ?? [],
    custom: visiblePromos(custom, { testQuests: flags['test-quests'], tester: flags.tester }),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { key: 'promotions.tournaments.title' }, undefined);
}

export default function TournamentsPage({ loaderData }: Route.ComponentProps) {
  const money = useMoneyFormat();
  // The tab follows the address at once (a switch of tab renders before its data is back).
  const { pathname } = useLocation();
  return (
    <TournamentsList
      tab={tabOf(pathname)}
      tabs={loaderData.tabs}
      tournaments={loaderData.tournaments}
      lotteries={loaderData.lotteries}
      custom={loaderData.custom}
      money={money}
    />
  );
}

export const ErrorBoundary = PageErrorBoundary;
