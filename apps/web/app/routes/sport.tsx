import { lazy, Suspense, useEffect, useRef } from 'react';
import { redirect, useLocation, useNavigate } from 'react-router';
import {
  bettingPageUrl,
  bettingSite,
  closeTarget,
  sportDecision,
  sportKindOf,
  sportSection,
  SportOverlay,
} from '../features/sportsbook';
import { useI18n } from '../lib/i18n';
import { localizePath, parseLocalePath } from '../lib/locale';
import { serverEndpoints } from '../lib/endpoints.server';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import { useSession } from '../lib/session';
import { useLegalBlock } from '../lib/legal-block';
import { emptyOnFailure } from '../lib/telemetry';
import type { Route } from './+types/sport';

/** The casino's sign-in and sign-up over the betting frame: the identity popups' code, loaded only then. */
const AuthPopup = lazy(() => import('../features/auth/auth-popup').then((m) => ({ default: m.AuthPopup })));

/**
 * `/sport/{section?}`, `/sport/login`, `/sport/registration` (docs/sportsbook.md): the betting site
 * of the fe config `betting-config` in a frame over the shell. With no betting site (the default)
 * every one of them is the lobby, already on the server.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { locale, path } = parseLocalePath(new URL(request.url).pathname);
  const config = await serverEndpoints(context.apiFetch, locale)
    .betting()
    .catch(emptyOnFailure('LOAD_BETTING_CONFIG_ERROR', null));
  const site = bettingSite(config);
  const kind = sportKindOf(path);
  if (sportDecision({ kind, site, session: 'unknown' }) === 'lobby' || !site) throw redirect(localizePath('/', locale));
  return { site, kind, section: kind === 'page' ? sportSection(params.param) : null };
}

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'sportsbook.title' }), { name: 'robots', content: 'noindex' }];
}

export default function SportRoute({ loaderData }: Route.ComponentProps) {
  const { locale } = useI18n();
  const { site, kind, section } = loaderData;
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // Guests only is decided by the session the page was entered with: a guest who signs in here
  // is then led back to the frame by the form, not sent to the lobby by this guard.
  const entered = useRef(session.status);
  if (entered.current === 'unknown') entered.current = session.status;
  const decision = sportDecision({ kind, site, session: entered.current });
  // Guest mode refuses the forms (docs/licences.md): the shell leads back and says why.
  const formsRefused = useLegalBlock().guest;
  const lobby = localizePath('/', locale);
  useEffect(() => {
    if (decision === 'lobby') void navigate(lobby, { replace: true });
  }, [decision, navigate, lobby]);
  const close = () => {
    const target = closeTarget(location.search, site, section);
    if (target.kind === 'inside') void navigate(target.path);
    else window.location.assign(target.url);
  };
  // The forms lie over the betting page; closing them or signing in leads there (with the same `path`).
  const background = { pathname: localizePath('/sport', locale), search: location.search, hash: '' };
  return (
    <>
      <SportOverlay src={bettingPageUrl(site, section)} onClose={close} />
      {!formsRefused && (decision === 'sign-in' || decision === 'sign-up') ? (
        <Suspense fallback={null}>
          <AuthPopup name={decision} locale={locale} background={background} />
        </Suspense>
      ) : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
