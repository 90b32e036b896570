import { data, useLocation, useMatches } from 'react-router';
import { RealityCheck, SessionTimer, usePlayLimitCheck } from '../features/limits';
import { GamePage, modeOf } from '../features/play';
import { ProviderFieldsModal, useProviderFieldsCheck } from '../features/profile';
import { useBalanceComponent } from '../lib/balance-island';
import { serverEndpoints } from '../lib/endpoints.server';
import { useI18n } from '../lib/i18n';
import { localizePath } from '../lib/locale';
import { useSession } from '../lib/session';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta, requestLocale } from '../lib/route-helpers';
import type { Route } from './+types/play';

/**
 * `/play/:producer/:name` (`?mode=real|demo`): the game by provider and seo
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

/** The game takes the viewport: the shell layout hides its header, footer and bottom bar (shell.css). */
export const handle = { immersive: true };

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.loaderData ? { text: args.loaderData.game.title } : null);
}

export default function PlayRoute({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const session = useSession();
  const format = useMoneyFormat();
  // The signed-in player's live balance (the cashbox's accounts and realtime), brought by the
  // player's header (see lib/balance-island): nothing of it is loaded for a guest.
  const Balance = useBalanceComponent();
  const signedIn = session.status === 'player';
  // A signed-in player with a reached limit is sent to the limits page before the game opens.
  const playLimit = usePlayLimitCheck(signedIn, location.pathname);
  const realPlay = signedIn && modeOf(new URLSearchParams(location.search).get('mode')) === 'real';
  // Before real play, the fields the game's provider needs (docs/rules/fields.md "Before real play").
  const missingFields = useProviderFieldsCheck(loaderData.game.provider, session.player, realPlay);
  // The header (and its EE session timer) gives way to the game: the game's bar shows the timer.
  const licence = (
    useMatches().find((match) => match.id.startsWith('shell@'))?.data as { licence?: string } | undefined
  )?.licence;
  return (
    <div className="page">
      <GamePage
        game={loaderData.game}
        balance={(currency) => (Balance ? <Balance currency={currency} /> : t('common.loading'))}
        playLimit={playLimit}
        toolbarExtra={signedIn && licence === 'EE' ? <SessionTimer /> : null}
        missingFields={realPlay ? missingFields : undefined}
        fieldsPopup={(fields, onSaved) =>
          session.player ? <ProviderFieldsModal player={session.player} fields={fields} onSaved={onSaved} /> : null
        }
        // The reality check pauses real play only (the player's interval, /profile/limits).
        stageOverlay={
          realPlay
            ? (playing) => <RealityCheck playing={playing} lobbyHref={localizePath('/', locale)} money={{ format }} />
            : undefined
        }
      />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
