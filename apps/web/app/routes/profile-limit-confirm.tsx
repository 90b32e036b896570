import { useLocation } from 'react-router';
import { LimitConfirmPage } from '../features/limits';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/profile-limit-confirm';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'limits.confirm.title' }), { name: 'robots', content: 'noindex' }];
}

/** `/profile/limits/confirm?token=`: the mailed confirmation of a limit's raise or removal (login required, as every profile page). */
export default function ProfileLimitConfirmPage() {
  // Not `useSearchParams`: it would add its code to the shared framework chunk of every page's first JavaScript.
  const token = new URLSearchParams(useLocation().search).get('token');
  return <LimitConfirmPage token={token} />;
}

export const ErrorBoundary = PageErrorBoundary;
