/**
 * The game a deposit was started from, so that the page the PSP sends the player back to can
 * lead back into it (docs/rules/routes-and-guards.md, `/cashbox/return`). Kept in this tab's session
 * storage: the PSP's page is a full navigation away, and another tab's game is not this one's.
 */
import { parseLocalePath } from '../../lib/locale';

const KEY = 'orbit_deposit_from';

/** Only a game's own page (`/play/<provider>/<game>`, in any locale) is remembered: nothing else needs a way back. */
export function isGamePath(pathname: string): boolean {
  return /^\/play\/[^/]+\/[^/]+$/.test(parseLocalePath(pathname).path);
}

export function rememberDepositOrigin(pathname: string | undefined): void {
  try {
    if (pathname && isGamePath(pathname)) sessionStorage.setItem(KEY, parseLocalePath(pathname).path);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage off (private mode): the return page offers the lobby only.
  }
}

/** The game's path without its locale prefix, or null. */
export function depositOrigin(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    return path && isGamePath(path) ? path : null;
  } catch {
    return null;
  }
}
