/**
 * The legal block in the page (docs/licences.md "The legal block and guest mode"): a visitor the
 * trusted edge places in a blocked country is in guest mode under `/guest/`; the ways to a session
 * are refused there (the page stays, a notice says why, a direct load answers 451), while browsing
 * and demo play work, on a desktop and on a phone. A player signed in elsewhere keeps the normal
 * address with a notice that only withdrawals are open. The server believes the browser's edge
 * header here (TRUST_PROXY names the loopback address, where the edge and the browser both are).
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, sharedBrowser, watchPage } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { gameFrame, minorUnits, newEmail, pathOf, poll, registerOnLobby } from './support/journeys';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { TRUST_PROXY: 'loopback', BLOCKED_COUNTRIES: 'KP,IR' } }),
    sharedBrowser(),
  ]);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

const BLOCKED_TEXT = 'Registration and sign-in are not available in your country.';
const PHONE = { width: 390, height: 844 };

/** A page whose requests carry the edge's country header (null: a visitor the edge cannot place). */
async function visitorFrom<T>(
  country: string | null,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  viewport = { width: 1366, height: 900 },
) {
  const context = await browser.newContext({
    viewport,
    extraHTTPHeaders: country ? { 'cf-ipcountry': country } : {},
  });
  try {
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** A page request as a client without JavaScript sends it (redirects not followed). */
const load = (path: string, country: string | null) =>
  fetch(`${server.baseUrl}${path}`, {
    redirect: 'manual',
    headers: country ? { 'cf-ipcountry': country } : {},
  });

describe('guest mode addresses', () => {
  it('sends a visitor from a blocked country to /guest/, before the page cache, with the query kept', async () => {
    // A visitor from elsewhere first: the page is now in the cache for the unprefixed address.
    expect((await load('/pokies/all', 'DE')).status).toBe(200);
    const res = await load('/pokies/all?page=2', 'KP');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/guest/pokies/all?page=2');
    expect((await load('/', 'IR')).headers.get('location')).toBe('/guest');
    expect((await load('/de/promotions', 'KP')).headers.get('location')).toBe('/guest/de/promotions');
    const guest = await load('/guest/pokies/all', 'KP');
    expect(guest.status).toBe(200);
    expect(await guest.text()).not.toContain('data-testid="legal-block"');
  });

  it('refuses a direct load of a way to a session with 451 and the notice in the HTML', async () => {
    for (const path of ['/guest/sign-up', '/guest/de/sign-in', '/guest/registration', '/guest/login']) {
      const res = await load(path, 'KP');
      expect(res.status, path).toBe(451);
      const html = await res.text();
      expect(html, path).toContain('data-testid="legal-block"');
    }
    expect(await (await load('/guest/sign-up', 'KP')).text()).toContain(BLOCKED_TEXT);
  });

  it('sends anyone else from /guest/ back to the address without it', async () => {
    const res = await load('/guest/pokies/all?page=2', 'DE');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/pokies/all?page=2');
    expect((await load('/guest', null)).headers.get('location')).toBe('/');
    // A sign-up from elsewhere is a sign-up form, not a refusal.
    expect((await load('/sign-up', 'DE')).status).toBe(200);
  });
});

describe('a visitor from a blocked country', () => {
  for (const [name, viewport] of [
    ['on a desktop', { width: 1366, height: 900 }],
    ['on a phone', PHONE],
  ] as const) {
    it(`${name}: lands under /guest/, is refused the sign-up with a notice on the same page, and plays a demo game`, async () => {
      await visitorFrom(
        'KP',
        async (page) => {
          const watch = watchPage(page);
          await page.goto(`${server.baseUrl}/`);
          expect(pathOf(page)).toBe('/guest');
          // Links of the page stay under the base.
          const promotions = page.locator('a[href="/guest/promotions"]').first();
          await promotions.waitFor({ state: 'attached' });
          // The header's sign-up: no form, the notice, still the main page.
          await page.locator('header').getByRole('link', { name: 'Sign up' }).first().click();
          await page.getByTestId('legal-block').waitFor();
          expect(await page.getByTestId('legal-block').textContent()).toContain(BLOCKED_TEXT);
          await poll(() => pathOf(page)).toBe('/guest');
          expect(await page.getByRole('dialog').count()).toBe(0);
          // Client-side navigation stays under the base (the router's data comes from there too).
          await page.locator('a[href="/guest/promotions"]:visible').first().click();
          await poll(() => pathOf(page)).toBe('/guest/promotions');
          await page.locator('main h1').first().waitFor();
          // A hash link opens no form either.
          await page.goto(`${server.baseUrl}/guest/pokies/all#sign-in`);
          await page.getByTestId('legal-block').waitFor();
          expect(await page.locator('form input[type="password"]').count()).toBe(0);
          expect(pathOf(page)).toBe('/guest/pokies/all');
          // A direct load of the sign-in popup's address: the main page with the notice.
          await page.goto(`${server.baseUrl}/guest/sign-in`);
          await page.getByTestId('legal-block').waitFor();
          await poll(() => pathOf(page)).toBe('/guest');
          expect(await page.locator('form input[type="password"]').count()).toBe(0);
          // Demo play works.
          await page.goto(`${server.baseUrl}/guest/play/orbit/stellar-sevens?mode=demo`);
          const frame = gameFrame(page);
          await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
          await poll(async () => (await frame.getByTestId('balance').textContent()) ?? '').toContain('FUN');
          expect(minorUnits(await frame.getByTestId('balance').textContent())).toBe(100_000);
          expect(watch.pageErrors).toEqual([]);
          // The page hydrated under the base it was rendered with.
          expect(watch.consoleErrors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
        },
        viewport,
      );
    });
  }
});

describe('a player signed in elsewhere, now in a blocked country', () => {
  it('keeps the normal address, sees that only withdrawals are open, and is refused a deposit', async () => {
    await visitorFrom(null, async (page, context) => {
      await registerOnLobby(page, server.baseUrl, newEmail('legal-block'));
      await context.setExtraHTTPHeaders({ 'cf-ipcountry': 'KP' });
      await page.goto(`${server.baseUrl}/pokies/all`);
      expect(pathOf(page)).toBe('/pokies/all');
      await page.getByTestId('legal-block-player').waitFor();
      expect(await page.getByTestId('legal-block-player').textContent()).toContain(
        'you can still withdraw your balance',
      );
      const deposit = await page.evaluate(async () => {
        const res = await fetch('/api/cashbox/deposits', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ payment_method: 'card_visa', amount_cents: 5_000, currency: 'EUR' }),
        });
        return { status: res.status, body: await res.json() };
      });
      expect(deposit).toEqual({ status: 451, body: { errors: { base: ['country_blocked'] } } });
    });
  });
});
