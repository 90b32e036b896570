/**
 * The signed-in player's comp points in the browser: one small store read by the header's menu,
 * the drawer (shell), the shop and the level page (loyalty): shared, so here. Filled by `GET /api/player/comp_points`, by the
 * exchange's answer and by the realtime `comps_award` messages (the watcher, mounted only while a
 * player is signed in); emptied at sign-out. Typed by the contract, not validated: no zod in the
 * header's code. With the coin and the balance line the shell and the loyalty pages draw (one
 * small chunk for the drawer and the player's header: the lobby's JavaScript lists each chunk).
 */
import { useSyncExternalStore } from 'react';
import { useI18n } from './i18n';
import type { CompPoints as CompPointsState } from '@orbit/contracts';
import { browserApi } from './api';

export type PointsState = {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  chargeable: number | null;
  persistent: number | null;
};

const IDLE: PointsState = { status: 'idle', chargeable: null, persistent: null };
let state: PointsState = IDLE;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function set(next: PointsState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const pointsApi = {
  state: () => browserApi().get<CompPointsState>('/api/player/comp_points'),
};

/** Whether a value is the comp points state (`{chargeable:{points}, persistent:{points}}`). */
export function isPointsState(data: unknown): data is CompPointsState {
  const value = data as Partial<CompPointsState> | null;
  return typeof value?.chargeable?.points === 'number' && typeof value.persistent?.points === 'number';
}

/** Loads the player's points once (`force`: again); a failure leaves what was known. */
export function loadPoints(force = false): Promise<void> {
  if (!force && (state.status === 'ready' || loading)) return loading ?? Promise.resolve();
  set({ ...state, status: state.status === 'ready' ? 'ready' : 'loading' });
  const current: Promise<void> = pointsApi.state().then(
    (answer) => {
      if (loading === current && isPointsState(answer)) putPoints(answer);
    },
    () => {
      if (loading === current) set({ ...state, status: state.chargeable === null ? 'failed' : 'ready' });
    },
  );
  loading = current;
  return current.finally(() => {
    if (loading === current) loading = undefined;
  });
}

/** The points as the server last told them (a load, an exchange's answer, a message). */
export function putPoints(points: CompPointsState): void {
  set({ status: 'ready', chargeable: points.chargeable.points, persistent: points.persistent.points });
}

export function currentPoints(): PointsState {
  return state;
}

/** Sign-out clears the points: nothing of one player stays for the next one of this page. */
export function clearPoints(): void {
  loading = undefined;
  set(IDLE);
}

export function usePoints(): PointsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => IDLE,
  );
}

/**
 * How many points a `comps_award` message tells the player about: points earned (by bets or an
 * operator); an exchange's spending, a correction or a message of another shape tells nothing (0).
 */
export function awardedPoints(data: unknown): number {
  const message = data as { points?: unknown; reason?: unknown } | null;
  if (typeof message?.points !== 'number' || message.reason === 'exchange') return 0;
  return Math.max(0, message.points);
}

/** A small coin: the comp points' mark (decorative). */
export function CoinMark({ size = 16 }: { size?: number }) {
  return (
    <svg viewBox="0 0 16 16" width={size} height={size} aria-hidden="true" focusable="false" className="coin-mark">
      <circle cx="8" cy="8" r="7" fill="var(--accent)" />
      <circle cx="8" cy="8" r="4.6" fill="none" stroke="var(--on-accent)" strokeWidth="1.2" opacity="0.55" />
      <path d="M8 5.2v5.6M6.2 7h3.6" stroke="var(--on-accent)" strokeWidth="1.2" opacity="0.7" />
    </svg>
  );
}

/**
 * The signed-in player's comp points to spend as a short line with the coin ("1,250 points"),
 * from the points store; nothing until they are known (the header's menu, the drawer).
 */
export function PointsBalance({ className = '', testId = 'points-balance' }: { className?: string; testId?: string }) {
  const { t } = useI18n();
  const { chargeable } = usePoints();
  if (chargeable === null) return null;
  return (
    <span className={`points-balance ${className}`} data-testid={testId}>
      <CoinMark />
      {t('loyalty.points', { count: chargeable })}
    </span>
  );
}
