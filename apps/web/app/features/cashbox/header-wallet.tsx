import { currencyLabel } from '../../lib/currency-label';
import { currencyOptionLabel } from '../../lib/display-names';
import type { Currency, Payment, PlayerAccount } from '@orbit/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { backgroundOf } from '../../lib/popups';
import { track } from '../../lib/telemetry';
import { closeMenuOnEscape } from '../../ui/menu-escape';
import { Toast } from '../../ui/toast';
import { useRealtime } from '../../realtime/client';
import {
  activeAccount,
  CashboxQueryProvider,
  cashboxApi,
  cashboxKeys,
  onBalanceMessage,
  onPaymentsMessage,
  queryClient,
  refreshCashbox,
  useAccounts,
  useCurrencies,
} from './data';
import { currencyInfo, formatMoney } from '../../lib/money';
import { CANCELLED_NOTICE_KEY, commonBalance, shouldShowCancelledNotice, type WageringView } from './rules';
import './cashbox.css';

/**
 * The header's wallet (signed-in players only, loaded on demand as an island of its own): the
 * active account's balance, the account switcher (switch, open another currency), the Deposit
 * button, and the cancelled-payment notice (docs/rules/page-shell.md "Notices"). While the
 * account holds bonus money or a bonus wagers, the balance is the common-balance view: real and
 * bonus money, and the wagering bonus's percent (docs/rules/gifts.md "Header"); the route hands
 * the wagering bonus in (`wagering`, from the gifts).
 *
 * Data: `GET /api/player/accounts` under `cashboxKeys.accounts` (TanStack Query, shared with the
 * cashbox popups, which invalidate it after every action). Live updates come over the realtime
 * socket, held open while this wallet is mounted: `balance` replaces the account shown,
 * `payments_changes` refreshes the cashbox's lists.
 */
export default function HeaderWallet({ wagering = null }: { wagering?: WageringView | null }) {
  // Mounted while a player is signed in: on sign-out (or a 401) nothing of theirs stays cached
  // for the next player of this page.
  useEffect(() => () => queryClient.clear(), []);
  return (
    <CashboxQueryProvider>
      <Wallet wagering={wagering} />
      <CancelledPaymentNotice />
    </CashboxQueryProvider>
  );
}

/** Where a popup link opened from the header returns to: the page (or the page under the open popup). */
function useBackground() {
  const location = useLocation();
  return backgroundOf(location.state) ?? { pathname: location.pathname, search: location.search, hash: location.hash };
}

/** The account switcher: open or not, the currency chosen for a new account, and the switch (closing it when done). */
function useAccountSwitch() {
  const [open, setOpen] = useState(false);
  const [newCurrency, setNewCurrency] = useState('');
  const switcher = useMutation({
    mutationFn: (currency: string) => cashboxApi.switchAccount(currency),
    onSuccess: () => {
      setOpen(false);
      setNewCurrency('');
      return refreshCashbox();
    },
  });
  return { open, setOpen, newCurrency, setNewCurrency, switcher };
}

