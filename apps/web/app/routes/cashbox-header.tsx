/**
 * The signed-in player's part of the header, composed from two features and loaded on demand
 * by the shell layout (not a route module): the cashbox's wallet island (balance, account
 * switcher, Deposit, cancelled-payment notice) and the shell's player menu. Nothing of it is in
 * a guest's page or the lobby's first JavaScript. It also brings the game page's toolbar
 * balance (`play-balance.tsx`, the same accounts query), handed over through `lib/balance-island`.
 */
import HeaderWallet from '../features/cashbox/header-wallet';
import { PlayerMenu } from '../features/shell/player-menu';
import { provideBalance } from '../lib/balance-island';
import type { Locale } from '../lib/locale';
import PlayBalance from './play-balance';

provideBalance(PlayBalance);

export default function PlayerHeader({ locale }: { locale: Locale }) {
  return (
    <>
      <HeaderWallet />
      <PlayerMenu locale={locale} />
    </>
  );
}
