/**
 * The page's first-party telemetry in real chromium (docs/telemetry.md "The page", docs/page-shell.md
 * "Cookie banner" and "Random game"): the cookie question asked at once and answered for good, a
 * refused sign-up reported, a campaign sent with the sign-up, the random-game card opening a game
 * of its category. The tests' chromium says "HeadlessChrome", which the casino treats as a crawler
 * (nothing kept, no banner): the visitors here carry a desktop browser's user agent.
 */
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { telemetryEvents } from '../../apps/server/src/modules/telemetry/schema';
import { watchPage } from './support/browser';
import { dialog, formReady, newEmail, PASSWORD, pathOf, poll, serverAndBrowser, signedInAs } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

const DESKTOP_BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE = { width: 390, height: 844 };

/** A visitor's page in a context of its own; `consent` answers the cookie question beforehand. */
async function asVisitor<T>(
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  options: { consent?: 'all' | 'necessary'; viewport?: { width: number; height: number } } = {},
): Promise<T> {
  const context = await env.browser.newContext({
    viewport: options.viewport ?? { width: 1366, height: 900 },
    userAgent: DESKTOP_BROWSER,
  });
  try {
    if (options.consent)
      await context.addCookies([{ name: 'orbit_consent', value: options.consent, url: env.server.baseUrl }]);
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const rows = (kind: (typeof telemetryEvents.$inferSelect)['kind'], name: string) =>
  env.server.database.db
    .select()
    .from(telemetryEvents)
    .where(and(eq(telemetryEvents.kind, kind), eq(telemetryEvents.name, name)));

describe('the cookie banner', () => {
  it('asks a new visitor at once, keeps clear of the bottom bar, and is gone for good once answered', async () => {
    await asVisitor(
      async (page, context) => {
        const watch = watchPage(page);
        // The server's page never carries it (guests share cached pages).
        const html = await (await page.request.get(url('/'))).text();
        expect(html).not.toContain('data-testid="cookie-banner"');
        await page.goto(url('/'));
        const banner = page.getByTestId('cookie-banner');
        await banner.waitFor({ timeout: 10_000 });
        expect(await banner.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe('/cookie-policy');
        expect(await banner.textContent()).toContain('We use cookies');
        // On a phone it sits above the bottom bar: none of the bar's buttons is under it.
        const box = (await banner.boundingBox())!;
        const bar = (await page.locator('.bottombar').boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(bar.y + 1);
        // What the page scrolls to stays above it: the lobby's last row, scrolled to, is not under it.
        const lastRow = page.locator('.game-row__head').last();
        await lastRow.scrollIntoViewIfNeeded();
        const row = (await lastRow.boundingBox())!;
        expect(row.y + row.height).toBeLessThanOrEqual(box.y + 1);

        await page.getByTestId('cookie-necessary').click();
        await poll(() => banner.count()).toBe(0);
        const cookies = await context.cookies(env.server.baseUrl);
        expect(cookies.find((c) => c.name === 'orbit_consent')?.value).toBe('necessary');
        await page.reload();
        await page.locator('.game-row').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await banner.count()).toBe(0);
        expect(watch.pageErrors).toEqual([]);
      },
      { viewport: PHONE },
    );
  });

  it('is never shown to a crawler', async () => {
    // The tests' own headless chromium is one.
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(url('/'));
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the page’s reports', () => {
  it('reports a sign-up refused for its email, and sends the visit’s campaign with the sign-up', async () => {
    await asVisitor(
      async (page) => {
        // The landing page keeps the campaign in cookies.
        await page.goto(url('/?utm_source=x&utm_campaign=spring'));
        await page.locator('.header__enter').getByRole('link', { name: 'Sign up' }).click();
        await formReady(page);
        const form = dialog(page);
        await form.getByLabel('Country').selectOption('DE');
        await form.getByLabel('Email', { exact: true }).fill('not-an-address');
        await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await form.getByLabel('Repeat password').fill(PASSWORD);
        await form.getByLabel(/accept the terms/).check();
        await form.getByRole('button', { name: 'Sign up' }).click();
        await form.getByLabel('Email', { exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor();

        await poll(async () => (await rows('validation_error', 'registration')).map((r) => r.payload)).toEqual([
          { form: 'registration', field: 'email', code: expect.any(String), side: 'client', page: '/sign-up' },
        ]);
        // The form's other fields were right: nothing about them.
        const email = newEmail('utm');
        await form.getByLabel('Email', { exact: true }).fill(email);
        await form.getByRole('button', { name: 'Sign up' }).click();
        await signedInAs(page, email);
        await poll(async () => (await rows('utm', 'send')).map((r) => r.payload)).toEqual([
          { utm_source: 'x', utm_campaign: 'spring' },
        ]);
        const [send] = await rows('utm', 'send');
        expect(send!.userId).not.toBeNull();
        // Still one validation report: the accepted submit sent none.
        expect(await rows('validation_error', 'registration')).toHaveLength(1);
      },
      { consent: 'all' },
    );
  });

  it('opens a random game of the category from its card, and reports the pick', async () => {
    await asVisitor(
      async (page) => {
        await page.goto(url('/pokies/new'));
        const card = page.getByTestId('random-game');
        await card.waitFor();
        // The card works once the page runs.
        await page.waitForLoadState('networkidle');
        // `new` is one of the categories the card closes: after the last game.
        const items = page.locator('.category .tile-grid > li');
        expect(await items.last().getByTestId('random-game').count()).toBe(1);
        const listed = await page
          .locator('.category .game-tile')
          .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-game')));
        expect(listed.length).toBeGreaterThan(1);
        await card.click();
        await poll(() => pathOf(page).startsWith('/play/')).toBe(true);
        // A guest opens the demo.
        expect(new URL(page.url()).searchParams.get('mode')).toBe('demo');
        await poll(async () => (await rows('analytics', 'random_game')).length, 20_000).toBe(1);
        const [pick] = await rows('analytics', 'random_game');
        const payload = pick!.payload as { category: string; game: string; page: string };
        expect(payload.category).toBe('new');
        expect(payload.page).toBe('/pokies/new');
        expect(listed).toContain(payload.game);
        expect(pathOf(page)).toBe(`/play/${payload.game}`);
      },
      { consent: 'all' },
    );
  });
});