function Wallet({ wagering }: { wagering: WageringView | null }) {
  useRealtime('balance', onBalanceMessage);
  useRealtime('payments_changes', onPaymentsMessage);
  const { t, locale } = useI18n();
  const accounts = useAccounts();
  const currencies = useCurrencies();
  const background = useBackground();
  const { open, setOpen, newCurrency, setNewCurrency, switcher } = useAccountSwitch();
  const active = activeAccount(accounts.data);
  const format = (account: PlayerAccount) =>
    formatMoney(account.amount_cents, currencyInfo(account.currency, currencies.data), locale);
  const unopened = (currencies.data ?? []).filter((c) => !accounts.data?.some((a) => a.currency === c.code));
  const common = commonBalance(active, wagering);
  const money = (cents: number) =>
    active ? formatMoney(cents, currencyInfo(active.currency, currencies.data), locale) : '';

  return (
    <div className="wallet">
      <details
        className="wallet__switcher"
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        onKeyDown={closeMenuOnEscape}
      >
        <BalanceSummary
          balance={active ? format(active) : accounts.isError ? '—' : null}
          common={common}
          money={money}
        />
        <div className="wallet__menu">
          {common ? <CommonBalance common={common} money={money} onLeave={() => setOpen(false)} /> : null}
          <p className="wallet__heading">{t('cashbox.header.accounts')}</p>
          <AccountList
            accounts={accounts.data ?? []}
            format={format}
            pending={switcher.isPending}
            onChoose={(account) => (account.active ? setOpen(false) : switcher.mutate(account.currency))}
          />
          {unopened.length > 0 ? (
            <OpenAccount
              unopened={unopened}
              pending={switcher.isPending}
              onOpen={(currency) => switcher.mutate(currency)}
              newCurrency={newCurrency}
              onChoose={setNewCurrency}
            />
          ) : null}
          {switcher.isError ? (
            <p className="field__error" role="alert">
              {t('errors.unknown')}
            </p>
          ) : null}
          <Link
            to={localizePath('/dashboard', locale)}
            state={{ background }}
            preventScrollReset
            className="wallet__link"
            onClick={() => setOpen(false)}
          >
            {t('cashbox.header.dashboard')}
          </Link>
        </div>
      </details>
      <Link
        to={localizePath('/deposit', locale)}
        state={{ background }}
        preventScrollReset
        className="button button--primary wallet__deposit"
        onClick={() => track({ name: 'deposit_open', source: 'header' })}
      >
        {t('cashbox.header.deposit')}
      </Link>
    </div>
  );
}

/** The header's balance (with the common balance's split and its wagering done), opening the switcher. */
function BalanceSummary({
  balance,
  common,
  money,
}: {
  /** null while the accounts load. */
  balance: string | null;
  common: ReturnType<typeof commonBalance>;
  money: (cents: number) => string;
}) {
  const { t } = useI18n();
  return (
    <summary
      className={`wallet__balance${common ? ' wallet__balance--common' : ''}`}
      aria-label={t('cashbox.header.balanceLabel')}
    >
      <span className="wallet__amounts">
        {/* Loading, the pill shows an ellipsis: the word would not fit a phone's one-row header. */}
        <span data-testid="header-balance" aria-busy={balance === null}>
          {balance ?? (
            <>
              <span aria-hidden="true">…</span>
              <span className="visually-hidden">{t('common.loading')}</span>
            </>
          )}
        </span>
        {common ? (
          <span className="wallet__split" data-testid="header-balance-split">
            {t('cashbox.header.split', { real: money(common.real), bonus: money(common.bonus) })}
          </span>
        ) : null}
      </span>
      {common?.percent != null ? (
        <span className="wallet__wager-badge" data-testid="header-wagering">
          {t('cashbox.header.percent', { percent: common.percent })}
        </span>
      ) : null}
    </summary>
  );
}

