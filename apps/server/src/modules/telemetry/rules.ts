/**
 * The telemetry's rules as pure functions (docs/telemetry.md): who is a crawler, what device a
 * user agent is, the affiliate tag a landing page sets (the link's, the referrer rule's, a search
 * engine's), the tag a registration records, and the A/B arm of a new player.
 */
import { isbot } from 'isbot';
import {
  AB_TEST_ARMS,
  affiliateTagSchema,
  consentChoiceSchema,
  DIRECT_STAG,
  SEARCH_STAG,
  TELEMETRY_COOKIES,
  UTM_COOKIES,
  type ConsentChoice,
  type UtmCookie,
} from '@orbit/contracts';
import type { AffiliateSource, AgentClass } from './schema';

/** A crawler by its user agent (the isbot list: search engines, monitors, link previews, headless browsers). */
export function isCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && isbot(userAgent);
}

/** The device class of a user agent: tablets first (an iPad or Android tablet also says "Mobile" at times). */
export function agentClassOf(userAgent: string | undefined): AgentClass {
  if (!userAgent) return 'unknown';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return 'mobile';
  if (/Windows NT|Macintosh|X11|Linux|CrOS/i.test(userAgent)) return 'desktop';
  return 'unknown';
}

/** The cookies of a Cookie header by name (the first of a name counts), values URI-decoded when they decode. */
export function cookiesOf(header: string | string[] | undefined): Map<string, string> {
  const found = new Map<string, string>();
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || found.has(name)) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      found.set(name, decodeURIComponent(raw));
    } catch {
      found.set(name, raw);
    }
  }
  return found;
}

/** A tag as the cookie or the link carries it, if it has the shape of one. */
export function validTag(value: unknown): string | undefined {
  return typeof value === 'string' && affiliateTagSchema.safeParse(value).success ? value : undefined;
}

/** The visitor's cookie choice; null when not asked yet (or the cookie holds something else). */
export function consentOf(cookies: ReadonlyMap<string, string>): ConsentChoice | null {
  const parsed = consentChoiceSchema.safeParse(cookies.get(TELEMETRY_COOKIES.consent.name));
  return parsed.success ? parsed.data : null;
}

/** The host of a Referer, lower case, without a leading `www.`; undefined when it is none. */
export function refererHost(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return (
      url.hostname
        .toLowerCase()
        .replace(/\.$/, '')
        .replace(/^www\./, '') || undefined
    );
  } catch {
    return undefined;
  }
}

/**
 * Search engines whose visitors get the search affiliate id (241): the name as a label of the
 * host, followed by its country domains (`google.de`, `google.co.uk`, `search.yahoo.com`).
 */
const SEARCH_ENGINES =
  /(^|\.)(google|bing|yahoo|duckduckgo|yandex|baidu|ecosia|qwant|startpage|ask|aol|naver|seznam|sogou)\.[a-z]{2,3}(\.[a-z]{2})?$/;
const SEARCH_HOSTS = new Set(['search.brave.com']);

export function isSearchEngine(host: string | undefined): boolean {
  return host !== undefined && (SEARCH_HOSTS.has(host) || SEARCH_ENGINES.test(host));
}

/**
 * The tag the operator's `stag-by-referrer-name` gives a referrer host: the host's own entry, else
 * that of the nearest parent domain (`blog.partner.example` → `partner.example`). Keys are
 * compared in lower case, without `www.`. Undefined: no entry; `''`: an entry without a tag.
 */
