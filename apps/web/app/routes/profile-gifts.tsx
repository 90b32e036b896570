import { refreshCashbox } from '../features/cashbox/data';
import { GiftsTab } from '../features/gifts';
import { useProfilePlayer } from '../features/profile';
import { useMoneyFormat } from './money-format';
import { PageErrorBoundary, pageMeta } from './route-helpers';
import type { Route } from './+types/profile-gifts';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'gifts.pageTitle' }), { name: 'robots', content: 'noindex' }];
}

/**
 * `/profile/gifts`: the player's bonuses and free spins (docs/rules/gifts.md), with the cashbox's
 * money formatting; an action that moves money refreshes the header's balances.
 */
export default function ProfileGiftsPage() {
  return <GiftsTab player={useProfilePlayer()} money={useMoneyFormat()} onMoneyChanged={refreshCashbox} />;
}

export const ErrorBoundary = PageErrorBoundary;
