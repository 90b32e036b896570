/**
 * A lottery in real chromium against the real server (docs/rules/promotions.md "A lottery's
 * page"): a player deposits by card and plays it through, the deposit's tickets arrive live on
 * the lottery's page open in another tab (its `personal_notifications` message, no reload) and the bell there
 * tells them; the fingerprint of the server seed shows before the draw; the lottery ends, the server draws, and
 * the page shows the winners and the seed and checks the draw in the browser. The demo's lottery
 * is the server's seed (a ticket for every €10 from €100).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  betThroughWallet,
  declineWelcomeBonus,
  fillPersonalInfo,
  newEmail,
  pathOf,
  payWithTestCard,
  poll,
  registerOnLobby,
  serverAndBrowser,
  withPage,
} from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

const LOTTERY = 'Orbit Weekly Draw';

describe('lotteries', () => {
  it('brings tickets by a deposit, draws at the end and checks the draw in the browser', async () => {
    await withPage(env.browser, async (page, context) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('lottery'));

      // The lottery from the tournaments' lotteries tab.
      await page.goto(url('/tournaments/lotteries'));
      const card = page.getByTestId('promo-card').filter({ hasText: LOTTERY });
      await card.getByRole('link').click();
      await poll(() => pathOf(page)).toMatch(/^\/lottery\/weekly-draw-\d+$/);
      const slug = pathOf(page).split('/')[2]!;
      await page.getByRole('heading', { name: LOTTERY, level: 1 }).waitFor();
      await poll(() => page.getByTestId('my-tickets').textContent()).toBe('You hold 0 tickets (up to 50).');
      const hash = await page.getByTestId('seed-hash').textContent();
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(await page.getByTestId('seed').count()).toBe(0);

      // The lottery's page open in a second tab, marked so that a reload would show.
      const tab = await context.newPage();
      const tabWatch = watchPage(tab);
      await tab.goto(url(`/lottery/${slug}`));
      await poll(() => tab.getByTestId('my-tickets').textContent()).toBe('You hold 0 tickets (up to 50).');
      await tab.getByTestId('notifications-bell').waitFor();
      await tab.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });

      // A card deposit of €200: 20 tickets (one per €10 from €100), shown without a reload.
      await page.getByRole('link', { name: 'Deposit for tickets' }).click();
      await fillPersonalInfo(page);
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      await declineWelcomeBonus(popup);
      await popup.getByRole('button', { name: /^Visa/ }).click();
      await popup.getByRole('button', { name: '€200.00' }).click();
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await poll(() => pathOf(page), 20_000).toMatch(/^\/sandbox-psp\/pay\//);
      await payWithTestCard(page);
      await page.getByText('Your deposit of €200.00 was successful.').waitFor({ timeout: 40_000 });
      // Its tickets come once it is played through: €200 of real-money bets after it.
      await betThroughWallet(env.server, page, 20_000, `lottery-${Date.now()}`);
      // The other tab: the tickets counted at once from the notification, the bell telling them.
      await poll(() => tab.getByTestId('my-tickets').textContent(), 40_000).toBe('You hold 20 tickets (up to 50).');
      expect(await tab.getByTestId('lottery-tickets').locator('.ticket-list li').count()).toBe(20);
      expect(await tab.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await poll(() => tab.getByTestId('notifications-count').count()).toBe(1);
      await tab.getByTestId('notifications-bell').click();
      const notice = tab
        .getByTestId('notifications-panel')
        .getByTestId('notification')
        .filter({ hasText: `You got 20 tickets in ${LOTTERY}` });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Lottery tickets');
      expect(await notice.getByTestId('notification-link').textContent()).toBe('To the lottery');
      expect(await notice.getByTestId('notification-link').getAttribute('href')).toBe(`/lottery/${slug}`);
      expect(tabWatch.pageErrors).toEqual([]);
      await tab.close();
      await page.goto(url(`/lottery/${slug}`), { waitUntil: 'domcontentloaded' });
      await poll(() => page.getByTestId('my-tickets').textContent(), 40_000).toBe('You hold 20 tickets (up to 50).');
      expect(await page.getByTestId('lottery-tickets').locator('.ticket-list li').count()).toBe(20);

      // The lottery ends; the server's sweep draws it and reveals the seed.
      await env.server.database.db.execute(
        sql`update promo_lotteries set end_at = now() - interval '1 second' where slug = ${slug}`,
      );
      await poll(async () => {
        const answer = (await (await fetch(url(`/api/lotteries/${slug}`))).json()) as {
          draw: { server_seed: string | null };
        };
        return answer.draw.server_seed !== null;
      }, 60_000).toBe(true);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('lottery-winners').waitFor();
      // Every ticket of the draw is this player's: the five places are theirs.
      expect(await page.getByTestId('lottery-winners').locator('tbody tr.is-me').count()).toBe(5);
      expect(await page.getByTestId('seed-hash').textContent()).toBe(hash);
      expect(await page.getByTestId('seed').textContent()).toMatch(/^[0-9a-f]{64}$/);
      expect(await page.getByTestId('promo-timer').getAttribute('data-status')).toBe('archive');
      await page.getByRole('button', { name: 'Check the draw' }).click();
      await poll(() => page.getByTestId('draw-check').textContent()).toMatch(
        /^Checked in your browser: the seed matches its fingerprint and draws the same winners \(#\d+, #\d+, #\d+, #\d+, #\d+\)\.$/,
      );
      expect(await page.getByTestId('lottery-draw').textContent()).toContain(
        `npm run verify-draw -- --url ${env.server.baseUrl}/api/lotteries/${slug}`,
      );
      expect(watch.pageErrors).toEqual([]);
    });
  });
});
