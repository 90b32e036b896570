/**
 * The signed-in player's limits in the browser: the API calls (typed by the contracts, not
 * validated: no zod for them on the page) and one small store read by the limit-reached
 * notice, the limits page and the game page's guard. Filled by `GET /api/user_limits`, the
 * answers of every change and the realtime `game_limits` messages; emptied when the player
 * signs out (`clearLimits`, from the notice's watcher, mounted only while a player is signed in).
 */
import type {
  ConfirmUserLimitResponse,
  CreateUserLimitRequest,
  PlayerAccount,
  RealityCheckMinutes,
  ResponsibleGamingResponse,
  UserLimit,
  UserLimitsResponse,
} from '@orbit/contracts';
import { useSyncExternalStore } from 'react';
import { browserApi } from '../../lib/api';

export const limitsApi = {
  list: () => browserApi().get<UserLimitsResponse>('/api/user_limits'),
  create: (body: CreateUserLimitRequest) => browserApi().post<UserLimitsResponse>('/api/user_limits', body),
  remove: (id: number) => browserApi().delete<UserLimitsResponse>(`/api/user_limits/${id}`),
  confirm: (token: string) => browserApi().post<ConfirmUserLimitResponse>('/api/user_limits/confirm', { token }),
  responsibleGaming: () => browserApi().get<ResponsibleGamingResponse>('/api/responsible_gaming'),
  setRealityCheck: (minutes: RealityCheckMinutes) =>
    browserApi().patch<ResponsibleGamingResponse>('/api/responsible_gaming', { reality_check_minutes: minutes }),
  /** The player's currency accounts: an amount limit has one amount per account. */
  accounts: () => browserApi().get<PlayerAccount[]>('/api/player/accounts'),
};

export type LimitsState =
  | { status: 'idle'; limits: readonly UserLimit[] }
  | { status: 'loading'; limits: readonly UserLimit[] }
  | { status: 'ready'; limits: readonly UserLimit[] }
  | { status: 'failed'; limits: readonly UserLimit[] };

const IDLE: LimitsState = { status: 'idle', limits: [] };
let state: LimitsState = IDLE;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function set(next: LimitsState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function currentLimits(): LimitsState {
  return state;
}

/** The limits as the server last told them (an answer, or a `game_limits` message). */
export function setLimits(limits: readonly UserLimit[]): void {
  set({ status: 'ready', limits });
}

/** Sign-out clears the limits: nothing of one player stays for the next one of this page. */
export function clearLimits(): void {
  loading = undefined;
  set(IDLE);
}

/** Loads the limits once (`force`: again); a failure leaves the last known ones. */
export function loadLimits(force = false): Promise<void> {
  if (!force && (state.status === 'ready' || loading)) return loading ?? Promise.resolve();
  set({ status: 'loading', limits: state.limits });
  const current = limitsApi.list().then(
    (limits) => {
      if (loading === current) setLimits(limits);
    },
    () => {
      if (loading === current) set({ status: 'failed', limits: state.limits });
    },
  );
  loading = current;
  return current.finally(() => {
    if (loading === current) loading = undefined;
  });
}

/**
 * A realtime `game_limits` message (`{limits}`, after every change and whenever usage
 * changes): replaces the store. A malformed message reloads instead.
 */
export function onGameLimitsMessage(data: unknown): void {
  const limits = (data as { limits?: unknown } | null)?.limits;
  if (Array.isArray(limits)) setLimits(limits as UserLimit[]);
  else void loadLimits(true);
}

export function useLimits(): LimitsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => IDLE,
  );
}
