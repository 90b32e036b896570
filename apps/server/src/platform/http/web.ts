import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, reactRouterFastify } from '@mcansh/remix-fastify/react-router';
import { createRequestHandler as createRouterHandler, type ServerBuild } from 'react-router';
import { deviceFromUserAgent, PROMO_TIMER_COOKIE, TELEMETRY_COOKIES, UTM_COOKIES } from '@orbit/contracts';
import type { Config } from '../config';
import { installPageCache } from './page-cache';
import { inProcessEdgeHeaders } from './proxy';
import { renderHeaders } from './render-reads';
import { installRouteManifest, keptManifestsOf } from './route-manifest';
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
    // The edge's country, where it counted for the page request (the licence, docs/licences.md).
    Object.assign(headers, inProcessEdgeHeaders(request));
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      // A tracked render's calls say so: a session read marks the render a player's own (render-reads.ts).
      headers: { ...headers, ...renderHeaders(request), 'x-orbit-ssr': '1' },
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
/**
 * Guest mode's base (docs/licences.md "The legal block and guest mode"): a visitor without a
 * session from a blocked country gets every page under `/guest/`, rendered by the same build with
 * this basename, so that the page's links stay under it.
 */
export const GUEST_BASE = '/guest';
/** The routes the guest pages are served on (more specific than the catch-all, so they win). */
const GUEST_ROUTES = [GUEST_BASE, `${GUEST_BASE}/*`];
/** Every route a page is served on. */
const PAGE_ROUTES = new Set([PAGE_ROUTE, ...GUEST_ROUTES]);
const isPageRoute = (request: FastifyRequest) => PAGE_ROUTES.has(request.routeOptions.url ?? '');

/** What the legal block asks of a page request (the modules answer: app.ts). */
export type LegalBlockProbe = {
  /** Whether the visitor is in a blocked country (BLOCKED_COUNTRIES). */
  blocked: (request: FastifyRequest) => boolean;
  /** Whether the request carries a live session (a player signed in elsewhere is no guest). */
  signedIn: (request: FastifyRequest) => Promise<boolean>;
};

/**
 * Where a page request belongs, or null where it is: a guest-mode visitor (no session, blocked
 * country) to `/guest/x`, anyone else from `/guest/x` back to `/x`, the query kept. Only pages
 * are moved: the router's data and manifest requests (`.data`, `/__manifest`) and files
 * (`/messages/de.json`) are answered where they are asked.
 */
export function guestRedirect(url: string, guestMode: boolean): string | null {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.') || last === '__manifest') return null;
  const underGuest = pathname === GUEST_BASE || pathname.startsWith(`${GUEST_BASE}/`);
  if (guestMode && !underGuest) return (pathname === '/' ? GUEST_BASE : GUEST_BASE + pathname) + query;
  if (!guestMode && underGuest) return (pathname.slice(GUEST_BASE.length) || '/') + query;
  return null;
}
/** Cookies every guest may carry that change the page (feature flags); any other cookie means a player's own page. */
const SHARED_COOKIES = ['orbit_ff'];
/**
 * Cookies of the visit that no render reads (docs/telemetry.md "Cookies"): a guest who came through
 * a partner's link or a campaign still gets the cached page.
 */
const RENDER_NEUTRAL_COOKIES = [
  ...Object.values(TELEMETRY_COOKIES).map((c) => c.name),
  ...UTM_COOKIES,
  // The header promo's countdown: the page reads it in the browser (a guest who saw the promo kept missing the cache for a day).
  PROMO_TIMER_COOKIE,
];

/** What the modules tell the page server: what a guest's page depends on besides host and URL (the licence). */
export type WebOptions = {
  pageVariant?: (request: FastifyRequest) => string;
  /**
   * A signed-in player's page (docs/architecture.md "Page cache"): the session's cookie, and what
   * the page depends on for that player (the licence, which may follow the player's country).
   */
  player?: { cookies: ReadonlyArray<string>; pageVariant: (request: FastifyRequest) => Promise<string> };
  /** The legal block's questions (guest mode); without it nobody is blocked. */
  legalBlock?: LegalBlockProbe;
};

