import { GamesHistory } from '../features/rounds';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/profile-games-history';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'profile.tabs.gamesHistory' }), { name: 'robots', content: 'noindex' }];
}

/** `/profile/games-history`: the player's rounds (filters and page in the address). */
export default function ProfileGamesHistoryPage() {
  return <GamesHistory money={useMoneyFormat()} />;
}

export const ErrorBoundary = PageErrorBoundary;
