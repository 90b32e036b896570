/**
 * Game tiles (docs/rules/page-shell.md "Game lists"): the favourite star on a tile and
 * `/favorite-games`, the unsupported-currency lock, infinite scroll, the tile's tooltip and the
 * special-slot item with its intro popup, in real chromium against the real server.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, sharedBrowser, watchPage } from './support/browser';
import { newEmail, pathOf, poll, registerOnLobby, withPage } from './support/journeys';
import { startServer, type TestServer } from './support/server';

/** Catalogue tables in `live` played in EUR and USD only: a second page, and locks for a NOK player. */
const EXTRA_LIVE_GAMES = 50;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ extraGames: EXTRA_LIVE_GAMES }), sharedBrowser()]);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

describe('game tiles', () => {
  it('sends a guest from /favorite-games to registration with the page as redirect', async () => {
    await withPage(browser, async (page) => {
      await page.goto(`${server.baseUrl}/favorite-games`);
      await poll(() => pathOf(page)).toBe('/sign-up');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/favorite-games');
    });
  });

  it('locks what the currency cannot play, scrolls on, keeps favourites one request at a time', async () => {
    await withPage(browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, server.baseUrl, newEmail('tiles'), { currency: 'NOK', country: 'NO' });
      await page.goto(`${server.baseUrl}/live/all`, { waitUntil: 'networkidle' });
      const tiles = page.locator('.category .game-tile');
      expect(await tiles.count()).toBe(40);

      // NOK is fiat and the extra tables are EUR/USD only: a lock with its reason instead of Play.
      const locked = page.locator('[data-game="aurora-live/test-table-01"]');
      await poll(() => locked.locator('[data-testid="tile-lock"]').count()).toBe(1);
      await locked.hover();
      await locked.getByText('Not available in NOK').waitFor({ state: 'visible' });
      expect(await locked.getByText('Test Table 01 cannot be played with a NOK account.').isVisible()).toBe(true);
      expect(await locked.locator('.game-tile__play, .game-tile__demo, [data-testid="tile-favourite"]').count()).toBe(
        0,
      );
      expect(await locked.locator('.game-tile__cover').getAttribute('href')).toBeNull();

      // Infinite scroll: nothing while the pager is 800 px below the screen, the next page within 500 px.
      const scrollPagerBelow = (px: number) =>
        page.evaluate((below) => {
          const pager = document.querySelector('.pager')!;
          window.scrollTo(0, pager.getBoundingClientRect().top + window.scrollY - window.innerHeight - below);
        }, px);
      await scrollPagerBelow(800);
      await page.waitForTimeout(800);
      expect(await tiles.count()).toBe(40);
      await scrollPagerBelow(300);
      await poll(() => tiles.count()).toBeGreaterThan(40);
      expect(pathOf(page)).toBe('/live/all');

      // The star of a table played in every currency: the second press while the first is on its way sends nothing.
      const writes: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/player/favorite_games/')) writes.push(r.method());
      });
      // The add is held on its way until the test lets it go.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/player/favorite_games/*', async (route) => {
        await held;
        await route.continue();
      });
      await page.evaluate(() => window.scrollTo(0, 0));
      const open = page.locator('.category .game-tile:not(.game-tile--locked)').first();
      const title = (await open.locator('h3').textContent())!;
      await open.hover();
      const star = open.getByTestId('tile-favourite');
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      await star.click();
      await poll(() => star.getAttribute('aria-busy')).toBe('true');
      // A real press on the busy star (it is only marked disabled, so that the press lands on it).
      await star.click({ force: true });
      await page.waitForTimeout(300);
      release();
      await poll(() => star.getAttribute('aria-pressed')).toBe('true');
      expect(await star.getAttribute('aria-busy')).toBe('false');
      expect(writes).toEqual(['PUT']);

      // Its tooltip: what a press does now, 180 px wide at most, 10 px below the star.
      await star.hover();
      const tip = open.getByRole('tooltip');
      await poll(() => tip.isVisible()).toBe(true);
      expect(await tip.textContent()).toBe(`Remove ${title} from favourites`);
      const [tipBox, starBox] = [(await tip.boundingBox())!, (await star.boundingBox())!];
      expect(tipBox.width).toBeLessThanOrEqual(180);
      expect(Math.round(tipBox.y - (starBox.y + starBox.height))).toBe(10);

      // /favorite-games lists it; switched off there, it leaves the list.
      await page.unroute('**/api/player/favorite_games/*');
      await page.goto(`${server.baseUrl}/favorite-games`);
      const listed = page.locator('[data-testid="favourite-games"] .game-tile');
      await poll(() => listed.count()).toBe(1);
      expect(await listed.locator('h3').textContent()).toBe(title);
      await listed.hover();
      await listed.getByTestId('tile-favourite').click();
      await page.getByTestId('favourites-empty').waitFor();
      expect(writes).toEqual(['PUT', 'DELETE']);

      // In a second locale.
      await page.goto(`${server.baseUrl}/de/favorite-games`);
      await page.getByRole('heading', { name: 'Lieblingsspiele' }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('keeps a phone’s tile and header readable: the star beside Demo, the header one row while the balance loads', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await registerOnLobby(page, server.baseUrl, newEmail('phone-tiles'));
      // The accounts are held on their way: the header's balance pill shows its loading state.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/player/accounts', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.baseUrl}/de/pokies/all`);
      const balance = page.getByTestId('header-balance');
      await poll(() => balance.getAttribute('aria-busy')).toBe('true');
      const rowHeight = () =>
        page.evaluate(() => {
          // The logo, the balance and the player menu's button: their middles on one line.
          const parts = ['.header__bar .logo', '.wallet__balance', '.header__player summary'].map((selector) =>
            document.querySelector(selector)!.getBoundingClientRect(),
          );
          const middles = parts.map((r) => r.top + r.height / 2);
          return Math.max(...middles) - Math.min(...middles);
        });
      expect(await rowHeight()).toBeLessThan(20);
      release();
      await poll(() => balance.getAttribute('aria-busy')).toBe('false');
      expect(await rowHeight()).toBeLessThan(20);

      // No hover on a touch screen: Demo and the star both show on the cover, side by side.
      const tile = page
        .locator('.category .game-tile')
        .filter({ has: page.getByTestId('tile-favourite') })
        .first();
      await tile.getByTestId('tile-favourite').waitFor();
      const [demo, star] = [
        (await tile.locator('.game-tile__demo').boundingBox())!,
        (await tile.getByTestId('tile-favourite').boundingBox())!,
      ];
      expect(demo.x + demo.width).toBeLessThanOrEqual(star.x);
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the special-slot intro once, then goes straight to the games', async () => {
    await withPage(browser, async (page) => {
      await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
      await page.locator('.header__menu').click();
      const item = page.locator('#side-menu').getByTestId('special-slot');
      await item.click();
      const popup = page.getByRole('dialog', { name: 'Meet Orbit Originals' });
      await popup.waitFor();
      expect(pathOf(page)).toBe('/');
      await popup.getByRole('button', { name: 'Show the games' }).click();
      await poll(() => pathOf(page)).toBe('/producers/orbit');
      await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
      await page.locator('.header__menu').click();
      await page.locator('#side-menu').getByTestId('special-slot').click();
      await poll(() => pathOf(page)).toBe('/producers/orbit');
      expect(await page.getByRole('dialog', { name: 'Meet Orbit Originals' }).count()).toBe(0);
    });
  });
});
