/**
 * Where a visitor signs up from (docs/identity.md "Sign-up country"; "Mails"): the country the
 * trusted edge reports is offered first, with its currency, else the site's default; and a
 * player who signs up on the German page gets a German confirmation mail whose link works.
 * The server believes the browser's edge header here (TRUST_PROXY names the loopback address,
 * where both the edge and the browser are in this test).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, sharedBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { newEmail, PASSWORD, poll } from './support/journeys';
import type { Browser } from 'playwright-core';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { TRUST_PROXY: '127.0.0.1' } }), sharedBrowser()]);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

/** A page whose requests carry the edge's country header (none: a visitor the edge cannot place). */
async function visitorFrom<T>(country: string | null, fn: (page: Page, context: BrowserContext) => Promise<T>) {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    extraHTTPHeaders: country ? { 'cf-ipcountry': country } : {},
  });
  try {
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const signUpForm = async (page: Page, path: string) => {
  await page.goto(`${server.baseUrl}${path}`);
  const form = page.locator('.auth-page form');
  await form.locator('button[type="submit"]:not([disabled])').waitFor();
  // The list of countries has arrived (the choice is made once both answers are in).
  await form.locator('select[name="country"] option[value="DE"]').waitFor({ state: 'attached' });
  return form;
};

describe('the English sign-up form', () => {
  it('offers Germany and euros to a visitor the edge places in Germany', async () => {
    await visitorFrom('DE', async (page) => {
      const form = await signUpForm(page, '/registration');
      await poll(() => form.locator('select[name="country"]').inputValue(), 10_000).toBe('DE');
      expect(await form.locator('select[name="currency"]').inputValue()).toBe('EUR');
    });
  });

  it("offers the site's default country and its currency to a visitor from nowhere it knows", async () => {
    const project = (await (await fetch(`${server.baseUrl}/api/info/project`)).json()) as {
      default_country: string;
      currencies_by_country: Record<string, string>;
    };
    expect(project.default_country).toBe('CA');
    for (const country of [null, 'XX', 'KP']) {
      await visitorFrom(country, async (page) => {
        const form = await signUpForm(page, '/registration');
        // Give the location's answer time to arrive: the choice must stay the default.
        await page.waitForTimeout(300);
        await poll(() => form.locator('select[name="country"]').inputValue(), 10_000).toBe('CA');
        expect(await form.locator('select[name="currency"]').inputValue(), String(country)).toBe('CAD');
      });
    }
  });
});

/** The page's signed-in player as `/api/player` answers. */
const signedInPlayer = (page: Page) =>
  page.evaluate(
    async () =>
      (await (await fetch('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json()) as {
        confirmed_at: string | null;
        country: string;
        currency: string;
        language: string;
      },
  );

describe('a player who signs up on the German page', () => {
  it('gets the confirmation mail in German, and its link confirms the address on the German page', async () => {
    await visitorFrom('DE', async (page) => {
      const email = newEmail('mail-de');
      const form = await signUpForm(page, '/de/registration');
      await poll(() => form.locator('select[name="country"]').inputValue(), 10_000).toBe('DE');
      await form.getByLabel('E-Mail', { exact: true }).fill(email);
      await form.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Passwort wiederholen').fill(PASSWORD);
      await form.getByLabel(/akzeptiere/).check();
      await form.getByRole('button', { name: 'Registrieren' }).click();

      let mail: { subject: string; text: string; html: string } | undefined;
      await poll(async () => {
        const mails = (await (
          await fetch(`${server.baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
        ).json()) as Array<{ subject: string; text: string; html: string }>;
        mail = mails[0];
        return mail?.subject;
      }, 15_000).toBe('Bestätige deine E-Mail-Adresse');
      expect(mail!.text).toContain('Willkommen bei Orbit!');
      expect(mail!.html).toContain('<html lang="de">');
      expect(mail!.html).toContain('E-Mail-Adresse bestätigen');
      const link = /https?:\/\/\S+\/de\/confirmation\?confirmation_token=[A-Za-z0-9_-]+/.exec(mail!.text)?.[0];
      expect(link, 'a link to the German confirmation page').toBeDefined();
      // The same link is the button's target in the HTML part.
      expect(mail!.html).toContain(`href="${link}"`);

      await page.goto(link!);
      await page.getByRole('dialog').getByText('Deine E-Mail-Adresse ist bestätigt. Danke!').waitFor();
      const player = await signedInPlayer(page);
      expect(player.confirmed_at).not.toBeNull();
      expect([player.country, player.currency, player.language]).toEqual(['DE', 'EUR', 'de']);

      // Choosing English in the header's selector makes it the language the casino writes in.
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.locator('.header__lang summary').click();
      await page.locator('.header__lang .lang__option[hreflang="en"]').click();
      await poll(async () => (await signedInPlayer(page)).language).toBe('en');
    });
  });
});
