/** Custom tournaments from the CMS snippets (docs/rules/promotions.md "Custom tournaments"): parsing, skipping, tabs. */
import { describe, expect, it } from 'vitest';
import { customOfTab, customTournamentsOf, isSitePath } from '../../app/features/tournaments/custom-tournaments';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-15T12:00:00Z');
const iso = (days: number) => new Date(NOW + days * DAY).toISOString();
const content = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    frontend_identifier: 'tournament--moon-cup',
    title: 'Moon cup',
    start_at: iso(-1),
    end_at: iso(1),
    link: '/promotions',
    ...over,
  });
const snippet = (id: string, text: string, categories = ['tournament']) => ({ id, content: text, categories });

describe('customTournamentsOf', () => {
  it('reads the tournament snippets, skips and reports the rest', () => {
    const reported: string[] = [];
    const list = customTournamentsOf(
      [
        snippet('moon', content()),
        snippet('footer', content(), ['footer']),
        snippet('typo', '{"title":'),
        snippet('backwards', content({ start_at: iso(2), end_at: iso(1) })),
        snippet('elsewhere', content({ link: '//evil.example/x' })),
        snippet('plain-http', content({ link: 'http://example.org' })),
      ],
      (id, reason) => reported.push(`${id}: ${reason}`),
    );
    expect(list.map((t) => t.id)).toEqual(['moon']);
    expect(list[0]).toMatchObject({ custom: true, description: '', image: null, title: 'Moon cup' });
    expect(reported.map((r) => r.split(':')[0])).toEqual(['typo', 'backwards', 'elsewhere', 'plain-http']);
    expect(reported[0]).toBe('typo: not_json');
  });

  it('lists them on the all tab, on live while they run, nowhere else', () => {
    const [running, future] = customTournamentsOf([
      snippet('running', content()),
      snippet('future', content({ start_at: iso(2), end_at: iso(3) })),
    ]);
    expect(customOfTab([running!, future!], 'all', NOW).map((t) => t.id)).toEqual(['running', 'future']);
    expect(customOfTab([running!, future!], 'live', NOW).map((t) => t.id)).toEqual(['running']);
    expect(customOfTab([running!, future!], 'actions', NOW)).toEqual([]);
    expect(customOfTab([running!, future!], 'producers', NOW)).toEqual([]);
  });

  it('tells a site path from another site', () => {
    expect(isSitePath('/promotions')).toBe(true);
    expect(isSitePath('https://example.org')).toBe(false);
    expect(isSitePath('//example.org')).toBe(false);
  });
});
