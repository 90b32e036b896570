import { useId, type ReactNode } from 'react';
import { useI18n, type TFunction } from '../../lib/i18n';
import type { Locale } from '../../lib/locale';
import { usePlayerCurrency } from '../../lib/player-currency';
import { Icon } from '../../ui/icons';
import type { GameView } from './game-view';
import { useSession } from '../../lib/session';
import { tileAccess, toggleFavourite, useFavourites } from './favourites';
import { demoHref, playHref } from './links';
import './games.css';

/** Who looks at a list of tiles: read once per list (session, account currency, favourites), handed to each tile. */
export type TileViewer = {
  signedIn: boolean;
  /** The player's account currency; null for a guest or while the accounts load. */
  currency: string | null;
  favourites: ReturnType<typeof useFavourites>;
};

/** The viewer of a list of tiles (docs/rules/page-shell.md "Game lists"). */
export function useTileViewer(): TileViewer {
  const signedIn = useSession().status === 'player';
  const currency = usePlayerCurrency();
  const favourites = useFavourites();
  return { signedIn, currency: signedIn ? currency : null, favourites };
}

const GUEST: TileViewer = {
  signedIn: false,
  currency: null,
  favourites: { ids: null, pending: new Set(), failed: new Set() },
};

/** A tile's tooltip (docs/rules/page-shell.md "Game lists"): 180 px wide, 10 px from its control. */
function Tooltip({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span role="tooltip" id={id} className="tile-tooltip">
      {children}
    </span>
  );
}

/** The favourite toggle: a star, pressed when the game is a favourite; one request at a time. */
function FavouriteToggle({
  game,
  gameId,
  viewer,
  t,
}: {
  game: GameView;
  gameId: number;
  viewer: TileViewer;
  t: TFunction;
}) {
  const tipId = useId();
  const { ids, pending, failed } = viewer.favourites;
  const on = ids?.has(gameId) ?? false;
  const busy = pending.has(gameId);
  const label = t(on ? 'games.favouriteRemove' : 'games.favouriteAdd', { title: game.title });
  return (
    <span className="game-tile__favourite-wrap">
      <button
        type="button"
        className="game-tile__favourite"
        aria-pressed={on}
        aria-label={label}
        aria-describedby={tipId}
        aria-busy={busy}
        // Not `disabled` while pending: the click must land here and do nothing (not fall through to the cover).
        aria-disabled={ids === null || busy}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          toggleFavourite(gameId);
        }}
        data-testid="tile-favourite"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8L3.5 9.7l5.9-.8z"
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <Tooltip id={tipId}>{failed.has(gameId) ? t('games.favouriteFailed') : label}</Tooltip>
    </span>
  );
}

/** Covers are drawn at 400×300; the attributes reserve the space before the image arrives. */
export const COVER_WIDTH = 400;
export const COVER_HEIGHT = 300;

/** A cover drawn by the casino (`/covers/<provider>/<seo_title>.svg`) shows the game's title and studio itself. */
export const titledCover = (preview: string | null | undefined): boolean => Boolean(preview?.startsWith('/covers/'));

type GameTileProps = {
  game: GameView;
  locale: Locale;
  /** The list's `t` (a list of 40 tiles reads the translations once, not 40 times). */
  t: TFunction;
  /** Tiles in the first screen load eagerly; everything below the fold waits for scrolling. */
  eager?: boolean;
  /** Who looks (the list reads it once): a player's Play opens the game, a guest's goes to registration. */
  viewer?: TileViewer;
};

/**
 * One game in a list: cover, title, provider; hovering or focusing shows Play and, when the
 * game has one, Demo (docs/rules/page-shell.md "Game lists"). Play opens `/play/{provider}/{seo_title}` for a
 * signed-in player and registration (with the game as `redirect`) for a visitor; Demo is
 * `?mode=demo` for everyone. A catalogue-only game (`launchable: false`) has neither. A player
 * also gets the favourite toggle (when the game has an id in the player's currency); a player
 * whose fiat currency the game lacks sees a lock with its reason instead of Play and Demo.
 */
export function GameTile({ game, locale, t, eager = false, viewer = GUEST }: GameTileProps) {
  const access = tileAccess(game, viewer.signedIn, viewer.currency);
  const lockId = useId();
  const locked = access.kind === 'locked';
  const play = game.launchable && !locked ? playHref(game, locale, viewer.signedIn) : undefined;
  const favouriteId = access.kind === 'player' && game.launchable ? access.favouriteId : null;
  const badge = game.badges[0];
  return (
    <article className={locked ? 'game-tile game-tile--locked' : 'game-tile'} data-game={game.identifier}>
      {/* Without a game to open, the anchor has no href: a placeholder, not a link. */}
      <a className="game-tile__cover" href={play} tabIndex={-1} aria-hidden="true">
        <img
          src={game.preview}
          alt=""
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        {badge ? (
          <span className={`game-tile__badge game-tile__badge--${badge.theme}`}>
            {t(`games.badge.${badge.type}`, undefined, badge.type)}
          </span>
        ) : null}
      </a>
      {locked ? (
        // Focusable, so that keyboard users reach the reason too (the overlay shows on focus).
        <div
          className="game-tile__overlay game-tile__lock"
          tabIndex={0}
          aria-labelledby={lockId}
          data-testid="tile-lock"
        >
          <svg
            width="28"
            height="28"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
          <strong id={lockId} className="game-tile__lock-title">
            {t('games.unsupportedCurrency.title', { currency: access.currency })}
          </strong>
          <span className="game-tile__lock-text">
            {t('games.unsupportedCurrency.text', { title: game.title, currency: access.currency })}
          </span>
        </div>
      ) : null}
      {play ? (
        <div className="game-tile__overlay">
          <a
            className="button button--primary game-tile__play"
            href={play}
            aria-label={t('games.playGame', { title: game.title })}
          >
            <Icon name="play" size={16} />
            {t('games.play')}
          </a>
          {game.has_demo_mode ? (
            <a
              className="game-tile__demo"
              href={demoHref(game, locale)}
              aria-label={t('games.demoGame', { title: game.title })}
            >
              {t('games.demo')}
            </a>
          ) : null}
          {favouriteId !== null ? <FavouriteToggle game={game} gameId={favouriteId} viewer={viewer} t={t} /> : null}
        </div>
      ) : null}
      {/* The casino's drawn covers carry the title and the studio: the caption is then for screen readers only. */}
      <h3 className={titledCover(game.preview) ? 'visually-hidden' : 'game-tile__title'}>{game.title}</h3>
      <p className={titledCover(game.preview) ? 'visually-hidden' : 'game-tile__provider'}>{game.provider_title}</p>
    </article>
  );
}

/** A responsive grid of tiles; `insert` puts one more item (the random-game card) before the tile at its index. */
export function GameGrid({
  games,
  locale,
  eagerCount = 0,
  insert,
  children,
}: {
  games: GameView[];
  locale: Locale;
  eagerCount?: number;
  insert?: { index: number; node: ReactNode } | null;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const viewer = useTileViewer();
  const items = games.map((game, i) => (
    <li key={game.identifier}>
      <GameTile game={game} locale={locale} t={t} eager={i < eagerCount} viewer={viewer} />
    </li>
  ));
  if (insert) items.splice(Math.min(insert.index, items.length), 0, <li key="inserted">{insert.node}</li>);
  return (
    <ul className="tile-grid">
      {items}
      {children}
    </ul>
  );
}
