import type { Device, GamesFilterRequest } from '@orbit/contracts';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { Icon } from '../../ui/icons';
import { normalizeQuery } from './search-logic';
import type { SearchGame } from './use-game-search';
import './search.css';

/**
 * The results panel and the search requests: loaded on the first focus of the box, so that
 * the page's first JavaScript holds only the box (nothing of it is drawn before that).
 */
const SearchResults = lazy(() => import('./search-results'));

type GameSearchProps = {
  device: Device;
  /** What to suggest when nothing matches (docs/rules/page-shell.md "Search"). */
  recommendedQuery: GamesFilterRequest | null;
  /** Draws a list of games (the route hands in the games feature's grid). */
  renderGames: (games: SearchGame[]) => ReactNode;
};

const ARROW_STEPS: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** Each game's first link in the results (Play, or Demo when the game opens only in demo). */
function resultLinks(panel: HTMLElement | null): HTMLAnchorElement[] {
  if (!panel) return [];
  return [...panel.querySelectorAll<HTMLElement>('[data-game]')].flatMap((tile) => {
    const link = tile.querySelector<HTMLAnchorElement>('.game-tile__overlay a[href]');
    return link ? [link] : [];
  });
}

/**
 * The header's game search: type, wait 300 ms, see tiles; Enter opens a player the first game (a
 * guest stays on the games found, whose Play would lead to the sign-up), the arrow
 * keys move between the games found; Escape or a click outside closes it.
 */
export function GameSearch({ device, recommendedQuery, renderGames }: GameSearchProps) {
  const { t } = useI18n();
  const { player } = useSession();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // Set on the first focus: from then on the results part is loaded and mounted.
  const [used, setUsed] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
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

  const query = normalizeQuery(text);
  const showPanel = open && query !== '';

  return (
    <div className="search" ref={root}>
      <form
        role="search"
        className="search__form"
        onSubmit={(event) => {
          event.preventDefault();
          // A guest's Play leads to the sign-up: Enter shows a guest the games found instead.
          if (!player) {
            setOpen(true);
            setUsed(true);
            return;
          }
          // Enter opens a player the first game found (its Play, or its Demo when that is all it has).
          resultLinks(panel.current)[0]?.click();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
          if (event.key === 'ArrowDown' && showPanel) {
            event.preventDefault();
            resultLinks(panel.current)[0]?.focus();
          }
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
          onFocus={() => {
            setOpen(true);
            setUsed(true);
          }}
          onChange={(event) => {
            setOpen(true);
            setUsed(true);
            setText(event.target.value);
          }}
        />
      </form>
      <div
        id={panelId}
        ref={panel}
        className="search__panel"
        hidden={!showPanel}
        aria-live="polite"
        onKeyDown={(event) => {
          // Arrow keys move between the games found; up from the first returns to the box.
          const step = ARROW_STEPS[event.key];
          if (step === undefined) return;
          const links = resultLinks(panel.current);
          const at = links.indexOf(document.activeElement as HTMLAnchorElement);
          if (at < 0) return;
          event.preventDefault();
          const next = at + step;
          if (next < 0) document.getElementById(inputId)?.focus();
          else links[Math.min(next, links.length - 1)]?.focus();
        }}
        onFocus={() => setOpen(true)}
      >
        {used ? (
          <Suspense fallback={null}>
            <SearchResults
              query={query}
              device={device}
              recommendedQuery={recommendedQuery}
              renderGames={renderGames}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
