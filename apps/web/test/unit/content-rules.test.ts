import { describe, expect, it } from 'vitest';
import {
  articleDate,
  awardsIn,
  awardsOf,
  awardYears,
  formatArticleDate,
  newsPageHref,
  selectedYear,
} from '../../app/features/content/rules';

const awards = [
  { year: 2025, name: 'A', nomination: '', prize: 'Winner', imgUrl: null },
  { year: 2026, name: 'B', nomination: '', prize: '', imgUrl: null },
  { year: 2025, name: 'C', nomination: '', prize: '', imgUrl: null },
  { year: 2026, name: 'D', nomination: '', prize: 'Winner', imgUrl: null },
];

describe('awards year filter', () => {
  it('reads the awards of a page json block, none from anything else', () => {
    expect(awardsOf(JSON.stringify({ awards }))).toHaveLength(4);
    expect(awardsOf('not json')).toEqual([]);
    expect(
      awardsOf(JSON.stringify({ awards: [{ name: 'x', year: 'soon' }, { year: 2026 }, ...awards.slice(0, 1)] })),
    ).toEqual([awards[0]]);
    // A third-party image is dropped: the page loads nothing from another host.
    expect(
      awardsOf(JSON.stringify({ awards: [{ name: 'x', year: 2026, imgUrl: 'https://t.example/a.png' }] }))[0]?.imgUrl,
    ).toBeNull();
    expect(awardsOf('{}')).toEqual([]);
  });

  it('offers the years that have awards, newest first', () => {
    expect(awardYears(awards)).toEqual([2026, 2025]);
  });

  it('takes only a year that has awards; anything else shows all years', () => {
    expect(selectedYear('2025', [2026, 2025])).toBe(2025);
    expect(selectedYear('2019', [2026, 2025])).toBeNull();
    expect(selectedYear('20x5', [2026, 2025])).toBeNull();
    expect(selectedYear(null, [2026, 2025])).toBeNull();
  });

  it('shows a year alone, or every award newest year first keeping the page order', () => {
    expect(awardsIn(awards, 2025).map((a) => a.name)).toEqual(['A', 'C']);
    expect(awardsIn(awards, null).map((a) => a.name)).toEqual(['B', 'D', 'A', 'C']);
  });
});

describe('news', () => {
  it('reads an article date from its json block, null without one', () => {
    expect(articleDate('{"date":"2026-11-20","image":null}')).toBe('2026-11-20');
    expect(articleDate('{"date":"20.11.2026"}')).toBeNull();
    expect(articleDate('{}')).toBeNull();
    expect(articleDate('oops')).toBeNull();
  });

  it('writes the date as the day it names, in the page language', () => {
    expect(formatArticleDate('2026-11-20', 'en')).toBe('November 20, 2026');
    expect(formatArticleDate('2026-01-01', 'de')).toBe('1. Januar 2026');
  });

  it('links the first page without a query and the others with ?page=n', () => {
    expect(newsPageHref('/de/blog', 1)).toBe('/de/blog');
    expect(newsPageHref('/blog', 2)).toBe('/blog?page=2');
  });
});
