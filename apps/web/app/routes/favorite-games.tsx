import { FavouriteGames } from '../features/games';
import { useI18n } from '../lib/i18n';
import { useLoginRequired } from '../lib/login-required';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import { SkeletonPage } from '../ui/skeleton';
import type { Route } from './+types/favorite-games';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'games.favourites.title' }), { name: 'robots', content: 'noindex' }];
}

/**
 * `/favorite-games` (login required): the player's favourite games. Drawn in the browser only (the
 * server's page cache serves guests' HTML); a guest is sent to registration with this page as
 * `redirect` (docs/rules/routes-and-guards.md "Login required").
 */
export default function FavoriteGamesPage() {
  const { t, locale } = useI18n();
  const session = useLoginRequired();
  if (!session.player) return <SkeletonPage label={t('common.loading')} />;
  return (
    <div className="page favourites" data-testid="favourite-games">
      <h1 className="page__title">{t('games.favourites.title')}</h1>
      <FavouriteGames locale={locale} />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
