/**
 * Games in real chromium against the real server with the house studio mounted in it: a guest
 * plays a slot in demo; a player deposits through the sandbox PSP, plays roulette for real in the
 * game page's iframe, sees the balance move, reveals the seed, opens the round in the games
 * history and verifies it on /fair, where the studio recomputes it in the browser.
 */
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  declineWelcomeBonus,
  fillPersonalInfo,
  gameFrame,
  minorUnits,
  newEmail,
  pathOf,
  payWithTestCard,
  poll,
  registerOnLobby,
  roundsPlayed,
  serverAndBrowser,
  withPage,
} from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

const game = gameFrame;
const minor = minorUnits;

describe('games', () => {
  it('lets a guest play a slot in demo with FUN money', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.goto(url('/play/orbit/stellar-sevens?mode=demo'));
      const frame = game(page);
      await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      await poll(async () => (await frame.getByTestId('balance').textContent()) ?? '').toContain('FUN');
      expect(minor(await frame.getByTestId('balance').textContent())).toBe(100_000);
      const commitment = await frame.getByTestId('commitment').textContent();
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);
      await frame.getByTestId('play').click();
      await poll(() => roundsPlayed(page), 20_000).toBe(1);
      const stake = minor(await frame.getByTestId('stake').locator('option:checked').textContent());
      const win = minor(await frame.getByTestId('last-win').textContent());
      await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(100_000 - stake + win);
      expect(await frame.getByTestId('last-nonce').textContent()).toContain('0');
      // The studio's page runs under the casino's script policy too (its own files only).
      expect(watch.consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    });
  });

  it('deposits, plays roulette for real, sees the balance move, finds the round in the history and verifies it on /fair', async () => {
    await withPage(env.browser, async (page, context) => {
      const watch = watchPage(page);
      const email = newEmail('games');
      // Sign up over the lobby (EUR), then a card deposit through the sandbox PSP.
      await registerOnLobby(page, env.server.baseUrl, email);
      await page.locator('.wallet__deposit').click();
      await fillPersonalInfo(page);
      const deposit = page.getByRole('dialog', { name: 'Deposit' });
      await declineWelcomeBonus(deposit);
      await deposit.getByRole('button', { name: /^Visa/ }).click();
      await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
      await poll(() => pathOf(page), 20_000).toMatch(/^\/sandbox-psp\/pay\//);
      await payWithTestCard(page);
      await page.getByText('Your deposit of €50.00 was successful.').waitFor({ timeout: 40_000 });

      // Real roulette in the game page's iframe: a chip on red, one spin.
      await page.goto(url('/play/orbit/european-roulette'));
      await poll(() => page.getByTestId('game-balance').textContent(), 20_000).toBe('€50.00');
      const frame = game(page);
      await frame.getByTestId('play').waitFor({ timeout: 30_000 });
      await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(5_000);
      await frame.getByTestId('bet-red').click();
      await frame.getByTestId('play').click();
      await poll(() => roundsPlayed(page), 20_000).toBe(1);
      const stake = minor(await frame.getByTestId('stake').locator('option:checked').textContent());
      const win = minor(await frame.getByTestId('last-win').textContent());
      // Red pays even money: the balance moves by the stake, one way or the other.
      expect([0, 2 * stake]).toContain(win);
      const inGame = 5_000 - stake + win;
      await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(inGame);
      // The casino's own balance follows, live over the WebSocket.
      await poll(async () => minor(await page.getByTestId('game-balance').textContent()), 20_000).toBe(inGame);

      // Rotating the seed reveals the one the round was played with.
      const commitment = (await frame.getByTestId('commitment').textContent())!;
      await frame.getByTestId('rotate').click();
      await poll(async () => (await frame.getByTestId('revealed-seed').textContent()) ?? '').toMatch(/[0-9a-f]{64}/);

      // The round in the games history, then its verification.
      await page.goto(url('/profile/games-history'));
      await page.getByTestId('round-row').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('round-row').count()).toBe(1);
      // On a phone the history fits the screen: its rows become cards, nothing is cut off.
      await page.setViewportSize({ width: 390, height: 844 });
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(
        await page.getByTestId('rounds-table').evaluate((el) => el.getBoundingClientRect().right),
      ).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.getByTestId('round-row').first().click();
      await page.getByTestId('round-detail').getByText(commitment).waitFor();
      // The round as the game showed it (the pocket and the bet), its JSON only behind "Show raw data".
      await page.getByTestId('round-detail').locator('.outcome--roulette').waitFor();
      expect(await page.getByTestId('round-raw').getAttribute('open')).toBeNull();
      expect(await page.getByTestId('round-raw').getByText('Show raw data').isVisible()).toBe(true);
      expect(await page.locator('.outcome__json').isVisible()).toBe(false);
      await page.getByTestId('round-verify-link').click();
      await poll(() => pathOf(page)).toBe('/fair');
      const fair = page.frameLocator('[data-testid="fair-frame"]');
      await fair.getByTestId('verify-match').waitFor({ timeout: 30_000 });
      await poll(() => fair.getByTestId('verify-match').getAttribute('data-match'), 20_000).toBe('yes');
      expect(await fair.getByTestId('verify-commitment').textContent()).toContain(commitment);
      expect(minor(await fair.getByTestId('verify-win').textContent())).toBe(win);

      // The jackpot moves: a €10 spin of its game feeds every level, and the lobby shows it live.
      await page.goto(url('/'));
      const mini = page.getByTestId('jackpot-level-mini');
      await mini.waitFor();
      const before = minor(await mini.textContent());
      const slot = await context.newPage();
      await slot.goto(url('/play/orbit/stellar-sevens'));
      const reels = game(slot);
      await reels.getByTestId('play').and(reels.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      await reels.getByTestId('stake').selectOption('1000');
      await reels.getByTestId('play').click();
      await poll(() => roundsPlayed(slot), 30_000).toBe(1);
      // 0.5 % of €10.00 to the Mini level (unless this very spin hit it and reset it to its seed).
      await poll(async () => minor(await mini.textContent()), 20_000).not.toBe(before);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    });
  });
});
