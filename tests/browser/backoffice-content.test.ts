/**
 * The back office's content screens in real chromium (docs/backoffice.md "Content", docs/cms.md):
 * a marketing operator finds the German cookie policy by the list's filters, changes its text,
 * sees the change in the preview, saves it and a guest's /de/cookie-policy shows it; then the
 * operator restores the seed's version and the page shows the old text again. A translation
 * override of a header text in German shows on /de after a reload, and a save made from a form
 * a colleague's change has overtaken is refused as a conflict until the operator reloads.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillListFilter, operatorOfRole, operatorPage, signInDemoAdmin } from './support/backoffice';
import { watchPage } from './support/browser';
import { poll, serverAndBrowser } from './support/journeys';

// Guests' pages cached for ten minutes: only the write's clearing of the cache can show a change in time.
const env = serverAndBrowser({ env: { PAGE_CACHE_SECONDS: '600' } });
const url = (path: string) => `${env.server.baseUrl}${path}`;

/**
 * What a guest sees at `path`, read in a fresh browser each time: no cookie, no cached texts, so
 * only the server's caches (the CMS's seconds, the page cache's seconds) stand between a write
 * and the page.
 */
async function guestSees<T>(path: string, read: (page: Page) => Promise<T>): Promise<T> {
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url(path));
    return await read(page);
  } finally {
    await context.close();
  }
}

const mainText = (page: Page) => page.locator('main').innerText();

/** Picks an option of a react-admin select (a MUI combobox) by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the back office manages content', () => {
  // Two operators' sign-ins, a page published and restored, an override: about 45 s of a real browser.
  it(
    'marketing previews, publishes and reverts a German page; a German header text is overridden',
    { timeout: 150_000 },
    async () => {
      const adminContext = await env.browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const admin = await adminContext.newPage();
      await signInDemoAdmin(admin, env.server.baseUrl);
      const mia = await operatorOfRole(admin, 'marketing', 'Mia Marketing');
      await adminContext.close();

      const oldLine = 'Orbit verwendet so wenige wie möglich.';
      const newLine = 'Orbit setzt nur drei Cookies, alle notwendig.';
      expect(await guestSees('/de/cookie-policy', mainText)).toContain(oldLine);

      const marketing = await operatorPage(env.browser, env.server.baseUrl, mia);
      const page = marketing.page;
      const watch = watchPage(page);
      try {
        // The list, narrowed by locale and slug to the one German page every licence sees.
        await page.getByRole('menuitem', { name: 'Pages' }).click();
        await choose(page, 'Locale', 'de');
        await fillListFilter(page, 'Slug', 'slug', 'cookie-policy');
        const row = page.getByRole('row').filter({ hasText: 'Cookie-Richtlinie' });
        await poll(() => page.getByRole('row').count()).toBe(2); // the header and the page
        await row.click();

        // The editor: the seed's markdown, changed; the server's preview shows the new text before anything is written.
        const markdown = page.getByRole('textbox', { name: 'Text (Markdown)' });
        await poll(() => markdown.inputValue()).toContain(oldLine);
        await markdown.fill((await markdown.inputValue()).replace(oldLine, newLine));
        const preview = page.getByTestId('page-preview');
        await poll(() => preview.innerText()).toContain(newLine);
        expect(await guestSees('/de/cookie-policy', mainText)).toContain(oldLine);

        // Saved: a new version by this operator, current; the guest's page follows within the caches' seconds.
        const versions = page.getByRole('region', { name: 'Versions' });
        await versions.locator('[data-version="1"]').waitFor();
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Saved: a new version.').waitFor();
        const second = versions.locator('[data-version="2"]');
        await second.waitFor();
        expect(await second.innerText()).toMatch(/operator #\d+/);
        expect(await second.innerText()).toContain('current');
        await poll(() => guestSees('/de/cookie-policy', mainText), 20_000).toContain(newLine);

        // The seed's version restored: version 3, and the guest reads the old text again.
        await versions.locator('[data-version="1"]').getByRole('button', { name: 'Restore this version' }).click();
        await page.getByText('Version 1 restored as version 3.').waitFor();
        await poll(() => markdown.inputValue()).toContain(oldLine);
        await poll(() => guestSees('/de/cookie-policy', mainText), 20_000).toContain(oldLine);
        expect(await guestSees('/de/cookie-policy', mainText)).not.toContain(newLine);

        // A German header text: the menu button's label, overridden.
        const label = '[aria-label="Hauptmenü aufklappen"]';
        expect(await guestSees('/de', (p) => p.locator('[aria-label="Menü öffnen"]').count())).toBe(1);
        await page.getByRole('menuitem', { name: 'Translations' }).click();
        await fillListFilter(page, 'Search keys and texts', 'q', 'header.openMenu');
        const keyRow = page.getByRole('row').filter({ hasText: 'header.openMenu' });
        await poll(() => keyRow.innerText()).toContain('Menü öffnen');
        await keyRow.click();
        await page.getByRole('textbox', { name: 'Override' }).fill('Hauptmenü aufklappen');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Saved: a new version.').waitFor();
        await poll(() => guestSees('/de', (p) => p.locator(label).count()), 20_000).toBe(1);

        // A colleague's change lands while this form is open: the next save is refused as a conflict, nothing overwritten.
        const colleague = await page.evaluate(
          async () =>
            (
              await fetch(`/api/backoffice/content/translations/${encodeURIComponent('de|header.openMenu')}`, {
                method: 'PUT',
                headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
                body: JSON.stringify({ text: 'Menü aufmachen' }),
              })
            ).status,
        );
        expect(colleague).toBe(200);
        await page.getByRole('textbox', { name: 'Override' }).fill('Menü zeigen');
        await page.getByRole('button', { name: 'Save' }).click();
        const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed this' });
        await conflict.waitFor();
        await conflict.getByRole('button', { name: 'Reload' }).click();
        await poll(() => page.getByRole('textbox', { name: 'Override' }).inputValue()).toBe('Menü aufmachen');

        expect(watch.pageErrors).toEqual([]);
      } finally {
        await marketing.close();
      }
    },
  );
});
