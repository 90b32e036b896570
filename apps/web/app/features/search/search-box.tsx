import type { Device, Game, GamesFilterRequest } from '@orbit/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Icon } from '../../ui/icons';
import { SkeletonTiles } from '../../ui/skeleton';
import { SEARCH_MIN_LENGTH } from './search-logic';
import { useGameSearch } from './use-game-search';
import './search.css';

type GameSearchProps = {
  device: Device;
  /** What to suggest when nothing matches (spec: recommended games on an empty result). */
  recommendedQuery: GamesFilterRequest | null;
  /** Draws a list of games (the route hands in the games feature's grid). */
  renderGames: (games: Game[]) => ReactNode;
};

/** The header's game search: type, wait 300 ms, see tiles; Escape or a click outside closes it. */
export function GameSearch({ device, recommendedQuery, renderGames }: GameSearchProps) {
  const { t } = useTranslation();
  const { text, change, state, recommended } = useGameSearch(device, recommendedQuery);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const panelId = useId();
  const location = useLocation();

  // A navigation (a tile or link clicked in the results) closes the panel.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const showPanel = open && state.status !== 'idle';

  return (
    <div className="search" ref={root}>
      <form
        role="search"
        className="search__form"
        onSubmit={(event) => event.preventDefault()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <Icon name="search" size={18} className="search__icon" />
        <input
          id={inputId}
          className="search__input"
          type="search"
          name="q"
          autoComplete="off"
          placeholder={t('search.placeholder')}
          value={text}
          aria-controls={panelId}
          aria-expanded={showPanel}
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            setOpen(true);
            change(event.target.value);
          }}
        />
      </form>
      <div id={panelId} className="search__panel" hidden={!showPanel} aria-live="polite">
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
      </div>
    </div>
  );
}
