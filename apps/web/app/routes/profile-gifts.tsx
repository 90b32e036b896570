import { GiftsTab } from '../features/gifts';
import { useProfilePlayer } from '../features/profile';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/profile-gifts';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'gifts.pageTitle' }), { name: 'robots', content: 'noindex' }];
}

/**
 * `/profile/gifts`: the player's bonuses and free spins (docs/rules/gifts.md), with the cashbox's
 * money formatting. The header's balances follow an action through the realtime messages (the
 * `balance` message, and the header's gifts watcher when a stage changes).
 */
export default function ProfileGiftsPage() {
  return <GiftsTab player={useProfilePlayer()} money={useMoneyFormat()} />;
}

export const ErrorBoundary = PageErrorBoundary;
