/**
 * The catalogue in the back office, in real chromium (docs/backoffice.md "Catalogue"): a
 * marketing operator finds Nova Sevens by the games list's search and switches it off; a guest's
 * lobby and Slots page no longer show it; switched back on, it returns; a change made in the
 * game's form is taken by the server. The guests' pages are
 * cached for ten minutes here, so only the change's own clearing of the caches can explain what
 * the guest sees.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorOfRole, operatorPage, signInDemoAdmin } from './support/backoffice';
import { releaseBrowser, sharedBrowser, watchPage } from './support/browser';
import { poll } from './support/journeys';
import { startServer, type TestServer } from './support/server';

const env = {} as { server: TestServer; browser: Browser };
beforeAll(async () => {
  [env.server, env.browser] = await Promise.all([startServer({ env: { PAGE_CACHE_SECONDS: '600' } }), sharedBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(env.browser);
  await env.server?.close();
});
const url = (path: string) => `${env.server.baseUrl}${path}`;

const NOVA = 'orbit/nova-sevens';

/** How many tiles of Nova Sevens a guest sees at `path` (a fresh browser: no cookie, nothing cached in it). */
async function guestTiles(path: string): Promise<{ nova: number; all: number; cache: string | null }> {
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    const response = await page.goto(url(path));
    await page.locator('.game-tile').first().waitFor();
    return {
      nova: await page.locator(`.game-tile[data-game="${NOVA}"]`).count(),
      all: await page.locator('.game-tile').count(),
      cache: (await response?.headerValue('x-orbit-cache')) ?? null,
    };
  } finally {
    await context.close();
  }
}

/** The list's button, and the notice the server's answer brings. */
async function switchNova(page: Page, to: 'off' | 'on') {
  const row = page.getByRole('row').filter({ hasText: NOVA });
  await row.getByRole('button', { name: `Switch ${to} Nova Sevens` }).click();
  await page.getByText(`Nova Sevens switched ${to}`).waitFor({ timeout: 15_000 });
}

describe('the catalogue in the back office', () => {
  it(
    'marketing switches a game off: the guest’s lobby and category page lose it at once; switched on, it returns',
    {
      timeout: 120_000,
    },
    async () => {
      const adminContext = await env.browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const admin = await adminContext.newPage();
      await signInDemoAdmin(admin, env.server.baseUrl);
      const who = await operatorOfRole(admin, 'marketing', 'Cara Catalogue');
      await adminContext.close();

      // The guest's pages, stored in the page cache (a second visit is served from it).
      const lobby = await guestTiles('/');
      expect(lobby.nova).toBeGreaterThan(0);
      expect((await guestTiles('/')).cache).toBe('hit');
      const slots = await guestTiles('/pokies/slots');
      expect(slots.nova).toBe(1);
      expect((await guestTiles('/pokies/slots')).cache).toBe('hit');

      const marketing = await operatorPage(env.browser, env.server.baseUrl, who);
      const page = marketing.page;
      const watch = watchPage(page);
      try {
        await page.getByRole('menuitem', { name: 'Games', exact: true }).click();
        await page.getByPlaceholder('Title or identifier').fill('nova');
        await poll(() => page.getByRole('row').count()).toBe(2); // the header and Nova Sevens
        await switchNova(page, 'off');
        await page.getByRole('row').filter({ hasText: NOVA }).getByText('Off', { exact: true }).waitFor();

        const afterOff = await guestTiles('/');
        expect(afterOff.nova).toBe(0);
        expect(afterOff.all).toBeGreaterThan(10);
        const slotsOff = await guestTiles('/pokies/slots');
        expect(slotsOff.nova).toBe(0);
        expect(slotsOff.all).toBe(slots.all - 1);

        // The list still shows it, as off; the filter by state finds it.
        await page.getByPlaceholder('Title or identifier').fill('');
        await page.getByRole('combobox', { name: 'State' }).click();
        await page.getByRole('option', { name: 'Off', exact: true }).click();
        await poll(() => page.getByRole('row').count()).toBe(2);
        await switchNova(page, 'on');
        // On again, it leaves the list of games switched off (which is then empty: no table at all).
        await poll(() => page.getByRole('row').count()).toBe(0);

        // The game's form, filled from the game; a change saved through it is taken by the server.
        // The list's filters are in its address: only the search this time.
        await page.goto(url(`/backoffice/catalogue_games?filter=${encodeURIComponent('{"q":"nova"}')}`));
        await page.getByRole('row').filter({ hasText: NOVA }).getByText('orbit/nova-sevens').click();
        await page.getByText('Nova Sevens (orbit/nova-sevens)').waitFor();
        const currencies = page.getByLabel('Currencies');
        const listed = (await currencies.inputValue()).split(', ');
        expect(listed).toContain('EUR');
        // A change the form must turn into the server's body: the same currencies, in another order.
        await currencies.fill([...listed].reverse().join(', '));
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Nova Sevens saved').waitFor({ timeout: 15_000 });

        expect((await guestTiles('/')).nova).toBe(lobby.nova);
        expect((await guestTiles('/pokies/slots')).nova).toBe(1);
        expect(watch.pageErrors).toEqual([]);
      } finally {
        await marketing.close();
      }
    },
  );
});
