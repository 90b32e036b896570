/**
 * Bonuses managed in the back office, in real chromium (docs/backoffice.md "Bonuses"): a
 * marketing operator creates a first-deposit bonus template with a promo code; a player on the
 * casino types the code in the gifts tab, deposits through the sandbox PSP and gets the bonus
 * wagering; the template's usage shows it; the operator grants the player the coupon through the
 * Grant form and reads the counts, and the same form sent again grants nothing more.
 */
import { describe, expect, it } from 'vitest';
import { operatorOfRole, operatorPage, signInDemoAdmin } from './support/backoffice';
import { watchPage } from './support/browser';
import {
  fillPersonalInfo,
  newEmail,
  pathOf,
  payWithTestCard,
  poll,
  registerOnLobby,
  serverAndBrowser,
} from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

const TITLE = 'Moonrise welcome 100 %';
const CODE = 'MOONRISE';

describe('bonuses in the back office', () => {
  it('marketing creates a deposit bonus with a code; a player types it, deposits and gets the bonus; a grant is counted once', async () => {
    const adminContext = await env.browser.newContext();
    const admin = await adminContext.newPage();
    await signInDemoAdmin(admin, env.server.baseUrl);
    const mia = await operatorPage(
      env.browser,
      env.server.baseUrl,
      await operatorOfRole(admin, 'marketing', 'Mia Marketing'),
    );
    await adminContext.close();
    const bo = mia.page;
    const boWatch = watchPage(bo);

    // The template: 100 % of the first deposit up to €200 from €20, wagered x5, bets up to €5.
    await bo.getByRole('menuitem', { name: 'Bonus templates' }).click();
    await bo.getByRole('link', { name: 'Create' }).click();
    await bo.getByLabel('Key').fill('moonrise-welcome');
    await bo.getByLabel('Title').fill(TITLE);
    await bo.getByLabel('Promo code / coupon').fill(CODE.toLowerCase());
    await bo.getByLabel('Percent of the deposit').fill('100');
    await bo.getByLabel('For deposits').fill('1');
    await bo.getByLabel('Max bonus (deposit)').fill('20000');
    await bo.getByLabel('Min deposit').fill('2000');
    await bo.getByLabel('Max bet').fill('500');
    await bo.getByLabel('Wager multiplier (x)').fill('5');
    await bo.getByRole('button', { name: 'Save' }).click();
    const row = bo.getByRole('row').filter({ hasText: 'moonrise-welcome' });
    await row.getByText(CODE, { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByText('Enabled', { exact: true }).waitFor();
    await row.getByText('0 issued · 0 activated · 0 redeemed').waitFor();

    // The player types the code in the gifts tab: the gift waits for the deposit.
    const playerContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const player = await playerContext.newPage();
    const watch = watchPage(player);
    await registerOnLobby(player, env.server.baseUrl, newEmail('moonrise'));
    await player.goto(url('/profile/gifts'));
    const form = player.getByTestId('gift-code-form');
    await form.getByLabel('Gift code').fill(CODE.toLowerCase());
    await form.getByRole('button', { name: 'Get the gift' }).click();
    const gift = player.locator('li.gift').filter({ hasText: TITLE });
    await gift.getByText('Waiting for a deposit').waitFor({ timeout: 20_000 });

    // A €50 card deposit fills it: €50 of bonus, wagering at once (x5: €250 to wager).
    await player.goto(url('/deposit-bonus'));
    await fillPersonalInfo(player);
    const popup = player.getByRole('dialog', { name: 'Deposit' });
    await popup.getByRole('button', { name: /^Visa/ }).click();
    await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
    await poll(() => pathOf(player), 20_000).toMatch(/^\/sandbox-psp\/pay\//);
    await payWithTestCard(player);
    await player.getByText('Your deposit of €50.00 was successful.').waitFor({ timeout: 40_000 });
    await player.goto(url('/profile/gifts'));
    await gift.getByText('Wagering', { exact: true }).waitFor({ timeout: 20_000 });
    await gift.getByText('€0.00 of €250.00 wagered').waitFor();
    await poll(() => player.getByTestId('header-balance-split').textContent()).toBe('€50.00 + €50.00 bonus');
    const { id: playerId } = (await player.evaluate(async () =>
      (await fetch('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
    )) as { id: number };

    // The back office counts it: issued, activated, redeemed by its code.
    await bo.reload();
    await row.getByText('1 issued · 1 activated · 1 redeemed').waitFor({ timeout: 15_000 });

    // The coupon granted to the player (and to an id nobody has) through the Grant form.
    await bo.getByRole('link', { name: 'Grant a bonus' }).click();
    await bo.getByLabel('Template').click();
    await bo.getByRole('option', { name: /Coupon ORBIT10/ }).click();
    await bo.getByLabel('Player ids').fill(`${playerId}, 2147483000`);
    await bo.getByRole('button', { name: 'Grant', exact: true }).click();
    const result = bo.getByTestId('grant-result');
    await result.getByText('Granted 1, skipped 1 (1 no such player)').waitFor();
    // The same form sent again: nobody gets it twice.
    await bo.getByRole('button', { name: 'Grant', exact: true }).click();
    await result.getByText('Granted 0, skipped 2 (1 already granted by this grant; 1 no such player)').waitFor();

    await player.reload();
    await player.locator('li.gift').filter({ hasText: 'Coupon ORBIT10' }).first().waitFor({ timeout: 20_000 });
    expect(await player.locator('li.gift').filter({ hasText: 'Coupon ORBIT10' }).count()).toBe(1);

    expect(watch.pageErrors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
    expect(boWatch.pageErrors).toEqual([]);
    await playerContext.close();
    await mia.close();
  });
});
