/**
 * Installing Orbit as an app, in real chromium (docs/rules/page-shell.md "Install as an app"): the
 * manifest is linked and valid (its icons reachable, of the sizes they claim), the service worker
 * controls the page after a reload, a navigation with the network off shows the offline page while
 * `/api/...` is never answered from the worker's cache, and `?pwa=install` opens the instructions
 * with the address at the lobby.
 */
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { pathOf, poll, serverAndBrowser, withWorkerPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installing Orbit as an app', () => {
  it('links a valid manifest whose icons are reachable and of their stated sizes', async () => {
    await withWorkerPage(env.browser, async (page) => {
      await page.goto(url('/'));
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      const res = await fetch(url(href!));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/manifest\+json/);
      const manifest = (await res.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        scope: string;
        theme_color: string;
        background_color: string;
        icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
      };
      expect(manifest).toMatchObject({ start_url: '/?source=pwa', display: 'standalone', scope: '/' });
      expect(manifest.name.length).toBeGreaterThan(0);
      expect(manifest.short_name.length).toBeGreaterThan(0);
      expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort();
      expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of manifest.icons) {
        const png = await fetch(url(icon.src));
        expect(png.status, icon.src).toBe(200);
        expect(png.headers.get('content-type')).toBe('image/png');
        expect(pngSize(Buffer.from(await png.arrayBuffer()))).toBe(icon.sizes);
      }
      const sw = await fetch(url('/sw.js'));
      expect(sw.status).toBe(200);
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      expect(sw.headers.get('content-type')).toMatch(/javascript/);
    });
  });

  it('controls the page after a reload, shows the offline page offline and never answers /api from its cache', async () => {
    await withWorkerPage(env.browser, async (page, context) => {
      const watch = watchPage(page);
      await page.goto(url('/'));
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload();
      await poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(url('/sw.js'));
      // The offline pages are precached; the lobby's hashed scripts are kept as the controlled
      // page loads them (the reload went through the worker).
      const cachedNow = () =>
        page.evaluate(async () => {
          const keys = await caches.keys();
          const urls: string[] = [];
          for (const key of keys)
            for (const r of await (await caches.open(key)).keys()) urls.push(new URL(r.url).pathname);
          return urls;
        });
      await poll(async () => (await cachedNow()).some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true);
      const cached = await cachedNow();
      expect(cached).toContain('/offline.html');
      expect(cached).toContain('/offline.de.html');
      expect(cached.filter((p) => /^\/(api|connection|backoffice|restore-id|studio)(\/|$)/.test(p))).toEqual([]);
      // Pages are never kept: no cached address is a page's.
      expect(cached.filter((p) => !/\.[a-z0-9]+$/.test(p))).toEqual([]);

      // An API answer read online is not kept either: offline, the same call fails.
      const online = await page.evaluate(() => fetch('/api/info/locales').then((r) => r.status));
      expect(online).toBe(200);
      await context.setOffline(true);
      try {
        await page.goto(url('/pokies/all'));
        await page.locator('[data-offline-page] h1').waitFor();
        expect(await page.locator('h1').textContent()).toBe('You are offline');
        expect(pathOf(page)).toBe('/pokies/all');
        const offlineApi = await page.evaluate(() =>
          fetch('/api/info/locales').then(
            (r) => `status ${r.status}`,
            () => 'failed',
          ),
        );
        expect(offlineApi).toBe('failed');
        // A page of another language gets the offline page in that language.
        await page.goto(url('/de/pokies/all'));
        await page.locator('[data-offline-page] h1').waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe('de');
        expect(await page.locator('h1').textContent()).toBe('Du bist offline');
      } finally {
        await context.setOffline(false);
      }
      await page.goto(url('/'));
      await page.locator('header').first().waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('opens the install instructions for ?pwa=install and leaves the address at the lobby', async () => {
    await withWorkerPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.goto(url('/pokies/all?pwa=install'));
      const dialog = page.getByRole('dialog', { name: 'Install Orbit as an app' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Add to Home Screen');
      await poll(() => `${pathOf(page)}${new URL(page.url()).search}`).toBe('/');
      await page.keyboard.press('Escape');
      await poll(() => dialog.count()).toBe(0);
      expect(watch.pageErrors).toEqual([]);
    });
  });
});
