/**
 * The rules of web push (docs/notifications.md "Push to a device"), pure: which subscriptions are
 * taken, how many a player keeps, what a push service's answer does to a subscription, and what a
 * push says in the player's language.
 */
import { localePath, mailLanguage, mailLocale } from '../../platform/mail-layout';
import { FIAT_CURRENCY_CODES } from '../wallet';
import { PUSH_TEXTS, type PushTextKey } from './push-texts';

/** Devices one player keeps; a new one beyond replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** Failed sends in a row after which a subscription is deleted. */
export const MAX_PUSH_FAILURES = 5;
/** How long a push service keeps trying to reach a device that is off: as long as the bell lists it. */
export const PUSH_TTL_SECONDS = 2 * 60 * 60;
/** How long one send to a push service may take before it counts as failed. */
export const PUSH_TIMEOUT_MS = 10_000;
/** A gift older than this when its news comes (a queued gift's later change) is not pushed as new. */
export const GIFT_NEWS_MS = 24 * 60 * 60 * 1000;
/** How long the record of a pushed gift is kept (longer than GIFT_NEWS_MS, so it never pushes twice). */
export const PUSH_SENT_KEEP_MS = 2 * 24 * 60 * 60 * 1000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a subscription's endpoint is taken: an https address without credentials; plain http
 * only to this machine (a test's stand-in push service), and never in production.
 */
export function pushEndpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && !production && LOOPBACK_HOSTS.has(url.hostname);
}

/** Bytes of a base64url text (no padding), or null when it is not one. */
function base64urlBytes(text: string): number | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  return Buffer.from(text, 'base64url').length;
}

/**
 * The field whose key is wrong, or null: `p256dh` is the device's P-256 public key, uncompressed
 * (65 bytes, first 0x04), `auth` its 16-byte secret, both base64url.
 */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): 'keys.p256dh' | 'keys.auth' | null {
  const p256dh = keys.p256dh.replace(/=+$/, '');
  if (base64urlBytes(p256dh) !== 65 || Buffer.from(p256dh, 'base64url')[0] !== 4) return 'keys.p256dh';
  if (base64urlBytes(keys.auth.replace(/=+$/, '')) !== 16) return 'keys.auth';
  return null;
}

/** A coarse class of the device's browser (`chrome-android`), kept instead of its user agent. */
export function userAgentClass(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = /Edg\//.test(ua)
    ? 'edge'
    : /Firefox\/|FxiOS/.test(ua)
      ? 'firefox'
      : /OPR\/|Opera/.test(ua)
        ? 'opera'
        : /SamsungBrowser/.test(ua)
          ? 'samsung'
          : /Chrome\/|CriOS|Chromium/.test(ua)
            ? 'chrome'
            : /Safari\//.test(ua)
              ? 'safari'
              : 'other';
  const system = /Android/.test(ua)
    ? 'android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'ios'
      : /Windows/.test(ua)
        ? 'windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macos'
          : /Linux|CrOS/.test(ua)
            ? 'linux'
            : 'other';
  return `${browser}-${system}`;
}

/**
 * What a push service's answer does to the subscription: 2xx `delivered` (failures back to 0),
 * 404 or 410 `gone` (the device unsubscribed: deleted), anything else (or no answer) `failed`.
 */
export function sendOutcome(status: number | null): 'delivered' | 'gone' | 'failed' {
  if (status !== null && status >= 200 && status < 300) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
  return 'failed';
}

/** What the news of a push is: the bell's message key and parameters, and the site path it opens. */
export type PushNews = {
  /** What the push is about, once per player (`tournament:12`, `gift:bonus:7`): also its `tag`. */
  sourceKey: string;
  /** The bell's message key (`notifications.tournament.prize`, `notifications.gift.new` ...). */
  messageKey: string;
  params: Record<string, string | number>;
  /** The site path (without locale) the push opens. */
  path: string;
};

/** What the service worker shows (apps/web/sw/rules.ts `readPushMessage`). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

const MICRO_UNITS = new Set(['USDT', 'USDC', 'ADA', 'TRX']);

function money(cents: number, currency: string, locale: string): string {
  if (FIAT_CURRENCY_CODES.includes(currency)) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(cents / 10 ** digits);
  }
  const units = cents / (MICRO_UNITS.has(currency) ? 1e6 : 1e8);
  return `${units.toLocaleString(locale, { maximumFractionDigits: 8 })} ${currency}`;
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** The push of a news in the player's language (their stored `language`; English when unknown). */
export function pushPayload(news: PushNews, language: string | null | undefined): PushPayload {
  const locale = mailLocale(language);
  const words = PUSH_TEXTS[mailLanguage(locale)];
  const plural = (key: 'lottery.tickets' | 'prize.freespins' | 'prize.compPoints', count: number) =>
    words[`${key}_${new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other'}` as PushTextKey];
  const params: Record<string, string | number> = { ...news.params };
  // A prize is said again from its parts, in the player's language and money format (as the page does).
  if ('prize_money_cents' in params) {
    const cents = Number(params.prize_money_cents) || 0;
    const spins = Number(params.prize_freespins) || 0;
    const points = Number(params.prize_comp_points) || 0;
    const parts = [
      cents > 0 ? fill(words['prize.bonus'], { amount: money(cents, String(params.prize_currency), locale) }) : null,
      spins > 0 ? fill(plural('prize.freespins', spins), { count: spins }) : null,
      points > 0 ? fill(plural('prize.compPoints', points), { count: points }) : null,
    ].filter((part): part is string => part !== null);
    if (parts.length) params.prize = parts.join(', ');
  }
  const key = news.messageKey.replace(/^notifications\./, '');
  let title: string;
  let body: string;
  if (key === 'lottery.tickets') {
    title = words['title.tickets'];
    body = fill(plural('lottery.tickets', Number(params.count) || 0), params);
  } else {
    const kind = key.split('.')[0];
    title = kind === 'tournament' || kind === 'lottery' || kind === 'gift' ? words[`title.${kind}`] : 'Orbit';
    body = key in words ? fill(words[key as PushTextKey], params) : '';
  }
  return {
    title: title.slice(0, 200),
    body: body.slice(0, 500),
    url: localePath(locale, news.path.startsWith('/') && !news.path.startsWith('//') ? news.path : '/'),
    tag: news.sourceKey.slice(0, 100),
  };
}
