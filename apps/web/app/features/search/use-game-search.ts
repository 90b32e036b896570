import type { Device, Game, GamesFilterRequest } from '@orbit/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { filterGames } from '../../lib/endpoints';
import { logFailure } from '../../lib/telemetry';
import { debounce, isSearchable, SEARCH_DEBOUNCE_MS } from './search-logic';

export const SEARCH_PAGE_SIZE = 24;
export const RECOMMENDED_COUNT = 6;

/** Games as the browser gets them (not validated; see lib/endpoints.ts). */
export type SearchGame = Game;

export type SearchState =
  | { status: 'idle' }
  | { status: 'too-short' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; games: Game[]; total: number }
  | { status: 'error'; query: string };

/**
 * The answer for the typed (normalized) query, once it is long enough and the typing has
 * paused. A newer query cancels the request of an older one.
 */
export function useGameSearch(device: Device, recommendedQuery: GamesFilterRequest | null, query: string) {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [recommended, setRecommended] = useState<Game[] | null>(null);
  const inflight = useRef<AbortController | null>(null);

  const run = useMemo(
    () =>
      debounce(async (query: string) => {
        inflight.current?.abort();
        const controller = new AbortController();
        inflight.current = controller;
        setState({ status: 'loading', query });
        try {
          const answer = await filterGames(
            { device, page: 1, page_size: SEARCH_PAGE_SIZE, filter: { title: query } },
            controller.signal,
          );
          if (!controller.signal.aborted)
            setState({ status: 'done', query, games: answer.data, total: answer.pagination.total_count });
        } catch (error) {
          if (controller.signal.aborted) return;
          // A search failure is logged and shows no games (docs/rules/page-shell.md "Search").
          logFailure('LOAD_FOUND_GAMES_ERROR', error);
          setState({ status: 'error', query });
        }
      }, SEARCH_DEBOUNCE_MS),
    [device],
  );

  useEffect(
    () => () => {
      run.cancel();
      inflight.current?.abort();
    },
    [run],
  );

  useEffect(() => {
    if (!query) {
      run.cancel();
      inflight.current?.abort();
      setState({ status: 'idle' });
    } else if (!isSearchable(query)) {
      run.cancel();
      inflight.current?.abort();
      setState({ status: 'too-short' });
    } else {
      run(query);
    }
  }, [query, run]);

  // Recommended games are fetched once, the first time a search comes back empty.
  const needRecommended = state.status === 'done' && state.games.length === 0 && recommended === null;
  useEffect(() => {
    if (!needRecommended || !recommendedQuery) return;
    const controller = new AbortController();
    filterGames({ device, page: 1, page_size: RECOMMENDED_COUNT, ...recommendedQuery }, controller.signal)
      .then((answer) => setRecommended(answer.data))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          logFailure('LOAD_RECOMMENDED_GAMES_ERROR', error);
          setRecommended([]);
        }
      });
    return () => controller.abort();
  }, [needRecommended, recommendedQuery, device]);

  return { state, recommended };
}
