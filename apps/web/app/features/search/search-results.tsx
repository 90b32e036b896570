import type { Device, GamesFilterRequest } from '@orbit/contracts';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import { SkeletonTiles } from '../../ui/skeleton';
import { SEARCH_MIN_LENGTH } from './search-logic';
import { useGameSearch, type SearchGame } from './use-game-search';

type SearchResultsProps = {
  /** The typed text, normalized; searched once it is long enough and the typing has paused. */
  query: string;
  device: Device;
  recommendedQuery: GamesFilterRequest | null;
  renderGames: (games: SearchGame[]) => ReactNode;
};

/** The inside of the search panel (loaded on demand by the search box). */
export default function SearchResults({ query, device, recommendedQuery, renderGames }: SearchResultsProps) {
  const { t } = useI18n();
  const { state, recommended } = useGameSearch(device, recommendedQuery, query);
  return (
    <>
      {state.status === 'too-short' ? (
        <p className="search__hint">{t('search.minLength', { count: SEARCH_MIN_LENGTH })}</p>
      ) : null}
      {state.status === 'loading' ? (
        <ul className="tile-grid tile-grid--compact">
          <SkeletonTiles count={6} label={t('common.loading')} />
        </ul>
      ) : null}
      {state.status === 'error' ? <p className="search__hint">{t('search.failed')}</p> : null}
      {state.status === 'done' && state.games.length > 0 ? (
        <>
          <h2 className="search__heading">{t('search.results', { count: state.total, query: state.query })}</h2>
          {renderGames(state.games)}
        </>
      ) : null}
      {state.status === 'done' && state.games.length === 0 ? (
        <div className="search__empty">
          <p className="search__empty-title">{t('search.empty', { query: state.query })}</p>
          <p className="search__hint">{t('search.specifyMore')}</p>
          {recommended && recommended.length > 0 ? (
            <>
              <h2 className="search__heading">{t('search.recommended')}</h2>
              {renderGames(recommended)}
            </>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
