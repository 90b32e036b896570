import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { Notice } from '../../ui/form';
import { cashboxApi, cashboxKeys, CashboxQueryProvider } from './data';
import { PaymentOutcome } from './parts';
import { depositOrigin } from './deposit-origin';
import { useEffect, useState } from 'react';
import './cashbox.css';

/**
 * No casino payment id in the address (a PSP that puts its own id in `payment_id`): the
 * player is back from their newest deposit, so that one is checked.
 */
function LatestDeposit() {
  const { t } = useI18n();
  const latest = useQuery({
    queryKey: cashboxKeys.paymentList({ page: 1, page_size: 1, type: 'deposit' }),
    queryFn: () => cashboxApi.payments({ page: 1, page_size: 1, type: 'deposit' }),
  });
  if (latest.isPending) return <p role="status">{t('cashbox.outcome.checking')}</p>;
  const payment = latest.data?.[0];
  return payment ? (
    <PaymentOutcome paymentId={payment.id} />
  ) : (
    <Notice kind="error">{t('cashbox.return.missing')}</Notice>
  );
}

/**
 * Where the PSP sends the player back (`/cashbox/return?payment=<id>&payment_id=<PSP's id>&status=<status>`): asks
 * where the payment stands (the PSP's `status` in the address is only a hint: the server asks
 * the PSP itself), polls while it is open, and leads back to the dashboard.
 */
export function CashboxReturn() {
  const { t, locale } = useI18n();
  const location = useLocation();
  // The casino's id is `payment` (the return address the server gives the PSP); the PSP adds
  // its own `payment_id` and `status`. A numeric `payment_id` is taken as the casino's too.
  const query = new URLSearchParams(location.search);
  const raw = [query.get('payment'), query.get('payment_id')].find((value) => value && /^\d{1,15}$/.test(value));
  const id = raw ? Number(raw) : null;
  const here = { pathname: location.pathname, search: location.search, hash: location.hash };
  // Read after hydration: session storage is the browser's only.
  const [game, setGame] = useState<string | null>(null);
  useEffect(() => setGame(depositOrigin()), []);
  return (
    <CashboxQueryProvider>
      <div className="page cashbox-return">
        <h1>{t('cashbox.return.title')}</h1>
        {id ? <PaymentOutcome paymentId={id} /> : <LatestDeposit />}
        <div className="cashbox__row">
          {game ? (
            <Link to={localizePath(game, locale)} className="button button--primary" data-testid="back-to-game">
              {t('cashbox.return.game')}
            </Link>
          ) : null}
          <Link
            to={localizePath('/dashboard', locale)}
            state={{ background: here }}
            preventScrollReset
            className={game ? 'button button--ghost' : 'button button--primary'}
          >
            {t('cashbox.return.dashboard')}
          </Link>
          <Link to={localizePath('/', locale)} className="button button--ghost">
            {t('cashbox.return.games')}
          </Link>
        </div>
      </div>
    </CashboxQueryProvider>
  );
}
