import type { Banner } from '@orbit/contracts';
import { DEFAULT_LOCALE, localizePath, parseLocalePath, type Locale } from '../../lib/locale';

/** The home banner advances every 10 s (docs/rules/page-shell.md "Banners"). */
export const BANNER_AUTOPLAY_MS = 10_000;

/**
 * Banners a visitor sees on a page (docs/rules/page-shell.md "Banners"): the page's category's, by
 * position, within their live time; banners for signed-in players or limited to player groups
 * are left out. Guest-only banners are kept here (the page is the same for everyone) and left
 * out by the carousel once a player is signed in (`forViewer`).
 */
export function visitorBanners(banners: Banner[], category: string, now = new Date()): Banner[] {
  return banners
    .filter((b) => b.categories.includes(category))
    .filter((b) => b.logged !== true && b.groups.length === 0)
    .filter((b) => (!b.start_at || new Date(b.start_at) <= now) && (!b.end_at || new Date(b.end_at) > now))
    .sort((a, b) => a.position - b.position);
}

/**
 * Banners a signed-in player sees on a page (docs/rules/page-shell.md "Banners"): the page's
 * category's within their live time, by position, but not the guests' ones; a banner limited to
 * player groups only when the player is in one of them.
 */
export function playerBanners(
  banners: Banner[],
  category: string,
  groupIds: ReadonlyArray<number | string>,
  now = new Date(),
): Banner[] {
  const mine = new Set(groupIds.map(Number));
  return banners
    .filter((b) => b.categories.includes(category))
    .filter((b) => b.logged !== false)
    .filter((b) => b.groups.length === 0 || b.groups.some((group) => mine.has(group)))
    .filter((b) => (!b.start_at || new Date(b.start_at) <= now) && (!b.end_at || new Date(b.end_at) > now))
    .sort((a, b) => a.position - b.position);
}

/** Banner links on the same host are routed inside the page; others leave the site. */
export function internalPath(url: string, origin: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? parsed.pathname + parsed.search + parsed.hash : null;
  } catch {
    return null;
  }
}

/** What the carousel draws of a banner (the loader keeps only this). */
export type BannerView = {
  id: number;
  identifier: string;
  size: Banner['size'];
  title: string;
  description: string;
  labels: string[];
  image: string | null;
  /** CSS background: the banner's gradient, or the house gradient. */
  background: string;
  /** `internal`: a path of this site, routed inside the page; otherwise a link that leaves it. */
  button: { name: string; href: string; internal: boolean } | null;
  /** For guests only (a sign-up invitation): left out once a player is signed in. */
  guestOnly: boolean;
};

const HOUSE_GRADIENT = ['#2a1f5c', '#3b1d4f', '#14213d', '#0b1020'];

export function bannerView(banner: Banner, origin: string, locale: Locale): BannerView {
  const colours = banner.gradient.length >= 2 ? banner.gradient : HOUSE_GRADIENT;
  return {
    id: banner.id,
    identifier: banner.identifier,
    size: banner.size,
    title: banner.title.text,
    description: banner.description.text,
    labels: banner.labels,
    image: banner.image,
    background: `linear-gradient(135deg, ${colours.join(', ')})`,
    button: banner.button ? buttonOf(banner.button, origin, locale) : null,
    guestOnly: banner.logged === false,
  };
}

function buttonOf(button: NonNullable<Banner['button']>, origin: string, locale: Locale): BannerView['button'] {
  const path = internalPath(button.url, origin);
  if (!path) return { name: button.name, href: button.url, internal: false };
  // An unprefixed site path is the English page: show the visitor's own language instead.
  const href = parseLocalePath(path).locale === DEFAULT_LOCALE ? localizePath(path, locale) : path;
  return { name: button.name, href, internal: true };
}

/** The banners for who is looking: a signed-in player does not see the guests' ones. */
export function forViewer(banners: BannerView[], signedIn: boolean): BannerView[] {
  return signedIn ? banners.filter((b) => !b.guestOnly) : banners;
}
