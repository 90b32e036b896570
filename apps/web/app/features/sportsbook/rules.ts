/**
 * The sportsbook's rules (docs/sportsbook.md): Orbit has no sportsbook of its own. A betting site
 * named by the fe config `betting-config` is framed by the casino's `/sport` routes, and a sibling
 * site that frames the casino may steer it with window messages. Pure functions, no React, no zod.
 */

/** The fe config as served (`GET /api/fe/config/betting-config`). */
export type BettingConfig = { enabled: boolean; url: string | null };

/** The betting site in force: its address without a trailing slash, and its origin. */
export type BettingSite = { url: string; origin: string };

/**
 * The betting site when the config switches it on with an absolute http(s) address; anything else
 * (off, no address, a relative or `javascript:` one, credentials in it) is no betting site at all.
 */
export function bettingSite(config: BettingConfig | null | undefined): BettingSite | null {
  if (!config?.enabled || !config.url) return null;
  let url: URL;
  try {
    url = new URL(config.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  return { url: url.href.replace(/\/+$/, ''), origin: url.origin };
}

/** A section of the betting site (`/sport/{section}`, `#sport_{section}`): one plain path segment. */
const SECTION = /^[A-Za-z0-9_-]{1,64}$/;

export function sportSection(value: string | null | undefined): string | null {
  return value && SECTION.test(value) ? value : null;
}

/** The betting site's page for a section (its start page without one). */
export function bettingPageUrl(site: BettingSite, section: string | null): string {
  const safe = sportSection(section);
  if (!safe) return site.url;
  const url = new URL(site.url);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${safe}`;
  return url.href;
}

/**
 * A path of this site (`/pokies/all?x=1#y`), else null: a full address, a protocol-relative one
 * (`//evil.example`), a backslash (browsers read `/\evil.example` as `//evil.example`) or a control
 * character would let a message or a link send the player off-site.
 */
export function safeInternalPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://orbit.invalid';
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return null;
  }
  return resolved.origin === base ? resolved.pathname + resolved.search + resolved.hash : null;
}

/** The three sport addresses: the betting page, and the casino's sign-in and sign-up over it. */
export type SportKind = 'page' | 'login' | 'registration';

export function sportKindOf(path: string): SportKind {
  if (path === '/sport/login') return 'login';
  if (path === '/sport/registration') return 'registration';
  return 'page';
}

/**
 * What a sport address shows (docs/rules/routes-and-guards.md "Sportsbook"): with no betting site,
 * the lobby; `/sport/login` and `/sport/registration` are for guests (a signed-in player goes to the
 * lobby, as from /login); otherwise the betting frame, with the casino's form over it. While the
 * session is not known yet the frame is drawn.
 */
export function sportDecision(input: {
  kind: SportKind;
  site: BettingSite | null;
  session: 'unknown' | 'guest' | 'player';
}): 'lobby' | 'frame' | 'sign-in' | 'sign-up' {
  if (!input.site) return 'lobby';
  if (input.kind === 'page') return 'frame';
  if (input.session === 'player') return 'lobby';
  return input.kind === 'login' ? 'sign-in' : 'sign-up';
}

/**
 * Where closing the betting frame leads: the `path` of the address when it is a path of this site,
 * else the betting site itself (the page leaves the casino for it).
 */
export function closeTarget(
  search: string,
  site: BettingSite,
  section: string | null,
): { kind: 'inside'; path: string } | { kind: 'outside'; url: string } {
  const path = safeInternalPath(new URLSearchParams(search).get('path'));
  return path ? { kind: 'inside', path } : { kind: 'outside', url: bettingPageUrl(site, section) };
}

/**
 * The sport address a hash link stands for (`#sport` → `/sport`, `#sport_live` → `/sport/live`),
 * with the page it was on as `path`; null for any other hash (or a section that is no plain segment).
 */
export function sportHashTarget(hash: string, from: string): string | null {
  const name = hash.replace(/^#/, '');
  let section: string | null = null;
  if (name !== 'sport') {
    if (!name.startsWith('sport_')) return null;
    section = sportSection(name.slice('sport_'.length));
    if (!section) return null;
  }
  const path = safeInternalPath(from);
  return `/sport${section ? `/${section}` : ''}${path ? `?path=${encodeURIComponent(path)}` : ''}`;
}

/** A message a framing sibling site may send (docs/sportsbook.md "Frame messages"). */
export type FrameMessage = { type: 'close' } | { type: 'redirect'; path: string } | { type: 'refresh_user' };

/**
 * The message in a `message` event's data: an object `{type, ...}` or the same as a JSON string.
 * A redirect must name a path of this site; anything else is no message (null).
 */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  let value = data;
  if (typeof value === 'string') {
    if (value.length > 4096) return null;
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const message = value as { type?: unknown; path?: unknown };
  if (message.type === 'close') return { type: 'close' };
  if (message.type === 'refresh_user') return { type: 'refresh_user' };
  if (message.type === 'redirect') {
    const path = safeInternalPath(message.path);
    return path ? { type: 'redirect', path } : null;
  }
  return null;
}

/** The origins of `FRAME_ANCESTORS` as a browser writes an event's origin (lower case, no default port). */
export function normalizeOrigins(origins: readonly string[]): string[] {
  return origins.flatMap((origin) => {
    try {
      const url = new URL(origin);
      return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
    } catch {
      return [];
    }
  });
}

/** Whether a message's origin is one of the sibling sites allowed to frame the casino. */
export function acceptsOrigin(origin: string, allowed: readonly string[]): boolean {
  return origin !== 'null' && normalizeOrigins(allowed).includes(origin);
}
