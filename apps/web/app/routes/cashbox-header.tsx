/**
 * The signed-in player's part of the header, composed from eight features and loaded on demand
 * by the shell layout (not a route module): the EE session timer (limits), the cashbox's wallet
 * island (balance, account switcher, Deposit, cancelled-payment notice; the common-balance view
 * with the gifts' wagering bonus), the notifications' bell (its watcher among the notices), the
 * support chat's button beside it (also a tab of the bookmark widget), the
 * gifts' entry with its counter, the shell's player menu
 * (with the comp points to spend, kept live by the loyalty's watcher among the notices),
 * and (`PlayerNotices`, drawn by the shell layout in the page) the celebration of the player's
 * own jackpot wins, the limit-reached warning, the gifts' notices and the promo-code links'
 * follow-up (docs/rules/gifts.md "Promo-code links").
 * Nothing of it is in a guest's page or the lobby's first JavaScript. It also brings the game page's toolbar balance (`features/cashbox/play-balance.tsx`, the same
 * accounts query), handed over through `lib/balance-island`, and tells the lobby's jackpots the
 * active account's currency (`lib/player-currency`).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  activeAccount,
  applyDepositPromoCode,
  CashboxQueryProvider,
  cashboxKeys,
  queryClient,
  useAccounts,
  useCurrencies,
} from '../features/cashbox/data';
import HeaderWallet from '../features/cashbox/header-wallet';
import { GiftsBadge, GiftsMenuLink, GiftsWatcher, HeaderGifts, useWagering } from '../features/gifts/gifts-watcher';
import { JackpotAwardToast } from '../features/jackpots/award-toast';
import { NotificationsBell, NotificationsWatcher } from '../features/notifications';
import { TournamentsWatcher } from '../features/tournaments/tournaments-watcher';
import { BookmarkWidget, DrawerBookmarks } from '../features/loyalty/bookmark';
import { DrawerPoints, PointsMenuLink, PointsWatcher } from '../features/loyalty/points-watcher';
import { LimitsWatcher } from '../features/limits/limit-notice';
import { SessionTimer } from '../features/limits/session-timer';
import { LocalTime } from '../lib/route-rules-host';
import WelcomeToast from '../features/auth/welcome-toast';
import { PlayerMenu } from '../features/shell/player-menu';
import { provideDrawerPlayer, type DrawerPlayerProps } from '../features/shell/side-menu';
import { provideBalance } from '../lib/balance-island';
import { REFRESH_USER_EVENT } from '../lib/events';
import { ManagerPanel, useManager, VipBadge } from '../lib/shell-loyalty';
import type { Licence } from '@orbit/contracts';
import { localizePath, parseLocalePath, type Locale } from '../lib/locale';
import { setPlayerCurrency } from '../lib/player-currency';
import { popupOf } from '../lib/popups';
import { followRouterState, reopenOf } from '../lib/router-state';
import { currentSession, useSession } from '../lib/session';
import { clearPromoCodes, promoCodeStep, storedPromoCodes } from '../lib/session-client';
import { currencyInfo, formatMoney } from '../lib/money';
import { useI18n } from '../lib/i18n';
import PlayBalance from '../features/cashbox/play-balance';

provideBalance(PlayBalance);
provideDrawerPlayer(DrawerPlayer);

/**
 * The signed-in player's part of the drawer (`provideDrawerPlayer`): the VIP badge, the comp
 * points and the personal manager (only the contacts present).
 */
function DrawerPlayer(_: DrawerPlayerProps) {
  const { player } = useSession();
  const manager = useManager(player ? player.groups : null);
  if (!player) return null;
  return (
    <div className="side-menu__loyalty">
      <div className="side-menu__loyalty-row">
        <VipBadge groups={player.groups} />
        <DrawerPoints />
      </div>
      <DrawerBookmarks />
      {manager ? <ManagerPanel manager={manager} /> : null}
    </div>
  );
}

/** The VIP badge by the player menu's name (from the player's groups, live by `groups_updates`). */
function MenuVipBadge() {
  const { player } = useSession();
  return player ? <VipBadge groups={player.groups} /> : null;
}

/** The support chat's parts of the player's header (features/support), handed in by the shell layout. */
export type PlayerSupport = {
  /** The button by the bell (not drawn in a phone's row). */
  button: ReactNode;
  /** The player menu's entry and, on a phone, the counter on the menu's button. */
  menuItem: ReactNode;
  badge: ReactNode;
};

/**
 * `support`: the support chat's parts, handed in by the shell layout (their module stays in the
 * shell layout's chunk; imported here too, it would be a file of its own in the lobby's list).
 */
