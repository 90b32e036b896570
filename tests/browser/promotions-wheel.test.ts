/**
 * The loot-box wheel in real chromium against the real server (docs/rules/promotions.md
 * "Loot-box wheel"): a card deposit of €200 brings a PRO wheel; the player spins it, the wheel
 * turns and stops on the item the server drew, and the prize waits in the gifts. A guest is asked
 * to sign up; a phone shows the wheel whole.
 */
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  fillPersonalInfo,
  newEmail,
  pathOf,
  payWithTestCard,
  poll,
  registerOverLobby,
  serverAndBrowser,
  withPage,
} from './support/journeys';
import { segmentAt } from '../../apps/web/app/features/wheels/rules';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

describe('loot-box wheel', () => {
  it('asks a guest to sign up; the chance page is there only behind its flag', async () => {
    await withPage(env.browser, async (page, context) => {
      await page.goto(url('/rocket-chance'));
      await poll(() => pathOf(page)).toBe('/promotions');
      await context.addCookies([
        {
          name: 'orbit_ff',
          value: encodeURIComponent(JSON.stringify({ 'chance-page': true })),
          url: env.server.baseUrl,
        },
      ]);
      await page.goto(url('/de/rocket-chance'));
      await page.getByRole('heading', { name: 'Rocket Chance', level: 1 }).waitFor();
      await page.getByTestId('to-wheel').click();
      await poll(() => pathOf(page)).toBe('/de/wheel');
      await page.goto(url('/wheel'));
      await page.getByRole('heading', { name: 'Prize wheel', level: 1 }).waitFor();
      await page.getByTestId('wheel-page').getByRole('link', { name: 'Sign up' }).waitFor();
    });
  });

  it('spins the wheel a deposit brought: it lands on the drawn item, whose prize is in the gifts', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await registerOverLobby(page, env.server.baseUrl, newEmail('wheel'));
      await page.goto(url('/wheel'));
      await page.getByTestId('wheel-empty').waitFor();

      await page.goto(url('/deposit'));
      await fillPersonalInfo(page);
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      await popup.getByRole('button', { name: /^Visa/ }).click();
      await popup.getByRole('button', { name: '€200.00' }).click();
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await poll(() => pathOf(page), 20_000).toMatch(/^\/sandbox-psp\/pay\//);
      await payWithTestCard(page);
      await page.getByText('Your deposit of €200.00 was successful.').waitFor({ timeout: 40_000 });

      // The bookmark widget's loot-box card leads to the wheel.
      await page.goto(url('/'), { waitUntil: 'domcontentloaded' });
      await poll(() => page.getByTestId('bookmark-lootbox').textContent(), 30_000).toContain('1 to spin');
      await page.goto(url('/wheel'), { waitUntil: 'domcontentloaded' });
      const wheel = page.getByTestId('wheel');
      await poll(async () => {
        if ((await wheel.count()) === 0) await page.reload({ waitUntil: 'domcontentloaded' });
        return wheel.locator('h2').textContent();
      }, 40_000).toBe('Rocket wheel PRO');
      const segments = await wheel.locator('.wheel__label').allTextContents();
      expect(segments.length).toBeGreaterThan(3);
      await wheel.getByRole('button', { name: 'Spin' }).click();
      // It turns: the disc's rotation is set at once and animated by CSS for seconds.
      await poll(() => page.getByTestId('wheel-disc').getAttribute('data-angle')).not.toBe('0');
      const angle = Number(await page.getByTestId('wheel-disc').getAttribute('data-angle'));
      expect(angle).toBeGreaterThanOrEqual(5 * 360);
      const midway = await page.getByTestId('wheel-disc').evaluate((el) => getComputedStyle(el).transform);
      await page.getByTestId('wheel-prize').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('wheel-disc').evaluate((el) => getComputedStyle(el).transform)).not.toBe(midway);
      // The segment under the pointer is the one the server drew.
      const boxes = (await page.evaluate(async () =>
        (await fetch('/api/player/lootboxes', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
      )) as Array<{ stage: string; items: Array<{ prize: boolean; bonuses: Array<{ title: string }> }> }>;
      const opened = boxes.find((b) => b.stage === 'activated')!;
      const won = opened.items.findIndex((i) => i.prize);
      expect(segmentAt(angle, segments.length)).toBe(won);
      const prize = opened.items[won]!.bonuses[0]!.title;
      expect(await page.getByTestId('wheel-prize').textContent()).toContain(`You won ${prize}!`);
      expect(await page.getByRole('button', { name: 'Spin' }).count()).toBe(0);

      await page.getByRole('link', { name: 'Go to my gifts' }).click();
      await poll(() => pathOf(page)).toBe('/profile/gifts');
      await page
        .getByText(/^Wheel (bonus|free spins)$/)
        .first()
        .waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(watch.pageErrors).toEqual([]);
    });
  });
});
