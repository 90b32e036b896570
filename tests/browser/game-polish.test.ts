/**
 * The house games' polish: Lunar Link, Saturn Wheel and Warp Ways fill the panel they are given
 * (a laptop's 1366×800 and a phone's 390×844), no game repeats its name in its own header (the
 * casino's page names it), and on the phone roulette's result of every position can be read (its
 * list scrolls within the stage rather than being cut off).
 */
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GAMES as STUDIO_GAMES } from '../../apps/studio/src/games';
import { serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const VIEWPORTS = [
  { name: 'laptop', width: 1366, height: 800, mobile: false },
  { name: 'phone', width: 390, height: 844, mobile: true },
] as const;
/** The parts of each small-reel game that must fill its stage. */
const FILLERS: Record<string, string[]> = {
  'lunar-link': ['[data-testid="link-grid"]'],
  'saturn-wheel': ['[data-testid="wheel-grid"]', '.wheel-svg'],
  'warp-ways': ['[data-testid="warp-board"]'],
};

async function openGame(page: Page, slug: string): Promise<Frame> {
  await page.goto(`${env.server.baseUrl}/play/orbit/${slug}?mode=demo`);
  const locator = page.frameLocator('[data-testid="game-frame"]');
  await locator.getByTestId('play').and(locator.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
  return (await (await page.locator('[data-testid="game-frame"]').elementHandle())!.contentFrame())!;
}

async function withViewport(viewport: (typeof VIEWPORTS)[number], fn: (page: Page) => Promise<void>) {
  const context = await env.browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
  });
  try {
    await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

describe('the house games fill their panel', () => {
  for (const viewport of VIEWPORTS) {
    it(`Lunar Link, Saturn Wheel and Warp Ways fill their stage at ${viewport.width}×${viewport.height}`, async () => {
      await withViewport(viewport, async (page) => {
        for (const [slug, selectors] of Object.entries(FILLERS)) {
          const frame = await openGame(page, slug);
          const { stage, parts } = await frame.evaluate((sels) => {
            const area = (el: Element | null) => {
              const r = el!.getBoundingClientRect();
              return { w: r.width, h: r.height, area: r.width * r.height, bottom: r.bottom, right: r.right };
            };
            return {
              stage: area(document.querySelector('.stage')),
              parts: sels.map((s) => area(document.querySelector(s))),
            };
          }, selectors);
          const covered = parts.reduce((sum, p) => sum + p.area, 0) / stage.area;
          const where = `${slug} at ${viewport.width}×${viewport.height}`;
          // The reels (and the wheel) cover most of the stage instead of sitting small in an empty panel.
          expect(covered, `${where}: ${Math.round(covered * 100)} % of the stage`).toBeGreaterThan(0.55);
          for (const p of parts) {
            expect(p.right, where).toBeLessThanOrEqual(stage.right + 1);
            expect(p.bottom, where).toBeLessThanOrEqual(stage.bottom + 1);
          }
        }
      });
    });
  }
});

describe('the game header', () => {
  it('does not repeat the game’s name: the casino’s page names it', async () => {
    await withViewport(VIEWPORTS[0], async (page) => {
      for (const [slug, game] of Object.entries(STUDIO_GAMES)) {
        const frame = await openGame(page, slug);
        const header = (await frame.locator('header.top').textContent()) ?? '';
        expect(header, slug).not.toContain(game.title);
        expect(await frame.locator('header.top h1').count(), slug).toBe(0);
      }
    });
  });
});

describe('roulette on a phone', () => {
  it('shows the result of every position of a spin: the list scrolls in the stage, none is cut off', async () => {
    await withViewport(VIEWPORTS[1], async (page) => {
      const frame = await openGame(page, 'european-roulette');
      const positions = ['red', 'odd', 'straight-17', 'straight-20', 'straight-32', 'dozen-2'];
      for (const p of positions) await frame.getByTestId(`bet-${p}`).click();
      await frame.getByTestId('play').click();
      await frame
        .getByTestId('position-wins')
        .locator('li')
        .nth(positions.length - 1)
        .waitFor({ timeout: 20_000 });
      const facts = await frame.evaluate(() => {
        const list = document.querySelector('[data-testid="position-wins"]')!;
        const stage = document.querySelector('.stage')!.getBoundingClientRect();
        const box = list.getBoundingClientRect();
        const pocket = document.querySelector('[data-testid="pocket"]')!.getBoundingClientRect();
        list.scrollTop = list.scrollHeight;
        const last = list.lastElementChild!.getBoundingClientRect();
        return {
          overflow: getComputedStyle(list).overflowY,
          scrolls: list.scrollHeight > list.clientHeight,
          listInStage: box.top >= stage.top - 1 && box.bottom <= stage.bottom + 1,
          pocketInStage: pocket.top >= stage.top - 1 && pocket.bottom <= stage.bottom + 1,
          // Scrolled to its end, the last position's line is inside the list's box.
          lastShown: last.top >= box.top - 1 && last.bottom <= box.bottom + 1,
        };
      });
      expect(facts.listInStage).toBe(true);
      expect(facts.pocketInStage).toBe(true);
      expect(facts.lastShown).toBe(true);
      if (facts.scrolls) expect(facts.overflow).toBe('auto');
    });
  });
});
