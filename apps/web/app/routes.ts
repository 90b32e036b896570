import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { DEFAULT_LOCALE, PREFIXED_LOCALES } from './lib/locale';
import { POPUPS } from './lib/popups';
import { CASHBOX_VIEWS } from './features/cashbox/rules';
import { TOURNAMENT_TABS } from './features/tournaments/rules';
import { ALIAS_PATHS } from './lib/route-rules';

/**
 * The public pages, once per locale: English unprefixed, every other locale under `/<code>`
 * (docs/rules/routes-and-guards.md "Locales"). Route ids carry the locale (`lobby@de`), so a route module serves
 * all of them and reads its locale from the URL.
 *
 * Each locale's tree: i18n layout (messages) → shell layout (header, footer) → pages. A
 * prefixed locale's i18n layout carries the prefix as its own path (`de`), so matching a URL
 * of another locale stops at that layout instead of trying every page under it (~10× fewer
 * path tests per request; the URLs and route ids are the same as with prefixed pages).
 */
function pages(locale: string) {
  const id = (name: string) => `${name}@${locale}`;
  return [
    layout('routes/shell-layout.tsx', { id: id('shell') }, [
      index('routes/lobby.tsx', { id: id('lobby') }),
      route('pokies/all', 'routes/category.tsx', { id: id('pokies-all') }),
      route('pokies/:slug', 'routes/category.tsx', { id: id('pokies') }),
      route('live/all', 'routes/category.tsx', { id: id('live-all') }),
      route('live/:slug', 'routes/category.tsx', { id: id('live') }),
      route('categories/:slug', 'routes/category.tsx', { id: id('categories') }),
      // The player's favourite games (login required; docs/rules/page-shell.md "Game lists").
      route('favorite-games', 'routes/favorite-games.tsx', { id: id('favorite-games') }),
      route('producers/:slug', 'routes/producer.tsx', { id: id('producer') }),
      route('producers/:slug/:page', 'routes/producer.tsx', { id: id('producer-page') }),
      // The game page (`mode=real|demo`, docs/rules/routes-and-guards.md "Pages"); `/play` alone is the lobby's.
      route('play', 'routes/play-index.ts', { id: id('play-index') }),
      route('play/:producer/:name', 'routes/play.tsx', { id: id('play') }),
      // Provably fair play explained, with the studio's verifier (public).
      route('fair', 'routes/fair.tsx', { id: id('fair') }),
      // The withdrawal link mailed to a player in a cooling-off or self-exclusion (public: no session).
      route('withdrawal', 'routes/withdrawal.tsx', { id: id('withdrawal') }),
      route('oops', 'routes/oops.tsx', { id: id('oops') }),
      // The comp-points shop and its tabs (free spins, money, special), driven by the static page
      // `rocket-mart` (docs/rules/comp-points.md); one route, so a switch of tab loads nothing.
      route('rocket-mart/:tab?', 'routes/comp-points.tsx', { id: id('comp-points') }),
      // The VIP club with the adventure calendar (route vipClub; docs/rules/vip-club.md).
      route('vip-club', 'routes/vip-club.tsx', { id: id('vip-club') }),
      // Tournaments with their tabs (one module: a switch of tab is the same page), a
      // tournament's page, a quest's or achievement's page (docs/rules/promotions.md).
      route('tournaments', 'routes/tournaments.tsx', { id: id('tournaments') }),
      ...TOURNAMENT_TABS.map((tab) =>
        route(`tournaments/${tab}`, 'routes/tournaments.tsx', { id: id(`tournaments-${tab}`) }),
      ),
      route('tournaments/:slug', 'routes/tournament.tsx', { id: id('tournament') }),
      route('action/:slug?', 'routes/tournament.tsx', { id: id('action') }),
      route('lottery/:slug', 'routes/lottery.tsx', { id: id('lottery') }),
      // The loot-box wheel (route spinWheelPage).
      route('wheel', 'routes/wheel.tsx', { id: id('wheel') }),
      // The segments wheel (route spinWheelSegmentsPage).
      route('wheel/segments', 'routes/wheel-segments.tsx', { id: id('wheel-segments') }),
      // The chance page (route rocketChance) behind its flag.
      route('rocket-chance', 'routes/rocket-chance.tsx', { id: id('rocket-chance') }),
      // The static page `promotions` with the promotions running now.
      route('promotions', 'routes/promotions.tsx', { id: id('promotions') }),
      // Support (route supportPage): the way to the chat and the contact form (docs/rules/page-shell.md "Support chat").
      route('support', 'routes/support.tsx', { id: id('support') }),
      route('ffc', 'routes/ffc.tsx', { id: id('ffc') }),
      // The betting site of `betting-config` in a frame, and the casino's sign-in / sign-up over it
      // (docs/sportsbook.md); the lobby while it is off.
      route('sport/login', 'routes/sport.tsx', { id: id('sport-login') }),
      route('sport/registration', 'routes/sport.tsx', { id: id('sport-registration') }),
      route('sport/:param?', 'routes/sport.tsx', { id: id('sport') }),
      // Popup routes (docs/rules/routes-and-guards.md "Popups"): modals over the page they were
      // opened from; loaded directly, over the lobby (the lobby's module draws it and loads the
      // popup's code on demand).
      ...POPUPS.map((name) => route(name, 'routes/lobby.tsx', { id: id(name) })),
      // Cashbox popup routes (login required): drawn over the page they were opened
      // from (the shell layout draws it); `/accounts/<currency>/deposit` is the deposit step of
      // that account. `/cashbox/return` is the page the PSP sends the player back to.
      ...CASHBOX_VIEWS.map((name) => route(name, 'routes/cashbox-popup.tsx', { id: id(name) })),
      route('accounts/:id/deposit', 'routes/cashbox-popup.tsx', { id: id('account-deposit') }),
      route('cashbox/return', 'routes/cashbox-return.tsx', { id: id('cashbox-return') }),
      // The same sign-in and sign-up forms as full pages (guests only).
      route('login', 'routes/login.tsx', { id: id('login') }),
      route('registration', 'routes/registration.tsx', { id: id('registration') }),
      // The profile (login required): a layout with its tabs.
      // `/users` is its older address. `limits/confirm` is the mailed link of a limit's raise or removal.
      route('profile', 'routes/profile.tsx', { id: id('profile') }, [
        index('routes/profile-main.tsx', { id: id('profile-main') }),
        route('security', 'routes/profile-security.tsx', { id: id('profile-security') }),
        route('verification', 'routes/profile-verification.tsx', { id: id('profile-verification') }),
        route('games-history', 'routes/profile-games-history.tsx', { id: id('profile-games-history') }),
        route('games-history/:id', 'routes/profile-game-round.tsx', { id: id('profile-game-round') }),
        route('limits', 'routes/profile-limits.tsx', { id: id('profile-limits') }),
        route('limits/confirm', 'routes/profile-limit-confirm.tsx', { id: id('profile-limit-confirm') }),
        route('gifts', 'routes/profile-gifts.tsx', { id: id('profile-gifts') }),
        route('level', 'routes/profile-level.tsx', { id: id('profile-level') }),
      ]),
      route('users', 'routes/profile-alias.ts', { id: id('users') }),
      // Mailed reset links and the older addresses open the new-password / confirmation popups.
      route('users/password/edit', 'routes/auth-redirect.ts', { id: id('password-edit') }),
      route('profile/password/edit', 'routes/auth-redirect.ts', { id: id('profile-password-edit') }),
      route('users/confirmation', 'routes/auth-redirect.ts', { id: id('users-confirmation') }),
      route('profile/confirmation', 'routes/auth-redirect.ts', { id: id('profile-confirmation') }),
      // Routes and rules (docs/rules/routes-and-guards.md "Named and older addresses"): addresses
      // that are another page (`/games/{id}`, `/santa-vegas`, `/accounts/history`, `/arena`,
      // `/leaderboard`, `/adventures`, `/slots...`), redirected there by one module.
      route('games/:id', 'routes/aliases.ts', { id: id('alias-games') }),
      ...ALIAS_PATHS.map((path) => route(path, 'routes/aliases.ts', { id: id(`alias-${path.replace(/[/:]/g, '-')}`) })),
      // CMS content pages (docs/rules/content-pages.md): the news list (six a page, `?page=n`) and
      // its articles, the awards with their year filter, the payment methods' cards, one bonus
      // offer's page. Mystic jackpot pages (`/<identifier>`) and `/benefits-of-crypto` are the
      // static-page route's (below).
      route('blog', 'routes/blog.tsx', { id: id('blog') }),
      route('blog/:slug', 'routes/blog-article.tsx', { id: id('blog-article') }),
      route('awards', 'routes/awards.tsx', { id: id('awards') }),
      route('payments', 'routes/payments.tsx', { id: id('payments') }),
      route('bonus/:key', 'routes/bonus.tsx', { id: id('bonus') }),
      // Static pages (/privacy-policy, /terms-and-conditions ...) and every other CMS slug;
      // anything the CMS does not know is the 404 page.
      route('*', 'routes/cms-page.tsx', { id: id('cms') }),
    ]),
  ];
}

export default [
  route('messages/:file', 'routes/messages.ts'),
  layout('routes/i18n-layout.tsx', { id: `i18n@${DEFAULT_LOCALE}` }, pages(DEFAULT_LOCALE)),
  ...PREFIXED_LOCALES.map((locale) => route(locale, 'routes/i18n-layout.tsx', { id: `i18n@${locale}` }, pages(locale))),
] satisfies RouteConfig;
