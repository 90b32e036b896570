import { SessionFacts } from '../features/limits';
import { ProfileMain, useProfilePlayer } from '../features/profile';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/profile-main';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'auth.profileTitle' }), { name: 'robots', content: 'noindex' }];
}

/** `/profile`: the player's details, this session's time played and net position, the details form, subscriptions. */
export default function ProfileMainPage() {
  const format = useMoneyFormat();
  return <ProfileMain player={useProfilePlayer()} session={<SessionFacts money={{ format }} />} />;
}

export const ErrorBoundary = PageErrorBoundary;
