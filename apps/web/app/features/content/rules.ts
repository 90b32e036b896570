import { awardSchema, newsArticleJsonSchema, type Award } from '@orbit/contracts';

/**
 * The content pages' rules (docs/rules/content-pages.md): the awards' year filter, the news
 * article's date, the news list's page addresses. Pure functions, tested in
 * apps/web/test/unit/content-rules.test.ts.
 */

/**
 * The awards in a page's `json` block (`{"awards": [...]}`); entries that are not an award (no
 * name, no year) are left out, and an image only when it is on this site.
 */
export function awardsOf(json: string): Award[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const list = (value as { awards?: unknown } | null)?.awards;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const award = awardSchema.safeParse(entry);
    if (!award.success) return [];
    const img = award.data.imgUrl;
    return [{ ...award.data, imgUrl: img && img.startsWith('/') && !img.startsWith('//') ? img : null }];
  });
}

/** The years that have awards, newest first (the filter's buttons). */
export function awardYears(awards: readonly Award[]): number[] {
  return [...new Set(awards.map((a) => a.year))].sort((a, b) => b - a);
}

/**
 * `?year=2026`: a year that has awards, else null (all years). Anything else (not a number, a
 * year without awards) shows every award rather than an empty page.
 */
export function selectedYear(value: string | null, years: readonly number[]): number | null {
  if (value === null || !/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return years.includes(year) ? year : null;
}

/** The awards of a year (all with null), newest year first, keeping the page's order within a year. */
export function awardsIn(awards: readonly Award[], year: number | null): Award[] {
  return awards
    .map((award, index) => ({ award, index }))
    .filter(({ award }) => year === null || award.year === year)
    .sort((a, b) => b.award.year - a.award.year || a.index - b.index)
    .map(({ award }) => award);
}

/** A news article's date from its `json` block, or null when it has none (not a news article). */
export function articleDate(json: string): string | null {
  try {
    const parsed = newsArticleJsonSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data.date : null;
  } catch {
    return null;
  }
}

/** `2026-11-20` → "20 November 2026" in the page's language (the day as written, no time zone shift). */
export function formatArticleDate(date: string, locale: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** The news list's address of a page: `/blog` for the first, `/blog?page=n` after. */
export function newsPageHref(base: string, page: number): string {
  return page <= 1 ? base : `${base}?page=${page}`;
}
