import { parseLocalePath } from './locale';

/** Popup routes (docs/rules/routes-and-guards.md "Popups"): full-screen modals over the page they were opened from. */
export const POPUPS = ['sign-in', 'sign-up', 'remind', 'new-password', 'confirmation'] as const;
export type PopupName = (typeof POPUPS)[number];
/** Popups a signed-in player is sent away from (to the lobby). */
export const GUEST_ONLY: readonly PopupName[] = ['sign-in', 'sign-up', 'remind'];
/** Hash links that open a popup (`#sign-in`). */
export const HASH_POPUPS: readonly PopupName[] = ['sign-in', 'sign-up', 'remind', 'new-password'];

export function popupOf(pathname: string): PopupName | null {
  const name = parseLocalePath(pathname).path.slice(1);
  return (POPUPS as readonly string[]).includes(name) ? (name as PopupName) : null;
}

/** The router state of the page a sign-up leads to: a welcome is shown; a cashbox address goes to the lobby instead. */
export const AFTER_SIGN_UP = { afterSignUp: true } as const;
export const isAfterSignUp = (state: unknown): boolean =>
  (state as { afterSignUp?: unknown } | null)?.afterSignUp === true;

/** A page's location as links hand it to a popup (`state={{ background }}`). */
export type Background = { pathname: string; search: string; hash: string; key?: string };

export function backgroundOf(state: unknown): Background | null {
  const bg = (state as { background?: Background } | null)?.background;
  return bg && typeof bg.pathname === 'string' ? bg : null;
}

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
