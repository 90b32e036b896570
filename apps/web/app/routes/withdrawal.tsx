import { Navigate, useLocation } from 'react-router';
import { WithdrawalPage } from '../features/withdrawal';
import { useI18n } from '../lib/i18n';
import { localizePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import { useSession } from '../lib/session';
import type { Route } from './+types/withdrawal';

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, { key: 'withdrawal.title' }),
    { name: 'robots', content: 'noindex' },
    // The address carries the withdrawal token: no page it links to may read it as the referrer.
    { name: 'referrer', content: 'no-referrer' },
  ];
}

/**
 * `/withdrawal?withdrawal_token=` (public, every locale, no login guard): the link mailed to a
 * player in a cooling-off or self-exclusion, who may still withdraw. Nothing is loaded on the
 * server: the page reads the token and calls the API in the browser. Without a token, a signed-in
 * player is sent to the cashbox's withdraw popup.
 */
export default function WithdrawalRoute() {
  // Not `useSearchParams`: it would add its code to the shared framework chunk of every page's first JavaScript.
  const token = new URLSearchParams(useLocation().search).get('withdrawal_token');
  const { player } = useSession();
  const { locale } = useI18n();
  // A signed-in player who comes here without a mailed link withdraws in the cashbox.
  if (!token && player) return <Navigate to={localizePath('/withdraw', locale)} replace />;
  return <WithdrawalPage token={token} />;
}

export const ErrorBoundary = PageErrorBoundary;
