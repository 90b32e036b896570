/**
 * The shell's leftovers in real chromium against the real server: a gift of a group the operator
 * hides is neither listed nor counted in the header (docs/rules/gifts.md "Disabled bonus groups"),
 * the deposit step shows the chosen method's terms (docs/rules/fields.md "Payment methods", in
 * German on a phone), a player whose affiliate tag is offered no promotions gets no deposit offer
 * (gifts.md "Deposit"), and a tester reaches a switched-off promotion page that sends everyone else
 * to the lobby (docs/rules/routes-and-guards.md "Promotion pages switched off").
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  fillPersonalInfo,
  newEmail,
  pathOf,
  poll,
  registerOnLobby,
  serverAndBrowser,
  withPage,
} from './support/journeys';

const env = serverAndBrowser();

const url = (path: string) => `${env.server.baseUrl}${path}`;

/** Sets an fe config in the store and waits until the server answers it (it keeps configs a few seconds). */
const setConfig = (name: string, value: unknown) => env.server.setFeConfig(name, value);

/** A call of the page itself (its cookies): the JSON answer. */
const pageJson = (page: Page, path: string) =>
  page.evaluate(async (p) => (await fetch(p, { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(), path);

const DESKTOP_BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const ALL_PAGES_ON = {
  pages: { promotions: true, tournaments: true, lotteries: true, 'rocket-mart': true, 'rocket-chance': true },
};

describe('the shell leftovers', () => {
  it("does not count a hidden gift group's gift, and shows the chosen method's terms in German on a phone", async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('leftovers-gifts'));
      // The welcome gift is given and counted while its group is shown.
      const counter = page.getByTestId('header-gifts-count');
      await poll(() => counter.textContent()).toBe('1');
      try {
        await setConfig('disabled-bonuses', { groups: [{ group_key: 'welcome-gift', stage: 'issued' }] });
        await page.reload();
        await page.getByTestId('header-gifts').waitFor();
        // Hidden on the gifts page, so not counted in the header either.
        await poll(() => counter.count()).toBe(0);
        expect(await page.getByTestId('header-gifts').getAttribute('aria-label')).not.toMatch(/\d/);
        await page.goto(url('/profile/gifts'));
        await page.getByTestId('gifts-empty').waitFor();
        expect(await counter.count()).toBe(0);
      } finally {
        await setConfig('disabled-bonuses', { groups: [] });
      }

      // The personal details first (asked before a first deposit), then the step in German on a phone.
      await page.goto(url('/deposit'));
      await fillPersonalInfo(page);
      await page.getByRole('dialog', { name: 'Deposit' }).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url('/de/deposit'));
      const popup = page.getByRole('dialog', { name: 'Einzahlen' });
      await popup.getByRole('button', { name: /^Visa/ }).click();
      const terms = popup.getByTestId('method-terms');
      await terms.getByRole('heading', { name: 'Bedingungen' }).waitFor();
      const lines = await terms.getByRole('listitem').allTextContents();
      expect(lines[0]).toBe('Beträge werden in EUR gerechnet.');
      expect(lines[1]).toMatch(/^Jede Einzahlung von 10,00\s€ bis [\d.]+,00\s€\.$/);
      // Another method, its own terms.
      await popup.getByRole('button', { name: /^Mastercard/ }).click();
      await poll(() => terms.getByRole('listitem').first().textContent()).toBe('Beträge werden in EUR gerechnet.');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('offers no deposit bonus to a player whose tag is offered no promotions, and chooses none for them', async () => {
    await setConfig('excluded-promo-stags', { stags: ['nopromo77'] });
    try {
      // A player who came through the excluded partner's link (the tag is recorded at registration).
      // A browser's own agent: a headless one counts as a crawler's, which is told nothing of a visit.
      const context = await env.browser.newContext({
        viewport: { width: 1366, height: 900 },
        userAgent: DESKTOP_BROWSER,
      });
      try {
        const page = await context.newPage();
        const watch = watchPage(page);
        await page.goto(url('/?stag=nopromo77'));
        await registerOnLobby(page, env.server.baseUrl, newEmail('leftovers-nopromo'));
        expect(await pageJson(page, '/client-context')).toMatchObject({ affiliate: { promotions_offered: false } });
        await page.goto(url('/deposit-bonus'));
        await fillPersonalInfo(page);
        const popup = page.getByRole('dialog', { name: 'Deposit' });
        const none = popup.getByTestId('deposit-offer-none');
        await none.waitFor({ timeout: 20_000 });
        expect(await popup.locator('[data-testid^="deposit-offer-"]').count()).toBe(1);
        expect(await none.getAttribute('aria-pressed')).toBe('true');
        // The plain step names no bonus, and no welcome bonus was chosen behind the player's back.
        await popup.getByRole('link', { name: 'Deposit', exact: true }).click();
        await popup.getByRole('button', { name: /^Visa/ }).waitFor();
        expect(await popup.getByTestId('welcome-bonus').count()).toBe(0);
        expect(await popup.getByTestId('chosen-bonus').count()).toBe(0);
        expect(await pageJson(page, '/api/player')).toMatchObject({ deposit_bonus_code: null });
        expect(watch.pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
      // Anyone else still gets the offers (the same step, the same server).
      await withPage(env.browser, async (page) => {
        await registerOnLobby(page, env.server.baseUrl, newEmail('leftovers-promo'));
        await page.goto(url('/deposit-bonus'));
        await fillPersonalInfo(page);
        const popup = page.getByRole('dialog', { name: 'Deposit' });
        await popup.getByRole('button', { name: /first-deposit bonus/ }).waitFor({ timeout: 20_000 });
      });
    } finally {
      await setConfig('excluded-promo-stags', { stags: [] });
    }
  });

  it('lets a tester (group 21) onto a switched-off promotion page and sends a normal player to the lobby', async () => {
    await setConfig('manage-promotion-pages', { pages: { ...ALL_PAGES_ON.pages, tournaments: false } });
    try {
      await withPage(env.browser, async (page) => {
        const watch = watchPage(page);
        await registerOnLobby(page, env.server.baseUrl, newEmail('leftovers-tester'));
        // A player like any other: the page is the lobby.
        await page.goto(url('/de/tournaments'));
        expect(pathOf(page)).toBe('/de');
        // In the tester group: the page renders and stays once the session is known.
        const player = (await pageJson(page, '/api/player')) as { id: number };
        await env.server.database.db.execute(
          sql`insert into user_groups (user_id, group_id, added_at) values (${player.id}, 21, now()) on conflict do nothing`,
        );
        await page.goto(url('/de/tournaments'));
        expect(pathOf(page)).toBe('/de/tournaments');
        await page
          .locator('.header__player')
          .waitFor()
          .catch((error: unknown) => {
            throw new Error(`no player header on ${pathOf(page)}: ${JSON.stringify(watch)}`, { cause: error });
          });
        await page.waitForTimeout(1_000);
        expect(pathOf(page)).toBe('/de/tournaments');
        await page.goto(url('/tournaments/actions'));
        expect(pathOf(page)).toBe('/tournaments/actions');
        expect(watch.pageErrors).toEqual([]);
      });
    } finally {
      await setConfig('manage-promotion-pages', ALL_PAGES_ON);
    }
  });
});
