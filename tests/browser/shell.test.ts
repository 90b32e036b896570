/**
 * The page shell for a signed-in player, in real chromium: nothing of a guest's is left (the
 * drawer's sign-up, the welcome banner), the header never shows the whole address, one menu item
 * is current, the header's menus close with Escape, and the current profile tab is in view on a phone;
 * the promotions, lotteries, VIP club and shop are in every menu for guests and players, the phone's
 * bottom bar has its items (Deposit for a player), and a player's header keeps to one row on a phone
 * and shows the whole name beside the VIP badge on a laptop (docs/page-shell.md "Menus", "Header").
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { newEmail, pathOf, poll, registerOnLobby, serverAndBrowser, signOut, withPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

describe('the shell of a signed-in player', () => {
  it('shows a guest the welcome banner, and a player their masked address, no welcome and no sign-up in the drawer', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const email = newEmail('shell');
      await page.goto(url('/'));
      await page.locator('[data-banner="welcome"]').waitFor();
      await registerOnLobby(page, env.server.baseUrl, email);

      const name = (await page.locator('.header__player-name').textContent()) ?? '';
      expect(name).toMatch(/^sh\*\*\*@example\.com$/);
      expect(await page.getByText(email).count()).toBe(0);
      await poll(() => page.locator('[data-banner="welcome"]').count()).toBe(0);
      await page.reload();
      await page.locator('.header__player summary').waitFor();
      await poll(() => page.locator('[data-banner="welcome"]').count()).toBe(0);

      await page.locator('.header__menu').click();
      const drawer = page.locator('#side-menu');
      await drawer.getByRole('link', { name: 'Profile' }).waitFor();
      expect(await drawer.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
      expect(await drawer.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
      await drawer.getByRole('link', { name: 'Deposit' }).click();
      await poll(() => pathOf(page)).toBe('/deposit');
      await page.getByRole('dialog', { name: 'Personal info' }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('never shows a returning player "Sign in" while their session is asked for, then their header', async () => {
    await withPage(env.browser, async (page) => {
      await registerOnLobby(page, env.server.baseUrl, newEmail('hint'));
      // The session's answer held back: the page is painted and hydrated before it comes.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/player', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(url('/'), { waitUntil: 'domcontentloaded' });
      const enter = page.locator('.header__enter');
      await enter.waitFor({ state: 'attached' });
      expect(await enter.evaluate((element) => getComputedStyle(element).visibility)).toBe('hidden');
      release();
      await page.locator('.header__player').waitFor();
      expect(await page.locator('.header__enter').count()).toBe(0);
      // Signed out, the next page shows a guest's buttons at once (the hint went with the session).
      await page.unroute('**/api/player');
      await signOut(page);
      await page.goto(url('/'), { waitUntil: 'domcontentloaded' });
      await page.locator('.header__enter').waitFor();
      expect(await page.locator('.header__enter').evaluate((element) => getComputedStyle(element).visibility)).toBe(
        'visible',
      );
    });
  });

  it('closes the player menu and the balance menu with Escape and gives the focus back to their button', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('shell-esc'));
      await page.goto(url('/pokies/all'));
      const focusedIn = (selector: string) =>
        page.evaluate((s) => document.activeElement === document.querySelector(s), selector);
      for (const menu of ['.header__player', '.wallet__switcher']) {
        const summary = page.locator(`${menu} > summary`);
        await summary.click();
        await poll(() => page.locator(menu).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
        // From an entry of the open menu, as a keyboard player would be.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Escape');
        await poll(() => page.locator(menu).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
        expect(await focusedIn(`${menu} > summary`), menu).toBe(true);
      }
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('offers nothing that does not work yet: no live category without live games, only bonuses that exist', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(url('/'));
      // The demo's live tables are catalogue-only (nothing opens them): no menu item, row or tab for them.
      expect(await page.locator('.topnav').getByRole('link', { name: 'Live casino' }).count()).toBe(0);
      expect(await page.locator('.page.lobby').getByRole('heading', { name: 'Live casino' }).count()).toBe(0);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.locator('.bottombar').getByRole('link', { name: 'Live' }).count()).toBe(0);
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(url('/promotions'));
      const text = (await page.locator('article.cms').textContent()) ?? '';
      expect(text).toContain('jackpot');
      // The welcome bonuses it announces are the server's: the registration gift is offered to a
      // guest, and each code it names is a template's code (docs/bonuses.md).
      expect(text).toContain('Welcome gift');
      const offered = (await page.evaluate(async () =>
        (
          await fetch('/api/bonuses/registration?currency=EUR', { headers: { 'x-requested-with': 'XMLHttpRequest' } })
        ).json(),
      )) as Array<{ title: string }>;
      expect(offered.map((o) => o.title)).toContain('Welcome gift');
      const codes = [...text.matchAll(/\b([A-Z]{4,}\d+)\b/g)].map((m) => m[1]);
      expect(codes.sort()).toEqual(['ORBIT10', 'RELOAD50', 'SPINS10', 'WELCOME100']);
      const { rows } = await env.server.database.db.execute(
        sql`select code from bonus_templates where retired_at is null`,
      );
      expect((rows as Array<{ code: string | null }>).map((r) => r.code)).toEqual(expect.arrayContaining(codes));
    });
  });

  it('marks exactly one navigation item current on a category page', async () => {
    await withPage(env.browser, async (page) => {
      for (const path of ['/pokies/new', '/pokies/slots', '/pokies/all']) {
        await page.goto(url(path));
        expect(await page.locator('.topnav [aria-current="page"]').count(), path).toBe(1);
        expect(await page.locator('.topnav .is-active').count(), path).toBe(1);
      }
      await page.goto(url('/pokies/new'));
      expect(await page.locator('.topnav [aria-current="page"]').getAttribute('href')).toBe('/pokies/new');
    });
  });

  it('scrolls the current profile tab into view on a phone', async () => {
    const context = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      await registerOnLobby(page, env.server.baseUrl, newEmail('shell-tabs'));
      await page.goto(url('/profile/limits'));
      const tab = page.locator('.profile-tabs [aria-current="page"]');
      await tab.waitFor();
      await poll(async () => {
        const strip = await page.locator('.profile-tabs').boundingBox();
        const box = await tab.boundingBox();
        return !!strip && !!box && box.x >= strip.x && box.x + box.width <= strip.x + strip.width + 1;
      }).toBe(true);
    } finally {
      await context.close();
    }
  });
  it('leads guests and players to the promotions, the lotteries, the VIP club and the shop from every menu', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 800 } });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const promotions = [
        ['Promotions', '/promotions'],
        ['Lotteries', '/tournaments/lotteries'],
        ['VIP club', '/vip-club'],
        ['Points shop', '/rocket-mart'],
      ];
      await page.goto(url('/'));
      // The top navigation, at 1366 px wholly in view (nothing scrolled out of the row).
      const topnav = page.locator('.topnav');
      for (const [name, href] of promotions) {
        const link = topnav.getByRole('link', { name, exact: true });
        expect(await link.getAttribute('href'), name).toBe(href);
        const box = (await link.boundingBox())!;
        expect(box.x + box.width, name).toBeLessThanOrEqual(1366);
      }
      await topnav.getByRole('link', { name: 'Lotteries' }).click();
      await poll(() => pathOf(page)).toBe('/tournaments/lotteries');
      await page.getByTestId('promo-card').first().waitFor();
      expect(await topnav.locator('[aria-current="page"]').textContent()).toBe('Lotteries');
      await topnav.getByRole('link', { name: 'Promotions' }).click();
      await page.locator('article.cms').waitFor();

      // A phone: the bottom bar (Games, Slots, the promotions where this casino has no live games, Menu).
      await page.setViewportSize({ width: 390, height: 844 });
      const bar = page.locator('.bottombar');
      expect(await bar.locator('a, button').allTextContents()).toEqual(['Games', 'Slots', 'Promotions', 'Menu']);
      expect(await bar.getByRole('link', { name: 'Promotions' }).getAttribute('aria-current')).toBe('page');
      // The guest's header is one row; the search opens under it from its button.
      const header = (await page.locator('.header').boundingBox())!;
      expect(header.height).toBeLessThan(70);
      await page.locator('.header__search-toggle').click();
      await page.locator('#header-search input').waitFor();
      await poll(() => page.evaluate(() => document.activeElement?.closest('#header-search') !== null)).toBe(true);
      // The drawer lists them too.
      await bar.getByRole('button', { name: 'Menu' }).click();
      const drawer = page.locator('#side-menu').getByRole('navigation', { name: 'Promotions' });
      for (const [name, href] of promotions)
        expect(await drawer.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
      await drawer.getByRole('link', { name: 'VIP club' }).click();
      await poll(() => pathOf(page)).toBe('/vip-club');
      await page.getByTestId('vip-club').waitFor();
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps a player’s header to one row on a phone (Deposit in the bottom bar) and the whole name beside the VIP badge at 1366 px', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 800 } });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('shell-row'));
      const { id } = (await page.evaluate(async () =>
        (await fetch('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
      )) as { id: number };
      // The demo player's kind of name, and VIP Gold: the badge by the name.
      await env.server.database.db.execute(sql`update users set nickname = ${`Demo Ace ${id}`} where id = ${id}`);
      await env.server.database.db.execute(
        sql`insert into user_groups (user_id, group_id, added_at) values (${id}, 259, now()) on conflict do nothing`,
      );
      await page.reload();
      const summary = page.locator('.header__player summary');
      await summary.getByTestId('vip-badge').waitFor();
      const name = page.locator('.header__player-name');
      expect(await name.textContent()).toBe(`Demo Ace ${id}`);
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url('/pokies/all'));
      await page.locator('.wallet__balance').waitFor();
      // One row: every part of the header's bar on the same line, the bar no taller than one.
      const middles = await page.locator('.header__bar > *').evaluateAll((els) =>
        els
          .map((el) => el.getBoundingClientRect())
          .filter((box) => box.height > 0)
          .map((box) => Math.round(box.top + box.height / 2)),
      );
      expect(Math.max(...middles) - Math.min(...middles), JSON.stringify(middles)).toBeLessThanOrEqual(4);
      expect((await page.locator('.header').boundingBox())!.height).toBeLessThan(70);
      // The bottom bar's five items: Deposit first, Menu last; Deposit opens the deposit over the page.
      const bar = page.locator('.bottombar');
      expect(await bar.locator('a, button').allTextContents()).toEqual([
        'Deposit',
        'Games',
        'Slots',
        'Promotions',
        'Menu',
      ]);
      await bar.getByRole('link', { name: 'Deposit' }).click();
      await poll(() => pathOf(page)).toBe('/deposit');
      await page.getByRole('dialog').first().waitFor();
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
