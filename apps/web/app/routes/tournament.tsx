import { tournamentsResponseSchema } from '@orbit/contracts';
import { data, redirect } from 'react-router';
import { requestFlags } from '../features/feature-flags';
import { findBySlug, TournamentPage, visiblePromos } from '../features/tournaments';
import { serverApi } from '../lib/api';
import { localizePath, parseLocalePath } from '../lib/locale';
import { logFailure } from '../lib/telemetry';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/tournament';

/**
 * A tournament's page (`/tournaments/{slug}`) and a quest's or achievement's (`/action/{slug}`)
 * (docs/rules/promotions.md): server-rendered with its rules, prizes and leaderboard head; the
 * player's standing and the live leaderboard follow in the browser. Unknown slug: 404 (a test
 * quest too while its flag is off). `/action` without a slug is the quests tab.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale, path } = parseLocalePath(url.pathname);
  const page = path.startsWith('/action') ? 'action' : 'tournament';
  if (page === 'action' && !params.slug) throw redirect(localizePath('/tournaments/actions', locale));
  const flags = await requestFlags(request, context.apiFetch);
  const list = await serverApi(context.apiFetch, locale)
    .get('/api/tournaments', { schema: tournamentsResponseSchema })
    .catch((error: unknown) => {
      logFailure('LOAD_TOURNAMENTS_ERROR', error);
      throw data(null, { status: 503 });
    });
  const slug = params.slug ?? '';
  const tournament = findBySlug(
    visiblePromos(list, { testQuests: flags['test-quests'], tester: flags.tester }),
    slug,
    page,
  );
  if (!tournament) throw data(null, { status: 404 });
  return { tournament };
}

export function meta(args: Route.MetaArgs) {
  const tournament = args.loaderData?.tournament;
  return pageMeta(args, tournament ? { text: tournament.title } : null, tournament?.description || undefined);
}

export default function TournamentRoute({ loaderData }: Route.ComponentProps) {
  return <TournamentPage tournament={loaderData.tournament} money={useMoneyFormat()} />;
}

export const ErrorBoundary = PageErrorBoundary;
