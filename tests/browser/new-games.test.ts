/**
 * The house studio's newer games in real chromium against the real server: a guest opens each in
 * demo from the casino's game page, plays one round with the default bet and sees the balance move
 * by the stake and the win.
 */
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { poll, serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

/** The games added to the catalogue after the first six, each played once in demo. */
const NEW_GAMES = [
  'orbit-plinko',
  'orbit-keno',
  'meteor-tumble',
  'lunar-link',
  'warp-ways',
  'nova-sevens',
  'saturn-wheel',
];

const game = (page: Page): FrameLocator => page.frameLocator('[data-testid="game-frame"]');
/** Digits of a money text as minor units ("1,000.00 FUN" → 100000). */
const minor = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

async function roundsPlayed(page: Page): Promise<number> {
  const frame: Frame | null = await (await page.locator('[data-testid="game-frame"]').elementHandle())!.contentFrame();
  return Number((await frame?.evaluate(() => document.body.dataset.rounds)) ?? 0);
}

describe('new house games in demo', () => {
  it.each(NEW_GAMES)('plays one demo round of %s and moves the balance by the stake and the win', async (slug) => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.goto(url(`/play/orbit/${slug}?mode=demo`));
      const frame = game(page);
      await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      await poll(async () => (await frame.getByTestId('balance').textContent()) ?? '').toContain('FUN');
      expect(minor(await frame.getByTestId('balance').textContent())).toBe(100_000);
      await frame.getByTestId('play').click();
      await poll(() => roundsPlayed(page), 20_000).toBe(1);
      const stake = minor(await frame.getByTestId('stake').locator('option:checked').textContent());
      const win = minor(await frame.getByTestId('last-win').textContent());
      await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(100_000 - stake + win);
      expect(await frame.getByTestId('error').textContent()).toBe('');
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    });
  });
});
