/**
 * The loot-box wheel in real chromium against the real server (docs/rules/promotions.md
 * "Loot-box wheel"): a card deposit of €200, once played through (the page says what is left to
 * bet until then), brings a PRO wheel; the player spins it, the wheel
 * turns and stops on the item the server drew, and the prize waits in the gifts. A guest is asked
 * to sign up; a phone shows the wheel whole. The tiers' costs and top prizes, and the cap on a
 * bonus prize, come from the wheel's static page when its json states them.
 */
import { sql } from 'drizzle-orm';
import type { Lootbox } from '@orbit/contracts';
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

      // The segments wheel: the tiers with their deposits, the default set's chances by weight.
      await page.goto(url('/wheel/segments'));
      await page.getByRole('heading', { name: 'Rocket wheel', level: 1 }).waitFor();
      await poll(() => page.getByTestId('wheel-tier').allTextContents()).toEqual([
        'LITEA deposit of €20.00 or more, top prize €100.00',
        'PROA deposit of €100.00 or more, top prize €300.00',
        'MAXA deposit of €500.00 or more, top prize €1,000.00',
      ]);
      expect(await page.getByTestId('wheel-max-win').count()).toBe(0);
      await poll(() => page.getByTestId('wheel-chances').locator('li').count()).toBe(8);
      expect(await page.getByTestId('wheel-chances').locator('li').first().textContent()).toMatch(/50 %$/);
      // Each segment's prize in the page's money, never a bare number ("1 bonus").
      for (const label of await page.getByTestId('wheel-chances').locator('li > span:first-child').allTextContents())
        expect(label).toMatch(/^(€\d+\.\d\d bonus|\d+ free spins)$/);
      await page.getByTestId('segments-wheel-page').getByRole('link', { name: 'Sign up' }).waitFor();

      // The wheel's static page states its own tiers and cap: both wheel pages show them.
      const pageJson = (json: object) =>
        env.server.database.db.execute(
          sql`update static_pages set blocks = jsonb_set(blocks, '{json}', ${JSON.stringify(json)}::jsonb)
              where slug = 'rocket-chance' and locale = 'en'`,
        );
      await pageJson({
        promo: true,
        deposit: {
          default: {
            rocket_lite: { EUR: { pay: 1_500, get: 5_000 } },
            rocket_pro: { EUR: { pay: 7_500, get: 25_000 } },
          },
          '1308': { rocket_lite: { EUR: { pay: 1_000, get: 10_000 } } },
        },
        maxWin: { EUR: 50_000 },
      });
      try {
        for (const path of ['/wheel/segments', '/wheel']) {
          await page.goto(url(path));
          await poll(() => page.getByTestId('wheel-tier').allTextContents()).toEqual([
            'LITEA deposit of €15.00 or more, top prize €50.00',
            'PROA deposit of €75.00 or more, top prize €250.00',
          ]);
          await poll(() => page.getByTestId('wheel-max-win').textContent()).toBe(
            'A bonus prize pays out at most €500.00.',
          );
        }
      } finally {
        await pageJson({ promo: true });
      }
    });
  });

  it('spins the wheel a deposit brought: it lands on the drawn item, whose prize is in the gifts', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await registerOnLobby(page, env.server.baseUrl, newEmail('wheel'));
      await page.goto(url('/wheel'));
      await page.getByTestId('wheel-empty').waitFor();

      await page.goto(url('/deposit'));
      await fillPersonalInfo(page);
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      await declineWelcomeBonus(popup);
      await popup.getByRole('button', { name: /^Visa/ }).click();
      await popup.getByRole('button', { name: '€200.00' }).click();
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await poll(() => pathOf(page), 20_000).toMatch(/^\/sandbox-psp\/pay\//);
      await payWithTestCard(page);
      await page.getByText('Your deposit of €200.00 was successful.').waitFor({ timeout: 40_000 });
      // No wheel before the deposit is played through: the page says what is left to bet.
      await page.goto(url('/wheel'), { waitUntil: 'domcontentloaded' });
      await page.getByTestId('wheel-empty').waitFor();
      await poll(() => page.getByTestId('deposit-waiting').allTextContents()).toEqual([
        'Your deposit of €200.00 counts once you have bet €200.00 more.',
      ]);
      expect(await page.getByTestId('play-through-rule').textContent()).toMatch(
        /^A deposit counts once it has been played through/,
      );
      await betThroughWallet(env.server, page, 20_000, `wheel-${Date.now()}`);

      // The bookmark widget's loot-box card leads to the wheel.
      await page.goto(url('/'), { waitUntil: 'domcontentloaded' });
      await poll(() => page.getByTestId('bookmark-lootbox').textContent(), 30_000).toContain('1 to spin');
      await page.goto(url('/wheel'), { waitUntil: 'domcontentloaded' });
      const wheel = page.getByTestId('wheel');
      await poll(async () => {
        if ((await wheel.count()) === 0) await page.reload({ waitUntil: 'domcontentloaded' });
        // A short wait each round: a page that loaded before the box was listed is loaded again.
        return wheel.locator('h2').textContent({ timeout: 3_000 });
      }, 40_000).toBe('Rocket wheel PRO');
      const segments = await wheel.locator('.wheel__label').allTextContents();
      expect(segments.length).toBeGreaterThan(3);
      await wheel.getByRole('button', { name: 'Spin' }).click();
      // It turns: the disc's rotation is set at once and animated by CSS for seconds.
      await poll(() => page.getByTestId('wheel-disc').getAttribute('data-angle')).not.toBe('0');
      const angle = Number(await page.getByTestId('wheel-disc').getAttribute('data-angle'));
      expect(angle).toBeGreaterThanOrEqual(5 * 360);
      // A CSS transition of the transform runs, and has ended once the prize is told.
      await poll(() =>
        page
          .getByTestId('wheel-disc')
          .evaluate((el) => el.getAnimations().map((a) => (a as CSSTransition).transitionProperty)),
      ).toEqual(['transform']);
      await page.getByTestId('wheel-prize').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('wheel-disc').evaluate((el) => el.getAnimations().length)).toBe(0);
      // The segment under the pointer is the one the server drew.
      const boxes = (await page.evaluate(async () =>
        (await fetch('/api/player/lootboxes', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
      )) as Array<{ stage: string; items: Lootbox['items'] }>;
      const opened = boxes.find((b) => b.stage === 'activated')!;
      const won = opened.items.findIndex((i) => i.prize);
      expect(segmentAt(angle, segments.length)).toBe(won);
      // The prize in the page's words and money: "€2.00 bonus" or "10 free spins".
      const bonus = opened.items[won]!.bonuses[0]!;
      const attribute = (field: string) => bonus.attributes.find((a) => a.field === field)!.value;
      const prize =
        bonus.type === 'freespins'
          ? `${String(attribute('freespins_count'))} free spins`
          : `€${((attribute('bonus_amount') as Array<{ amount_cents: number }>)[0]!.amount_cents / 100).toFixed(2)} bonus`;
      expect(segments[won]).toBe(prize);
      expect(await page.getByTestId('wheel-prize').textContent()).toContain(`You won ${prize}!`);
      expect(await page.getByRole('button', { name: 'Spin' }).count()).toBe(0);

      await page.getByRole('link', { name: 'Go to my gifts' }).click();
      await poll(() => pathOf(page)).toBe('/profile/gifts');

      // Another wheel of the same tier (as an operator's or the next deposit's would be): spun on
      // the segments wheel, it lands on the drawn segment.
      await env.server.database.db.execute(
        sql`insert into promo_lootboxes (user_id, currency, group_key, title, stage, items, server_seed, server_seed_hash, issue_key, created_at, valid_until)
            select user_id, currency, group_key, title, 'issued', items, server_seed, server_seed_hash, issue_key || '-again', now(), now() + interval '1 day'
            from promo_lootboxes where stage = 'activated' order by id desc limit 1`,
      );
      await poll(async () => {
        await page.goto(url('/wheel/segments'), { waitUntil: 'domcontentloaded' });
        return page
          .getByRole('button', { name: 'Spin' })
          .waitFor({ timeout: 5_000 })
          .then(
            () => true,
            () => false,
          );
      }, 40_000).toBe(true);
      const labels = await page.getByTestId('wheel').locator('.wheel__label').allTextContents();
      await page.getByRole('button', { name: 'Spin' }).click();
      await page.getByTestId('wheel-prize').waitFor({ timeout: 15_000 });
      const turned = Number(await page.getByTestId('wheel-disc').getAttribute('data-angle'));
      const second = (
        (await page.evaluate(async () =>
          (await fetch('/api/player/lootboxes', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
        )) as Array<{ id: number; stage: string; items: Array<{ prize: boolean }> }>
      )
        .filter((b) => b.stage === 'activated')
        .sort((a, b) => b.id - a.id)[0]!;
      expect(segmentAt(turned, labels.length)).toBe(second.items.findIndex((i) => i.prize));
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
