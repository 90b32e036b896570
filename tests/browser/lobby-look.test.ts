/**
 * The lobby and the promotion pages look like a casino, not a demo, on a laptop (1366×800) and a
 * phone (390×844): no game row ends in empty columns, no tile prints its title twice (the casino's
 * covers carry it), banners show their picture whole (no clipped ghost of a cover's title), no link
 * leads to a category without games, and the promotions, the VIP club and the shop's special cards
 * have drawings of their own (inline, no emoji).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

const VIEWPORTS = [
  { label: 'laptop', width: 1366, height: 800, isMobile: false },
  { label: 'phone', width: 390, height: 844, isMobile: true },
] as const;

const EMOJI = /\p{Extended_Pictographic}/u;

async function withViewport(viewport: (typeof VIEWPORTS)[number], fn: (page: Page) => Promise<void>): Promise<void> {
  const context = await env.browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
  });
  try {
    await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Rows whose strip does not scroll yet leaves at least half a tile of empty width at its end. */
const rowsWithEmptyColumns = (page: Page) =>
  page.locator('.game-row__strip').evaluateAll((strips) =>
    strips
      .filter((strip) => {
        const tiles = strip.querySelectorAll(':scope > li');
        const last = tiles[tiles.length - 1];
        if (!last || strip.scrollWidth > strip.clientWidth + 1) return false;
        const gap = strip.getBoundingClientRect().right - last.getBoundingClientRect().right;
        return gap > last.getBoundingClientRect().width / 2;
      })
      .map((strip) => strip.closest('section')?.getAttribute('data-category') ?? '?'),
  );

/** Tiles whose caption shows the title on screen while their cover (the casino's) draws it too. */
const doubledTitles = (page: Page) =>
  page.locator('.game-tile').evaluateAll((tiles) =>
    tiles
      .filter((tile) => {
        const cover = tile.querySelector('img')?.getAttribute('src') ?? '';
        const caption = tile.querySelector('h3');
        if (!caption || !cover.startsWith('/covers/')) return false;
        const box = caption.getBoundingClientRect();
        return box.width > 2 && box.height > 2;
      })
      .map((tile) => tile.getAttribute('data-game')),
  );

describe('the lobby', () => {
  for (const viewport of VIEWPORTS) {
    it(`fills its rows, prints each title once and shows whole banners (${viewport.label})`, async () => {
      await withViewport(viewport, async (page) => {
        const watch = watchPage(page);
        await page.goto(url('/'));
        await page.locator('.game-row').first().waitFor();
        expect(await page.locator('.game-row').count()).toBeGreaterThan(2);
        expect(await rowsWithEmptyColumns(page)).toEqual([]);
        expect(await doubledTitles(page)).toEqual([]);
        // The covers do carry the title (so the caption is for screen readers only), and a
        // screen reader still hears each game's name.
        const first = page.locator('.game-tile').first();
        const cover = await first.locator('img').getAttribute('src');
        const title = (await first.locator('h3').textContent())!;
        const svg = await (await page.request.get(url(cover!))).text();
        expect(svg).toContain(title.split(' ')[0]);
        // Banners: the picture whole inside its banner, never faded under a mask (or left out on a phone).
        const banners = await page.locator('.banner').evaluateAll((items) =>
          items.map((banner) => {
            const image = banner.querySelector('img');
            if (!image || getComputedStyle(image).display === 'none') return 'no picture';
            const b = banner.getBoundingClientRect();
            const i = image.getBoundingClientRect();
            const style = getComputedStyle(image);
            const whole = i.left >= b.left && i.right <= b.right && i.top >= b.top && i.bottom <= b.bottom;
            const plain = (style.maskImage || 'none') === 'none' && Number(style.opacity) === 1;
            return whole && plain ? 'whole' : 'clipped';
          }),
        );
        expect(banners.length).toBeGreaterThan(0);
        expect(banners).not.toContain('clipped');
        expect(watch.pageErrors).toEqual([]);
      });
    });

    it(`links only categories that have games (${viewport.label})`, async () => {
      await withViewport(viewport, async (page) => {
        await page.goto(url('/'));
        await page.locator('.game-row').first().waitFor();
        // The lobby's category links, then those of every category page they lead to (its tabs, "All").
        const categoryLinks = async () =>
          (
            await page
              .locator('a[href]')
              .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
          ).filter((path) => /^\/(pokies|live|categories)\/[^/]+$/.test(path));
        const queue = [...new Set(await categoryLinks())];
        expect(queue.length).toBeGreaterThan(0);
        const seen = new Set<string>(queue);
        const empty: string[] = [];
        while (queue.length > 0) {
          const path = queue.shift()!;
          await page.goto(url(path));
          await page.locator('h1').first().waitFor();
          if ((await page.locator('.game-tile').count()) === 0) empty.push(path);
          for (const next of await categoryLinks())
            if (!seen.has(next)) {
              seen.add(next);
              queue.push(next);
            }
        }
        expect(empty).toEqual([]);
        // A family without games is no page either (the demo's live tables have no studio yet).
        expect((await page.request.get(url('/live/all'))).status()).toBe(404);
      });
    });
  }
});

describe('pictures of the promotions, the VIP club and the shop', () => {
  it('draws every promotion card, every VIP status and the special cards of the shop', async () => {
    await withViewport(VIEWPORTS[0], async (page) => {
      const watch = watchPage(page);
      await page.goto(url('/promotions'));
      const promos = page.getByTestId('promo-card');
      await promos.first().waitFor();
      const cards = await promos.count();
      expect(await page.getByTestId('promo-card').locator('[data-testid="promo-art"]').count()).toBe(cards);

      await page.goto(url('/vip-club'));
      await page.locator('.vip-level').first().waitFor();
      expect(await page.locator('.vip-level [data-testid="vip-emblem"]').count()).toBe(
        await page.locator('.vip-level').count(),
      );

      await page.goto(url('/rocket-mart'));
      await page.getByTestId('shop-card').first().waitFor();
      await page.locator('.shop-card--lotteries .shop-art__lottery').waitFor();
      await page.locator('.shop-card--lootboxes .shop-art__wheel').waitFor();
      for (const text of [
        ...(await page.getByTestId('shop-card').allTextContents()),
        ...(await page.locator('.vip-level, [data-testid="promo-card"]').allTextContents()),
      ])
        expect(text).not.toMatch(EMOJI);
      expect(watch.foreignRequests).toEqual([]);
      expect(watch.pageErrors).toEqual([]);
    });
  });
});
