import { VipClub } from '../features/vip';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/vip-club';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { key: 'vip.title' }, undefined);
}

/**
 * `/vip-club` (route vipClub; docs/rules/vip-club.md): public; a visitor sees the statuses and
 * the registration prompt, a player their status, progress, manager and adventure. Drawn in the
 * browser (the player is known there only).
 */
export default function VipClubPage() {
  return <VipClub money={useMoneyFormat()} />;
}

export const ErrorBoundary = PageErrorBoundary;
