import { currencyLabel } from '../../lib/currency-label';
import type { Payment, PaymentAction } from '@orbit/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { track } from '../../lib/telemetry';
import { Notice } from '../../ui/form';
import { cashboxApi, refreshCashbox, useAccounts, usePayments } from './data';
import { MethodName } from './deposit';
import { useMoney } from './parts';
import { outcomeOf } from './rules';

/** Payments per page of the history. */
export const HISTORY_PAGE_SIZE = 10;

type PopupLink = (to: string) => { to: string; state: unknown; replace: true; preventScrollReset: true };

/**
 * The cashbox dashboard (`/cashbox`, `/dashboard`): the accounts with their balances,
 * Deposit and Withdraw, pending cashouts with Recall, and the payment history (paged, by type).
 */
export function DashboardView({ link }: { link: PopupLink }) {
  const { t } = useI18n();
  const money = useMoney();
  const accounts = useAccounts();
  return (
    <div className="cashbox">
      <div className="cashbox__row">
        <Link
          {...link('/deposit')}
          className="button button--primary"
          onClick={() => track({ name: 'deposit_open', source: 'dashboard' })}
        >
          {t('cashbox.header.deposit')}
        </Link>
        <Link {...link('/withdraw')} className="button button--ghost">
          {t('cashbox.tabs.withdraw')}
        </Link>
      </div>
      <section aria-labelledby="cashbox-accounts">
        <h3 id="cashbox-accounts">{t('cashbox.header.accounts')}</h3>
        {accounts.isError ? <Notice kind="error">{t('errors.unknown')}</Notice> : null}
        <div className="stack-table-box">
          <table className="cashbox__table stack-table">
            <thead>
              <tr>
                <th scope="col">{t('cashbox.dashboard.currency')}</th>
                <th scope="col">{t('cashbox.dashboard.balance')}</th>
                <th scope="col">{t('cashbox.dashboard.withdrawable')}</th>
              </tr>
            </thead>
            <tbody>
              {(accounts.data ?? []).map((account) => (
                <tr key={account.currency} data-testid={`account-${account.currency}`}>
                  <th scope="row">
                    {currencyLabel(account.currency)}
                    {account.active ? ` (${t('cashbox.dashboard.active')})` : ''}
                  </th>
                  <td className="num" data-label={t('cashbox.dashboard.balance')}>
                    {money(account.amount_cents, account.currency)}
                  </td>
                  <td className="num" data-label={t('cashbox.dashboard.withdrawable')}>
                    {money(account.available_to_cashout_cents, account.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {(accounts.data ?? [])
          .filter((account) => account.held_cents > 0)
          .map((account) => (
            <div key={account.currency} data-testid={`held-${account.currency}`}>
              <Notice kind="info">
                {t('cashbox.held.notice', { amount: money(account.held_cents, account.currency) })}
              </Notice>
            </div>
          ))}
      </section>
      <PendingCashouts />
      <History />
    </div>
  );
}

function PendingCashouts() {
  const { t } = useI18n();
  const money = useMoney();
  const cashouts = usePayments({ page: 1, page_size: 50, type: 'cashout' });
  const recall = useMutation({ mutationFn: (id: number) => cashboxApi.recall(id), onSettled: () => refreshCashbox() });
  const pending = (cashouts.data ?? []).filter((p) => p.recallable);
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="cashbox-pending">
      <h3 id="cashbox-pending">{t('cashbox.dashboard.pending')}</h3>
      <ul className="cashbox__methods">
        {pending.map((payment) => (
          <li key={payment.id} className="cashbox__row" data-testid="pending-cashout">
            <span>
              {money(payment.amount_cents, payment.currency)} · {t(`cashbox.state.${payment.state}`)}
            </span>
            <button
              type="button"
              className="button button--ghost"
              disabled={recall.isPending}
              onClick={() => recall.mutate(payment.id)}
            >
              {t('cashbox.dashboard.recall')}
            </button>
          </li>
        ))}
      </ul>
      {recall.isError ? <Notice kind="error">{t('errors.unknown')}</Notice> : null}
    </section>
  );
}

function History() {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const [type, setType] = useState<PaymentAction | ''>('');
  const payments = usePayments({ page, page_size: HISTORY_PAGE_SIZE, ...(type ? { type } : {}) });
  const rows = payments.data ?? [];
  return (
    <section aria-labelledby="cashbox-history">
      <div className="cashbox__row">
        <h3 id="cashbox-history">{t('cashbox.dashboard.history')}</h3>
        <label>
          <span className="visually-hidden">{t('cashbox.dashboard.filter')}</span>
          <select
            className="field__input"
            value={type}
            onChange={(event) => {
              setType(event.target.value as PaymentAction | '');
              setPage(1);
            }}
          >
            <option value="">{t('cashbox.dashboard.all')}</option>
            <option value="deposit">{t('cashbox.dashboard.deposits')}</option>
            <option value="cashout">{t('cashbox.dashboard.cashouts')}</option>
          </select>
        </label>
      </div>
      {payments.isError ? <Notice kind="error">{t('errors.unknown')}</Notice> : null}
      {payments.isSuccess && rows.length === 0 ? (
        <p className="cashbox__small">{t('cashbox.dashboard.empty')}</p>
      ) : null}
      {rows.length > 0 ? <PaymentsTable rows={rows} /> : null}
      <div className="cashbox__row">
        <button
          type="button"
          className="button button--ghost"
          disabled={page <= 1}
          onClick={() => setPage((p) => p - 1)}
        >
          {t('cashbox.dashboard.previous')}
        </button>
        <span className="cashbox__small">{t('cashbox.dashboard.page', { page })}</span>
        <button
          type="button"
          className="button button--ghost"
          disabled={rows.length < HISTORY_PAGE_SIZE}
          onClick={() => setPage((p) => p + 1)}
        >
          {t('cashbox.dashboard.next')}
        </button>
      </div>
    </section>
  );
}

/** A page of payments: date, type, method, amount and state (why one is held). */
function PaymentsTable({ rows }: { rows: Payment[] }) {
  const { t, locale } = useI18n();
  const money = useMoney();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="stack-table-box">
      <table className="cashbox__table stack-table">
        <thead>
          <tr>
            <th scope="col">{t('cashbox.dashboard.date')}</th>
            <th scope="col">{t('cashbox.dashboard.type')}</th>
            <th scope="col">{t('cashbox.dashboard.method')}</th>
            <th scope="col">{t('cashbox.dashboard.amount')}</th>
            <th scope="col">{t('cashbox.dashboard.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((payment) => (
            <tr key={payment.id} data-testid="payment-row" data-outcome={outcomeOf(payment.state)}>
              <td data-label={t('cashbox.dashboard.date')}>{date.format(new Date(payment.created_at))}</td>
              <td data-label={t('cashbox.dashboard.type')}>
                <span className="cashbox__cap">{t(`cashbox.action.${payment.action}`)}</span>
              </td>
              <td data-label={t('cashbox.dashboard.method')}>
                <MethodName method={payment} />
              </td>
              <td className="num" data-label={t('cashbox.dashboard.amount')}>
                {money(payment.amount_cents, payment.currency)}
              </td>
              <td data-label={t('cashbox.dashboard.status')}>
                {t(`cashbox.state.${payment.state}`)}
                {payment.held_reason ? (
                  <span className="cashbox__small"> · {t(`cashbox.held.${payment.held_reason}`)}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
