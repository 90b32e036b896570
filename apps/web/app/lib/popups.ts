import { parseLocalePath } from './locale';

/** Popup routes (docs/rules/routes-and-guards.md "Popups"): full-screen modals over the page they were opened from. */
export const POPUPS = ['sign-in', 'sign-up', 'remind', 'new-password', 'confirmation', 'email-verify'] as const;
export type PopupName = (typeof POPUPS)[number];
/** Popups a signed-in player is sent away from (to the lobby). */
export const GUEST_ONLY: readonly PopupName[] = ['sign-in', 'sign-up', 'remind'];
/** Hash links that open a popup (`#sign-in`). */
export const HASH_POPUPS: readonly PopupName[] = ['sign-in', 'sign-up', 'remind', 'new-password'];

export function popupOf(pathname: string): PopupName | null {
  const name = parseLocalePath(pathname).path.slice(1);
  return (POPUPS as readonly string[]).includes(name) ? (name as PopupName) : null;
}

/** A page's location as links hand it to a popup (`state={{ background }}`). */
export type Background = { pathname: string; search: string; hash: string; key?: string };

export function backgroundOf(state: unknown): Background | null {
  const bg = (state as { background?: Background } | null)?.background;
  return bg && typeof bg.pathname === 'string' ? bg : null;
}
