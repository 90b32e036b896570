import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` exempts a route from the CSRF check. Meant for calls that change nothing although
     * they are POSTs, and for server-to-server callers that sign their requests instead (game
     * provider wallet callbacks, payment provider webhooks: they send no X-Requested-With).
     * `true` puts a page's call outside /api under the check (the chat's `/restore-id/*`).
     */
    csrf?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence that keeps existing clients working (docs/security.md): every
 * state-changing call under /api (and a route outside it that asks, `csrf: true`) must carry
 * `X-Requested-With: XMLHttpRequest` (a header a cross-site form cannot send, and a cross-site
 * script only after a CORS preflight we never grant), and an Origin (or, lacking it, Referer)
 * that is present must name our own host. SameSite=Lax on the session cookie is the third layer.
 */
export function installCsrfCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    // The route the router matched, never the raw address: `/%61pi/...` reaches `/api/...` too.
    // An address no route matched changes nothing (it answers 404).
    const route = request.routeOptions.url;
    if (!STATE_CHANGING.has(request.method) || route === undefined) return;
    const wanted = request.routeOptions.config?.csrf;
    if (wanted === false || (!route.startsWith('/api/') && wanted !== true)) return;
    if (!passesCsrf(request)) throw forbidden('csrf_failed');
  });
}

function passesCsrf(request: FastifyRequest): boolean {
  if (headerOf(request, 'x-requested-with')?.toLowerCase() !== 'xmlhttprequest') return false;
  const origin = headerOf(request, 'origin') ?? headerOf(request, 'referer');
  if (origin === undefined) return true;
  return sameHost(origin, request.host);
}

/** Compares host and port; `Origin: null` (sandboxed or privacy-stripped) never matches. */
export function sameHost(originOrReferer: string, host: string): boolean {
  try {
    return new URL(originOrReferer).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
