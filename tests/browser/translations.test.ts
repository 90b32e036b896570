/**
 * Every offered locale reads in its own language (docs/rules/page-shell.md "Translations"): the
 * category bar, the lobby's rows and banners, a category page, and the sign-up form's country
 * and currency, in real chromium against the real server (production build).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, sharedBrowser, watchPage } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { poll } from './support/journeys';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), sharedBrowser()]);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

async function withPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

describe('a German visitor', () => {
  it('reads the category bar, the rows and the banners in German', async () => {
    await withPage(async (page) => {
      const watch = watchPage(page);
      await page.goto(`${server.baseUrl}/de`);
      const bar = (await texts(page, '.topnav a')).join(' | ');
      expect(bar).toContain('Top-Spiele');
      expect(bar).toContain('Spielautomaten');
      expect(bar).toContain('Tischspiele');
      expect(bar).not.toMatch(/Pokies|Top games|Table games/);
      const rows = await texts(page, '.game-row h2');
      expect(rows).toContain('Top-Spiele');
      expect(rows).toContain('Tischspiele');
      expect(rows.join(' ')).not.toMatch(/Pokies|Slots|Table games/);
      expect(await page.locator('.banner__label').first().textContent()).toBe('Willkommen');
      expect(await page.locator('.banner__title').first().textContent()).toBe('Willkommen bei Orbit');
      expect(await page.title()).toContain('Online-Casino');
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it("reads a category page's heading and tabs in German", async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/de/pokies/slots`);
      expect(await page.locator('h1').textContent()).toBe('Spielautomaten');
      expect(await page.title()).toContain('Spielautomaten');
      const tabs = (await texts(page, '.chips a')).join(' | ');
      expect(tabs).toContain('Alle Spielautomaten');
      expect(tabs).toContain('Tischspiele');
      expect(tabs).not.toMatch(/Pokies|Table games/);
    });
  });

  it('is offered Germany and euros when the server cannot place the visitor, with country names in German', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/de/registration`);
      const form = page.locator('.auth-page form');
      await form.locator('button[type="submit"]:not([disabled])').waitFor();
      await poll(() => form.locator('select[name="country"] option[value="DE"]').textContent(), 10_000).toBe(
        'Deutschland',
      );
      expect(await form.locator('select[name="country"]').inputValue()).toBe('DE');
      expect(await form.locator('select[name="currency"]').inputValue()).toBe('EUR');
    });
  });
});

describe('other locales', () => {
  it('say "Pokies" in Australia, "Slots" in English elsewhere, and their own words in French', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/en-AU`);
      expect((await texts(page, '.topnav a')).join(' | ')).toContain('Pokies');
      await page.goto(`${server.baseUrl}/`);
      const english = (await texts(page, '.topnav a')).join(' | ');
      expect(english).toContain('Slots');
      expect(english).not.toContain('Pokies');
      await page.goto(`${server.baseUrl}/fr-CA/pokies/all`);
      expect(await page.locator('h1').textContent()).toBe('Toutes les machines à sous');
      expect((await texts(page, '.topnav a')).join(' | ')).toContain('Machines à sous');
      expect(await page.locator('.header').textContent()).toContain('Inscription');
    });
  });
});
