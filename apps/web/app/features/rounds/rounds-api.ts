/** The games history's calls from the browser, and a small loader hook (one answer per address). */
import { ACCEPT_CLIENT_GAMES, type Game, type GameRoundDetail, type GameRoundsResponse } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';

export const roundsApi = {
  rounds: (path: string, signal?: AbortSignal) => browserApi().get<GameRoundsResponse>(path, { signal }),
  round: (id: number, signal?: AbortSignal) =>
    browserApi().get<GameRoundDetail>(`/api/player/game_rounds/${id}`, { signal }),
  /** The games the player played for real (latest first, full games): the game filter's choices. */
  playedGames: (signal?: AbortSignal) =>
    browserApi().get<Game[]>('/api/player/played_games', { signal, headers: { 'accept-client': ACCEPT_CLIENT_GAMES } }),
};

export type Loaded<T> = { data: T | undefined; error: unknown; loading: boolean };

/** Loads `load(signal)` whenever `key` changes (the previous answer stays shown while the next one loads). */
export function useLoaded<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, error: undefined, loading: key !== null });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: undefined }));
    load(controller.signal).then(
      (data) => setState({ data, error: undefined, loading: false }),
      (error: unknown) => !controller.signal.aborted && setState((s) => ({ ...s, error, loading: false })),
    );
    return () => controller.abort();
    // `load` is a new function on every render; the key says what it loads.
  }, [key, version]);
  return { ...state, reload: () => setVersion((n) => n + 1) };
}
