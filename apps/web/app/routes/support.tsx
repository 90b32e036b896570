import { SupportPage } from '../features/support';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/support';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { key: 'support.page.title' });
}

/**
 * `/support` (route supportPage; docs/rules/page-shell.md "Support chat"): public, rendered on the
 * server; the way to the chat and the contact form. Nothing to load.
 */
export default function SupportRoute() {
  return <SupportPage />;
}

export const ErrorBoundary = PageErrorBoundary;
