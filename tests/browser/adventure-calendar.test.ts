/**
 * The adventure calendar as a player meets it (docs/loyalty.md "Adventure calendar"): a player's
 * days start on the day they joined (nothing before it "missed"), the super prize is offered only
 * while it can still be won (else the page says what still can), a run still going is never "over",
 * and on a phone today's card is scrolled into view.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { poll, newEmail, registerOnLobby, serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const prize = (eur: number) => ({
  type: 'bonus',
  title: `${eur} bonus`,
  template_key: 'adventure-gift',
  amount_cents: { EUR: eur * 100 },
});

/** A six-day run that started four days ago: today is its fifth day. */
async function runStartedFourDaysAgo(): Promise<void> {
  const config = {
    enabled: true,
    adventures: [
      {
        identifier: 'test-run',
        name: 'Test run',
        start_date: dayOf(Date.now() - 4 * DAY_MS),
        group_ids: [],
        days: [5, 5, 10, 10, 15, 20].map((eur) => ({
          prize: prize(eur),
          condition: { minDep: { EUR: 2_000 }, wager: { EUR: 0 }, periodActivationDays: 3 },
        })),
        super_prize: prize(50),
      },
    ],
  };
  await env.server.setFeConfig('vip-adventures', config);
}

async function playerId(page: Page): Promise<number> {
  const { id } = (await page.evaluate(async () =>
    (await fetch('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
  )) as { id: number };
  return id;
}

const statuses = (page: Page) =>
  page.getByTestId('adventure-day').evaluateAll((days) => days.map((d) => d.getAttribute('data-status')));

describe('the adventure calendar', () => {
  it("starts on the player's first day, offers only what can still be won and shows today's card on a phone", async () => {
    await withPage(env.browser, async (desktop, context) => {
      await runStartedFourDaysAgo();
      await registerOnLobby(desktop, env.server.baseUrl, newEmail('adventure'));
      const id = await playerId(desktop);
      const phone = await env.browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        storageState: await context.storageState(),
      });
      try {
        const page = await phone.newPage();
        const watch = watchPage(page);
        // A player who joined today: the run's four first days are not theirs, so not "missed";
        // the super prize (every day) is out of reach and not offered; the page says what is left.
        await poll(async () => {
          await page.goto(url('/vip-club'));
          await page.getByTestId('adventure-day').first().waitFor();
          return statuses(page);
        }, 30_000).toEqual(['active', 'future']);
        expect(await page.locator('.adventure-day.is-super').count()).toBe(0);
        const intro = await page.getByTestId('adventure-intro').textContent();
        expect(intro).toContain('2 days’ prizes are still yours to win');
        expect(intro).not.toContain('This adventure is over');

        // A player who joined before the run: the days they let pass are missed, the super prize
        // gone, and today's card (the fifth) is scrolled into view on the phone.
        await env.server.database.db.execute(
          sql`update users set created_at = now() - interval '10 days' where id = ${id}`,
        );
        await page.reload();
        await page.getByTestId('adventure-day').first().waitFor();
        expect(await statuses(page)).toEqual(['lost', 'lost', 'lost', 'lost', 'active', 'future']);
        expect(await page.getByTestId('adventure-intro').textContent()).not.toContain('This adventure is over');
        const today = page.locator('[data-testid="adventure-day"][aria-current="date"]');
        await poll(async () => {
          const box = await today.boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= 390;
        }).toBe(true);
        expect(watch.pageErrors).toEqual([]);
      } finally {
        await phone.close();
      }
    });
  });
});
