/**
 * The house studio's newer games in real chromium against the real server: a guest opens each in
 * demo from the casino's game page, plays one round with the default bet and sees the balance move
 * by the stake and the win; on a phone held either way, each game's board is wholly in view, the
 * game does not scroll, Play and the stake are in view, and its symbols are SVG drawings.
 */
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { gameFrame, minorUnits, poll, roundsPlayed, serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

/** The games added to the catalogue after the first six, each played once in demo. */
/** The elements that draw each game's board and its own controls (they must be wholly in view). */
const BOARDS: Record<string, string[]> = {
  'orbit-plinko': ['plinko-board'],
  'orbit-keno': ['keno-board'],
  'meteor-tumble': ['tumble-grid'],
  'lunar-link': ['link-grid'],
  'warp-ways': ['warp-board'],
  'nova-sevens': ['nova-grid'],
  'saturn-wheel': ['wheel-grid'],
  'orbit-video-poker': ['vp-paytable', 'vp-card-1', 'vp-card-5', 'vp-draw'],
  'orbit-blackjack': ['bj-dealer-cards', 'bj-hands', 'bj-hit', 'bj-stand', 'bj-double', 'bj-split'],
};
/** The games played in moves: laid out like the others, played in tests/browser/table-games.test.ts. */
const STEP_GAMES = ['orbit-video-poker', 'orbit-blackjack'];
const NEW_GAMES = [
  'orbit-plinko',
  'orbit-keno',
  'meteor-tumble',
  'lunar-link',
  'warp-ways',
  'nova-sevens',
  'saturn-wheel',
];

const game = gameFrame;
const minor = minorUnits;

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

describe('new house games on a phone', () => {
  for (const viewport of [
    { name: 'upright', width: 390, height: 844 },
    { name: 'on its side', width: 844, height: 390 },
  ]) {
    it(`fits each new game in its frame on a phone ${viewport.name}`, async () => {
      const context = await env.browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: true,
        hasTouch: true,
      });
      try {
        const page = await context.newPage();
        const watch = watchPage(page);
        const problems: string[] = [];
        for (const slug of [...NEW_GAMES, ...STEP_GAMES]) {
          await page.goto(url(`/play/orbit/${slug}?mode=demo`));
          const locator = game(page);
          await locator.getByTestId('play').and(locator.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
          const frame = (await (await page.locator('[data-testid="game-frame"]').elementHandle())!.contentFrame())!;
          await page.waitForTimeout(300);
          const m = await frame.evaluate((boards) => {
            const inView = (el: Element | null) => {
              if (!el) return false;
              const r = el.getBoundingClientRect();
              return (
                r.width > 0 &&
                r.height > 0 &&
                r.left >= -0.5 &&
                r.top >= -0.5 &&
                r.right <= window.innerWidth + 0.5 &&
                r.bottom <= window.innerHeight + 0.5
              );
            };
            const symbols = [...document.querySelectorAll('[data-symbol]')];
            return {
              scrolls: document.documentElement.scrollHeight > window.innerHeight,
              play: inView(document.querySelector('[data-testid="play"]')),
              stake: inView(document.querySelector('[data-testid="stake"]')),
              board: boards.every((id) => inView(document.querySelector(`[data-testid="${id}"]`))),
              drawn: symbols.every((el) => el.querySelector('svg') !== null),
            };
          }, BOARDS[slug]!);
          const where = `${slug} ${viewport.name}`;
          if (m.scrolls) problems.push(`${where}: the game scrolls`);
          if (!m.play) problems.push(`${where}: Play is not in view`);
          if (!m.stake) problems.push(`${where}: the stake is not in view`);
          if (!m.board) problems.push(`${where}: the board is not wholly in view`);
          if (!m.drawn) problems.push(`${where}: a symbol is not an SVG drawing`);
        }
        expect(problems).toEqual([]);
        expect(watch.pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
