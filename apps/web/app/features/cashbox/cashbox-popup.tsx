import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import type { Background } from '../../lib/popups';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/form';
import { activeAccount, CashboxQueryProvider, useAccounts, useCurrencies } from './data';
import { DashboardView } from './dashboard';
import { DepositView, FastDepositView } from './deposit';
import { BonusChoice, ChosenBonusLine } from './deposit-bonus';
import { currencyInfo } from '../../lib/money';
import type { CashboxView } from './rules';
import { WithdrawView } from './withdraw';
import './cashbox.css';

type Props = {
  view: CashboxView;
  /** `/accounts/<currency>/deposit`: the account to deposit to (else the active one). */
  currency?: string;
  background: Background | null;
  onClose: () => void;
};

/**
 * The cashbox popups (dashboard, deposit step, withdrawal step, one-click deposit) in one modal
 * with tabs. `/cashbox` opens the dashboard; `/deposit-bonus` is the deposit step with the
 * choice of the deposit's bonus (docs/rules/gifts.md "Deposit"); `/deposit` names the bonus
 * chosen, with a link to change it.
 */
export function CashboxPopup(props: Props) {
  return (
    <CashboxQueryProvider>
      <Popup {...props} />
    </CashboxQueryProvider>
  );
}

const TABS = [
  ['deposit', '/deposit'],
  ['withdraw', '/withdraw'],
  ['dashboard', '/dashboard'],
] as const;

function Popup({ view, currency: wanted, background, onClose }: Props) {
  const { t, locale } = useI18n();
  const accounts = useAccounts();
  const currencies = useCurrencies();
  const link = (path: string) => ({
    to: localizePath(path, locale),
    state: { background },
    replace: true as const,
    preventScrollReset: true as const,
  });
  const tab = view === 'cashbox' ? 'dashboard' : view === 'deposit-bonus' || view === 'deposit-fast' ? 'deposit' : view;
  const account = wanted
    ? accounts.data?.find((a) => a.currency === wanted.toUpperCase())
    : activeAccount(accounts.data);
  const currency = account ? currencyInfo(account.currency, currencies.data) : null;
  const title = t(`cashbox.title.${view === 'cashbox' ? 'dashboard' : view}`);

  let body;
  if (accounts.isError) body = <Notice kind="error">{t('errors.unknown')}</Notice>;
  else if (!accounts.data || currencies.isPending) body = <p role="status">{t('common.loading')}</p>;
  else if (!account || !currency) body = <Notice kind="error">{t('cashbox.noAccount')}</Notice>;
  else if (tab === 'dashboard') body = <DashboardView link={link} />;
  else if (view === 'deposit-fast') body = <FastDepositView currency={currency} depositLink={link('/deposit')} />;
  else if (view === 'deposit-bonus')
    body = (
      <>
        <BonusChoice currency={currency} />
        <DepositView currency={currency} />
      </>
    );
  else if (tab === 'deposit')
    body = (
      <>
        <ChosenBonusLine currency={currency} changeLink={link('/deposit-bonus')} />
        <DepositView currency={currency} />
      </>
    );
  else body = <WithdrawView currency={currency} account={account} />;

  return (
    <Modal title={title} onClose={onClose}>
      <nav className="cashbox__tabs" aria-label={t('cashbox.tabs.label')}>
        {TABS.map(([name, path]) => (
          <Link
            key={name}
            {...link(path)}
            className="button button--ghost"
            aria-current={tab === name ? 'page' : undefined}
          >
            {t(`cashbox.tabs.${name}`)}
          </Link>
        ))}
      </nav>
      {body}
    </Modal>
  );
}
