/** API calls made from the browser (typed by the contracts; not validated, to keep zod off the page). */
import type { GamesFilterRequest, GamesFilterResponse } from '@orbit/contracts';
import { browserApi } from './api';

export function filterGames(body: GamesFilterRequest, signal?: AbortSignal): Promise<GamesFilterResponse> {
  return browserApi().post<GamesFilterResponse>('/api/games_filter', body, { signal });
}