export default function PlayerHeader({
  locale,
  licence,
  support,
}: {
  locale: Locale;
  licence: Licence;
  support: PlayerSupport;
}) {
  const wagering = useWagering();
  // A framing sibling site's `refresh_user` (docs/sportsbook.md): the balances are loaded again.
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: cashboxKeys.accounts });
    window.addEventListener(REFRESH_USER_EVENT, reload);
    return () => window.removeEventListener(REFRESH_USER_EVENT, reload);
  }, []);
  return (
    <>
      {/* The session timer: licence EE only (docs/rules/page-shell.md "Player protection"). */}
      {licence === 'EE' ? <SessionTimer /> : null}
      {/* The local time beside it (docs/rules/page-shell.md "Timed rules"). */}
      {licence === 'EE' ? <LocalTime /> : null}
      <HeaderWallet wagering={wagering} />
      <CashboxQueryProvider>
        <HeaderNotifications />
      </CashboxQueryProvider>
      {/* The support chat's button by the bell (the chat itself: the shell layout's SupportHost). */}
      {support.button}
      <HeaderGifts />
      <PlayerMenu
        locale={locale}
        links={
          <>
            <PointsMenuLink />
            <GiftsMenuLink />
            {support.menuItem}
          </>
        }
        badge={
          <>
            <GiftsBadge />
            {support.badge}
          </>
        }
        nameBadge={<MenuVipBadge />}
      />
      <CashboxQueryProvider>
        <ActiveCurrency />
      </CashboxQueryProvider>
    </>
  );
}

/** The notifications' bell, saying amounts with the cashbox's currency catalogue (inside its query provider). */
function HeaderNotifications() {
  return <NotificationsBell currencies={useCurrencies().data} />;
}

/**
 * The player's notices over the page (the celebration of a jackpot won; the limit-reached
 * warning, whose watcher also keeps the limits live and clears them at sign-out), and the bookmark
 * widget with the support chat's tab (`supportTab`, handed in by the shell layout). The shell
 * layout draws them in the page, not in the header: the header's backdrop filter would hold a
 * fixed box inside it.
 */
export function PlayerNotices({ supportTab }: { supportTab: ReactNode }) {
  return (
    <>
      <JackpotAwardToast />
      <LimitsWatcher />
      <PointsWatcher />
      <TournamentsWatcher />
      <NotificationsWatcher />
      <BookmarkWidget support={supportTab} />
      <CashboxQueryProvider>
        <GiftsNotices />
      </CashboxQueryProvider>
      <RouterStateFollower />
      <PromoCodeFollower />
    </>
  );
}

/** The gifts kept live and told, with the cashbox's money formatting (its currency catalogue). */
function GiftsNotices() {
  const { locale } = useI18n();
  const currencies = useCurrencies().data;
  const money = useCallback(
    (cents: number, code: string) => formatMoney(cents, currencyInfo(code, currencies), locale),
    [currencies, locale],
  );
  // A gift changed its stage: money may have moved (the `balance` message says it too; this is the safety net).
  const refreshBalances = useCallback(() => void queryClient.invalidateQueries({ queryKey: cashboxKeys.accounts }), []);
  return <GiftsWatcher money={money} onChange={refreshBalances} />;
}

/** One promo code's follow-up at a time (the effect runs again on every navigation). */
let following = false;

/**
 * Promo-code links for a signed-in player at the lobby (docs/rules/gifts.md "Promo-code links"):
 * a kept gift code goes to /profile/gifts (which sends and drops it); a kept deposit code turns
 * bonuses on when they are off, is set as the deposit bonus code and opens the deposit step over
 * the lobby; a code no offer has is dropped, one that could not be sent is kept for the next visit.
 */
function PromoCodeFollower() {
  const location = useLocation();
  const navigate = useNavigate();
  const { player } = useSession();
  const here = useRef(location);
  here.current = location;
  const playerId = player?.id;
  useEffect(() => {
    const at = here.current;
    const current = currentSession().player;
    // A popup being reopened over this page goes first.
    if (!current || following || reopenOf(at.state)) return;
    const step = promoCodeStep(at.pathname, storedPromoCodes());
    if (!step) return;
    const { locale } = parseLocalePath(at.pathname);
    if (step.kind === 'gift') {
      void navigate(localizePath('/profile/gifts', locale));
      return;
    }
    following = true;
    void applyDepositPromoCode(step.code, current)
      .then((result) => {
        if (result === 'failed') return;
        clearPromoCodes(['depositPromocode']);
        // Opened only if the player is still on that page.
        if (result === 'set' && here.current.key === at.key) {
          void navigate(localizePath('/deposit-bonus', locale), {
            preventScrollReset: true,
            state: { background: { pathname: at.pathname, search: at.search, hash: at.hash } },
          });
        }
      })
      .finally(() => (following = false));
  }, [location.key, playerId, navigate]);
  return null;
}

/**
 * What a history entry's router state asks of a signed-in player's page (lib/router-state.ts): a
 * cashbox popup reopened over the page drawn for it, or the welcome after a sign-up or a
 * sign-in, once per entry. Here, with the player's notices, not in the page's first JavaScript.
 */
function RouterStateFollower() {
  const location = useLocation();
  const navigate = useNavigate();
  const [welcome, setWelcome] = useState<'signedUp' | 'signedIn' | null>(null);
  const overPopup = popupOf(location.pathname) !== null;
  useEffect(() => {
    if (location.state) followRouterState(location, navigate, overPopup, setWelcome);
  }, [location, navigate, overPopup]);
  const { player } = useSession();
  return welcome && player ? <WelcomeToast kind={welcome} player={player} onClose={() => setWelcome(null)} /> : null;
}

/** The active account's currency for the rest of the page (the header's own accounts query: no request of its own). */
function ActiveCurrency() {
  const code = activeAccount(useAccounts().data)?.currency ?? null;
  useEffect(() => {
    setPlayerCurrency(code);
    return () => setPlayerCurrency(null);
  }, [code]);
  return null;
}
