/** The operator's cookie and the guard every back-office route declares with its permission. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** Which permission each guard function checks (read back by `recordRoutePermissions`). */
const guardPermissions = new WeakMap<object, Permission>();

/** The route's permission, checked before the handler runs (`onRequest`): 401, 403 or through. */
export function requirePermission(guard: BackofficeGuard, permission: Permission) {
  const check = async (request: FastifyRequest): Promise<void> => {
    allow(await signedInOperator(request, guard), permission);
  };
  guardPermissions.set(check, permission);
  return check;
}

/**
 * Every back-office route and the permission its guard checks ("GET /api/backoffice/cashouts" →
 * `cashouts.decide`), filled as the routes are declared: what the role-by-route test walks.
 */
export const routePermissions = new Map<string, Permission>();

export function recordRoutePermissions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/backoffice/')) return;
    const hooks = [route.onRequest ?? []].flat();
    const permission = hooks.map((hook) => guardPermissions.get(hook)).find((p) => p !== undefined);
    if (!permission) return;
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routePermissions.set(`${method} ${route.url}`, permission);
  });
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
