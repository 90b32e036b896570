import {
  lotteriesOfferedResponseSchema,
  type CmsPageSummary,
  type CmsSnippet,
  type LogoConfig,
  type ProvidersResponse,
  type GamesFilterRequest,
  type Licence,
  type MenuCategoryItem,
} from '@orbit/contracts';
import { lazy, Suspense, useContext, useEffect, useMemo, useRef, type ContextType, type ReactNode } from 'react';
import {
  NavigationType,
  redirect,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useOutlet,
  type Location,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { AUTH_ERROR_EVENT } from '../lib/events';
import { backgroundOf, HASH_POPUPS, popupOf } from '../lib/popups';
import {
  GUEST_REFUSED_HASHES,
  hasLegalBlockState,
  LEGAL_BLOCK_STATE,
  refusedInGuestMode,
  useLegalBlock,
} from '../lib/legal-block';
import { Toast } from '../ui/toast';
import { setPlayer, useSession } from '../lib/session';
import { useI18n } from '../lib/i18n';
import { GameGrid } from '../features/games';
import { GameSearch } from '../features/search';
import { openSupportChat, SupportBadge, SupportButton, SupportHost, SupportMenuItem } from '../features/support';
import { PwaHost } from '../features/pwa';
// The install notice the shell draws in its strip from the server's HTML on (its room kept: docs/page-shell.md "Layers").
import { PwaNotice } from '../features/pwa/pwa-host';
import { usePromotionsOffered } from '../lib/promotions-offered';
import { promotionPageOf, promotionPagesOff, seesEveryPromotionPage, surveyOf } from '../lib/route-rules';
import { CookieBanner } from '../features/consent';
// Not through the feature's index: the overlay (its code and styles) stays out of every page's first load.
import { useFrameMessages, useSportHash } from '../features/sportsbook/frame-messages';
import { bettingSite } from '../features/sportsbook/rules';
import {
  awardsOf,
  contactsOf,
  isLinkShown,
  loadFooterMarksCode,
  loadFooterMoreCode,
  logoOf,
  promotionsMenu,
  Shell,
  SHELL_SNIPPETS,
  snippetLine,
  socialLinksOf,
  tournamentsItem,
  visitorMenu,
  type FooterContent,
  type FooterLink,
} from '../features/shell';
import { requestFlags } from '../features/feature-flags';
import { serverApi } from '../lib/api';
import { deviceFromUserAgent } from '../lib/device';
import { serverEndpoints } from '../lib/endpoints.server';
import { localizePath, parseLocalePath, type Locale } from '../lib/locale';
import { offeredLocalesOf } from '../lib/offered-locales';
import { emptyOnFailure } from '../lib/telemetry';
import { browserOnly } from '../ui/island';
import { SkeletonPage } from '../ui/skeleton';
import type { Route } from './+types/shell-layout';

/** Category the search suggests games from when nothing matches (first that the menu has). */
const RECOMMENDED_CATEGORIES = ['recommended', 'top', 'popular'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = parseLocalePath(url.pathname);
  const api = serverEndpoints(context.apiFetch, locale);
  const flags = await requestFlags(request, context.apiFetch);
  // The snippets the shell reads (the cookie banner, the header's notice and promo, the footer's
  // contacts and social links); a failed load leaves the page's own words and no extras.
  const snippetList = api.snippets().catch(logEmpty('LOAD_SNIPPETS_ERROR', [] as CmsSnippet[]));
  const cookieBanner = snippetList.then(
    (list) => list.find((snippet) => snippet.id === 'cookie-banner')?.content ?? null,
  );
  // The header's logo, the footer's providers and awards (docs/page-shell.md "Header", "Footer").
  const shellExtras = Promise.all([
    api.logo().catch(logEmpty('LOAD_LOGO_CONFIG_ERROR', null)),
    api.providers().catch(logEmpty('LOAD_PROVIDERS_ERROR', [] as ProvidersResponse)),
    api
      .cmsPage('awards')
      .then((page) => awardsOf(page?.blocks.json))
      .catch(logEmpty('LOAD_AWARDS_ERROR', [] as ReturnType<typeof awardsOf>)),
    snippetList,
    loadFooterMoreCode(),
  ]);
  // Routes and rules (docs/rules/routes-and-guards.md "Promotion pages switched off", page-shell.md
  // "Survey"): a config that cannot be read switches nothing off and asks nothing.
  const rules = Promise.all([
    api
      .promotionPages()
      .then(promotionPagesOff)
      .catch(logEmpty('LOAD_PROMOTION_PAGES_ERROR', [] as ReturnType<typeof promotionPagesOff>)),
    api.survey().then(surveyOf).catch(logEmpty('LOAD_SURVEY_CONFIG_ERROR', null)),
  ]);
  const [project, menu, pages, , stocked, lotteries, betting] = await Promise.all([
    api.project(),
    // A failed list load leaves the list empty; the page still renders.
    api.menuCategories().catch(logEmpty('LOAD_MENU_CATEGORIES_ERROR', { items: [] as MenuCategoryItem[] })),
    api.cmsPages().catch(logEmpty('LOAD_STATIC_PAGES_ERROR', [] as CmsPageSummary[])),
    // The footer's marks are an island (ui/island.tsx): their code, so that the page renders them at once.
    loadFooterMarksCode(),
    // Which categories hold games to open (null when unknown: then the menu is shown as configured).
    api
      .collections()
      .then((list) => new Set(list.map((c) => c.id)))
      .catch(logEmpty('LOAD_COLLECTIONS_ERROR', null)),
    // Whether the lotteries' menu item leads to any (behind their flag; a failed load: no item).
    flags.lotteries
      ? serverApi(context.apiFetch)
          .get('/api/lotteries/offered_count', { schema: lotteriesOfferedResponseSchema })
          .then((offered) => offered.count)
          .catch(logEmpty('LOAD_LOTTERIES_ERROR', 0))
      : 0,
    // The betting site (fe config `betting-config`; docs/sportsbook.md): a failed load is no betting site.
    api.betting().catch(logEmpty('LOAD_BETTING_CONFIG_ERROR', null)),
  ]);
  const served = (slug: string) => pages.some((page) => page.slug === slug);
  const [off, survey] = await rules;
  const offPage = promotionPageOf(parseLocalePath(url.pathname).path);
  // Switched off, a promotion page goes to the lobby; the chance page to /promotions, as without its
  // flag. A tester (group 21, or the tester flag) is let through: only then is the player asked for.
  if (offPage && off.includes(offPage) && !(await testerRequest(context.apiFetch, request, flags.tester)))
    throw redirect(localizePath(offPage === 'rocket-chance' ? '/promotions' : '/', locale));
  // The game categories, then the tournaments (docs/rules/promotions.md "Navigation").
  const nav = [
    ...visitorMenu(menu.items, locale, stocked),
    ...(off.includes('tournaments') ? [] : [tournamentsItem(locale)]),
  ];
  const recommended =
    RECOMMENDED_CATEGORIES.find((id) => menu.items.some((item) => item.identifier === id)) ?? menu.items[0]?.identifier;
  const recommendedQuery: GamesFilterRequest | null = recommended
    ? { filter: { categories: { identifiers: [recommended], strategy: 'OR' } } }
    : null;
  return {
    locale,
    licence: project.licence,
    // The languages this host offers, in its order (language selector, hreflang: docs/licences.md).
    offeredLocales: offeredLocalesOf(project.locales),
    projectName: project.name,
    minimumAge: project.minimum_age,
    nav,
    // The promotions, the lotteries, the VIP club and the shop, where they lead somewhere (docs/page-shell.md "Menus").
    promotions: promotionsMenu(locale, {
      promotions: served('promotions') && !off.includes('promotions'),
      lotteries: lotteries > 0 && !off.includes('lotteries') && !off.includes('tournaments'),
      shop: served('rocket-mart') && !off.includes('rocket-mart'),
    }),
    infoLinks: footerLinks(pages, 'bottom-menu', project.licence, locale),
    helpLinks: footerLinks(pages, 'bottom-menu-help', project.licence, locale),
    device: deviceFromUserAgent(request.headers.get('user-agent')),
    recommendedQuery,
    // Whether the comp-points shop's static page is served (the bookmark widget's shop card).
    shopEnabled: served('rocket-mart') && !off.includes('rocket-mart'),
    // Routes and rules: the promotion pages switched off, the survey to ask (null: none).
    promotionPagesOff: off,
    // The tester flag: the browser lets a tester onto switched-off pages as the server does.
    testerFlag: flags.tester,
    survey,
    // The betting site the sport routes frame, null while off; the sibling sites whose frame messages count.
    betting: bettingSite(betting),
    frameOrigins: [...(context.frameAncestors ?? [])],
    cookieBanner: await cookieBanner,
    ...(await shellContent(shellExtras, pages, project.name, project.licence, locale)),
  };
}

/** The header's logo, notice and promo, the top-menu pages and the footer's content (docs/page-shell.md). */
async function shellContent(
  extras: Promise<[LogoConfig | null, ProvidersResponse, ReturnType<typeof awardsOf>, CmsSnippet[], void]>,
  pages: CmsPageSummary[],
  projectName: string,
  licence: Licence,
  locale: Locale,
) {
  const [logo, providers, awards, snippets] = await extras;
  const footer: FooterContent = {
    contacts: contactsOf(snippets),
    socials: socialLinksOf(snippets),
    contactHref: localizePath('/support', locale),
    awards,
    // Show all only while the awards page is served.
    awardsHref: pages.some((page) => page.slug === 'awards') ? localizePath('/awards', locale) : null,
    providers: providers.map((provider) => ({
      id: provider.id,
      title: provider.title,
      href: localizePath(`/producers/${provider.id}`, locale),
    })),
  };
  return {
    logo: logoOf(logo, projectName),
    notice: snippetLine(snippets, SHELL_SNIPPETS.notice),
    promo: snippetLine(snippets, SHELL_SNIPPETS.promo),
    topPages: footerLinks(pages, 'top-menu', licence, locale),
    footer,
  };
}

/**
 * Whether the request is a tester's: the tester flag, else a signed-in player in the tester group
 * (`GET /api/player` with the request's cookies; no session, or no answer, is no tester). A
 * player's page is never the guests' cached one, so the answer stays with this player.
 */
async function testerRequest(apiFetch: typeof fetch, request: Request, testerFlag: boolean): Promise<boolean> {
  if (testerFlag) return true;
  if (!request.headers.get('cookie')) return false;
  const player = await serverApi(apiFetch)
    .get<{ groups?: unknown[] }>('/api/player')
    .catch(() => null);
  return seesEveryPromotionPage(player?.groups, false);
}

/** A failed load: reported under its name (`logFailure`), the part then empty (docs/rules/fields.md "Named error logs"). */
const logEmpty = emptyOnFailure;

/** Footer links from the CMS pages of a menu category; a licence's own variant wins over the shared page. */
function footerLinks(pages: CmsPageSummary[], category: string, licence: Licence, locale: Locale): FooterLink[] {
  const bySlug = new Map<string, CmsPageSummary>();
  for (const page of pages) {
    if (!page.categories.includes(category)) continue;
    if (page.licence !== null && page.licence !== licence) continue;
    if (!isLinkShown(page.slug, licence)) continue;
    const seen = bySlug.get(page.slug);
    if (!seen || (seen.licence === null && page.licence === licence)) bySlug.set(page.slug, page);
  }
  return [...bySlug.values()].map((page) => ({
    slug: page.slug,
    href: localizePath(page.path, locale),
    title: page.title,
  }));
}

/** Header and footer data change only with the locale (own route id) or the flags (/ffc form). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

/** The identity popups' code (forms, the shared validation rules) comes with the first popup opened. */
const AuthPopup = lazy(() => import('../features/auth/auth-popup').then((m) => ({ default: m.AuthPopup })));
/** Asked of a signed-in player whose terms are out of date; loaded only then, with the popups' code. */
const TermsPopup = lazy(() => import('../features/auth/auth-popup').then((m) => ({ default: m.TermsPopup })));
/** The signed-in player's header (balance, account switcher, Deposit, player menu): loaded once a player is signed in. */
const PlayerHeader = lazy(() => import('./cashbox-header'));
/** The player's notices over the page (a jackpot won, a limit reached), from the same chunk; in the page, not in the header (its backdrop filter holds fixed boxes). */
const PlayerNotices = lazy(() => import('./cashbox-header').then((m) => ({ default: m.PlayerNotices })));
/**
 * The route rules' timed popups, hash scrolling and switched-off promotion pages act in the
 * browser only: their code loads once the page runs (lib/route-rules-host.tsx).
 */
const RouteRules = browserOnly(() => import('../lib/route-rules-host').then((m) => ({ default: m.RouteRules })));
/** Why a player was just signed out by a cooling-off or self-exclusion (router state from the limits page); loaded only then. */
const ExclusionNotice = lazy(() => import('../features/limits/exclusion-notice'));

/** A page that takes the viewport (the game page) says so by its route's `handle`: `{ immersive: true }`. */
const immersiveHandle = (handle: unknown): boolean =>
  typeof handle === 'object' && handle !== null && (handle as { immersive?: unknown }).immersive === true;

type Snapshot = {
  location: Location;
  state: NonNullable<ContextType<typeof DataRouterStateContext>>;
  element: ReactNode;
};

export default function ShellLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const data = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const routerState = useContext(DataRouterStateContext);
  const session = useSession();
  // Guest mode (docs/licences.md "The legal block and guest mode"): the ways to a session are refused.
  const legal = useLegalBlock();
  // A visitor of a tag the operator offers no promotions (`excluded-promo-stags`): no promotion links.
  const offered = usePromotionsOffered();
  // Switched-off promotion pages the browser keeps the player from: none for a tester, and none
  // while the session is unknown (a direct load was already decided by the server).
  const tester = session.status === 'unknown' || seesEveryPromotionPage(session.player?.groups, data.testerFlag);
  const pagesOff = useMemo(() => (tester ? [] : data.promotionPagesOff), [tester, data.promotionPagesOff]);
  const refused = legal.guest && refusedInGuestMode(location.pathname);
  const popup = refused ? null : popupOf(location.pathname);
  const termsMissed = session.player?.auth_fields_missed.includes('terms_acceptance') ?? false;
  // Popup routes draw over the page they were opened from: the last page drawn, with the
  // router state and location it had (its loader data is gone from the router by now).
  // Loaded directly (or when that page is not the last one drawn) the route's own module
  // draws the lobby under the popup.
  const last = useRef<Snapshot | null>(null);
  // Links to popups carry the page under them (`state.background`); the cashbox popups (their
  // own route modules, no name in `POPUPS`) are known by it alone.
  const background = backgroundOf(location.state);
  const under =
    background &&
    last.current?.location.pathname === background.pathname &&
    last.current.location.search === background.search
      ? last.current
      : null;
  // A cashbox popup learns from its outlet context whether a page is drawn under it.
  const outlet = useOutlet(under);
  if (!popup && !background && routerState) last.current = { location, state: routerState, element: outlet };
  // On a client navigation to another page, placeholder tiles stand in until its data is here.
  const switching =
    navigation.state === 'loading' &&
    navigation.location.pathname !== location.pathname &&
    !popup &&
    !background &&
    !popupOf(navigation.location.pathname) &&
    !backgroundOf(navigation.location.state);
  // A game page (also under a popup opened over it) has the viewport: the shell's chrome gives way.
  const matches = useMatches();
  const immersive =
    !switching &&
    (under
      ? under.state.matches.some((match) => immersiveHandle(match.route.handle))
      : matches.some((match) => immersiveHandle(match.handle)));

  const here = useRef(location);
  here.current = location;
  useEffect(() => {
    void import('../lib/session-client').then((m) => m.loadSession());
    // On an auth-error event (a 401) the player is logged out and sent to sign-in.
    const onAuthError = () => {
      setPlayer(null);
      const at = here.current;
      const bg = popupOf(at.pathname) ? backgroundOf(at.state) : at;
      navigate(localizePath('/sign-in', data.locale), {
        state: bg ? { background: bg } : null,
        preventScrollReset: true,
      });
    };
    window.addEventListener(AUTH_ERROR_EVENT, onAuthError);
    return () => window.removeEventListener(AUTH_ERROR_EVENT, onAuthError);
  }, [navigate, data.locale]);
  // The sportsbook (docs/sportsbook.md): `#sport` links, and the messages of a sibling site framing the casino.
  useSportHash(data.betting, data.locale);
  useFrameMessages(data.frameOrigins, data.locale);
  // Promo-code links: stored and taken out of the address, dropped for a guest at the lobby.
  useEffect(() => {
    void import('../lib/session-client').then((m) => m.applyPromoCodes(location, session.status, navigate));
  }, [location, session.status, navigate]);
  // A refused route (guest mode) keeps the page it was opened from (a popup's background, else
  // the main page) and says why; loaded directly, the server drew the notice with a 451.
  useEffect(() => {
    if (!refused) return;
    const back = backgroundOf(location.state) ?? { pathname: localizePath('/', data.locale), search: '', hash: '' };
    navigate(back, { replace: true, preventScrollReset: true, state: LEGAL_BLOCK_STATE });
  }, [refused, location.state, navigate, data.locale]);
  // Hash links open popups (#sign-in, #sign-up, #remind, #new-password) over the page.
  useEffect(() => {
    const name = location.hash.slice(1);
    if (legal.guest && GUEST_REFUSED_HASHES.includes(name)) {
      navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, preventScrollReset: true, state: LEGAL_BLOCK_STATE },
      );
      return;
    }
    if (!(HASH_POPUPS as readonly string[]).includes(name)) return;
    navigate(
      { pathname: localizePath(`/${name}`, data.locale), search: name === 'new-password' ? location.search : '' },
      {
        replace: true,
        preventScrollReset: true,
        state: popup
          ? location.state
          : { background: { pathname: location.pathname, search: location.search, hash: '' } },
      },
    );
  }, [location, navigate, data.locale, popup, legal.guest]);
  return (
    <Shell
      locale={data.locale}
      licence={data.licence}
      projectName={data.projectName}
      minimumAge={data.minimumAge}
      nav={data.nav}
      promotions={offered ? data.promotions : data.promotions.filter((item) => item.key === 'vip-club')}
      infoLinks={data.infoLinks}
      helpLinks={data.helpLinks}
      immersive={immersive}
      sports={data.betting ? localizePath('/sport', data.locale) : null}
      logo={data.logo}
      notice={data.notice}
      promo={data.promo}
      topPages={data.topPages}
      footer={data.footer}
      onChat={openSupportChat}
      notices={<PwaNotice hidden={immersive} />}
      player={
        <Suspense fallback={null}>
          <PlayerHeader
            locale={data.locale}
            licence={data.licence}
            support={{ button: <SupportButton />, menuItem: <SupportMenuItem />, badge: <SupportBadge /> }}
          />
        </Suspense>
      }
      support={<SupportButton />}
      search={
        <GameSearch
          device={data.device}
          recommendedQuery={data.recommendedQuery}
          renderGames={(games) => <GameGrid games={games} locale={data.locale} />}
        />
      }
    >
      {switching ? (
        <SkeletonPage label={t('common.loading')} />
      ) : under ? (
        <>
          <DataRouterStateContext.Provider value={under.state}>
            <LocationContext.Provider value={{ location: under.location, navigationType: NavigationType.Pop }}>
              {under.element}
            </LocationContext.Provider>
          </DataRouterStateContext.Provider>
          {popup ? null : outlet}
        </>
      ) : refused && !popupOf(location.pathname) && !location.pathname.includes('/sport/') ? null : (
        outlet
      )}
      {legal.guest && (refused || hasLegalBlockState(location.state)) ? (
        <Toast tone="warning" testId="legal-block">
          <p>{t('legalBlock.guest')}</p>
        </Toast>
      ) : null}
      {legal.player ? (
        <Toast tone="warning" testId="legal-block-player">
          <p>{t('legalBlock.player')}</p>
        </Toast>
      ) : null}
      {popup ? (
        <Suspense fallback={null}>
          <AuthPopup name={popup} locale={data.locale} background={background} />
        </Suspense>
      ) : null}
      {termsMissed ? (
        <Suspense fallback={null}>
          <TermsPopup locale={data.locale} />
        </Suspense>
      ) : null}
      {session.player ? (
        <Suspense fallback={null}>
          <PlayerNotices supportTab={<SupportButton variant="bookmark" />} />
        </Suspense>
      ) : null}
      {/* The support chat (its code on demand), in the page: the header's backdrop filter would hold its fixed panel. */}
      <SupportHost />
      {/* Routes and rules: the deep-link scroll, switched-off promotion pages, the iOS escape popup, the survey. */}
      <RouteRules locale={data.locale} promotionPagesOff={pagesOff} survey={data.survey} onGamePage={immersive} />
      {/* Installing as an app: the service worker, the install prompt, `?pwa=install` (the notice is in the strip). */}
      <PwaHost locale={data.locale} />
      {/* The cookie question, once the page runs; never over a game. */}
      <CookieBanner locale={data.locale} text={data.cookieBanner} hidden={immersive} />
      {!popup && (location.state as { limitsNotice?: unknown } | null)?.limitsNotice ? (
        <Suspense fallback={null}>
          <ExclusionNotice />
        </Suspense>
      ) : null}
    </Shell>
  );
}
