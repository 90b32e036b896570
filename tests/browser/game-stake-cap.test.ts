/**
 * The running bonus's max bet in the game (docs/provider-protocol.md "The stake cap"): a player
 * whose bonus caps bets at €5.00 opens a slot and roulette for real; the stakes and chips above it
 * cannot be chosen and the game says why, in the page's language; roulette refuses a second chip
 * that would take the table's bet past the cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser } from './support/browser';
import { fundPlayer, gameFrame, newEmail, poll, registerOnLobby, withPage } from './support/journeys';
import { startServer, type TestServer } from './support/server';

const OPERATOR = 'operator-token-for-the-stake-cap-test-0123';
const env = {} as { server: TestServer; browser: Browser };
beforeAll(async () => {
  [env.server, env.browser] = await Promise.all([startServer({ env: { OPERATOR_TOKEN: OPERATOR } }), sharedBrowser()]);
  // A gift of €10.00 wagering x2 with a max bet of €5.00.
  const res = await fetch(`${env.server.baseUrl}/api/operator/bonus_templates/capped-gift`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'manual',
      title: 'Capped gift',
      money: { EUR: { amount_cents: 1_000, max_bet_cents: 500, max_win_cents: 5_000 } },
      wager_multiplier: 2,
    }),
  });
  expect(res.status, await res.text()).toBe(200);
});
afterAll(async () => {
  await releaseBrowser(env.browser);
  await env.server?.close();
});
const url = (path: string) => `${env.server.baseUrl}${path}`;

/** A signed-up player with €100.00 and the capped gift wagering. */
async function cappedPlayer(page: Page): Promise<void> {
  await registerOnLobby(page, env.server.baseUrl, newEmail('capped'));
  const id = await fundPlayer(env.server, page, 10_000, 'capped');
  const granted = await fetch(url(`/api/operator/players/${id}/bonuses`), {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
    body: JSON.stringify({ template_key: 'capped-gift', currency: 'EUR', idempotency_key: `capped-${id}` }),
  });
  expect(granted.status, await granted.clone().text()).toBe(200);
  const { id: bonus } = (await granted.json()) as { id: number };
  const activated = await page.evaluate(async (bonusId) => {
    const res = await fetch(`/api/player/bonuses/${bonusId}/activation`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    return res.status;
  }, bonus);
  expect(activated).toBe(200);
}

/** The stake options as the player sees them: value (minor units) and whether it can be chosen. */
const stakeOptions = (frame: FrameLocator) =>
  frame
    .getByTestId('stake')
    .locator('option')
    .evaluateAll((options) =>
      (options as HTMLOptionElement[]).map((o) => ({ cents: Number(o.value), disabled: o.disabled })),
    );

describe('the bonus max bet in the game', () => {
  it('offers no stake or chip above the max bet, says why in the page’s language, and roulette keeps the table under it', async () => {
    await withPage(env.browser, async (page) => {
      await cappedPlayer(page);

      // A slot: the stakes above €5.00 are off, the selected one is within, and the game says why.
      await page.goto(url('/play/orbit/stellar-sevens'));
      let frame = gameFrame(page);
      await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      const note = frame.getByTestId('stake-cap');
      await note.waitFor();
      expect(await note.textContent()).toMatch(/max bet €5\.00.*higher stakes are off/i);
      const options = await stakeOptions(frame);
      expect(options.some((o) => o.cents > 500)).toBe(true);
      for (const o of options) expect(o.disabled, `${o.cents}`).toBe(o.cents > 500);
      expect(Number(await frame.getByTestId('stake').inputValue())).toBeLessThanOrEqual(500);

      // The same in German when the casino's page is German.
      await page.goto(url('/de/play/orbit/stellar-sevens'));
      frame = gameFrame(page);
      await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      expect(await frame.getByTestId('stake-cap').textContent()).toMatch(/Bonus-Höchsteinsatz 5,00\s€/);

      // Roulette: the chips above €5.00 are off, and a second €5.00 chip would pass the cap.
      await page.goto(url('/play/orbit/european-roulette'));
      frame = gameFrame(page);
      await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      const chips = await stakeOptions(frame);
      expect(chips.filter((o) => o.disabled).map((o) => o.cents)).toEqual(
        chips.filter((o) => o.cents > 500).map((o) => o.cents),
      );
      await frame.getByTestId('stake').selectOption('500');
      await frame.getByTestId('bet-red').click();
      await frame.getByTestId('bet-black').click();
      await poll(async () => (await frame.getByTestId('board-message').textContent()) ?? '').toMatch(
        /pass your bonus’s max bet of €5\.00/,
      );
      expect(await frame.getByTestId('total-stake').textContent()).toMatch(/€5\.00/);
    });
  });
});
