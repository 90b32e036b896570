/**
 * The page shell's CMS parts in real chromium (docs/page-shell.md "Header", "Menus", "Footer";
 * docs/rules/page-shell.md "Banners"): the notice strip closes and stays closed; the guest's promo
 * banner counts down from its cookie, closes, comes back after two minutes and opens the sign-up;
 * the footer's contacts open the chat and the contact form without printing an address, its awards
 * lead to the awards page; the
 * phone's drawer opens and closes on its events, a swipe and an outside click; a signed-in
 * player gets the players' and their group's banners and no promo. German pages, desktop and phone.
 */
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { newEmail, pathOf, poll, registerOnLobby, serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

describe('the page shell’s header, footer and drawer', () => {
  it('shows a guest the notice and the promo with its countdown, and the footer’s contacts', async () => {
    await withPage(env.browser, async (page, context) => {
      const watch = watchPage(page);
      await page.goto(url('/de/'));
      const notice = page.getByTestId('header-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Sitzungslimits');
      await notice.getByRole('button', { name: 'Hinweis schließen' }).click();
      await poll(() => notice.count()).toBe(0);

      // The promo: a countdown from the cookie, which a reload keeps.
      const promo = page.getByTestId('promo-banner');
      await promo.waitFor();
      expect(await promo.textContent()).toContain('Willkommensgeschenk');
      await poll(async () => (await promo.getByRole('timer').textContent()) ?? '').toMatch(/^(09:5\d|10:00)$/);
      const cookie = (await context.cookies()).find((c) => c.name === 'promo_tooltip_timer');
      expect(Number(cookie?.value)).toBeGreaterThan(Date.now() + 9 * 60_000);
      await page.reload();
      await promo.waitFor();
      expect((await context.cookies()).find((c) => c.name === 'promo_tooltip_timer')?.value).toBe(cookie?.value);
      // The closed notice stays closed.
      expect(await notice.count()).toBe(0);

      // Closed, it is gone; two minutes later it is back (the close time moved back two minutes).
      await promo.getByRole('button', { name: 'Angebot schließen' }).click();
      await poll(() => promo.count()).toBe(0);
      await page.waitForTimeout(1_200);
      expect(await promo.count()).toBe(0);
      await page.evaluate(() => sessionStorage.setItem('orbit_promo_closed', String(Date.now() - 120_001)));
      await page.reload();
      await promo.waitFor();
      // Pressed, it opens the sign-up.
      await promo.getByRole('link').click();
      await poll(() => pathOf(page)).toBe('/de/sign-up');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await poll(() => pathOf(page)).toMatch(/^\/de\/?$/);

      // The footer: the chat, the contact form, no address printed; the language and the providers.
      const contacts = page.getByTestId('footer-contacts');
      await contacts.getByRole('button', { name: 'Mit uns chatten' }).click();
      await page.locator('#support-chat').waitFor();
      await page.keyboard.press('Escape');
      expect(await page.locator('footer').textContent()).not.toMatch(/@|\+\d{6,}/);
      expect(await contacts.getByRole('link', { name: 'Schreib uns' }).getAttribute('href')).toBe('/de/support');
      expect(await page.locator('footer .lang').count()).toBe(1);
      // The awards of the awards page, with Show all to it.
      const awards = page.getByTestId('footer-awards');
      expect(await awards.locator('li').count()).toBeGreaterThan(0);
      expect(await awards.getByRole('link', { name: 'Alle anzeigen' }).getAttribute('href')).toBe('/de/awards');
      const provider = page.locator('.footer__providers a').first();
      expect(await provider.getAttribute('href')).toMatch(/^\/de\/producers\/[a-z0-9-]+$/);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('opens and closes the phone’s drawer on its events, a swipe and an outside click', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url('/de/'));
      const bar = page.locator('.bottombar');
      await bar.getByRole('link', { name: 'Spiele' }).waitFor();
      expect(await bar.getByRole('link', { name: 'Einzahlen' }).count()).toBe(0);
      const drawer = page.locator('#side-menu');

      await bar.getByRole('button', { name: 'Menü' }).click();
      await drawer.waitFor();
      await page.getByTestId('drawer-backdrop').click({ position: { x: 370, y: 400 } });
      await poll(() => drawer.isVisible()).toBe(false);

      await page.evaluate(() => window.dispatchEvent(new Event('orbit:open-menu')));
      await poll(() => drawer.isVisible()).toBe(true);
      await page.evaluate(() => window.dispatchEvent(new Event('orbit:close-menu')));
      await poll(() => drawer.isVisible()).toBe(false);

      await page.evaluate(() => window.dispatchEvent(new Event('orbit:open-menu')));
      await poll(() => drawer.isVisible()).toBe(true);
      // A short swipe leaves it open; a swipe of 60 px or more to the left closes it.
      const swipe = (dx: number) =>
        drawer.evaluate((panel, distance) => {
          const touch = (x: number) => new Touch({ identifier: 1, target: panel, clientX: x, clientY: 300 });
          panel.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(250)] }));
          panel.dispatchEvent(new TouchEvent('touchend', { bubbles: true, changedTouches: [touch(250 + distance)] }));
        }, dx);
      await swipe(-30);
      await page.waitForTimeout(300);
      expect(await drawer.isVisible()).toBe(true);
      await swipe(-120);
      await poll(() => drawer.isVisible()).toBe(false);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('shows a signed-in player the players’ and their group’s banners, no guests’ banner and no promo', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('shell-bar'));
      await page.locator('[data-banner="players-vip-club"]').waitFor({ state: 'attached' });
      await page.locator('[data-banner="rising-star"]').waitFor({ state: 'attached' });
      expect(await page.locator('[data-banner="welcome"]').count()).toBe(0);
      expect(await page.getByTestId('promo-banner').count()).toBe(0);
      // A guest's page has neither.
      const guest = await env.browser.newPage();
      try {
        await guest.goto(url('/'));
        await guest.locator('[data-banner="welcome"]').waitFor({ state: 'attached' });
        expect(await guest.locator('[data-banner="players-vip-club"], [data-banner="rising-star"]').count()).toBe(0);
      } finally {
        await guest.close();
      }
      expect(watch.pageErrors).toEqual([]);
    });
  });
});
