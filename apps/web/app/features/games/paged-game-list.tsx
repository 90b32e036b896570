import type { GamesFilterRequest, Pagination } from '@orbit/contracts';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useI18n } from '../../lib/i18n';
import { filterGames } from '../../lib/endpoints';
import type { Locale } from '../../lib/locale';
import { logFailure } from '../../lib/telemetry';
import { SkeletonTiles } from '../../ui/skeleton';
import { GameGrid } from './game-tile';
import type { GameView } from './game-view';
import { RandomGameCard } from './random-game';
import { randomCardIndex } from './random-game-rules';

/** The next page is asked for this far before the list's end (docs/rules/page-shell.md "Game lists"). */
export const INFINITE_SCROLL_PX = 500;

type PagedGameListProps = {
  games: GameView[];
  pagination: Pagination;
  /** The filter that produced `games`; Load more asks for the next page of the same. */
  query: GamesFilterRequest;
  /** The address of page n (works without JavaScript: the server renders that page). */
  pageHref: (page: number) => string;
  locale: Locale;
  /** The one category listed: the list then has the random-game card (docs/page-shell.md "Random game"). */
  randomCategory?: string | null;
};

/**
 * A category's or provider's games with "Load more": with JavaScript the next page is fetched
 * (POST /api/games_filter) and appended; without it the same control is a link to the next page.
 * A page already loaded or beyond the last is not fetched again (docs/rules/page-shell.md "Game lists").
 */
export function PagedGameList({
  games: first,
  pagination: firstPagination,
  query,
  pageHref,
  locale,
  randomCategory = null,
}: PagedGameListProps) {
  const { t } = useI18n();
  const [games, setGames] = useState(first);
  const [pagination, setPagination] = useState(firstPagination);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const loaded = useRef(new Set([firstPagination.current_page]));
  const busy = useRef(false);
  const pageSize = query.page_size ?? first.length;

  function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    // Modified clicks (new tab ...) keep the link's own behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void fetchNext();
  }

  /** The next page, unless it is loading, loaded or beyond the last (a ref: the observer's callback sees the latest). */
  async function fetchNext() {
    const next = pagination.next_page;
    if (next === null || busy.current || loaded.current.has(next) || next > pagination.total_pages) return;
    busy.current = true;
    setLoading(true);
    setFailed(false);
    try {
      const answer = await filterGames({ ...query, page: next });
      loaded.current.add(next);
      setGames((shown) => {
        const seen = new Set(shown.map((g) => g.identifier));
        return [...shown, ...answer.data.filter((g) => !seen.has(g.identifier))];
      });
      setPagination(answer.pagination);
    } catch (error) {
      logFailure('LOAD_GAMES_ERROR', error);
      setFailed(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }
  const fetchNextRef = useRef(fetchNext);
  fetchNextRef.current = fetchNext;

  // Infinite scroll: the next page is asked for once the pager comes within INFINITE_SCROLL_PX of
  // the screen's bottom. After a failure it waits for the player's "Load more" (no retry loop).
  const pager = useRef<HTMLElement>(null);
  const more = pagination.next_page !== null && !failed;
  useEffect(() => {
    const target = pager.current;
    if (!more || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextRef.current();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, games.length]);

  if (games.length === 0) {
    return <p className="empty-state">{t('games.empty')}</p>;
  }

  // A no-JavaScript visit may start at page n: count the pages before it as seen.
  const shownUpTo = Math.min(pagination.total_count, (firstPagination.current_page - 1) * pageSize + games.length);
  const remaining = Math.max(0, pagination.total_count - shownUpTo);
  const randomIndex = randomCategory ? randomCardIndex(randomCategory, games.length) : null;
  const randomInsert =
    randomCategory && randomIndex !== null
      ? {
          index: randomIndex,
          node: <RandomGameCard category={randomCategory} locale={locale} device={query.device} />,
        }
      : null;
  return (
    <>
      <GameGrid games={games} locale={locale} eagerCount={8} insert={randomInsert}>
        {loading ? (
          <SkeletonTiles count={Math.min(pageSize, remaining || pageSize)} label={t('common.loading')} />
        ) : null}
      </GameGrid>
      <nav className="pager" aria-label={t('games.pages')} ref={pager}>
        {pagination.prev_page !== null && firstPagination.current_page > 1 ? (
          <a className="button button--ghost" href={pageHref(pagination.prev_page)} rel="prev">
            {t('games.previousPage')}
          </a>
        ) : null}
        {pagination.next_page !== null ? (
          <a
            className="button button--secondary pager__more"
            href={pageHref(pagination.next_page)}
            rel="next"
            onClick={loadMore}
            aria-busy={loading}
          >
            {t('games.loadMore')}
          </a>
        ) : null}
        <p className="pager__count" aria-live="polite">
          {/* "3 of 57 games" while more can be loaded; "6 games" once all are shown (never "1 of 1"). */}
          {shownUpTo < pagination.total_count
            ? t('games.shownOf', { shown: shownUpTo, total: pagination.total_count })
            : t('games.count', { count: pagination.total_count })}
        </p>
        {failed ? (
          <p className="pager__error" role="alert">
            {t('games.loadFailed')}
          </p>
        ) : null}
      </nav>
    </>
  );
}
