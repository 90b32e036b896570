/** The game page's calls from the browser (typed by the contracts, not validated: no zod on the page). */
import type { GameMode, LaunchRequest, LaunchResponse, PlayerGameIdsResponse } from '@orbit/contracts';
import { browserApi } from '../../lib/api';

export const playApi = {
  /** The studio's address for the iframe (real play: with a one-time launch token). */
  /** `lang`: the page's locale, which the game speaks. */
  launch: (gameId: number, mode: GameMode, lang: string, signal?: AbortSignal) =>
    browserApi().post<LaunchResponse>(`/api/games/${gameId}/launch`, { mode, lang } satisfies LaunchRequest, {
      signal,
    }),
  /** The favourites as numeric game ids (no `accept-client` header: the ids version). */
  favouriteIds: (signal?: AbortSignal) =>
    browserApi().get<PlayerGameIdsResponse>('/api/player/favorite_games', { signal }),
  addFavourite: (gameId: number) =>
    browserApi().put<PlayerGameIdsResponse>(`/api/player/favorite_games/${gameId}`, undefined),
  removeFavourite: (gameId: number) =>
    browserApi().delete<PlayerGameIdsResponse>(`/api/player/favorite_games/${gameId}`),
};