/** The player's accounts: the active one pressed, another made active by a press. */
function AccountList({
  accounts,
  format,
  pending,
  onChoose,
}: {
  accounts: PlayerAccount[];
  format: (account: PlayerAccount) => string;
  pending: boolean;
  onChoose: (account: PlayerAccount) => void;
}) {
  return (
    <ul className="wallet__accounts">
      {accounts.map((account) => (
        <li key={account.currency}>
          <button
            type="button"
            className="wallet__account"
            aria-pressed={account.active}
            disabled={pending}
            onClick={() => onChoose(account)}
          >
            <span>{currencyLabel(account.currency)}</span>
            <span>{format(account)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The common balance's parts (real, bonus) and the wagering done, with the way to the gifts. */
function CommonBalance({
  common,
  money,
  onLeave,
}: {
  common: NonNullable<ReturnType<typeof commonBalance>>;
  money: (cents: number) => string;
  onLeave: () => void;
}) {
  const { t, locale } = useI18n();
  return (
    <div className="wallet__common" data-testid="common-balance">
      <dl className="wallet__common-list">
        <div>
          <dt>{t('cashbox.header.real')}</dt>
          <dd>{money(common.real)}</dd>
        </div>
        <div>
          <dt>{t('cashbox.header.bonus')}</dt>
          <dd>{money(common.bonus)}</dd>
        </div>
      </dl>
      {common.percent !== null ? (
        <div className="wallet__wagering">
          <span>{t('cashbox.header.wagering', { percent: common.percent })}</span>
          <span
            className="wallet__bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={common.percent}
            aria-label={t('cashbox.header.wageringLabel')}
          >
            <span style={{ width: `${common.percent}%` }} />
          </span>
        </div>
      ) : null}
      <Link to={localizePath('/profile/gifts', locale)} className="wallet__link" onClick={onLeave}>
        {t('cashbox.header.gifts')}
      </Link>
    </div>
  );
}

/** An account in another currency: the currencies the player has none in. */
function OpenAccount({
  unopened,
  pending,
  onOpen,
  newCurrency,
  onChoose: setNewCurrency,
}: {
  unopened: Currency[];
  pending: boolean;
  onOpen: (currency: string) => void;
  newCurrency: string;
  onChoose: (currency: string) => void;
}) {
  const { t, locale } = useI18n();
  return (
    <form
      className="wallet__open"
      onSubmit={(event) => {
        event.preventDefault();
        if (newCurrency) onOpen(newCurrency);
      }}
    >
      <label className="field__label" htmlFor="wallet-new-currency">
        {t('cashbox.header.openCurrency')}
      </label>
      <div className="wallet__open-row">
        <select
          id="wallet-new-currency"
          className="field__input"
          value={newCurrency}
          onChange={(event) => setNewCurrency(event.target.value)}
        >
          <option value="">{t('cashbox.header.chooseCurrency')}</option>
          {unopened.map((c) => (
            <option key={c.code} value={c.code}>
              {currencyOptionLabel(c.code, locale)}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--ghost" disabled={!newCurrency || pending}>
          {t('cashbox.header.open')}
        </button>
      </div>
    </form>
  );
}

function readShown(): string | null {
  try {
    return localStorage.getItem(CANCELLED_NOTICE_KEY);
  } catch {
    return null;
  }
}

/** Toast auto-dismiss: 10 s, as every notice (docs/rules/page-shell.md "Notices"). */
const TOAST_MS = 10_000;

/**
 * A notice when the last deposit was cancelled less than 5 minutes ago, once per payment (the id
 * shown last is kept in localStorage; docs/rules/page-shell.md "Notices").
 */
function CancelledPaymentNotice() {
  const { t, locale } = useI18n();
  const currencies = useCurrencies();
  const last = useQuery({
    queryKey: cashboxKeys.paymentList({ page: 1, page_size: 1, type: 'deposit' }),
    queryFn: () => cashboxApi.payments({ page: 1, page_size: 1, type: 'deposit' }),
  });
  const [shown, setShown] = useState<Payment | null>(null);
  const deposit = last.data?.[0];
  useEffect(() => {
    if (!deposit || !shouldShowCancelledNotice(deposit, readShown(), Date.now())) return;
    try {
      localStorage.setItem(CANCELLED_NOTICE_KEY, String(deposit.id));
    } catch {
      // storage blocked: the notice may come again on the next page
    }
    setShown(deposit);
  }, [deposit]);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  // Drawn in the shell's notice strip like every notice (docs/page-shell.md "Layers"), not in the header.
  return (
    <Toast onClose={() => setShown(null)} testId="cancelled-payment">
      <p>
        {t('cashbox.notice.cancelled', {
          amount: formatMoney(shown.amount_cents, currencyInfo(shown.currency, currencies.data), locale),
          action: t(`cashbox.action.${shown.action}`),
        })}
      </p>
    </Toast>
  );
}
