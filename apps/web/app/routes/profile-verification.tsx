import { ProfileVerification } from '../features/profile';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/profile-verification';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'profile.tabs.verification' }), { name: 'robots', content: 'noindex' }];
}

/** `/profile/verification`: document upload and the documents' statuses. */
export default function ProfileVerificationPage() {
  return <ProfileVerification />;
}

export const ErrorBoundary = PageErrorBoundary;
