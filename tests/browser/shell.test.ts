/**
 * The page shell for a signed-in player, in real chromium: nothing of a guest's is left (the
 * drawer's sign-up, the welcome banner), the header never shows the whole address, one menu item
 * is current, the header's menus close with Escape, and the current profile tab is in view on a phone.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { newEmail, pathOf, poll, registerOverLobby, serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

describe('the shell of a signed-in player', () => {
  it('shows a guest the welcome banner, and a player their masked address, no welcome and no sign-up in the drawer', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const email = newEmail('shell');
      await page.goto(url('/'));
      await page.locator('[data-banner="welcome"]').waitFor();
      await registerOverLobby(page, env.server.baseUrl, email);

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

  it('closes the player menu and the balance menu with Escape and gives the focus back to their button', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOverLobby(page, env.server.baseUrl, newEmail('shell-esc'));
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
      expect(offered.map((o) => o.title)).toContain('Welcome gift: 5 on the house');
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
      await registerOverLobby(page, env.server.baseUrl, newEmail('shell-tabs'));
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
});
