/**
 * Bonuses played through in real chromium against the real server with the house studio
 * (docs/bonuses.md): a new player chooses the first-deposit bonus in the deposit step, deposits
 * with a card through the sandbox PSP, plays real spins while the wagering bar and the header's
 * percent move live, and sees the wagering done turn the bonus into real money; a player takes
 * free spins by a gift code, activates them and plays them in the game, which counts them live in
 * the gifts tab.
 */
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  fillPersonalInfo,
  gameFrame,
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

const FIRST_DEPOSIT = '100 % first-deposit bonus';
const SPINS = '10 free spins on Stellar Sevens';

const game = gameFrame;
const card = (page: Page, title: string) => page.locator('li.gift').filter({ hasText: title });

beforeAll(async () => {
  // The seeded first-deposit bonus wagers x35; here x1 with bets up to €10, so that five spins play it through.
  await env.server.database.db.execute(sql`update bonus_templates
    set wager_multiplier = 1, money = jsonb_set(money, '{EUR,max_bet_cents}', '1000')
    where key = 'first-deposit-100'`);
});

describe('bonus journeys', () => {
  it('chooses the first-deposit bonus, deposits, plays it through with the bar moving, and the real balance grows', async () => {
    await withPage(env.browser, async (page, context) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('journey'));

      // The deposit step offers the first-deposit bonus; the card deposit of €50 takes it.
      await page.goto(url('/deposit-bonus'));
      await fillPersonalInfo(page);
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      const offer = popup.getByRole('button', { name: new RegExp(FIRST_DEPOSIT) });
      await offer.click();
      await poll(() => offer.getAttribute('aria-pressed')).toBe('true');
      await popup.getByRole('button', { name: /^Visa/ }).click();
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await poll(() => pathOf(page), 20_000).toMatch(/^\/sandbox-psp\/pay\//);
      await payWithTestCard(page);
      await page.getByText('Your deposit of €50.00 was successful.').waitFor({ timeout: 40_000 });

      // The bonus wagers at once: €50 real and €50 bonus, 0 % of €50.00 wagered.
      await page.goto(url('/profile/gifts'));
      const bonus = card(page, FIRST_DEPOSIT);
      await bonus.getByText('Wagering', { exact: true }).waitFor({ timeout: 20_000 });
      await bonus.getByText('€0.00 of €50.00 wagered').waitFor();
      await poll(() => page.getByTestId('header-balance-split').textContent()).toBe('€50.00 + €50.00 bonus');

      // Real spins of €10 in another tab: the gifts tab's bar and the header's percent follow live.
      const slot = await context.newPage();
      await slot.goto(url('/play/orbit/stellar-sevens'));
      const reels = game(slot);
      await reels.getByTestId('play').and(reels.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      await reels.getByTestId('stake').selectOption('1000');
      await reels.getByTestId('play').click();
      await poll(() => roundsPlayed(slot), 30_000).toBe(1);
      await poll(() => bonus.getByRole('progressbar').getAttribute('aria-valuenow'), 20_000).toBe('20');
      await poll(() => page.getByTestId('header-wagering').textContent()).toBe('20%');
      for (let spin = 2; spin <= 5; spin++) {
        await reels.getByTestId('play').and(reels.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
        await reels.getByTestId('play').click();
        await poll(() => roundsPlayed(slot), 30_000).toBe(spin);
      }

      // Wagering done: the bonus money is real money now; the header shows the plain balance.
      await page
        .getByTestId('gifts-history')
        .locator('li.gift')
        .filter({ hasText: FIRST_DEPOSIT })
        .filter({ hasText: 'Wagering done' })
        .waitFor({ timeout: 20_000 });
      await poll(() => page.getByTestId('header-balance-split').count()).toBe(0);
      const accounts = (await page.evaluate(async () =>
        (await fetch('/api/player/accounts', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
      )) as Array<{ amount_cents: number; bonus_cents: number; available_to_cashout_cents: number }>;
      expect(accounts[0]!.bonus_cents).toBe(0);
      // The €50 staked came from the real money; the €50 bonus became real: at least €50 to withdraw.
      expect(accounts[0]!.available_to_cashout_cents).toBeGreaterThanOrEqual(5_000);
      expect(accounts[0]!.amount_cents).toBe(accounts[0]!.available_to_cashout_cents);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    });
  });

  it('takes free spins by a gift code, activates them, and plays them in the game while the gifts tab counts them', async () => {
    await withPage(env.browser, async (page, context) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('spins'));
      await page.goto(url('/profile/gifts'));
      const form = page.getByTestId('gift-code-form');
      await form.getByLabel('Gift code').fill('SPINS10');
      await form.getByRole('button', { name: 'Get the gift' }).click();
      const spins = card(page, SPINS);
      await spins.getByText('Ready to activate').waitFor({ timeout: 20_000 });
      await spins.getByRole('button', { name: `Activate ${SPINS}` }).click();
      await spins.getByText('Active', { exact: true }).waitFor();
      await spins.getByText('0 of 10 spins played').waitFor();

      // The game offers the spins (the studio heard of them from the platform), at their stake.
      const slot = await context.newPage();
      await slot.goto(url('/play/orbit/stellar-sevens'));
      const reels = game(slot);
      const banner = reels.getByTestId('free-spins-grant');
      await poll(() => banner.getAttribute('data-left'), 30_000).toBe('10');
      expect(await banner.textContent()).toContain('Free spins: 10 left (stake €0.20)');
      const balance = await slot.getByTestId('game-balance').textContent();
      for (let spin = 1; spin <= 2; spin++) {
        await reels.getByTestId('play').and(reels.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
        await reels.getByTestId('play').click();
        await poll(() => roundsPlayed(slot), 30_000).toBe(spin);
      }
      await poll(() => banner.getAttribute('data-left'), 20_000).toBe('8');
      // No money moved: a free spin stakes nothing, and its wins wait for the last spin.
      expect(await slot.getByTestId('game-balance').textContent()).toBe(balance);
      await spins.getByText('2 of 10 spins played').waitFor({ timeout: 20_000 });
      expect(watch.pageErrors).toEqual([]);
    });
  });
});
