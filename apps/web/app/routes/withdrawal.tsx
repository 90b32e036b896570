import { useLocation } from 'react-router';
import { WithdrawalPage } from '../features/withdrawal';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
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
 * server: the page reads the token and calls the API in the browser.
 */
export default function WithdrawalRoute() {
  // Not `useSearchParams`: it would add its code to the shared framework chunk of every page's first JavaScript.
  const token = new URLSearchParams(useLocation().search).get('withdrawal_token');
  return <WithdrawalPage token={token} />;
}

export const ErrorBoundary = PageErrorBoundary;
