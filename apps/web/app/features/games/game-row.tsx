import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import type { Locale } from '../../lib/locale';
import { Icon } from '../../ui/icons';
import { GameTile, useTileViewer } from './game-tile';
import type { GameView } from './game-view';

type GameRowProps = {
  id: string;
  title: string;
  /** Where "Show all" leads (the category's own page). */
  href: string;
  games: GameView[];
  locale: Locale;
  eager?: boolean;
};

/**
 * A lobby row: heading with "Show all", then the category's first games in a scrolling strip. A row
 * with fewer games than a screen's columns is sized to its games (`--row-games`: its tiles share the
 * width), so no row ends in empty columns.
 */
export function GameRow({ id, title, href, games, locale, eager = false }: GameRowProps) {
  const { t } = useI18n();
  const viewer = useTileViewer();
  if (games.length === 0) return null;
  const headingId = `row-${id}`;
  return (
    <section className="game-row" aria-labelledby={headingId} data-category={id}>
      <div className="game-row__head">
        <h2 id={headingId}>{title}</h2>
        <Link to={href} className="game-row__all" prefetch="intent">
          {t('games.showAll')}
          <Icon name="chevron" size={16} />
        </Link>
      </div>
      <ul className="game-row__strip" style={{ '--row-games': games.length } as CSSProperties}>
        {games.map((game, i) => (
          <li key={game.identifier}>
            <GameTile game={game} locale={locale} t={t} eager={eager && i < 6} viewer={viewer} />
          </li>
        ))}
      </ul>
    </section>
  );
}
