/**
 * When the install-as-app notice shows (docs/rules/page-shell.md "Install as an app"): never in
 * an installed app (display-mode standalone), inside a frame, or within 30 days of a dismissal.
 */

/** Local storage key: when the player last dismissed the notice (ms since the epoch). */
export const INSTALL_DISMISSED_KEY = 'orbit_pwa_install_dismissed';
/** A dismissed notice stays away this long. */
export const INSTALL_DISMISS_MS = 30 * 24 * 60 * 60 * 1000;
/** The query parameter of a link that opens the install instructions (`?pwa=install`). */
export const INSTALL_PARAM = 'pwa';

export type InstallSituation = {
  /** Running as an installed app (`display-mode: standalone`, or iOS's `navigator.standalone`). */
  standalone: boolean;
  /** The page is inside a frame (a game frame, a sibling site's). */
  framed: boolean;
  /** The stored dismissal, as read from local storage (null: none). */
  dismissedAt: string | null;
  now: number;
};

export function installNoticeAllowed(s: InstallSituation): boolean {
  if (s.standalone || s.framed) return false;
  const at = Number(s.dismissedAt);
  return !(s.dismissedAt !== null && Number.isFinite(at) && s.now - at < INSTALL_DISMISS_MS);
}

/** Whether the address asks for the install instructions (`?pwa=install`). */
export const asksForInstall = (search: string): boolean => new URLSearchParams(search).get(INSTALL_PARAM) === 'install';

/** Whether the page registers the service worker: not inside a frame, not in the back office. */
export function registersServiceWorker(pathname: string, framed: boolean): boolean {
  return !framed && !/^\/backoffice(?:\/|$)/.test(pathname);
}
