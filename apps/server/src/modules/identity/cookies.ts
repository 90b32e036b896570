import type { FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'orbit_session';
/** The half-done two-factor sign-in: a random token whose hash is an `email_tokens` row (5 min). */
export const PENDING_TWO_FACTOR_COOKIE = 'orbit_pending_2fa';

/** A token cookie from the Cookie header, if any (no cookie plugin: one cookie is read). */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.length > 0 && value.length <= 100 ? value : undefined;
  }
  return undefined;
}

/** The session token from the Cookie header, if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return cookieOf(request, SESSION_COOKIE);
}

export function pendingTwoFactorTokenOf(request: FastifyRequest): string | undefined {
  return cookieOf(request, PENDING_TWO_FACTOR_COOKIE);
}

/** HttpOnly, SameSite=Strict (only this site's own calls finish the sign-in), as long as the marker lives. */
export function pendingTwoFactorCookie(token: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${PENDING_TWO_FACTOR_COOKIE}=${token}`,
    'Path=/api/users',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedPendingTwoFactorCookie(secure: boolean): string {
  return [
    `${PENDING_TWO_FACTOR_COOKIE}=`,
    'Path=/api/users',
    'HttpOnly',
    'SameSite=Strict',
    'Max-Age=0',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * HttpOnly (scripts never see it), SameSite=Lax (not sent on cross-site POSTs), Secure in
 * production. No Max-Age: the server decides expiry (30 min idle, 30 days in all); the cookie
 * lasts the 30 days so that a browser restart keeps an active session.
 */
export function sessionCookie(token: string, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${30 * 24 * 3600}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join(
    '; ',
  );
}
