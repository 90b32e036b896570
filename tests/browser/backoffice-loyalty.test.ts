/**
 * Loyalty in the back office, in real chromium (docs/backoffice.md "Loyalty"): a marketing
 * operator changes the price of the shop's "Real money" card and a signed-in player's comp-points
 * shop asks the new price; the operator adds a VIP manager, assigns the player to them on the
 * manager's page, and the player's VIP club shows that manager. The adventure calendar's form
 * saves a changed day as a new version of its config, which the casino's config call answers.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { operatorOfRole, operatorPage, signInDemoAdmin } from './support/backoffice';
import { watchPage } from './support/browser';
import { newContext, newEmail, poll, registerOnLobby, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

async function playerId(page: Page): Promise<number> {
  const { id } = (await page.evaluate(async () =>
    (await fetch('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
  )) as { id: number };
  return id;
}

/** The shop's "Real money" card's price as the player's page shows it. */
async function realMoneyCost(player: Page): Promise<string | null> {
  await player.goto(url('/rocket-mart/money'));
  const card = player
    .getByTestId('shop-card')
    .filter({ has: player.locator('.shop-card__title').getByText('Real money', { exact: true }) });
  await card.waitFor();
  return card.getByTestId('shop-card-cost').textContent();
}

describe('loyalty in the back office', () => {
  it(
    'marketing reprices a shop card and assigns a VIP manager: the player’s shop and VIP club show both',
    { timeout: 120_000 },
    async () => {
      const adminContext = await env.browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const admin = await adminContext.newPage();
      await signInDemoAdmin(admin, env.server.baseUrl);
      const who = await operatorOfRole(admin, 'marketing', 'Lola Loyalty');
      await adminContext.close();

      const playerContext = await newContext(env.browser);
      const player = await playerContext.newPage();
      await registerOnLobby(player, env.server.baseUrl, newEmail('loyalty-bo'));
      const id = await playerId(player);
      expect(await realMoneyCost(player)).toBe('250 points');

      const marketing = await operatorPage(env.browser, env.server.baseUrl, who);
      const page = marketing.page;
      const watch = watchPage(page);
      try {
        // The card's form: its EUR rate (the first) asks 320 points from now on.
        await page.getByRole('menuitem', { name: 'Shop cards' }).click();
        await page.getByRole('row').filter({ hasText: 'cash-5' }).getByText('Real money', { exact: true }).click();
        await page.getByLabel('Title').waitFor();
        expect(await page.getByLabel('Currency').first().inputValue()).toBe('EUR');
        await page.getByLabel('Points').first().fill('320');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Real money saved').waitFor({ timeout: 15_000 });
        await page
          .getByRole('row')
          .filter({ hasText: 'cash-5' })
          .getByText(/EUR: 320 points/)
          .waitFor();

        // The player's shop asks the new price.
        await poll(() => realMoneyCost(player)).toBe('320 points');

        // A new manager, then the player assigned on the manager's page.
        await page.getByRole('menuitem', { name: 'VIP managers' }).click();
        await page.getByRole('link', { name: 'Create' }).click();
        await page.getByLabel('Name').fill('Lyra Chen');
        await page.getByLabel('Email').fill('lyra@orbit.example');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Manager created').waitFor({ timeout: 15_000 });
        await page.getByRole('row').filter({ hasText: 'Lyra Chen' }).getByText('Lyra Chen').click();
        await page.getByText('Players of Lyra Chen (0)').waitFor();
        await page.getByLabel('Player id').fill(String(id));
        await page.getByRole('button', { name: 'Assign the player' }).click();
        await page.getByText(`Player ${id} assigned to Lyra Chen`).waitFor({ timeout: 15_000 });
        await page.getByText('Players of Lyra Chen (1)').waitFor();
        expect(watch.pageErrors).toEqual([]);
      } finally {
        await marketing.close();
      }

      // The player's VIP club shows the manager assigned, with the contact given.
      await player.goto(url('/vip-club'));
      const panel = player.getByTestId('vip-club').getByTestId('manager-panel');
      await panel.getByText('Lyra Chen').waitFor();
      expect(await panel.getByRole('link').allTextContents()).toEqual(['Email']);
      await playerContext.close();
    },
  );

  it(
    'marketing changes a day of the adventure calendar: a new version the casino reads',
    { timeout: 90_000 },
    async () => {
      const adminContext = await env.browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const admin = await adminContext.newPage();
      await signInDemoAdmin(admin, env.server.baseUrl);
      const who = await operatorOfRole(admin, 'marketing', 'Ada Adventure');
      await adminContext.close();

      const marketing = await operatorPage(env.browser, env.server.baseUrl, who);
      const page = marketing.page;
      const watch = watchPage(page);
      try {
        await page.getByRole('menuitem', { name: 'Point accrual' }).click();
        await page.getByRole('row').filter({ hasText: '* (default)' }).waitFor();

        await page.getByRole('menuitem', { name: 'Adventure calendar' }).click();
        const calendar = page.getByRole('table', { name: 'Calendar of Orbit week' });
        await calendar.getByRole('row').filter({ hasText: 'Day 1' }).getByText('EUR 2000').waitFor();
        const version = Number(/^Version (\d+)/.exec((await page.getByText(/^Version \d+/).textContent()) ?? '')?.[1]);
        const firstDeposit = page.getByLabel('Smallest deposit').first();
        expect(await firstDeposit.inputValue()).toBe('EUR 2000');
        await firstDeposit.fill('EUR 1500');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Adventure calendar saved').waitFor({ timeout: 15_000 });
        await page.getByText(new RegExp(`^Version ${version + 1}, saved`)).waitFor();
        await calendar.getByRole('row').filter({ hasText: 'Day 1' }).getByText('EUR 1500').waitFor();
        expect(watch.pageErrors).toEqual([]);
      } finally {
        await marketing.close();
      }

      const config = (await (await fetch(url('/api/fe/config/vip-adventures'))).json()) as {
        adventures: Array<{ days: Array<{ condition: { minDep: Record<string, number> } }>; translations?: object }>;
      };
      expect(config.adventures[0]!.days[0]!.condition.minDep).toEqual({ EUR: 1500 });
      expect(config.adventures[0]!.days[1]!.condition.minDep).toEqual({ EUR: 2000 });
      // The texts in other locales stay.
      expect(config.adventures[0]!.translations).toBeTruthy();
    },
  );
});
