import { LevelTab } from '../features/loyalty';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/profile-level';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'loyalty.level.pageTitle' }), { name: 'robots', content: 'noindex' }];
}

/** `/profile/level`: the player's level and the way to the next (docs/rules/comp-points.md "Level"). */
export default function ProfileLevelPage() {
  return <LevelTab />;
}

export const ErrorBoundary = PageErrorBoundary;
