/** The operator's cookie and the guard every back-office route declares with its permission. */
import type { FastifyRequest } from 'fastify';
import { cookieOf } from '../../identity';
import { allow, type Operators, type SignedInOperator } from '../operators';
import type { Permission } from '../permissions';

export const BACKOFFICE_COOKIE = 'orbit_backoffice';

/** HttpOnly, SameSite=Strict (the back office is never opened from another site's link with its session), Secure in production. */
export function operatorCookie(token: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${BACKOFFICE_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export type BackofficeGuard = { operators: Operators };

declare module 'fastify' {
  interface FastifyRequest {
    orbitOperator?: SignedInOperator | null;
  }
}

/** The request's operator (resolved once per request), or null. */
export async function signedInOperator(
  request: FastifyRequest,
  guard: BackofficeGuard,
): Promise<SignedInOperator | null> {
  if (request.orbitOperator === undefined) {
    request.orbitOperator = await guard.operators.resolve(cookieOf(request, BACKOFFICE_COOKIE));
  }
  return request.orbitOperator;
}

/** The route's permission, checked before the handler runs (`onRequest`): 401, 403 or through. */
export function requirePermission(guard: BackofficeGuard, permission: Permission) {
  return async (request: FastifyRequest): Promise<void> => {
    allow(await signedInOperator(request, guard), permission);
  };
}

/** Any operator's session, two-factor set up or not (`me` and the setup itself): 401 or through. */
export function requireSession(guard: BackofficeGuard) {
  return async (request: FastifyRequest): Promise<void> => {
    allow(await signedInOperator(request, guard), null);
  };
}

/** The operator a guarded route runs for (its guard already passed). */
export function operatorOf(request: FastifyRequest): SignedInOperator {
  return allow(request.orbitOperator ?? null, null);
}
