/**
 * Custom tournaments from the CMS's `tournament` snippets in real chromium
 * (docs/rules/promotions.md "Custom tournaments"): their cards stand beside the demo's real
 * tournaments on /tournaments, sorted by the same status rules (active, future, finished), each
 * leading where its snippet says; a snippet that does not read as one is left out and the page
 * still shows. The snippets are written straight into the CMS's table, as an operator's tool would.
 */
import { describe, expect, it } from 'vitest';
import { snippets } from '../../apps/server/src/modules/cms/schema';
import { watchPage } from './support/browser';
import { serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** One snippet per tournament and locale; the key is its id. */
const card = (title: string, from: number, to: number, link: string) =>
  JSON.stringify({
    frontend_identifier: `tournament--${title.toLowerCase().replace(/\s+/g, '-')}`,
    title,
    description: `${title}: the weekend's challenge.`,
    start_at: at(from),
    end_at: at(to),
    link,
  });

describe('custom tournaments', () => {
  it('lists the snippets’ tournaments among the real ones by status, each linking where it says', async () => {
    const tournament = ['tournament'];
    await env.server.database.db.insert(snippets).values([
      { key: 'cup-future', locale: 'en', content: card('Comet Cup', 3, 5, '/promotions'), categories: tournament },
      { key: 'cup-finished', locale: 'en', content: card('Meteor Cup', -5, -1, '/blog'), categories: tournament },
      {
        key: 'cup-running',
        locale: 'en',
        content: card('Nova Cup', -1, 20, 'https://example.org/nova'),
        categories: tournament,
      },
      {
        key: 'cup-running',
        locale: 'de',
        content: card('Nova-Pokal', -1, 20, '/promotions'),
        categories: tournament,
      },
      // An operator's typo: not JSON at all, and a card ending before it starts.
      { key: 'cup-broken', locale: 'en', content: '{"title": "Broken Cup"', categories: tournament },
      { key: 'cup-backwards', locale: 'en', content: card('Backwards Cup', 2, 1, '/'), categories: tournament },
    ]);

    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.goto(url('/tournaments'));
      await page.getByRole('heading', { name: 'Tournaments', level: 1 }).waitFor();
      const cards = page.getByTestId('promo-card');
      await cards.filter({ hasText: 'Nova Cup' }).waitFor();
      const titles = await page.locator('[data-testid="promo-card"] .promo-card__title').allTextContents();
      const place = (title: string) => titles.indexOf(title);
      // Active (the demo's race and Nova), then future (Comet), then finished (Meteor); the broken ones are left out.
      expect(place('Orbit Slots Race')).toBeGreaterThanOrEqual(0);
      expect(place('Nova Cup')).toBeGreaterThanOrEqual(0);
      expect(Math.max(place('Orbit Slots Race'), place('Nova Cup'))).toBeLessThan(place('Comet Cup'));
      expect(place('Comet Cup')).toBeLessThan(place('Meteor Cup'));
      expect(titles).not.toContain('Broken Cup');
      expect(titles).not.toContain('Backwards Cup');
      const status = (title: string) =>
        cards.filter({ hasText: title }).getByTestId('promo-timer').getAttribute('data-status');
      expect(await status('Nova Cup')).toBe('active');
      expect(await status('Comet Cup')).toBe('future');
      expect(await status('Meteor Cup')).toBe('archive');
      // No leaderboard: the card leads where the snippet says (another site in a new tab).
      const nova = cards.filter({ hasText: 'Nova Cup' }).getByRole('link', { name: 'Nova Cup' });
      expect(await nova.getAttribute('href')).toBe('https://example.org/nova');
      expect(await nova.getAttribute('target')).toBe('_blank');
      expect(await cards.filter({ hasText: 'Comet Cup' }).getByRole('link').getAttribute('href')).toBe('/promotions');
      await cards.filter({ hasText: 'Comet Cup' }).getByRole('link').click();
      await page.waitForURL(url('/promotions'));

      // The live tab: the running ones only.
      await page.goto(url('/tournaments/live'));
      await cards.first().waitFor();
      const live = await page.locator('[data-testid="promo-card"] .promo-card__title').allTextContents();
      expect(live).toContain('Nova Cup');
      expect(live).not.toContain('Comet Cup');
      expect(live).not.toContain('Meteor Cup');
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('shows a German reader the snippet’s German text, its site link in German', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(url('/de/tournaments'));
      const nova = page.getByTestId('promo-card').filter({ hasText: 'Nova-Pokal' });
      await nova.waitFor();
      expect(await nova.getByRole('link').getAttribute('href')).toBe('/de/promotions');
      // A snippet without a German text reads in English.
      await page.getByTestId('promo-card').filter({ hasText: 'Comet Cup' }).waitFor();
    });
  });
});
