/**
 * `npm run screenshots [-- <folder> [<locale> [promotions]]]` (after `npm run build`; locale e.g.
 * `de`, default English; `promotions`: the promotion pages only, no games): starts the server on a fresh
 * database (as the browser tests do), opens the lobby and each house game in demo in Debian's
 * chromium at a laptop's (1366×800) and a phone's (390×844) viewport, and saves a screenshot of
 * each (a game also after one round, a card game after its deal) into `<folder>` (default `screenshots/`, git-ignored).
 * Then the promotion pages (promotions, tournaments and one tournament, a lottery, the shop, the
 * wheel, the VIP club with its adventure calendar, the player's gifts): as a guest, and signed in
 * as the demo player.
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
/** The pages' locale prefix (`/de`), none for the default English. */
const localePrefix = process.argv[3] && process.argv[3] !== 'en' ? `/${process.argv[3]}` : '';
const withGames = process.argv[4] !== 'promotions';

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
  const response = await page.goto(`${baseUrl}${localePrefix}/play/orbit/${slug}?mode=demo`);
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

/** The promotion pages, by file name; the first tournament and lottery the API lists are added. */
const PROMOTION_PAGES: ReadonlyArray<[string, string]> = [
  ['promotions', '/promotions'],
  ['tournaments', '/tournaments'],
  ['shop', '/rocket-mart'],
  ['wheel', '/wheel'],
  ['vip-club', '/vip-club'],
];
/** Pages only a signed-in player has. */
const PLAYER_PAGES: ReadonlyArray<[string, string]> = [
  ['gifts', '/profile/gifts'],
  ['level', '/profile/level'],
];

async function promotionPages(page: Page, baseUrl: string): Promise<Array<[string, string]>> {
  const listed = async (path: string) =>
    (await (await page.request.get(`${baseUrl}${path}`)).json()) as Array<{ frontend_identifier: string }>;
  const pages = [...PROMOTION_PAGES];
  const tournament = (await listed('/api/tournaments')).find((t) => t.frontend_identifier.startsWith('tournament--'));
  if (tournament)
    pages.push(['tournament', `/tournaments/${tournament.frontend_identifier.slice('tournament--'.length)}`]);
  const quest = (await listed('/api/tournaments')).find((t) => t.frontend_identifier.startsWith('quest--'));
  if (quest) pages.push(['quest', `/action/${quest.frontend_identifier.split('--').at(-1)}`]);
  const lottery = (await listed('/api/lotteries'))[0];
  if (lottery) pages.push(['lottery', `/lottery/${lottery.frontend_identifier.slice('lottery--'.length)}`]);
  return pages;
}

async function shootPages(page: Page, baseUrl: string, pages: ReadonlyArray<[string, string]>, prefix: string) {
  for (const [name, where] of pages) {
    const response = await page.goto(`${baseUrl}${localePrefix}${where}`);
    if (!response?.ok()) {
      console.log(`  ${where}: HTTP ${response?.status() ?? '?'}, skipped`);
      continue;
    }
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(500);
    await shoot(page, `${prefix}-${name}.png`);
  }
}

async function signInDemo(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}${localePrefix}/sign-in`);
  const form = page.getByRole('dialog');
  const submit = form.locator('button[type="submit"]');
  await submit.and(page.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
  await form.locator('input[type="email"]').fill('demo@orbit.example');
  await form.locator('input[type="password"]').fill('Orbit-Demo-2026');
  await submit.click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 30_000 });
  await page.waitForTimeout(1_000);
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
      await page.goto(`${server.baseUrl}${localePrefix}/`);
      await page.locator('.game-tile').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await shoot(page, `${viewport.name}-lobby.png`);
      if (withGames) for (const game of GAMES) await shootGame(page, server.baseUrl, game, viewport.name);
      const pages = await promotionPages(page, server.baseUrl);
      await shootPages(page, server.baseUrl, pages, `${viewport.name}-guest`);
      await signInDemo(page, server.baseUrl);
      await shootPages(page, server.baseUrl, [...pages, ...PLAYER_PAGES], `${viewport.name}-player`);
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
