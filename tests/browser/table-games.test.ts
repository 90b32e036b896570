/**
 * The studio's games played in moves and its live table, in real chromium against the real server:
 * a player deals a hand of video poker for real, reloads in the middle of it and finds the same
 * hand, holds and draws, and verifies the round (with its holds) on /fair; a guest plays a hand of
 * blackjack in demo and stands; a guest bets on Rocket
 * Crash's shared rocket, cashes out by hand in flight and is paid at the crash.
 */
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  fundPlayer,
  gameFrame,
  minorUnits,
  newEmail,
  pathOf,
  poll,
  registerOnLobby,
  serverAndBrowser,
  withPage,
} from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;
const game = gameFrame;
const minor = minorUnits;

async function contentFrameOf(page: Page): Promise<Frame> {
  return (await (await page.locator('[data-testid="game-frame"]').elementHandle())!.contentFrame())!;
}
const bodyData = async (page: Page, key: string) =>
  (await contentFrameOf(page)).evaluate((k) => document.body.dataset[k] ?? '', key);

/** The five cards' names as the hand shows them ("Ace of spades", with ", held"). */
const hand = (page: Page) =>
  Promise.all(
    [1, 2, 3, 4, 5].map((i) => game(page).getByTestId(`vp-card-${i}`).locator('button').getAttribute('aria-label')),
  );

describe('games played in moves', () => {
  it('deals video poker for real, keeps the hand across a reload, holds, draws and verifies it with its holds', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('poker'));
      await fundPlayer(env.server, page, 5_000, 'video-poker');
      await page.goto(url('/play/orbit/orbit-video-poker'));
      const frame = game(page);
      await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(5_000);
      const stake = minor(await frame.getByTestId('stake').locator('option:checked').textContent());
      await frame.getByTestId('play').click();
      await frame.getByTestId('vp-draw').and(frame.locator(':not([disabled])')).waitFor({ timeout: 20_000 });
      const dealt = await hand(page);
      expect(dealt.every((name) => name && / of (clubs|diamonds|hearts|spades)$/.test(name))).toBe(true);
      // The stake is taken at the deal.
      await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(5_000 - stake);

      // A reload in the middle of the hand: the same five cards, still to draw.
      await page.reload();
      await frame.getByTestId('vp-draw').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      expect(await hand(page)).toEqual(dealt);

      await frame.getByTestId('vp-card-1').locator('button').click();
      await frame.getByTestId('vp-card-3').locator('button').click();
      expect((await hand(page))[0]).toMatch(/, held$/);
      await frame.getByTestId('vp-draw').click();
      await poll(() => bodyData(page, 'rounds'), 20_000).toBe('1');
      const after = await hand(page);
      // The held cards stay; the others are replaced.
      expect(after[0]!.replace(', held', '')).toBe(dealt[0]);
      expect(after[2]!.replace(', held', '')).toBe(dealt[2]);
      const win = minor(await frame.getByTestId('last-win').textContent());
      await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(5_000 - stake + win);
      expect(await frame.getByTestId('vp-result').textContent()).not.toBe('');

      // The seed is revealed once the hand is over, and the round verifies with its holds.
      await frame.getByTestId('rotate').click();
      await poll(async () => (await frame.getByTestId('revealed-seed').textContent()) ?? '').toMatch(/[0-9a-f]{64}/);
      await page.goto(url('/profile/games-history'));
      await page.getByTestId('round-row').first().click();
      await page.getByTestId('round-verify-link').click();
      await poll(() => pathOf(page)).toBe('/fair');
      const fair = page.frameLocator('[data-testid="fair-frame"]');
      await fair.getByTestId('verify-match').waitFor({ timeout: 30_000 });
      await poll(() => fair.getByTestId('verify-match').getAttribute('data-match'), 20_000).toBe('yes');
      expect(await fair.getByTestId('verify-actions').inputValue()).toContain('"hold":[true,false,true,false,false]');
      expect(minor(await fair.getByTestId('verify-win').textContent())).toBe(win);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    });
  });
});

