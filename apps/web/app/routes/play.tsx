import { data } from 'react-router';
import { GamePage } from '../features/play';
import { useBalanceComponent } from '../lib/balance-island';
import { serverEndpoints } from '../lib/endpoints.server';
import { useI18n } from '../lib/i18n';
import { PageErrorBoundary, pageMeta, requestLocale } from './route-helpers';
import type { Route } from './+types/play';

/**
 * `/play/:producer/:name` (spec §2 gameItem; `?mode=real|demo`): the game by provider and seo
 * title. The server renders the page's frame with the game's title (a game page is indexed like
 * any other); the launch and everything about the player happen in the browser.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  if (params.producer.length > 100 || params.name.length > 200) throw data(null, { status: 404 });
  const game = await serverEndpoints(context.apiFetch, locale).game(params.producer, params.name);
  if (!game) throw data(null, { status: 404 });
  return { game };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.loaderData ? { text: args.loaderData.game.title } : null);
}

export default function PlayRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  // The signed-in player's live balance (the cashbox's accounts and realtime), brought by the
  // player's header (see lib/balance-island): nothing of it is loaded for a guest.
  const Balance = useBalanceComponent();
  return (
    <div className="page">
      <GamePage game={loaderData.game} balance={(currency) => (Balance ? <Balance currency={currency} /> : t('common.loading'))} />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
