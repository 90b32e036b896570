import { WheelPage } from '../features/wheels';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/wheel';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { key: 'promotions.wheel.title' }, undefined);
}

/**
 * `/wheel` (route spinWheelPage; docs/rules/promotions.md "Loot-box wheel"): the player's loot
 * boxes, the tiers and prize rules, and the wheel that opens them. Drawn in the browser (the
 * boxes are the player's).
 */
export default function WheelRoute() {
  return <WheelPage money={useMoneyFormat()} />;
}

export const ErrorBoundary = PageErrorBoundary;
