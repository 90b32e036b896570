import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A short-lived cache of server-rendered pages for guests. The public pages (lobby, categories,
 * providers, CMS pages) are the same for every visitor of one host with the same feature flags:
 * rendering each once every few seconds instead of once per request is what keeps the lobby fast
 * under load. Only requests without a player's cookies are served from it or stored in it;
 * answers that set cookies are never stored. It is a cache, not state: another instance that
 * lacks it renders the page itself.
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
  const shared = new Set(options.sharedCookies ?? []);
  const ignored = new Set(options.ignoredCookies ?? []);
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? 30_000;
  const entries = new Map<string, Entry>();
  const keys = new WeakMap<FastifyRequest, string>();
  // Raised by `clear()`: a page whose render began before it may show what was cleared, so it is not stored.
  let generation = 0;
  const startedIn = new WeakMap<FastifyRequest, number>();

  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !options.isPage(request)) return;
    const key = cacheKey(request, shared, ignored, options.variantOf);
    if (key === undefined) return;
    const entry = entries.get(key);
    if (entry) {
      const t = now();
      if (entry.expiresAt > t) return sendEntry(request, reply, entry, 'hit');
      if (entry.expiresAt + staleMs > t) {
        if (entry.refreshing) return sendEntry(request, reply, entry, 'stale');
        entry.refreshing = true;
      } else {
        entries.delete(key);
      }
    }
    keys.set(request, key);
    startedIn.set(request, generation);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = keys.get(request);
    if (key === undefined || payload === null || payload === undefined) return payload;
    reply.header('x-orbit-cache', 'miss');
    const storable =
      // A HEAD is answered without the HTML: stored, it would serve an empty page to the GETs after it.
      request.method === 'GET' &&
      startedIn.get(request) === generation &&
      (reply.statusCode === 200 || reply.statusCode === 404) &&
      reply.getHeader('set-cookie') === undefined &&
      reply.getHeader('content-encoding') === undefined;
    if (!storable) {
      // The next request tries again rather than every request waiting out the stale window.
      const previous = entries.get(key);
      if (previous) previous.refreshing = false;
      return payload;
    }
    const body = await toBuffer(payload);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !NOT_STORED_HEADERS.has(name)) headers[name] = String(value);
    }
    entries.delete(key); // re-inserted last: eviction takes the oldest stored
    entries.set(key, {
      expiresAt: now() + options.ttlMs,
      refreshing: false,
      status: reply.statusCode,
      headers,
      body,
      gzip: gzipSync(body),
    });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return body;
  });
  return {
    clear: () => {
      generation += 1;
      entries.clear();
    },
  };
}

/** Host, URL, the shared cookies and the variant (the licence); undefined when a player's cookie is present. */
function cacheKey(
  request: FastifyRequest,
  shared: Set<string>,
  ignored: Set<string>,
  variantOf: PageCacheOptions['variantOf'],
): string | undefined {
  const cookies: string[] = [];
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf('=');
    const name = eq === -1 ? trimmed : trimmed.slice(0, eq);
    if (ignored.has(name)) continue;
    if (!shared.has(name)) return undefined;
    cookies.push(trimmed);
  }
  return `${request.hostname}\n${request.url}\n${cookies.sort().join(';')}\n${variantOf?.(request) ?? ''}`;
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
