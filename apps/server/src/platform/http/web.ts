import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reactRouterFastify } from '@mcansh/remix-fastify/react-router';
import { TELEMETRY_COOKIES, UTM_COOKIES } from '@orbit/contracts';
import type { Config } from '../config';
import { installPageCache } from './page-cache';
import { newScriptNonce, pagePolicy } from './security-headers';

declare module 'fastify' {
  interface FastifyRequest {
    /** The nonce of this page's inline scripts (server-rendered pages in production). */
    cspNonce?: string;
  }
}

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');

/**
 * Request headers a server-side API call carries over from the page request. The visitor's
 * address and host go as the page request resolved them (`request.ip`, `request.host`: forwarded
 * headers counted only from a trusted proxy), never as forwarded headers to be read again.
 */
const FORWARDED = ['cookie', 'accept-language', 'user-agent'];

/**
 * A `fetch` for the page's server-side loaders: the same HTTP API the browser uses,
 * answered in-process by `app.inject` (no socket), with the visitor's headers.
 */
export function injectFetch(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const url = new URL(
      typeof input === 'string' || input instanceof URL ? input.toString() : input.url,
      'http://orbit.internal',
    );
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const v = request.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    headers.host = request.host;
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, 'x-orbit-ssr': '1' },
      remoteAddress: request.ip,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined || k === 'content-encoding' || k === 'content-length') continue;
      out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: out,
    });
  };
}

/** The catch-all route the React Router app is mounted on: a request the router matched to it is a page's. */
export const PAGE_ROUTE = '/*';
/** Cookies every guest may carry that change the page (feature flags); any other cookie means a player's own page. */
const SHARED_COOKIES = ['orbit_ff'];
/**
 * Cookies of the visit that no render reads (docs/telemetry.md "Cookies"): a guest who came through
 * a partner's link or a campaign still gets the cached page.
 */
const RENDER_NEUTRAL_COOKIES = [...Object.values(TELEMETRY_COOKIES).map((c) => c.name), ...UTM_COOKIES];

/** Mounts the React Router app: production build by default, Vite middleware with ORBIT_DEV=1. */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const buildDirectory = path.join(webDir, 'build');
  if (!config.dev && !fs.existsSync(path.join(buildDirectory, 'server', 'index.js'))) {
    throw new Error(`The web app is not built (${buildDirectory} is missing): run "npm run build" first.`);
  }
  // Development renders every request anew, so that edits show at once.
  installPageCache(app, {
    ttlMs: config.dev ? 0 : config.pageCacheSeconds * 1000,
    sharedCookies: SHARED_COOKIES,
    ignoredCookies: RENDER_NEUTRAL_COOKIES,
    isPage: (request) => request.routeOptions.url === PAGE_ROUTE,
  });
  // A page rendered anew gets its own script nonce, in its policy and on its inline scripts. A page
  // served from the cache was stored with the policy of its render, nonce included, and is the
  // same HTML for every guest (docs/security.md "Script policy").
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== PAGE_ROUTE) return;
    const nonce = config.dev ? null : newScriptNonce();
    if (nonce !== null) request.cspNonce = nonce;
    reply.header('content-security-policy', pagePolicy(config.frameAncestors, nonce));
  });
  await app.register(reactRouterFastify, {
    mode: config.dev ? 'development' : 'production',
    buildDirectory,
    // The build's files: hashed assets for a year, the service worker always checked again (a new
    // deploy's worker must reach the browser at once), the rest (icons, manifest, offline pages) an hour.
    fastifyStaticOptions: {
      setHeaders(res: { setHeader(name: string, value: string): void }, filepath: string) {
        res.setHeader(
          'cache-control',
          staticCacheControl(path.relative(path.join(buildDirectory, 'client'), filepath)),
        );
      },
    },
    viteOptions: config.dev
      ? { root: webDir, configFile: path.join(webDir, 'vite.config.ts'), server: { hmr: { server: app.server } } }
      : undefined,
    getLoadContext: (request) => ({
      apiFetch: injectFetch(app, request as FastifyRequest),
      clientIp: (request as FastifyRequest).ip,
      cspNonce: (request as FastifyRequest).cspNonce,
      frameAncestors: config.frameAncestors,
    }),
  });
}

/** The `Cache-Control` of a file of the web build's client folder (its path relative to that folder). */
export function staticCacheControl(file: string): string {
  const name = file.split(path.sep).join('/');
  if (name === 'sw.js') return 'no-cache';
  if (name.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}
