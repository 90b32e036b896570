import { ProfileSecurity, useProfilePlayer } from '../features/profile';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/profile-security';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'profile.tabs.security' }), { name: 'robots', content: 'noindex' }];
}

/** `/profile/security`: password, two-factor sign-in, sessions. */
export default function ProfileSecurityPage() {
  return <ProfileSecurity player={useProfilePlayer()} />;
}

export const ErrorBoundary = PageErrorBoundary;
