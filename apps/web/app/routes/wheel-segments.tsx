import { SegmentsWheelPage } from '../features/wheels';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/wheel-segments';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { key: 'promotions.wheel.segmentsTitle' }, undefined);
}

/**
 * `/wheel/segments` (route spinWheelSegmentsPage; docs/rules/promotions.md "Segments wheel"): the
 * tiers and the player's segment set with its chances; a player with a wheel spins it here.
 */
export default function WheelSegmentsRoute() {
  return <SegmentsWheelPage money={useMoneyFormat()} />;
}

export const ErrorBoundary = PageErrorBoundary;
