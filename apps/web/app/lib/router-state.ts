/**
 * What the router state of a history entry asks for after a navigation: a popup reopened over the
 * page drawn for it, a welcome after a sign-up or a sign-in. Both concern a signed-in player, so
 * the player's notices follow it (routes/cashbox-header.tsx), not the page's first JavaScript.
 */
import type { NavigateFunction } from 'react-router';

/** The router state of the page a sign-up leads to: a welcome is shown; a cashbox address goes to the lobby instead. */
export const AFTER_SIGN_UP = { afterSignUp: true } as const;
export const isAfterSignUp = (state: unknown): boolean =>
  (state as { afterSignUp?: unknown } | null)?.afterSignUp === true;

/**
 * A popup address loaded without a page under it (the cashbox's, reloaded or linked) first
 * navigates to the page to draw under it, carrying this in the router state; the shell layout
 * then reopens the popup over that page. `key` makes it happen once: going back to that page
 * later (or reloading it) does not open the popup again.
 */
export type ReopenPopup = { target: string; key: string };

export function reopenOf(state: unknown): ReopenPopup | null {
  const reopen = (state as { reopenPopup?: ReopenPopup } | null)?.reopenPopup;
  return reopen && typeof reopen.target === 'string' && typeof reopen.key === 'string' ? reopen : null;
}

const DONE_KEY = 'orbit_once';

/**
 * True the first time `key` is claimed in this tab, false ever after (also after a reload, which
 * keeps the router state): a popup reopened, a welcome shown, once per history entry.
 */
export function claimOnce(key: string, storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): boolean {
  let done: string[] = [];
  try {
    done = JSON.parse(storage.getItem(DONE_KEY) ?? '[]') as string[];
  } catch {
    // A damaged entry is as good as none.
  }
  if (!Array.isArray(done)) done = [];
  if (done.includes(key)) return false;
  storage.setItem(DONE_KEY, JSON.stringify([...done.slice(-19), key]));
  return true;
}

/** The router state of the page a sign-in leads to: a welcome back is shown over it. */
export const AFTER_SIGN_IN = { afterSignIn: true } as const;
export const isAfterSignIn = (state: unknown): boolean =>
  (state as { afterSignIn?: unknown } | null)?.afterSignIn === true;

/**
 * Acts on the router state of the entry just shown (called after every navigation of a signed-in
 * player's page): reopens a popup over this page, or reports the welcome to show, once per entry.
 */
export function followRouterState(
  location: { pathname: string; search: string; hash: string; key: string; state: unknown },
  navigate: NavigateFunction,
  overPopup: boolean,
  welcome: (kind: 'signedUp' | 'signedIn') => void,
): void {
  const reopen = reopenOf(location.state);
  const background = (location.state as { background?: unknown } | null)?.background;
  if (reopen && !overPopup && !background && claimOnce(`reopen:${reopen.key}`)) {
    void navigate(reopen.target, {
      preventScrollReset: true,
      state: { background: { pathname: location.pathname, search: location.search, hash: location.hash } },
    });
    return;
  }
  const kind = isAfterSignUp(location.state) ? 'signedUp' : isAfterSignIn(location.state) ? 'signedIn' : null;
  if (kind && claimOnce(`welcome:${location.key}`)) welcome(kind);
}
