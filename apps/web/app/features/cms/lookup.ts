import type { CmsPage, Licence } from '@orbit/contracts';

/** A slug the CMS can hold: lower-case words joined by hyphens (one path segment). */
export function isCmsSlug(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
}

/**
 * Static pages per licence are looked up as `<slug>/<LICENCE>` first, then as the plain slug
 * (docs/rules/page-shell.md "Static pages"). `fetchPage` answers null for a page the CMS does
 * not have.
 */
export async function findCmsPage(
  slug: string,
  licence: Licence,
  fetchPage: (path: string) => Promise<CmsPage | null>,
): Promise<CmsPage | null> {
  if (!isCmsSlug(slug)) return null;
  return (await fetchPage(`${slug}/${licence}`)) ?? (await fetchPage(slug));
}