/** Mounts the React Router app: production build by default, Vite middleware with ORBIT_DEV=1. */
export async function registerWeb(app: FastifyInstance, config: Config, options: WebOptions = {}): Promise<void> {
  const buildDirectory = path.join(webDir, 'build');
  const serverBuildFile = path.join(buildDirectory, 'server', 'index.js');
  if (!config.dev && !fs.existsSync(serverBuildFile)) {
    throw new Error(`The web app is not built (${buildDirectory} is missing): run "npm run build" first.`);
  }
  const legalBlock = options.legalBlock ?? { blocked: () => false, signedIn: async () => false };
  // Guest mode's redirects come before the page cache answers: a cached page is only ever served
  // at the address the visitor belongs at. The answer depends on the visitor, so it is not stored.
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isPageRoute(request)) return;
    const guestMode = legalBlock.blocked(request) && !(await legalBlock.signedIn(request));
    const target = guestRedirect(request.url, guestMode);
    if (target === null) return;
    reply.header('cache-control', 'no-store');
    return reply.redirect(target, 302);
  });
  // Development renders every request anew, so that edits show at once.
  // The game builds a page lists follow the browser's device (lib/device.ts of the page): part of the key.
  const device = (request: FastifyRequest) => deviceFromUserAgent(request.headers['user-agent']);
  const pageVariant = options.pageVariant ?? (() => '');
  const player = options.player;
  const pageCache = installPageCache(app, {
    ttlMs: config.dev ? 0 : config.pageCacheSeconds * 1000,
    sharedCookies: SHARED_COOKIES,
    ignoredCookies: RENDER_NEUTRAL_COOKIES,
    isPage: isPageRoute,
    variantOf: (request) => `${pageVariant(request)}|${device(request)}`,
    ...(player && {
      playerCookies: player.cookies,
      playerVariantOf: async (request) => `${await player.pageVariant(request)}|${device(request)}`,
    }),
  });
  // Modules whose changes show on every guest's page (the catalogue) clear it.
  app.decorate('orbitPageCache', pageCache);
  // A page rendered anew gets its own script nonce, in its policy and on its inline scripts. A page
  // served from the cache was stored with the policy of its render, nonce included, and is the
  // same HTML for every guest (docs/security.md "Script policy").
  app.addHook('preHandler', async (request, reply) => {
    if (!isPageRoute(request)) return;
    const nonce = config.dev ? null : newScriptNonce();
    if (nonce !== null) request.cspNonce = nonce;
    reply.header('content-security-policy', pagePolicy(config.frameAncestors, nonce));
  });
  const mode = config.dev ? 'development' : 'production';
  const loadContext = (request: FastifyRequest, guestBase: boolean) => ({
    apiFetch: injectFetch(app, request),
    clientIp: request.ip,
    cspNonce: request.cspNonce,
    frameAncestors: config.frameAncestors,
    // Guest pages are only rendered for blocked visitors (the redirect above).
    legalBlock: { blocked: guestBase || legalBlock.blocked(request), guestBase },
  });
  // One build for both bases: the guest pages' is the same with `basename` (the page hydrates with
  // the basename the server hands it). In development Vite builds it anew for every request.
  let devServer: { ssrLoadModule(id: string): Promise<Record<string, unknown>> } | undefined;
  const build: ServerBuild | undefined = config.dev
    ? undefined
    : ((await import(pathToFileURL(serverBuildFile).href)) as ServerBuild);
  const guestHandler = createRequestHandler({
    mode,
    getLoadContext: (request) => loadContext(request as FastifyRequest, true),
    build: build
      ? { ...build, basename: GUEST_BASE }
      : async () => ({
          ...((await devServer!.ssrLoadModule('virtual:react-router/server-build')) as unknown as ServerBuild),
          basename: GUEST_BASE,
        }),
  });
  // The route manifest a page asks for its links: the router's answer, kept per URL for the build
  // (route-manifest.ts; several apps of one process, as in the tests, share the build's answers).
  if (build && build.routeDiscovery.mode === 'lazy') {
    const answer = createRouterHandler(build, mode);
    installRouteManifest(app, build.routeDiscovery.manifestPath, answer, keptManifestsOf(build));
  }
  await app.register(async (scope) => {
    // As the catch-all's scope: a page's form posts reach the router's own body parsing.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    for (const url of GUEST_ROUTES)
      scope.all(url, (request: FastifyRequest, reply: FastifyReply) => guestHandler(request, reply));
  });
  await app.register(reactRouterFastify, {
    mode,
    buildDirectory,
    ...(build ? { productionServerBuild: build } : {}),
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
      ? {
          root: webDir,
          configFile: path.join(webDir, 'vite.config.ts'),
          server: { hmr: { server: app.server } },
          // Hands the guest pages' handler the development server the plugin starts.
          plugins: [{ name: 'orbit-guest-base', configureServer: (server) => void (devServer = server) }],
        }
      : undefined,
    getLoadContext: (request) => loadContext(request as FastifyRequest, false),
  });
}

/** The `Cache-Control` of a file of the web build's client folder (its path relative to that folder). */
export function staticCacheControl(file: string): string {
  const name = file.split(path.sep).join('/');
  if (name === 'sw.js') return 'no-cache';
  if (name.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}
