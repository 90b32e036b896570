/**
 * The promotions' calls from the browser (typed by the contract, not validated: no zod in the
 * page's JavaScript; the server's loaders validate). Statuses of many tournaments at once go
 * through `/batch` (up to 12 urls a call); a status that failed comes back empty and counts as
 * none, never as an error of the page.
 */
import type { Tournament, TournamentStatus, TopPlayer } from '@orbit/contracts';
import { browserApi } from '../../lib/api';

/** The batch call's limit of urls (contract `BATCH_MAX_URLS`). */
export const BATCH_MAX_URLS = 12;

const statusUrl = (id: number) => `api/tournaments/${id}/status`;

/** Whether an answer is a tournament status (a failed one is `{}`). */
export function isTournamentStatus(value: unknown): value is TournamentStatus {
  const status = value as Partial<TournamentStatus> | null;
  return typeof status?.tournament_id === 'number' && typeof status.bet_cents === 'number';
}

/** Statuses by tournament id, asked 12 at a time; the ones that failed are left out. */
export async function loadStatuses(ids: readonly number[]): Promise<Map<number, TournamentStatus>> {
  const out = new Map<number, TournamentStatus>();
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += BATCH_MAX_URLS) chunks.push(ids.slice(i, i + BATCH_MAX_URLS));
  await Promise.all(
    chunks.map(async (chunk) => {
      const query = chunk.map((id) => `url[]=${encodeURIComponent(statusUrl(id))}`).join('&');
      const answer = await browserApi()
        .get<Record<string, unknown>>(`/batch?${query}`)
        .catch(() => ({}) as Record<string, unknown>);
      for (const id of chunk) {
        const status = answer[statusUrl(id)];
        if (isTournamentStatus(status)) out.set(id, status);
      }
    }),
  );
  return out;
}

export const tournamentsApi = {
  list: () => browserApi().get<Tournament[]>('/api/tournaments'),
  one: (id: number) => browserApi().get<Tournament>(`/api/tournaments/${id}`),
  confirm: (id: number) => browserApi().post<TournamentStatus>(`/api/tournaments/${id}/confirm`, { confirmed: true }),
};

/** A `tournaments_statuses` message: the player's new standing and the leaderboard's head. */
export type StatusesMessage = { tournament_id: number; status: TournamentStatus; top_players: TopPlayer[] };

export function isStatusesMessage(data: unknown): data is StatusesMessage {
  const message = data as Partial<StatusesMessage> | null;
  return (
    typeof message?.tournament_id === 'number' &&
    Array.isArray(message.top_players) &&
    isTournamentStatus(message.status)
  );
}
