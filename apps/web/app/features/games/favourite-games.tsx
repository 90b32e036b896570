import { ACCEPT_CLIENT_GAMES, type Game } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { logFailure } from '../../lib/telemetry';
import { SkeletonTiles } from '../../ui/skeleton';
import { clearFavourites, loadFavourites, useFavourites } from './favourites';
import { GameGrid } from './game-tile';

/** A favourite stays listed while one of its currency ids is in the store (the store unknown: all stay). */
export function stillFavourite(
  game: { currencies: Readonly<Record<string, { id: number }>> },
  ids: ReadonlySet<number> | null,
): boolean {
  if (ids === null) return true;
  return Object.values(game.currencies).some((c) => ids.has(c.id));
}

/**
 * The signed-in player's favourites (`/favorite-games`, docs/rules/page-shell.md "Game lists"):
 * the full-games version of `GET /api/player/favorite_games`, newest first, as tiles. A game
 * whose star is switched off here leaves the list; the tiles' store is asked again on arrival
 * (the game page may have changed the favourites since).
 */
export function FavouriteGames({ locale }: { locale: Locale }) {
  const { t } = useI18n();
  const { ids } = useFavourites();
  const [games, setGames] = useState<Game[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    clearFavourites();
    void loadFavourites();
    browserApi()
      .get<Game[]>('/api/player/favorite_games', {
        signal: controller.signal,
        headers: { 'accept-client': ACCEPT_CLIENT_GAMES },
      })
      .then(setGames, (error: unknown) => {
        if (controller.signal.aborted) return;
        logFailure('LOAD_FAVOURITES_ERROR', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, []);

  if (failed)
    return (
      <p className="empty-state" role="alert">
        {t('games.favourites.loadFailed')}
      </p>
    );
  if (games === null)
    return (
      <ul className="tile-grid">
        <SkeletonTiles count={8} label={t('common.loading')} />
      </ul>
    );
  const shown = games.filter((game) => stillFavourite(game, ids));
  if (shown.length === 0)
    return (
      <div className="empty-state" data-testid="favourites-empty">
        <p>{t('games.favourites.empty')}</p>
        <Link to={localizePath('/', locale)} className="button button--primary">
          {t('games.favourites.browse')}
        </Link>
      </div>
    );
  return <GameGrid games={shown} locale={locale} eagerCount={8} />;
}
