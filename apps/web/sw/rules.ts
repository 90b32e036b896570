/**
 * The service worker's route rules (docs/rules/page-shell.md "Install as an app"), a plain module
 * with no browser API so that the unit test imports it as the worker does.
 *
 * At install the worker precaches only what a page needs offline and the app's own files (the
 * offline pages, icons, the manifest): a first visit downloads nothing more than the page itself
 * asks for. The build's hashed scripts, styles and fonts (`/assets/…`, a new name for every new
 * content) are kept as the page loads them (cache first, the newest 300), so a second visit
 * starts from the cache. Every other request goes to the network untouched. Navigations go to the
 * network too; only when the network fails does it answer with the offline page, and never for the
 * addresses below.
 */

/** Addresses the worker never answers, from its cache or with the offline page: their request goes to the network as it is. */
export const NEVER_CACHED_PREFIXES = [
  '/api',
  '/connection',
  '/backoffice',
  '/restore-id',
  // The game frames (the house studio's games), the sandbox payment provider's pages.
  '/studio',
  '/sandbox-psp',
  '/cashbox',
] as const;

/** File extensions of the build's files the worker precaches (outside `/assets/`: the offline pages, icons, the manifest). */
export const PRECACHED_EXTENSIONS = ['js', 'css', 'woff2', 'woff', 'png', 'svg', 'webmanifest', 'html'] as const;

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}?`);
}

/** Whether a request's address is one the worker must never answer from its cache (or with the offline page). */
export function isNeverCached(url: URL, origin: string): boolean {
  if (url.origin !== origin) return true;
  const pathname = decodeURIComponentSafe(url.pathname).toLowerCase();
  return NEVER_CACHED_PREFIXES.some((prefix) => underPrefix(pathname, prefix));
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Whether a precached file may be served for this request: same origin, a GET, not under a
 * never-cached address. (What is precached is decided at build time: `isPrecachedFile`.)
 */
export function mayServeFromPrecache(request: { method: string; url: string }, origin: string): boolean {
  return request.method === 'GET' && !isNeverCached(new URL(request.url), origin);
}

/**
 * Whether a failed navigation gets the offline page: a top-level page of the site (not a frame's:
 * the game frames load their own pages), a GET, not under a never-cached address.
 */
export function offlinePageApplies(
  request: { method: string; url: string; mode: string; destination: string },
  origin: string,
): boolean {
  return (
    request.method === 'GET' &&
    request.mode === 'navigate' &&
    request.destination === 'document' &&
    !isNeverCached(new URL(request.url), origin)
  );
}

/** Whether a file of the web build (its path relative to the build's client folder) is precached. */
export function isPrecachedFile(file: string): boolean {
  const name = file.replace(/\\/g, '/');
  if (NEVER_CACHED_PREFIXES.some((prefix) => underPrefix(`/${name}`, prefix))) return false;
  // The hashed build files are kept as pages load them (`isShellAsset`), not all at install.
  if (underPrefix(`/${name}`, ASSETS_PREFIX)) return false;
  if (name === 'sw.js' || name.endsWith('.map')) return false;
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return (PRECACHED_EXTENSIONS as readonly string[]).includes(ext);
}

/**
 * The offline page for a navigation: the page of the address's locale prefix (`/de/…` →
 * `/offline.de.html`), English (`/offline.html`) otherwise.
 */
export function offlinePageFor(url: URL, locales: readonly string[]): string {
  const first = url.pathname.split('/')[1] ?? '';
  const locale = locales.find((l) => l !== 'en' && l.toLowerCase() === first.toLowerCase());
  return locale ? `/offline.${locale}.html` : '/offline.html';
}

/** What a push message carries (the server's `PushPayload`), read defensively: a malformed one shows the site's name. */
export type PushMessage = { title: string; body: string; url: string; tag?: string };

export function readPushMessage(data: unknown, origin: string): PushMessage {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const title = typeof d.title === 'string' && d.title !== '' ? d.title.slice(0, 200) : 'Orbit';
  const body = typeof d.body === 'string' ? d.body.slice(0, 500) : '';
  return { title, body, url: safeOpenUrl(d.url, origin), ...(typeof d.tag === 'string' ? { tag: d.tag } : {}) };
}

/** The address a notification's click opens: one of the site's own, the lobby otherwise. */
export function safeOpenUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return `${origin}/`;
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? resolved.href : `${origin}/`;
}

/** Where the build's hashed files are served: a name changes with its content. */
export const ASSETS_PREFIX = '/assets';
/** How many hashed files the worker keeps (the oldest used go first: earlier deployments' files). */
export const SHELL_ASSETS_KEPT = 300;

/** Whether a request is for one of the build's hashed files, kept in the cache as the page loads it. */
export function isShellAsset(request: { method: string; url: string }, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return !isNeverCached(url, origin) && underPrefix(url.pathname, ASSETS_PREFIX) && url.search === '';
}
