/**
 * The mark a device keeps after its player started a cooling-off or self-exclusion: a cookie
 * with the exclusion's end. The player cannot sign in until then, so demo play is the one thing
 * such a device could still reach; where the licence closes it (DEMO_FOR_EXCLUDED_BY_LICENCE),
 * the demo launch reads this mark. It only ever restricts, so a forged one harms nobody but its
 * maker, and it needs no signature; clearing it is as easy as for any device marker.
 */
import type { FastifyRequest } from 'fastify';

export const EXCLUSION_MARK_COOKIE = 'orbit_excluded_until';
/** A permanent self-exclusion's mark lasts as long as a browser keeps a cookie reasonably. */
const PERMANENT_SECONDS = 5 * 365 * 24 * 3600;

/** The Set-Cookie value that marks this device until `until` (null: permanent). */
export function exclusionMarkCookie(until: Date | null, now: Date, secure: boolean): string {
  const seconds = until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) : PERMANENT_SECONDS;
  const value = until ? until.toISOString() : 'permanent';
  return [
    `${EXCLUSION_MARK_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${seconds}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Whether the request comes from a device marked by an exclusion that has not ended at `now`. */
export function isMarkedExcluded(request: FastifyRequest, now: Date): boolean {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== EXCLUSION_MARK_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value === 'permanent') return true;
    const until = Date.parse(value);
    return Number.isFinite(until) && until > now.getTime();
  }
  return false;
}
