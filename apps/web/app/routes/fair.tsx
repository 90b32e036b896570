import { FairPage } from '../features/fair';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/fair';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { key: 'fair.title' });
}

/** `/fair` (public, rendered on the server with the verifier's frame): nothing to load. */
export default function FairRoute() {
  return <FairPage />;
}

export const ErrorBoundary = PageErrorBoundary;