export function stagByReferrer(host: string, rules: Readonly<Record<string, string>>): string | undefined {
  const byHost = new Map(
    Object.entries(rules).map(([key, value]) => [
      key
        .trim()
        .toLowerCase()
        .replace(/^www\./, ''),
      value.trim(),
    ]),
  );
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join('.');
    const value = byHost.get(candidate);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** What a landing page request brings: its query, its Referer, our host, the cookies it already has. */
export type Landing = {
  query: Readonly<Record<string, unknown>>;
  referer: string | undefined;
  /** The host the page was asked of (`request.host`, port included); a Referer of it is our own page. */
  host: string;
  cookies: ReadonlyMap<string, string>;
};

/** The cookies a landing sets, and the referrer host whose rule named an empty (or malformed) tag. */
export type LandingCookies = {
  stag?: { value: string; source: 'link' | 'referrer_rule' | 'search' };
  partnerId?: string;
  utm: Partial<Record<UtmCookie, string>>;
  emptyReferrerRule?: string;
};

const firstString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;

/** The referrer rule is read only when it may decide: another site's Referer, no tag in the link nor a cookie. */
export function needsReferrerRule(landing: Landing): boolean {
  if (validTag(firstString(landing.query.stag))) return false;
  if (validTag(landing.cookies.get(TELEMETRY_COOKIES.stag.name))) return false;
  const host = refererHost(landing.referer);
  return host !== undefined && host !== ownHostName(landing.host);
}

/**
 * The cookies a landing page sets (docs/telemetry.md "Affiliate tags"):
 * 1. `?stag=` (and `?partner_id=`) of a partner's link: always, a newer link replaces the tag;
 * 2. else, for a visitor another site sent and who has no tag yet, the operator's referrer rule
 *    (`stag-by-referrer-name`); a rule whose tag is empty sets nothing and is reported;
 * 3. else, for a search engine's visitor without a tag, the search id 241.
 * A direct visit sets nothing: 122 is what a registration without a tag records.
 * The campaign's `utm_*` and `sub_id` parameters are set as they come (the page reports them).
 */
export function landingCookies(landing: Landing, rules: Readonly<Record<string, string>>): LandingCookies {
  const out: LandingCookies = { utm: {} };
  for (const name of UTM_COOKIES) {
    const value = firstString(landing.query[name])?.trim();
    if (value && value.length <= 256 && !/[\u0000-\u001f\u007f]/.test(value)) out.utm[name] = value;
  }
  const linked = validTag(firstString(landing.query.stag));
  const partnerId = validTag(firstString(landing.query.partner_id));
  if (partnerId) out.partnerId = partnerId;
  if (linked) {
    out.stag = { value: linked, source: 'link' };
    return out;
  }
  if (!needsReferrerRule(landing)) return out;
  const host = refererHost(landing.referer)!;
  const ruled = stagByReferrer(host, rules);
  if (ruled !== undefined) {
    const tag = validTag(ruled);
    if (tag) out.stag = { value: tag, source: 'referrer_rule' };
    else out.emptyReferrerRule = host;
    return out;
  }
  if (isSearchEngine(host)) out.stag = { value: SEARCH_STAG, source: 'search' };
  return out;
}

/** Our host's name as `refererHost` writes one: lower case, no port, no `www.`. */
function ownHostName(host: string): string {
  return host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/**
 * The tag a registration records: the `stag` cookie's (241 there says a search engine sent the
 * visitor: the landing page set it), else 122, a direct visit. The registration's own Referer is
 * never read: it is our own page (a foreign one fails the CSRF check), so where the visitor came
 * from is known only through the landing page's cookie.
 */
export function registrationTag(cookies: ReadonlyMap<string, string>): {
  stag: string;
  source: AffiliateSource;
  partnerId: string | null;
  partnerApproved: boolean;
} {
  const cookie = validTag(cookies.get(TELEMETRY_COOKIES.stag.name));
  const partnerId = validTag(cookies.get(TELEMETRY_COOKIES.partnerId.name)) ?? null;
  const partnerApproved = cookies.get(TELEMETRY_COOKIES.partnerApproval.name) === '1';
  const stag = cookie ?? DIRECT_STAG;
  const source: AffiliateSource = !cookie ? 'direct' : cookie === SEARCH_STAG ? 'search' : 'cookie';
  return { stag, source, partnerId, partnerApproved };
}

/** A partner's own tag: one that is not the house's default ids (122 direct, 241 search). */
export function partnerTag(stag: string | null | undefined): string | undefined {
  return stag && stag !== DIRECT_STAG && stag !== SEARCH_STAG ? stag : undefined;
}

export type AbSplit = 'player_id' | 'stag';

/**
 * The A/B arm of a new player: 543 for an even player id, 544 for an odd one. Split by `stag`, a
 * partner's tag ending in a hex digit decides instead (even digit 543, odd 544), so that a
 * partner's whole traffic can be sent to one arm by the tags it hands out; without one, the id's parity.
 */
export function abArmOf(userId: number, stag: string | null | undefined, split: AbSplit): number {
  if (split === 'stag') {
    const digit = stagArmDigit(stag);
    if (digit !== undefined) return AB_TEST_ARMS[digit % 2]!;
  }
  return AB_TEST_ARMS[userId % 2]!;
}

/** The arm a sign-up would get now, when it does not wait for the player id (split by a partner's tag); else null. */
export function armForecast(stag: string | null | undefined, split: AbSplit): number | null {
  const digit = split === 'stag' ? stagArmDigit(stag) : undefined;
  return digit === undefined ? null : AB_TEST_ARMS[digit % 2]!;
}

function stagArmDigit(stag: string | null | undefined): number | undefined {
  const last = partnerTag(stag)?.slice(-1);
  return last !== undefined && /^[0-9a-f]$/i.test(last) ? parseInt(last, 16) : undefined;
}
