import { ProfileMain, useProfilePlayer } from '../features/profile';
import { PageErrorBoundary, pageMeta } from './route-helpers';
import type { Route } from './+types/profile-main';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'auth.profileTitle' }), { name: 'robots', content: 'noindex' }];
}

/** `/profile`: the player's details, the details form, subscriptions. */
export default function ProfileMainPage() {
  return <ProfileMain player={useProfilePlayer()} />;
}

export const ErrorBoundary = PageErrorBoundary;
