/**
 * The signed-in player's part of the header, composed from four features and loaded on demand
 * by the shell layout (not a route module): the EE session timer (limits), the cashbox's wallet
 * island (balance, account switcher, Deposit, cancelled-payment notice), the shell's player
 * menu, and (`PlayerNotices`, drawn by the shell layout in the page) the celebration of the
 * player's own jackpot wins and the limit-reached warning.
 * Nothing of it is in a guest's page or the lobby's first JavaScript. It also brings the game page's toolbar balance (`play-balance.tsx`, the same
 * accounts query), handed over through `lib/balance-island`, and tells the lobby's jackpots the
 * active account's currency (`lib/player-currency`).
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activeAccount, CashboxQueryProvider, useAccounts } from '../features/cashbox/data';
import HeaderWallet from '../features/cashbox/header-wallet';
import { JackpotAwardToast } from '../features/jackpots/award-toast';
import { LimitsWatcher } from '../features/limits/limit-notice';
import { SessionTimer } from '../features/limits/session-timer';
import WelcomeToast from '../features/auth/welcome-toast';
import { PlayerMenu } from '../features/shell/player-menu';
import { provideBalance } from '../lib/balance-island';
import type { Licence } from '@orbit/contracts';
import type { Locale } from '../lib/locale';
import { setPlayerCurrency } from '../lib/player-currency';
import { popupOf } from '../lib/popups';
import { followRouterState } from '../lib/router-state';
import { useSession } from '../lib/session';
import PlayBalance from './play-balance';

provideBalance(PlayBalance);

export default function PlayerHeader({ locale, licence }: { locale: Locale; licence: Licence }) {
  return (
    <>
      {/* The session timer: licence EE only (docs/rules/page-shell.md "Player protection"). */}
      {licence === 'EE' ? <SessionTimer /> : null}
      <HeaderWallet />
      <PlayerMenu locale={locale} />
      <CashboxQueryProvider>
        <ActiveCurrency />
      </CashboxQueryProvider>
    </>
  );
}

/**
 * The player's notices over the page (the celebration of a jackpot won; the limit-reached
 * warning, whose watcher also keeps the limits live and clears them at sign-out). The shell
 * layout draws them in the page, not in the header: the header's backdrop filter would hold a
 * fixed box inside it.
 */
export function PlayerNotices() {
  return (
    <>
      <JackpotAwardToast />
      <LimitsWatcher />
      <RouterStateFollower />
    </>
  );
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
