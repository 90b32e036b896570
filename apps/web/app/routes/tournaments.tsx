import { lotteriesResponseSchema, tournamentsResponseSchema, type Lottery, type Tournament } from '@orbit/contracts';
import { redirect, useLocation } from 'react-router';
import { parseFlagOverrides, resolveFlags } from '../features/feature-flags';
import {
  isTournamentTab,
  TournamentsList,
  TOURNAMENT_TABS,
  visiblePromos,
  type TournamentTab,
} from '../features/tournaments';
import { serverApi } from '../lib/api';
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
    .catch((error: unknown) => {
      console.error('LOAD_LOTTERIES_ERROR', error);
      return null;
    });
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
  const flags = resolveFlags(parseFlagOverrides(request.headers.get('cookie')));
  const [list, lotteries] = await Promise.all([
    serverApi(context.apiFetch, locale)
      .get(flags['test-quests'] ? '/api/tournaments?test_quests=1' : '/api/tournaments', {
        schema: tournamentsResponseSchema,
      })
      .catch((error: unknown): Tournament[] => {
        console.error('LOAD_TOURNAMENTS_ERROR', error);
        return [];
      }),
    offeredLotteries(context.apiFetch, flags.lotteries, locale),
  ]);
  if (tab === 'lotteries' && lotteries === null) throw redirect(localizePath('/tournaments', locale));
  const tabs = TOURNAMENT_TABS.filter((name) => name !== 'lotteries' || lotteries !== null);
  return {
    tab,
    tabs,
    tournaments: visiblePromos(list, { testQuests: flags['test-quests'], tester: flags.tester }),
    lotteries: lotteries ?? [],
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
      money={money}
    />
  );
}

export const ErrorBoundary = PageErrorBoundary;
