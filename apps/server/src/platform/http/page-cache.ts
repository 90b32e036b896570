import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { beginRender, endRender } from './render-reads';

/**
 * A short-lived cache of server-rendered pages for guests. The public pages (lobby, categories,
 * providers, CMS pages) are the same for every visitor of one host with the same feature flags:
 * rendering each once every few seconds instead of once per request is what keeps the lobby fast
 * under load. Answers that set cookies are never stored. It is a cache, not state: another
 * instance that lacks it renders the page itself.
 *
 * A signed-in player's page is mostly the guests' page too: the player's parts (header, balance,
 * gifts) are filled in the browser. So a request whose only other cookie is the session's is
 * rendered with its render tracked (render-reads.ts): a render that did not read the player is
 * stored as the guests' copy of that page, and for as long as that verdict is fresh, players get
 * the stored copy too. A render that read the player (a tester on a switched-off page) is sent to
 * that player only, and the next player's request of that page renders anew.
 */
export type PageCacheOptions = {
  /** How long a rendered page is served again; 0 turns the cache off. */
  ttlMs: number;
  /**
   * How long past its time an expired page may still be served while one request renders its
   * successor, so that an expiry under load costs one render instead of a queue of them.
   */
  staleMs?: number;
  /** Most pages kept at once; the least recently stored goes first. */
  maxEntries?: number;
  /** Cookies that may be present on a cacheable request; they become part of the key. */
  sharedCookies?: ReadonlyArray<string>;
  /**
   * Cookies no render reads (the visit's affiliate, campaign and consent cookies, which only the
   * telemetry calls and a registration read): present or not, the guest gets the same page.
   */
  ignoredCookies?: ReadonlyArray<string>;
  /**
   * A signed-in player's cookies (the session's): a request that carries one, besides shared and
   * ignored cookies, is rendered tracked and may share the guests' copy (above). Absent: any such
   * request is rendered anew and never shares.
   */
  playerCookies?: ReadonlyArray<string>;
  /**
   * The variant of a signed-in player's request (as `variantOf`, but the player's licence may
   * follow their country). Required with `playerCookies`.
   */
  playerVariantOf?: (request: FastifyRequest) => Promise<string>;
  /** Which requests are pages (the rest — API, assets — pass untouched). */
  isPage: (request: FastifyRequest) => boolean;
  /**
   * What else a guest's page depends on besides host, URL and shared cookies (the licence the
   * request is served under, which may follow the visitor's country): part of the key. Cheap: it
   * runs on every page request.
   */
  variantOf?: (request: FastifyRequest) => string;
  now?: () => number;
};

/** That a signed-in render of a page read nothing of its player, until `expiresAt`. */
type Verdict = { expiresAt: number; refreshing: boolean };

type Entry = {
  expiresAt: number;
  /** A request is rendering the successor; others get this one meanwhile. */
  refreshing: boolean;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
};

const NOT_STORED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
  'keep-alive',
]);

/** The cache's handle: what a change that every guest's page shows (the catalogue) clears. */
export type PageCache = {
  /** Forgets every stored page of this process: the next request renders anew. */
  clear(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The guests' page cache of this process; absent where no pages are served (the API tests). */
    orbitPageCache?: PageCache;
  }
}

