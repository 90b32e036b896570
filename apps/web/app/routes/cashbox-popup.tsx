import { useContext, useEffect, useState } from 'react';
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
  useMatches,
  useNavigate,
  useOutletContext,
  useParams,
} from 'react-router';
import {
  activeAccount,
  CashboxPopup,
  cashboxApi,
  cashboxGuard,
  cashboxKeys,
  pageUnderCashbox,
  queryClient,
  signUpTarget,
  withoutFrom,
  type CashboxView,
} from '../features/cashbox';
import { loadProfileInfo, needsPersonalInfo, PersonalInfoModal } from '../features/profile';
import { useI18n } from '../lib/i18n';
import { localizePath, parseLocalePath } from '../lib/locale';
import { backgroundOf } from '../lib/popups';
import { isAfterSignUp, type ReopenPopup } from '../lib/router-state';
import { useSession } from '../lib/session';
import { loadSession } from '../lib/session-client';
import { pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/cashbox-popup';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'cashbox.pageTitle' }), { name: 'robots', content: 'noindex' }];
}

/** What the shell layout hands its outlet: the page drawn under the popup (its router state), or null. */
type PageUnder = { state: { matches: ReadonlyArray<{ route: { id: string } }> } } | null | undefined;

/**
 * The stylesheets of the page under the popup. The router links the CSS of the matched routes
 * only, and this route is not the page's (the identity popups use the lobby's module, so the
 * lobby keeps its styles; the cashbox has a module of its own): without these the page under
 * the popup would lose its styles. Already loaded, so they apply at once.
 */
function PageUnderStyles({ under }: { under: NonNullable<PageUnder> }) {
  const manifest = useContext(FrameworkContext)?.manifest;
  const cssOf = (matches: ReadonlyArray<{ route: { id: string } }>) =>
    matches.flatMap((match) => manifest?.routes[match.route.id]?.css ?? []).map((href) => href.split('#')[0]!);
  const linked = new Set(cssOf(useMatches().map((match) => ({ route: match }))));
  // A fragment of their own: React adopts a stylesheet already in the document by its exact
  // address, and the router is removing those very elements (the cache ignores the fragment).
  // React keeps hoisted stylesheets once added, so going back to that page does not flash.
  const hrefs = new Set(
    cssOf(under.state.matches)
      .filter((href) => !linked.has(href))
      .map((href) => `${href}#under`),
  );
  return [...hrefs].map((href) => <link key={href} rel="stylesheet" href={href} precedence="default" />);
}

/** `/accounts/<id>/deposit` is the deposit step of that account; the other paths name their view. */
function viewOf(pathname: string): CashboxView {
  const path = parseLocalePath(pathname).path.slice(1);
  return path.startsWith('accounts/') ? 'deposit' : (path as CashboxView);
}

/**
 * The cashbox popup routes (login required): /cashbox, /dashboard, /deposit,
 * /accounts/:id/deposit, /deposit-bonus, /withdraw, /deposit-fast. The shell layout draws the
 * page they were opened from under them (and says so through the outlet context). Guards, in
 * order (`cashboxGuard`): a guest goes to sign-up with the target as `redirect`; coming from
 * sign-up, to the lobby; with no page under the popup (loaded directly, reloaded, linked, a
 * game's deposit link), the page named by `?from=` (else the lobby) is drawn first and the popup
 * reopens over it; a fiat player missing personal details fills them in the profile's
 * personal-info popup first, then the cashbox opens.
 */
export default function CashboxRoute() {
  const { locale } = useI18n();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams();
  const under = useOutletContext<PageUnder>();
  const pageUnder = under != null;
  const background = backgroundOf(location.state);
  const player = session.player;
  const [fiat, setFiat] = useState<boolean | null>(null);
  const [detailsDone, setDetailsDone] = useState(false);

  useEffect(() => {
    void loadSession();
  }, []);
  // Whether the active account's currency is fiat (the personal-info rule is for fiat players).
  const playerId = player?.id;
  useEffect(() => {
    if (playerId === undefined) return;
    let live = true;
    Promise.all([
      loadProfileInfo(),
      queryClient.fetchQuery({ queryKey: cashboxKeys.accounts, queryFn: cashboxApi.accounts }),
    ]).then(
      ([info, accounts]) => {
        const code = (params.id?.toUpperCase() ?? activeAccount(accounts)?.currency) || undefined;
        if (live) setFiat(info.currencies.find((c) => c.code === code)?.fiat ?? true);
      },
      () => live && setFiat(true),
    );
    return () => {
      live = false;
    };
  }, [playerId, params.id]);

  const decision = cashboxGuard({
    status: session.status,
    from: isAfterSignUp(location.state)
      ? '/sign-up'
      : background && pageUnder
        ? parseLocalePath(background.pathname).path
        : null,
    missingPersonalInfo: detailsDone ? false : player && fiat !== null ? needsPersonalInfo(player, fiat) : null,
  });
  useEffect(() => {
    if (decision === 'sign-up') {
      navigate(signUpTarget(localizePath('/sign-up', locale), location), {
        replace: true,
        state: pageUnder ? { background } : null,
      });
    } else if (decision === 'main') {
      navigate(localizePath('/', locale), { replace: true });
    } else if (decision === 'draw-page-under') {
      // The page under first (the game of a deposit link, else the lobby); the shell layout
      // then reopens this popup over it, so closing it returns there.
      const reopenPopup: ReopenPopup = { target: withoutFrom(location), key: location.key };
      navigate(pageUnderCashbox(location.search, localizePath('/', locale)), { replace: true, state: { reopenPopup } });
    }
  }, [decision, navigate, locale, location, pageUnder, background]);

  const close = () =>
    navigate(background ? background.pathname + background.search + background.hash : localizePath('/', locale), {
      preventScrollReset: true,
    });
  return (
    <>
      {under ? <PageUnderStyles under={under} /> : null}
      {decision === 'personal-info' && player ? (
        <PersonalInfoModal player={player} onClose={close} onSaved={() => setDetailsDone(true)} />
      ) : decision === 'cashbox' ? (
        <CashboxPopup view={viewOf(location.pathname)} currency={params.id} background={background} onClose={close} />
      ) : null}
    </>
  );
}
