/**
 * The signed-in player, in the browser only (the server's page cache serves guests' HTML, so
 * nothing about the player is rendered on the server). This is the small store the header
 * reads; loading, refreshing and signing out live in `session-client.ts`, loaded on demand.
 * The session cookie is HttpOnly: a localStorage hint (`orbit_player`) remembers that this
 * browser signed in, so guests never call `GET /api/player` (a 401 on every page view).
 */
import type { Player } from '@orbit/contracts';
import { useSyncExternalStore } from 'react';

export type Session = { status: 'unknown' | 'guest' | 'player'; player: Player | null };

export const SESSION_HINT = 'orbit_player';
/** Set on the page's root element before its first paint while the hint says "player" (root.tsx). */
export const PLAYER_HINT_ATTRIBUTE = 'data-player-hint';
/**
 * The EE session timer's start (sessionStorage: kept across reloads, reset on logout).
 * Cleared here on every sign-out and 401, also when the timer's code is not loaded.
 */
export const SESSION_TIMER_KEY = 'orbit_session_timer';
const UNKNOWN: Session = { status: 'unknown', player: null };
let session = UNKNOWN;
const listeners = new Set<() => void>();

/**
 * After sign-in or registration (a player), or sign-out and 401s (null). `keepHint`: the server
 * could not say (busy, down): shown as a guest for now, asked again on the next page.
 */
export function setPlayer(player: Player | null, { keepHint = false }: { keepHint?: boolean } = {}) {
  try {
    if (player) localStorage.setItem(SESSION_HINT, '1');
    else if (!keepHint) {
      localStorage.removeItem(SESSION_HINT);
      sessionStorage.removeItem(SESSION_TIMER_KEY);
    }
  } catch {
    // storage blocked: the player is asked for again on the next page
  }
  session = player ? { status: 'player', player } : { status: 'guest', player: null };
  // Known now: the header shows what the session is (a guest's buttons again if it ended).
  if (typeof document !== 'undefined') document.documentElement.removeAttribute(PLAYER_HINT_ATTRIBUTE);
  listeners.forEach((listener) => listener());
}

/**
 * When the player last signed out (`performance.now()`; +∞ while the sign-out is on its way). A
 * request sent before then that answers 401 says nothing new: the player asked to leave, so it
 * must not fire the auth-error event (which opens the sign-in popup). On a busy machine a page's
 * requests can still be on their way when the player signs out.
 */
let signOutAt = Number.NEGATIVE_INFINITY;

export function signOutStarted(): void {
  signOutAt = Number.POSITIVE_INFINITY;
}

export function signOutDone(): void {
  signOutAt = performance.now();
}

/** Whether a request sent at `sentAt` (`performance.now()`) was sent before the player signed out. */
export function sentBeforeSignOut(sentAt: number): boolean {
  return sentAt < signOutAt;
}

export function currentSession(): Session {
  return session;
}

export function useSession(): Session {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => session,
    () => UNKNOWN,
  );
}