describe('blackjack', () => {
  it('deals a demo hand, stands, and moves the balance by the stakes and the win', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.goto(url('/play/orbit/orbit-blackjack?mode=demo'));
      const frame = game(page);
      await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(100_000);
      const stake = minor(await frame.getByTestId('stake').locator('option:checked').textContent());
      // Hands until one is played with a move (a blackjack on either side settles at the deal).
      for (let hand = 1; hand <= 6; hand++) {
        await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 20_000 });
        const before = minor(await frame.getByTestId('balance').textContent());
        await frame.getByTestId('play').click();
        const stand = frame.getByTestId('bj-stand');
        const settled = poll(() => bodyData(page, 'rounds'), 20_000).toBe(String(hand));
        const open = await Promise.race([
          stand
            .and(frame.locator(':not([disabled])'))
            .waitFor({ timeout: 20_000 })
            .then(() => true),
          settled.then(() => false),
        ]);
        if (open) {
          // While the hand is open the dealer shows one card, and the stake is taken.
          expect(await frame.getByTestId('bj-dealer-cards').locator('svg').count()).toBeGreaterThanOrEqual(1);
          await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(before - stake);
          await stand.click();
        }
        await poll(() => bodyData(page, 'rounds'), 20_000).toBe(String(hand));
        const win = minor(await frame.getByTestId('last-win').textContent());
        await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(before - stake + win);
        if (open) break;
      }
      expect(await frame.getByTestId('error').textContent()).toBe('');
      expect(watch.pageErrors).toEqual([]);
    });
  });
});

describe('the live crash table', () => {
  // A flight lasts as long as its crash point says (×20 takes 50 s): this journey gets its own limit.
  it(
    'bets on the shared rocket, cashes out by hand in flight and is paid at the crash',
    { timeout: 400_000 },
    async () => {
      await withPage(env.browser, async (page) => {
        const watch = watchPage(page);
        await page.goto(url('/play/orbit/rocket-crash?mode=demo'));
        const frame = game(page);
        await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
        await poll(() => bodyData(page, 'crashPhase'), 90_000).toBe('betting');
        const stake = minor(await frame.getByTestId('stake').locator('option:checked').textContent());
        await frame.getByTestId('play').click();
        let launchesBet = 1;
        await poll(async () => frame.getByTestId('crash-players').textContent()).toContain('Guest');
        // A rocket that crashes at ×1.00 gives no chance to cash out: then the next launch is tried.
        let cashedOut = false;
        for (let launch = 0; launch < 5 && !cashedOut; launch++) {
          await poll(() => bodyData(page, 'crashPhase'), 30_000).toMatch(/flying|crashed/);
          if ((await bodyData(page, 'crashPhase')) === 'flying') {
            // The note follows the player's bet: in the air, never "Place your bet".
            expect(await frame.getByTestId('crash-note').textContent()).toBe(
              'Your bet is flying: cash out before the crash',
            );
            await page.waitForTimeout(400);
            // A rocket may crash in those 400 ms: the button is then off, and the next launch is tried.
            const clicked = await frame
              .getByTestId('cash-out')
              .click({ timeout: 3_000 })
              .then(
                () => true,
                () => false,
              );
            if (clicked) {
              cashedOut = await poll(async () => (await frame.getByTestId('crash-note').textContent()) ?? '', 10_000)
                .toMatch(/Cashed out at|Won|lost/)
                .then(async () =>
                  /Cashed out at|Won/.test((await frame.getByTestId('crash-note').textContent()) ?? ''),
                );
            }
          }
          if (!cashedOut) {
            await poll(() => bodyData(page, 'crashPhase'), 90_000).toBe('betting');
            await frame.getByTestId('play').click();
            launchesBet++;
          }
        }
        expect(cashedOut).toBe(true);
        await poll(() => bodyData(page, 'crashPhase'), 120_000).toBe('crashed');
        const win = minor(await frame.getByTestId('last-win').textContent());
        expect(win).toBeGreaterThan(stake);
        // Every launch bet on took its stake; the one cashed out paid its win.
        await poll(async () => minor(await frame.getByTestId('balance').textContent())).toBe(
          100_000 - launchesBet * stake + win,
        );
        await poll(async () => frame.getByTestId('crash-launch').textContent()).toMatch(
          /server seed \(revealed\)[0-9a-f]{64}/,
        );
        expect(watch.pageErrors).toEqual([]);
      });
    },
  );
});
