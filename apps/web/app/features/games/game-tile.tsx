import type { ReactNode } from 'react';
import { useI18n, type TFunction } from '../../lib/i18n';
import type { Locale } from '../../lib/locale';
import { Icon } from '../../ui/icons';
import type { GameView } from './game-view';
import { useSession } from '../../lib/session';
import { demoHref, playHref } from './links';
import './games.css';

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
  /** A signed-in player's Play opens the game; a visitor's goes to registration (the list reads the session once). */
  signedIn?: boolean;
};

/**
 * One game in a list: cover, title, provider; hovering or focusing shows Play and, when the
 * game has one, Demo (docs/rules/page-shell.md "Game lists"). Play opens `/play/{provider}/{seo_title}` for a
 * signed-in player and registration (with the game as `redirect`) for a visitor; Demo is
 * `?mode=demo` for everyone. A catalogue-only game (`launchable: false`) has neither.
 */
export function GameTile({ game, locale, t, eager = false, signedIn = false }: GameTileProps) {
  const play = game.launchable ? playHref(game, locale, signedIn) : undefined;
  const badge = game.badges[0];
  return (
    <article className="game-tile" data-game={game.identifier}>
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
  const signedIn = useSession().status === 'player';
  const items = games.map((game, i) => (
    <li key={game.identifier}>
      <GameTile game={game} locale={locale} t={t} eager={i < eagerCount} signedIn={signedIn} />
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
