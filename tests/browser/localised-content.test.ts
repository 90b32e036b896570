/**
 * The server's texts and the forms' country and currency names in the page's language
 * (docs/localisation.md): on /de the shop's cards, the levels and the tournaments come in German
 * and the forms name "Deutschland" and "Euro"; on /fr-CA the shop's page and cards come in French.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newEmail, PASSWORD, pathOf, poll, registerOnLobby, serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

const cardTitles = (page: Page) => page.locator('.shop-card__title').allTextContents();
const selectedText = (page: Page, select: string) =>
  page.locator(select).evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');

describe('the German pages', () => {
  it("show the shop's cards in German", async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(url('/de/rocket-mart'));
      await page.getByRole('heading', { name: 'Comp-Punkte-Shop', level: 1 }).waitFor();
      await poll(() => cardTitles(page)).toContain('Bonusgeld');
      const titles = await cardTitles(page);
      expect(titles).toContain('10 Freispiele für Stellar Sevens');
      expect(titles).not.toContain('Bonus money');
    });
  });

  it('name Deutschland and the euro in the sign-up form, and a German player reads levels, tournaments and details in German', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(url('/de/registration'));
      const form = page.locator('.auth-page form');
      await form.locator('button[type="submit"]:not([disabled])').waitFor();
      await form.locator('select[name="country"] option[value="DE"]').waitFor({ state: 'attached' });
      await form.locator('select[name="country"]').selectOption('DE');
      expect(await selectedText(page, '.auth-page form select[name="country"]')).toBe('Deutschland');
      const countries = await form.locator('select[name="country"] option').allTextContents();
      expect(countries).not.toContain('Germany');
      await poll(() => selectedText(page, '.auth-page form select[name="currency"]')).toBe('Euro (EUR)');

      await form.getByLabel('E-Mail', { exact: true }).fill(newEmail('localised-de'));
      await form.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Passwort wiederholen').fill(PASSWORD);
      await form.getByLabel(/akzeptiere/).check();
      await form.getByRole('button', { name: 'Registrieren' }).click();
      await page.locator('.header__player summary').waitFor();

      await page.goto(url('/de/profile'));
      const details = page.locator('select[name="country"]');
      await details.waitFor();
      await poll(() => selectedText(page, 'select[name="country"]')).toBe('Deutschland');

      await page.goto(url('/de/profile/level'));
      await page.getByText('Startrampe').first().waitFor();

      await page.goto(url('/de/tournaments'));
      await page.getByText('Orbit Slots-Rennen').first().waitFor();
      expect(await page.getByText('Orbit Slots Race').count()).toBe(0);
    });
  });
});

describe("a signed-in player's language", () => {
  it('is saved when they switch the language: the casino writes to them in it from then on', async () => {
    await withPage(env.browser, async (page) => {
      await registerOnLobby(page, env.server.baseUrl, newEmail('localised-switch'));
      const language = () =>
        page.evaluate(async () => (await (await fetch('/api/player', { credentials: 'include' })).json()).language);
      expect(await language()).toBe('en');
      await page.locator('.header__lang summary').click();
      await page.locator('.header__lang').getByRole('link', { name: 'Italiano' }).click();
      await poll(() => pathOf(page)).toMatch(/^\/it(\/|$)/);
      await poll(language).toBe('it');
    });
  });
});

describe('the fr-CA shop', () => {
  it('shows its page and its cards in French', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(url('/fr-CA/rocket-mart'));
      await page.getByRole('heading', { name: 'Boutique des points de fidélité', level: 1 }).waitFor();
      await poll(() => cardTitles(page)).toContain('Argent bonus');
      expect(await cardTitles(page)).toContain('10 tours gratuits sur Stellar Sevens');
      await page.getByText('Comment gagner des points de fidélité').waitFor({ state: 'attached' });
    });
  });
});
