import type { FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'orbit_session';

/** The session token from the Cookie header, if any (no cookie plugin: one cookie is read). */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return value.length > 0 && value.length <= 100 ? value : undefined;
  }
  return undefined;
}

/**
 * HttpOnly (scripts never see it), SameSite=Lax (not sent on cross-site POSTs), Secure in
 * production. No Max-Age: the server decides expiry (30 min idle, 30 days in all); the cookie
 * lasts the 30 days so that a browser restart keeps an active session.
 */
export function sessionCookie(token: string, secure: boolean): string {
  return [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${30 * 24 * 3600}`, ...(secure ? ['Secure'] : [])].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ');
}
