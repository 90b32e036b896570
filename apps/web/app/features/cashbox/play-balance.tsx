/**
 * The game page's live balance: the same
 * accounts query as the header's wallet (`GET /api/player/accounts` under the cashbox's query
 * client) and the same realtime `balance` messages, so the toolbar and the header change
 * together while the game bets and pays. The player's header (`cashbox-header.tsx`) brings it
 * and hands it to the page through `lib/balance-island`.
 */
import { useCallback } from 'react';
import { activeAccount, CashboxQueryProvider, onBalanceMessage, useAccounts, useCurrencies } from './data';
import { currencyInfo, formatMoney } from '../../lib/money';
import type { BalanceProps } from '../../lib/balance-island';
import { useI18n } from '../../lib/i18n';
import { useRealtime } from '../../realtime/client';

export default function PlayBalance({ currency }: BalanceProps) {
  return (
    <CashboxQueryProvider>
      <Balance currency={currency} />
    </CashboxQueryProvider>
  );
}

function Balance({ currency }: BalanceProps) {
  const { t, locale } = useI18n();
  // A listener of its own: the realtime client keeps one entry per function, and the header's
  // wallet listens with `onBalanceMessage` itself (unsubscribing that would silence the header).
  const listener = useCallback((message: unknown) => onBalanceMessage(message), []);
  useRealtime('balance', listener);
  const accounts = useAccounts();
  const currencies = useCurrencies();
  // The launch's currency (the session's account); demo plays FUN, so the active account is shown.
  const account = accounts.data?.find((a) => a.currency === currency) ?? activeAccount(accounts.data);
  if (!account) return <>{accounts.isError ? '—' : t('common.loading')}</>;
  return <>{formatMoney(account.amount_cents, currencyInfo(account.currency, currencies.data), locale)}</>;
}
