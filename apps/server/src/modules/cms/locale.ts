import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_SEED } from './data';

/**
 * Picks the locale of an answer: the first candidate the site has (exact code, then its language),
 * else the fallback. Candidates come from `?l=`, a `locale` header or `Accept-Language`.
 */
export function pickLocale(
  candidates: ReadonlyArray<string | undefined>,
  available: ReadonlyArray<string>,
  fallback: string,
): string {
  const byLower = new Map(available.map((code) => [code.toLowerCase(), code]));
  for (const candidate of candidates) {
    if (!candidate) continue;
    for (const tag of acceptLanguageTags(candidate)) {
      const exact = byLower.get(tag);
      if (exact) return exact;
      const language = byLower.get(tag.split('-')[0]!);
      if (language) return language;
    }
  }
  return fallback;
}

/** `de-DE,de;q=0.9,en;q=0.8` → ['de-de', 'de', 'en'] by weight (a bare code is one tag). */
export function acceptLanguageTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase().replace(/_/g, '-'), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

/** The site's locales (the `locales` table is seeded from this list and not changed at run time). */
const SITE_LOCALES = LOCALE_SEED.map((l) => l.code);

/**
 * The locale a request's answer is written in (docs/localisation.md): `?l=`, then the `locale`
 * header the site's pages send with every call, then `Accept-Language`; else the default locale.
 */
export function requestLocale(request: Pick<FastifyRequest, 'url' | 'headers'>): string {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const query = request.url.indexOf('?');
  const l = query < 0 ? undefined : (new URLSearchParams(request.url.slice(query + 1)).get('l') ?? undefined);
  return pickLocale([l, header('locale'), header('accept-language')], SITE_LOCALES, DEFAULT_LOCALE);
}
