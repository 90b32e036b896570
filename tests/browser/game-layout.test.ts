/**
 * Every house game of the studio's registry lays itself out for the frame it gets: opened in demo on the casino's game
 * page at a laptop's size then resized to a desktop's, and at an upright phone's then turned on its side, neither
 * the page nor the game's own document scrolls; Play and the stake are inside the frame's visible
 * box; roulette's wheel and board are both wholly visible; slot symbols are drawn (SVG), never text.
 */
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GAMES as STUDIO_GAMES } from '../../apps/studio/src/games';
import { watchPage } from './support/browser';
import { poll, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();

/** Every game of the house studio, as its registry lists them. */
const GAMES = Object.keys(STUDIO_GAMES);
const SLOTS = new Set(['stellar-sevens', 'nebula-ways', 'cosmic-clusters']);
/**
 * Screens in pairs of one kind (a phone's touch and mobile viewport are the context's): each game
 * is opened once per pair and measured at both sizes, as a window resized or a phone turned.
 */
const SCREENS = [
  {
    name: 'laptop and desktop',
    mobile: false,
    sizes: [
      { width: 1366, height: 800 },
      { width: 1920, height: 1080 },
    ],
  },
  {
    name: 'phone upright and on its side',
    mobile: true,
    sizes: [
      { width: 390, height: 844 },
      { width: 844, height: 390 },
    ],
  },
] as const;

type Box = { left: number; top: number; right: number; bottom: number };

/** The game's frame once its Play button can be pressed. */
async function openGame(page: Page, slug: string): Promise<Frame> {
  await page.goto(`${env.server.baseUrl}/play/orbit/${slug}?mode=demo`);
  const locator = page.frameLocator('[data-testid="game-frame"]');
  await locator.getByTestId('play').and(locator.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
  const frame = await (await page.locator('[data-testid="game-frame"]').elementHandle())!.contentFrame();
  return frame!;
}

/** What a game's frame shows: its size, whether it scrolls, and the boxes of the parts that must be seen. */
function measure(frame: Frame) {
  return frame.evaluate(() => {
    const box = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const root = document.documentElement;
    const tiles = [...document.querySelectorAll('.slot-grid .tile')].map((tile) => ({
      svg: tile.querySelector('svg') !== null,
      // The symbol itself carries no text (a multiplier's "×2" badge is beside it).
      text: [...tile.childNodes]
        .filter((n) => !(n instanceof HTMLElement && n.classList.contains('mult')))
        .map((n) => n.textContent ?? '')
        .join('')
        .trim(),
    }));
    return {
      width: window.innerWidth,
      height: window.innerHeight,
      scrollHeight: root.scrollHeight,
      scrollWidth: root.scrollWidth,
      play: box(document.querySelector('[data-testid="play"]')),
      stake: box(document.querySelector('[data-testid="stake"]')),
      wheel: box(document.querySelector('.wheel-wrap canvas')),
      board: box(document.querySelector('.board')),
      tiles,
    };
  });
}

const inside = (box: Box | null, width: number, height: number) =>
  box !== null &&
  box.right - box.left > 0 &&
  box.bottom - box.top > 0 &&
  box.left >= -0.5 &&
  box.top >= -0.5 &&
  box.right <= width + 0.5 &&
  box.bottom <= height + 0.5;

/** What is wrong with the game open on `page` at its present size (nothing: an empty list). */
async function layoutProblems(page: Page, frame: Frame, slug: string): Promise<string[]> {
  const problems: string[] = [];
  const outer = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    height: window.innerHeight,
    width: window.innerWidth,
    frame: (() => {
      const r = document.querySelector('[data-testid="game-frame"]')!.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    })(),
  }));
  const where = `${slug} at ${outer.width}×${outer.height}`;
  if (outer.scrollHeight > outer.height) problems.push(`${where}: the page scrolls (${outer.scrollHeight})`);
  if (outer.scrollWidth > outer.width) problems.push(`${where}: the page scrolls sideways`);
  if (!inside(outer.frame, outer.width, outer.height)) problems.push(`${where}: the frame is not all in view`);
  const m = await measure(frame);
  if (m.scrollHeight > m.height) problems.push(`${where}: the game scrolls (${m.scrollHeight} > ${m.height})`);
  if (m.scrollWidth > m.width) problems.push(`${where}: the game scrolls sideways`);
  if (!inside(m.play, m.width, m.height)) problems.push(`${where}: Play is not in view`);
  if (!inside(m.stake, m.width, m.height)) problems.push(`${where}: the stake is not in view`);
  if (slug === 'european-roulette') {
    if (!inside(m.wheel, m.width, m.height)) problems.push(`${where}: the wheel is not wholly in view`);
    if (!inside(m.board, m.width, m.height)) problems.push(`${where}: the board is not wholly in view`);
  }
  if (SLOTS.has(slug)) {
    if (m.tiles.length === 0) problems.push(`${where}: no symbols`);
    if (m.tiles.some((t) => !t.svg || t.text !== ''))
      problems.push(`${where}: symbols drawn as text (${m.tiles.find((t) => !t.svg || t.text)?.text})`);
  }
  return problems;
}

describe('game layout', () => {
  for (const screen of SCREENS) {
    const sizes = screen.sizes.map((s) => `${s.width}×${s.height}`).join(' and ');
    it(`fits every game in its frame at ${sizes} (${screen.name})`, async () => {
      const context = await env.browser.newContext({
        viewport: screen.sizes[0],
        isMobile: screen.mobile,
        hasTouch: screen.mobile,
      });
      try {
        const page = await context.newPage();
        const watch = watchPage(page);
        const problems: string[] = [];
        for (const slug of GAMES) {
          await page.setViewportSize(screen.sizes[0]);
          const frame = await openGame(page, slug);
          for (const size of screen.sizes) {
            await page.setViewportSize(size);
            // The layout settles (fonts, the canvas sized by its observer).
            await page.waitForTimeout(300);
            problems.push(...(await layoutProblems(page, frame, slug)));
          }
        }
        expect(problems).toEqual([]);
        expect(watch.pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps Spin in view on a phone after rounds, and the sound switch is remembered', async () => {
    const context = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const frame = await openGame(page, 'stellar-sevens');
      const game = page.frameLocator('[data-testid="game-frame"]');
      for (let round = 1; round <= 3; round++) {
        await game.getByTestId('play').click();
        await poll(() => frame.evaluate(() => Number(document.body.dataset.rounds)), 20_000).toBe(round);
      }
      const m = await measure(frame);
      expect(m.scrollHeight).toBeLessThanOrEqual(m.height);
      expect(inside(m.play, m.width, m.height)).toBe(true);
      expect(m.tiles.every((t) => t.svg && t.text === '')).toBe(true);
      // The sound switch: visible, off at first, remembered across a reload.
      const sound = game.getByTestId('sound');
      expect(await sound.getAttribute('aria-pressed')).toBe('false');
      await sound.click();
      expect(await sound.getAttribute('aria-pressed')).toBe('true');
      await openGame(page, 'orbit-dice');
      expect(await game.getByTestId('sound').getAttribute('aria-pressed')).toBe('true');
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
