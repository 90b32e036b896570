/**
 * The games history's filter: read from the page's address (so a filtered page can be reloaded,
 * shared and left with Back), checked with the contract's own rules (`gameRoundsQuerySchema`:
 * a value the server would refuse is dropped, not sent), and turned into the API's query.
 */
import { GAME_ROUNDS_PAGE_SIZE_DEFAULT, gameRoundsQuerySchema, type GameRound } from '@orbit/contracts';

export type RoundsResult = 'won' | 'lost';

export type RoundsFilter = {
  page: number;
  /** Game identifier (`orbit/european-roulette`), or '' for every game. */
  game: string;
  result: RoundsResult | '';
  /** ISO dates (inclusive, UTC), or ''. */
  from: string;
  to: string;
};

export const ROUNDS_PAGE_SIZE = GAME_ROUNDS_PAGE_SIZE_DEFAULT;

const FIELDS = ['page', 'game', 'result', 'from', 'to'] as const;

/**
 * The filter of a page address (`?game=orbit%2Forbit-dice&result=won&page=2`). Fields the
 * contract refuses are left out one by one; a `from` after `to` is swapped (the player meant the
 * range between them).
 */
export function parseRoundsFilter(search: string | URLSearchParams): RoundsFilter {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = params.get(field)?.trim();
    if (value) raw[field] = value;
  }
  let parsed = gameRoundsQuerySchema.safeParse(raw);
  while (!parsed.success) {
    const bad = parsed.error.issues.map((issue) => String(issue.path[0]));
    const before = Object.keys(raw).length;
    for (const field of bad) delete raw[field];
    if (Object.keys(raw).length === before) return { page: 1, game: '', result: '', from: '', to: '' };
    parsed = gameRoundsQuerySchema.safeParse(raw);
  }
  const q = parsed.data;
  let from = q.from ?? '';
  let to = q.to ?? '';
  if (from && to && from > to) [from, to] = [to, from];
  return { page: q.page, game: q.game ?? '', result: q.result ?? '', from, to };
}

function filterParams(filter: RoundsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.game) params.set('game', filter.game);
  if (filter.result) params.set('result', filter.result);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  return params;
}

/** `GET /api/player/game_rounds?page=…&page_size=…&game=…&result=…&from=…&to=…`. */
export function roundsApiPath(filter: RoundsFilter, pageSize: number = ROUNDS_PAGE_SIZE): string {
  const params = new URLSearchParams({ page: String(filter.page), page_size: String(pageSize) });
  for (const [key, value] of filterParams(filter)) params.set(key, value);
  return `/api/player/game_rounds?${params}`;
}

/** The page's own query for a filter ('' for the unfiltered first page; page 1 is not written). */
export function roundsSearch(filter: RoundsFilter): string {
  const params = filterParams(filter);
  if (filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What a round came to: still open, rolled back (the stake refunded), won (paid something) or lost. */
export type RoundOutcomeStatus = 'open' | 'won' | 'lost' | 'rolled_back';

export function roundStatus(round: Pick<GameRound, 'status' | 'win_cents'>): RoundOutcomeStatus {
  if (round.status === 'open' || round.status === 'rolled_back') return round.status;
  return round.win_cents > 0 ? 'won' : 'lost';
}
