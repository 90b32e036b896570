import { PROMO_TIMER_COOKIE, type CmsSnippet, type LogoConfig } from '@orbit/contracts';

/**
 * What the page shell draws from the CMS (docs/page-shell.md "Header" and "Footer"): the
 * snippets it reads by key, the logo, the awards and the promo banner's timer. Pure functions,
 * shared by the shell layout's loader (server) and the shell's parts (browser).
 */

/** The snippets the shell reads, by key. */
export const SHELL_SNIPPETS = {
  notice: 'header-notice',
  promo: 'header-promo',
  social: 'social-links',
  contacts: 'footer-contacts',
} as const;

/** A snippet's HTML as one line of plain text (tags dropped, entities of the common five decoded). */
export function snippetText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A short, stable key of a text (FNV-1a), so that a closed notice comes back when its text changes. */
export function textKey(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

function parseJson(text: string | undefined): unknown {
  if (!text) return null;
  // A snippet may wrap its JSON in a paragraph.
  for (const candidate of [text, snippetText(text)]) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // the next candidate
    }
  }
  return null;
}

const isHttps = (url: unknown): url is string => typeof url === 'string' && /^https:\/\/[^\s/]+\.[^\s]+$/.test(url);

export type SocialLink = { name: string; url: string; icon: string };

/**
 * The footer's social links: the snippet `social-links`, a JSON list of `{name, url, icon}`. Only
 * entries with a name and an https address are kept (at most 8); anything else is no link.
 */
export function socialLinksOf(snippets: CmsSnippet[]): SocialLink[] {
  const list = parseJson(snippets.find((s) => s.id === SHELL_SNIPPETS.social)?.content);
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (entry): entry is Record<string, unknown> =>
        typeof entry === 'object' && entry !== null && typeof entry.name === 'string' && isHttps(entry.url),
    )
    .slice(0, 8)
    .map((entry) => ({
      name: String(entry.name),
      url: String(entry.url),
      icon: typeof entry.icon === 'string' ? entry.icon : 'globe',
    }));
}

export type Contacts = { phone: string | null; email: string | null };

/**
 * The footer's phone and mail contacts: the snippet `footer-contacts`, JSON `{phone, email}`.
 * The values go into the links' addresses only, never onto the page (the footer says "Call us",
 * "Email us"); a malformed value is no link.
 */
export function contactsOf(snippets: CmsSnippet[]): Contacts {
  const value = parseJson(snippets.find((s) => s.id === SHELL_SNIPPETS.contacts)?.content);
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const phone = typeof record.phone === 'string' && /^\+?[0-9 ()-]{8,20}$/.test(record.phone) ? record.phone : null;
  const email =
    typeof record.email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(record.email) ? record.email : null;
  return { phone: phone ? phone.replace(/[^0-9+]/g, '') : null, email };
}

/** A snippet's text by key, or null when the CMS has none (or it is empty). */
export function snippetLine(snippets: CmsSnippet[], key: string): string | null {
  const text = snippetText(snippets.find((s) => s.id === key)?.content ?? '');
  return text === '' ? null : text;
}

export type Award = { name: string; nomination: string; prize: string; year: number; image: string | null };

/**
 * The awards of the `awards` static page (its json block: `{"awards": [{name, nomination, prize,
 * year, imgUrl}]}`), the newest year first. Entries without a name or a year are left out.
 */
export function awardsOf(json: string | null | undefined): Award[] {
  const value = parseJson(json ?? undefined) as { awards?: unknown } | null;
  const list = value && Array.isArray(value.awards) ? value.awards : [];
  return list
    .filter(
      (a): a is Record<string, unknown> =>
        typeof a === 'object' && a !== null && typeof a.name === 'string' && Number.isInteger(Number(a.year)),
    )
    .map((a) => ({
      name: String(a.name),
      nomination: typeof a.nomination === 'string' ? a.nomination : '',
      prize: typeof a.prize === 'string' ? a.prize : '',
      year: Number(a.year),
      // Same-origin images only: the page never loads from a third-party host.
      image: typeof a.imgUrl === 'string' && a.imgUrl.startsWith('/') && !a.imgUrl.startsWith('//') ? a.imgUrl : null,
    }))
    .sort((a, b) => b.year - a.year);
}

/** The logo when `logo-config` cannot be read: the project's name as the word mark, home as the link. */
export function logoOf(config: LogoConfig | null, projectName: string): LogoConfig {
  const sameSite = (url: string | null) => (url && url.startsWith('/') && !url.startsWith('//') ? url : null);
  if (!config) return { title: projectName, alt: projectName, href: '/', desktop: null, mobile: null };
  return {
    title: config.title || projectName,
    alt: config.alt || config.title || projectName,
    href: sameSite(config.href) ?? '/',
    desktop: sameSite(config.desktop),
    mobile: sameSite(config.mobile) ?? sameSite(config.desktop),
  };
}

// ---- the header's promo banner ------------------------------------------------------------------

/** The cookie that holds when the promo's countdown ends (its name in the contracts); it lives a day. */
export { PROMO_TIMER_COOKIE };
export const PROMO_TIMER_COOKIE_SECONDS = 86_400;
/** How long the countdown runs, in minutes, from the guest's first sight of the banner. */
export const PROMO_TIMER_MINUTES = 10;
/** A closed banner comes back after this long. */
export const PROMO_REOPEN_MS = 120_000;
/** Where the close time is kept for the tab (session storage). */
export const PROMO_CLOSED_KEY = 'orbit_promo_closed';

/** The countdown's end from the cookie header, or null when there is none (or it is not a time). */
export function promoEndOf(cookie: string): number | null {
  const match = new RegExp(`(?:^|;\\s*)${PROMO_TIMER_COOKIE}=(\\d{10,16})(?:;|$)`).exec(cookie);
  return match ? Number(match[1]) : null;
}

/** The cookie to set when a countdown starts at `now`: its end, for a day. */
export function promoCookie(now: number, minutes = PROMO_TIMER_MINUTES): string {
  return `${PROMO_TIMER_COOKIE}=${now + minutes * 60_000}; Max-Age=${PROMO_TIMER_COOKIE_SECONDS}; Path=/; SameSite=Lax`;
}

/** mm:ss left until `end` (00:00 once past). */
export function countdownText(end: number, now: number): string {
  const left = Math.max(0, Math.ceil((end - now) / 1000));
  const mm = Math.floor(left / 60);
  const ss = left % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

/** Whether the banner shows now: its countdown runs and it was not closed in the last two minutes. */
export function promoShown(end: number, closedAt: number | null, now: number): boolean {
  if (end <= now) return false;
  return closedAt === null || now - closedAt >= PROMO_REOPEN_MS;
}
