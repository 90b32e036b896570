/**
 * The studio's HTTP API as this page calls it: the calls (`calls.ts`) under the prefix the studio
 * is mounted at.
 */
import { studioApi } from './calls';

export { ApiError, sessionFrom, type Session } from './calls';

/** Where the studio is mounted: `/studio` for `/studio/play/{game}`, else the build's base. */
export function studioPrefix(pathname = location.pathname): string {
  const at = pathname.lastIndexOf('/play/');
  if (at >= 0) return pathname.slice(0, at);
  const fair = /\/fair(?:\.html)?\/?$/.exec(pathname);
  if (fair) return pathname.slice(0, fair.index);
  return import.meta.env.BASE_URL.replace(/\/$/, '');
}

export const api = studioApi(() => studioPrefix());