export function installPageCache(app: FastifyInstance, options: PageCacheOptions): PageCache {
  if (options.ttlMs <= 0) return { clear: () => undefined };
  const maxEntries = options.maxEntries ?? 500;
  const cookieRules = {
    shared: new Set(options.sharedCookies ?? []),
    ignored: new Set(options.ignoredCookies ?? []),
    player: new Set(options.playerVariantOf ? (options.playerCookies ?? []) : []),
  };
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? 30_000;
  const entries = new Map<string, Entry>();
  /** Pages whose signed-in render read nothing of the player, by key. */
  const verdicts = new Map<string, Verdict>();
  const keys = new WeakMap<FastifyRequest, string>();
  // Raised by `clear()`: a page whose render began before it may show what was cleared, so it is not stored.
  let generation = 0;
  const startedIn = new WeakMap<FastifyRequest, number>();

  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !options.isPage(request)) return;
    const cookies = requestCookies(request, cookieRules);
    if (cookies === undefined) return;
    const variant = cookies.player ? await options.playerVariantOf!(request) : (options.variantOf?.(request) ?? '');
    const key = `${request.hostname}\n${request.url}\n${cookies.shared}\n${variant}`;
    const t = now();
    const entry = entries.get(key);
    const verdict = cookies.player ? verdicts.get(key) : undefined;
    // A guest may always have the guests' copy; a player while the page is known to be the same for them.
    if (entry && (!cookies.player || (verdict && verdict.expiresAt > t))) {
      if (entry.expiresAt > t) return sendEntry(request, reply, entry, 'hit');
      if (entry.expiresAt + staleMs > t) {
        if (entry.refreshing) return sendEntry(request, reply, entry, 'stale');
        entry.refreshing = true;
      } else {
        entries.delete(key);
      }
    } else if (verdict && verdict.expiresAt + staleMs > t) {
      // The verdict is being renewed by one player's render: the others get the copy meanwhile.
      if (verdict.refreshing && entry && entry.expiresAt + staleMs > t)
        return sendEntry(request, reply, entry, 'stale');
      verdict.refreshing = true;
    }
    keys.set(request, key);
    startedIn.set(request, generation);
    if (cookies.player) request.orbitRenderId = beginRender(t);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = keys.get(request);
    if (key === undefined || payload === null || payload === undefined) return payload;
    keys.delete(request);
    reply.header('x-orbit-cache', 'miss');
    const renderId = request.orbitRenderId;
    const storable =
      // A HEAD is answered without the HTML: stored, it would serve an empty page to the GETs after it.
      request.method === 'GET' &&
      startedIn.get(request) === generation &&
      (reply.statusCode === 200 || reply.statusCode === 404) &&
      reply.getHeader('set-cookie') === undefined &&
      reply.getHeader('content-encoding') === undefined;
    // The whole page is rendered once its body is read: only then is it known whether the render read the player.
    const body = storable ? await toBuffer(payload) : undefined;
    const readPlayer = renderId !== undefined && endRender(renderId);
    if (renderId !== undefined) {
      if (readPlayer) verdicts.delete(key);
      else if (body) setBounded(verdicts, key, { expiresAt: now() + options.ttlMs, refreshing: false }, maxEntries);
      else if (verdicts.has(key)) verdicts.get(key)!.refreshing = false;
    }
    if (!body || readPlayer) {
      // The next request tries again rather than every request waiting out the stale window.
      const previous = entries.get(key);
      if (previous) previous.refreshing = false;
      return body ?? payload;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !NOT_STORED_HEADERS.has(name)) headers[name] = String(value);
    }
    setBounded(
      entries,
      key,
      {
        expiresAt: now() + options.ttlMs,
        refreshing: false,
        status: reply.statusCode,
        headers,
        body,
        gzip: gzipSync(body),
      },
      maxEntries,
    );
    return body;
  });
  // A render that never reached onSend (an error before the answer) is not left tracked.
  app.addHook('onResponse', async (request) => {
    if (request.orbitRenderId !== undefined && keys.has(request)) endRender(request.orbitRenderId);
  });
  return {
    clear: () => {
      generation += 1;
      entries.clear();
      verdicts.clear();
    },
  };
}

/** Stores a value last (eviction takes the oldest stored) and keeps at most `max`. */
function setBounded<T>(map: Map<string, T>, key: string, value: T, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

type CookieRules = { shared: Set<string>; ignored: Set<string>; player: Set<string> };

/**
 * The shared cookies of a request (part of the key) and whether it carries a player's; undefined
 * when it carries any other cookie (a page of that visitor's own).
 */
function requestCookies(request: FastifyRequest, rules: CookieRules): { shared: string; player: boolean } | undefined {
  const cookies: string[] = [];
  let player = false;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf('=');
    const name = eq === -1 ? trimmed : trimmed.slice(0, eq);
    if (rules.ignored.has(name)) continue;
    if (rules.player.has(name)) player = true;
    else if (rules.shared.has(name)) cookies.push(trimmed);
    else return undefined;
  }
  return { shared: cookies.sort().join(';'), player };
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry, state: 'hit' | 'stale') {
  reply.status(entry.status).headers(entry.headers).header('x-orbit-cache', state).header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.body);
}

async function toBuffer(payload: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === 'string') return Buffer.from(payload);
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }
  return Buffer.from(JSON.stringify(payload));
}
