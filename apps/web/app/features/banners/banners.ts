import type { Banner } from '@orbit/contracts';

/**
 * Banners a visitor sees on a page (spec: banners per category and user group; banners limited
 * to groups show only to logged-in players in them; outside their live time they are hidden).
 */
export function visitorBanners(banners: Banner[], category: string, now = new Date()): Banner[] {
  return banners
    .filter((b) => b.categories.includes(category))
    .filter((b) => b.logged !== true && b.groups.length === 0)
    .filter((b) => (!b.start_at || new Date(b.start_at) <= now) && (!b.end_at || new Date(b.end_at) > now))
    .sort((a, b) => a.position - b.position);
}

/** Spec: banner links on the same host are routed inside the page; others leave the site. */
export function internalPath(url: string, origin: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? parsed.pathname + parsed.search + parsed.hash : null;
  } catch {
    return null;
  }
}
