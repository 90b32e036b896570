/**
 * `npm run screenshots [-- <folder>]` (after `npm run build`): starts the server on a fresh
 * database (as the browser tests do), opens the lobby and each house game in demo in Debian's
 * chromium at a laptop's (1366×800) and a phone's (390×844) viewport, and saves a screenshot of
 * each (a game also after one round, a card game after its deal) into `<folder>` (default `screenshots/`, git-ignored).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { GAMES as STUDIO_GAMES, isStepGame, type AnyGameMath } from '../apps/studio/src/games';
import { launchBrowser } from '../tests/browser/support/browser';
import { startServer } from '../tests/browser/support/server';

/** Every game of the house studio, as its registry lists them. */
const GAMES = Object.values(STUDIO_GAMES);
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 800, mobile: false },
  { name: 'phone', width: 390, height: 844, mobile: true },
] as const;

const folder = path.resolve(process.argv[2] ?? 'screenshots');

async function shoot(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: path.join(folder, file) });
  console.log(`  ${file}`);
}

/**
 * The game's page once Play can be pressed, then after one round (roulette: a chip on red first);
 * a card game just after its deal, the live crash table just after the bet.
 */
async function shootGame(page: Page, baseUrl: string, game: AnyGameMath, prefix: string): Promise<void> {
  const slug = game.slug;
  const response = await page.goto(`${baseUrl}/play/orbit/${slug}?mode=demo`);
  if (!response?.ok()) {
    console.log(`  ${slug}: HTTP ${response?.status() ?? '?'}, skipped`);
    return;
  }
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(400);
  await shoot(page, `${prefix}-${slug}.png`);
  if (slug === 'european-roulette') await frame.getByTestId('bet-red').click();
  await frame.getByTestId('play').click();
  if (isStepGame(game) || slug === 'rocket-crash') await page.waitForTimeout(2_500);
  else {
    await frame.locator('body[data-rounds="1"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
  }
  await shoot(page, `${prefix}-${slug}-round.png`);
}

async function main(): Promise<void> {
  fs.mkdirSync(folder, { recursive: true });
  const [server, browser]: [Awaited<ReturnType<typeof startServer>>, Browser] = await Promise.all([
    startServer(),
    launchBrowser(),
  ]);
  try {
    for (const viewport of VIEWPORTS) {
      console.log(`${viewport.name} ${viewport.width}×${viewport.height}`);
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.mobile,
        hasTouch: viewport.mobile,
      });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/`);
      await page.locator('.game-tile').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await shoot(page, `${viewport.name}-lobby.png`);
      for (const game of GAMES) await shootGame(page, server.baseUrl, game, viewport.name);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`saved in ${folder}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
