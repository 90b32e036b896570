/**
 * Tournaments and quests in real chromium against the real server (docs/rules/promotions.md):
 * a guest finds the demo's running tournament on /tournaments (its tabs, status and timer, the
 * menu's highlight) and its page (rules, prizes, leaderboard); a player joins it, plays real
 * spins in another tab and sees the leaderboard move live; the quest's page with its levels (a
 * guest's with the invitation to sign in, no zero count);
 * the lotteries tab behind its flag; a phone in German. The demo's promotions are the server's seed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  fundPlayer,
  gameFrame,
  newEmail,
  pathOf,
  poll,
  registerOnLobby,
  roundsPlayed,
  serverAndBrowser,
  withPage,
} from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

const TOURNAMENT = 'Orbit Slots Race';
const QUEST = 'Orbit Explorer quest';

const promoCard = (page: Page, title: string) => page.getByTestId('promo-card').filter({ hasText: title });

/** Real spins of €10 on the house slot in a tab of its own. */
async function spin(page: Page, times: number) {
  const slot = await page.context().newPage();
  await slot.goto(url('/play/orbit/stellar-sevens'));
  const reels = gameFrame(slot);
  for (let n = 1; n <= times; n++) {
    await reels.getByTestId('play').and(reels.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
    if (n === 1) await reels.getByTestId('stake').selectOption('1000');
    await reels.getByTestId('play').click();
    await poll(() => roundsPlayed(slot), 30_000).toBe(n);
  }
  await slot.close();
}

describe('tournaments', () => {
  it('shows a guest the running tournament with its tabs, timer and page; the menu marks the tournaments', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.goto(url('/tournaments'));
      await page.getByRole('heading', { name: 'Tournaments', level: 1 }).waitFor();
      const card = promoCard(page, TOURNAMENT);
      await card.waitFor();
      expect(await card.getByTestId('promo-timer').getAttribute('data-status')).toBe('active');
      await poll(() => card.getByTestId('promo-timer').textContent()).toMatch(/^Time left2 days \d\d:\d\d:\d\d$/);
      // The quest is not a tournament: it is on the quests tab.
      expect(await promoCard(page, QUEST).count()).toBe(0);
      const tabs = page.getByRole('navigation', { name: 'Kinds of promotions' });
      expect(await tabs.getByRole('link').allTextContents()).toEqual([
        'All',
        'Providers',
        'Lotteries',
        'Quests',
        'Live',
        'Achievements',
      ]);
      // The top navigation's tournaments item is active here, not on /promotions.
      const item = page.locator('.topnav').getByRole('link', { name: 'Tournaments' });
      expect(await item.getAttribute('aria-current')).toBe('page');

      await tabs.getByRole('link', { name: 'Quests' }).click();
      await poll(() => pathOf(page)).toBe('/tournaments/actions');
      await promoCard(page, QUEST).waitFor();
      expect(await promoCard(page, TOURNAMENT).count()).toBe(0);
      await tabs.getByRole('link', { name: 'Live' }).click();
      await promoCard(page, TOURNAMENT).waitFor();

      await promoCard(page, TOURNAMENT).getByRole('link').click();
      await poll(() => pathOf(page)).toMatch(/^\/tournaments\/slots-race-\d+$/);
      await page.getByRole('heading', { name: TOURNAMENT, level: 1 }).waitFor();
      expect(await page.getByTestId('prizes').locator('li').count()).toBe(10);
      expect(await page.getByTestId('prizes').locator('li').first().textContent()).toContain('Place 1');
      // Comp points are paid once (to both the spendable and the level balance): the table says 100, not 200.
      expect(await page.getByTestId('prizes').locator('li').nth(5).textContent()).toMatch(/Place 6.*100 comp points/);
      expect(await page.getByTestId('take-part').textContent()).toBe('Sign up to take part');
      expect(await item.getAttribute('aria-current')).toBe('page');

      // /promotions: the static page's text and the promotions running now, each linking to its page.
      await page.goto(url('/promotions'));
      await page.getByRole('heading', { name: 'Promotions', level: 1 }).waitFor();
      const running = page.getByTestId('running-promotions');
      await promoCard(page, TOURNAMENT).waitFor();
      expect(await running.getByTestId('promo-card').filter({ hasText: QUEST }).count()).toBe(1);
      expect(await running.getByTestId('promo-card').filter({ hasText: 'Orbit Weekly Draw' }).count()).toBe(1);
      expect(
        await running.getByTestId('promo-card').filter({ hasText: QUEST }).getByRole('link').getAttribute('href'),
      ).toMatch(/^\/action\/explorer-\d+$/);
      expect(
        await page.locator('.topnav').getByRole('link', { name: 'Tournaments' }).getAttribute('aria-current'),
      ).toBeNull();
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    });
  });

  it('joins a tournament, and real spins move the leaderboard live', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('race'));
      await fundPlayer(env.server, page, 10_000, 'race-real');
      // A running tournament the player has not looked at: the menu item bounces; the bookmark
      // widget offers the running quest.
      await poll(() => page.locator('html[data-tournaments-hint]').count()).toBe(1);
      expect(await page.getByTestId('bookmark-quests').getAttribute('href')).toMatch(/^\/action\/explorer-\d+$/);
      // The welcome gift is new too: the gifts icon bounces until the gifts page is seen.
      await poll(() => page.getByTestId('header-gifts').getAttribute('class')).toContain('is-hinting');
      // Three bounces, then the mark stays still (an endless one kept the page drawing frames).
      const giftsIcon = page.getByTestId('header-gifts').locator('svg');
      expect(
        await giftsIcon.evaluate((icon) => {
          const style = getComputedStyle(icon);
          return `${style.animationName} × ${style.animationIterationCount}`;
        }),
      ).toBe('gifts-hint × 3');
      await poll(() => giftsIcon.evaluate((icon) => icon.getAnimations().length), 10_000).toBe(0);
      expect(await page.getByTestId('header-gifts').getAttribute('class')).toContain('is-hinting');
      await page.getByTestId('header-gifts').click();
      await poll(() => page.getByTestId('header-gifts').getAttribute('class')).not.toContain('is-hinting');
      await page.locator('.topnav').getByRole('link', { name: 'Tournaments' }).click();
      await poll(() => page.locator('html[data-tournaments-hint]').count()).toBe(0);
      await promoCard(page, TOURNAMENT).getByRole('link').click();
      await page.getByRole('heading', { name: TOURNAMENT, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Join the tournament' }).click();
      await page.getByTestId('joined').waitFor();
      expect(
        await page.getByTestId('leaderboard').getByTestId('leaderboard-row').filter({ hasText: '(you)' }).count(),
      ).toBe(0);

      // Two real spins of €10 in another tab: this page's leaderboard shows the player live.
      await spin(page, 2);
      const mine = page.getByTestId('leaderboard').locator('tr.is-me');
      await poll(() => mine.count(), 10_000).toBe(1);
      await poll(() => mine.locator('td').last().textContent(), 10_000).toMatch(/20\.00/);
      await poll(() => page.getByTestId('my-standing').textContent()).toMatch(
        /Your place: \d+ · 2 bets · €20\.00 staked/,
      );

      // The same page after a reload: the standing comes through /batch.
      const batch = page.waitForResponse((r) => r.url().includes('/batch?'));
      await page.reload();
      expect((await batch).status()).toBe(200);
      await page.getByTestId('joined').waitFor();
      await poll(() => page.getByTestId('my-standing').textContent()).toMatch(/2 bets/);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it("shows a guest no zero progress on a quest, and a player the quest's levels moving with their bets", async () => {
    await withPage(env.browser, async (page) => {
      // A guest has no standing: the levels' section invites to sign up or sign in, never "0 levels".
      await page.goto(url('/tournaments/actions'));
      await promoCard(page, QUEST).getByRole('link').click();
      await poll(() => pathOf(page)).toMatch(/^\/action\/explorer-\d+$/);
      const section = page.getByTestId('quest-levels');
      await section.getByRole('heading', { name: 'Levels', exact: true }).waitFor();
      expect(await section.textContent()).not.toMatch(/\b0 levels\b/);
      await section.getByText('Sign up and play: your bets climb the levels.').waitFor();
      await section.getByRole('link', { name: 'Already a player? Sign in to see your levels.' }).click();
      await poll(() => pathOf(page)).toBe('/sign-in');

      await registerOnLobby(page, env.server.baseUrl, newEmail('quest'));
      await fundPlayer(env.server, page, 10_000, 'quest-real');
      await page.goto(url('/tournaments/actions'));
      await promoCard(page, QUEST).getByRole('link').click();
      await poll(() => pathOf(page)).toMatch(/^\/action\/explorer-\d+$/);
      await page.getByRole('heading', { name: QUEST, level: 1 }).waitFor();
      const levels = page.getByTestId('quest-level');
      await poll(() => levels.count()).toBe(6);
      expect(await page.getByTestId('quest-levels').getAttribute('data-size')).toBe('xs');
      expect(await levels.evaluateAll((els) => els.map((el) => el.getAttribute('data-state')))).toEqual([
        'active',
        'locked',
        'locked',
        'locked',
        'locked',
        'locked',
      ]);
      await spin(page, 1);
      await poll(() => page.getByTestId('quest-bets').textContent(), 10_000).toBe('Your bets so far: €10.00');
      await poll(() => page.getByRole('progressbar').getAttribute('aria-valuenow')).not.toBe('0');
    });
  });

  it('sends the lotteries tab to all while the flag is off; a phone in German', async () => {
    const context = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      await context.addCookies([
        { name: 'orbit_ff', value: encodeURIComponent(JSON.stringify({ lotteries: false })), url: env.server.baseUrl },
      ]);
      const page = await context.newPage();
      await page.goto(url('/de/tournaments/lotteries'));
      await poll(() => pathOf(page)).toBe('/de/tournaments');
      await page.getByRole('heading', { name: 'Turniere', level: 1 }).waitFor();
      // The tournament's own name in German too (docs/localisation.md).
      const card = promoCard(page, 'Orbit Slots-Rennen');
      await card.waitFor();
      await poll(() => card.getByTestId('promo-timer').textContent()).toMatch(/^Verbleibende Zeit2 Tage/);
      const tabs = page.getByRole('navigation', { name: 'Arten von Aktionen' });
      expect(await tabs.getByRole('link', { name: 'Lotterien' }).count()).toBe(0);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await card.getByRole('link').click();
      await page.getByTestId('leaderboard').waitFor();
      expect(await page.getByTestId('take-part').textContent()).toBe('Registriere dich, um mitzumachen');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
