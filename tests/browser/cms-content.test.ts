/**
 * The CMS content pages in real chromium (docs/rules/content-pages.md): the news list and its
 * pages with their SEO links, an article, the awards' year filter, the payment methods' cards,
 * the single bonus page for a guest and a player, a mystic jackpot's page, the crypto page; on a
 * desktop, on a phone and in German.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { newEmail, poll, registerOnLobby, serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();

const head = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    hreflang: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => l.getAttribute('hreflang')),
  }));

describe('CMS content pages', () => {
  it('pages the news six at a time with SEO links, opens an article, in English and German', async () => {
    const { baseUrl } = env.server;
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const first = await page.goto(`${baseUrl}/blog`);
      expect(first?.status()).toBe(200);
      await poll(() => page.locator('.news__item').count()).toBe(6);
      expect(await head(page)).toMatchObject({
        title: 'News | Orbit',
        canonical: `${baseUrl}/blog`,
        description: expect.stringContaining('News from Orbit'),
      });
      expect((await head(page)).hreflang).toEqual(expect.arrayContaining(['en', 'de', 'x-default']));

      await page.locator('a[rel="next"]').click();
      await poll(() => page.url()).toBe(`${baseUrl}/blog?page=2`);
      await poll(() => page.locator('.news__item').count()).toBe(1);
      expect((await head(page)).canonical).toBe(`${baseUrl}/blog?page=2`);

      await page.locator('.news__item a').first().click();
      await poll(() => new URL(page.url()).pathname).toBe('/blog/orbit-is-live');
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Orbit is live');
      expect((await head(page)).title).toBe('Orbit is live | Orbit');
      // The bare slug is the article's older address.
      await page.goto(`${baseUrl}/orbit-is-live`);
      expect(new URL(page.url()).pathname).toBe('/blog/orbit-is-live');
      // A page past the last one is not found.
      expect((await page.goto(`${baseUrl}/blog?page=9`))?.status()).toBe(404);

      await page.goto(`${baseUrl}/de/blog`);
      await poll(() => page.locator('.news__title').first().textContent()).toBe('Drei Stufen für den Orbit-Jackpot');
      await poll(() => page.locator('.news__page').textContent()).toBe('Seite 1 von 2');
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('filters the awards by year and shows the payment methods’ cards', async () => {
    const { baseUrl } = env.server;
    await withPage(env.browser, async (page) => {
      await page.goto(`${baseUrl}/awards`);
      await poll(() => page.locator('.awards__item').count()).toBe(4);
      await page.locator('.awards__filter a', { hasText: '2025' }).click();
      await poll(() => page.url()).toBe(`${baseUrl}/awards?year=2025`);
      await poll(() => page.locator('.awards__item').count()).toBe(2);
      expect(
        await page.locator('.awards__item').evaluateAll((els) => els.map((e) => e.getAttribute('data-year'))),
      ).toEqual(['2025', '2025']);
      await page.locator('.awards__filter a', { hasText: 'All years' }).click();
      await poll(() => page.locator('.awards__item').count()).toBe(4);

      await page.goto(`${baseUrl}/payments`);
      const visa = page.locator('[data-method="card_visa"]');
      await poll(() => visa.textContent()).toContain('Instant');
      await poll(() => visa.locator('[data-fact="min-dep"]').textContent()).toBe('€10.00');
      await poll(() => visa.locator('[data-fact="withdrawal"]').textContent()).toBe('€20.00 – €5,000.00');
      const btc = page.locator('[data-method="crypto_btc"]');
      await poll(() => btc.textContent()).toContain('bitcoin');
      await poll(() => btc.textContent()).toContain('After network confirmations');
      await poll(() => page.locator('[data-method="voucher_sandbox"] [data-fact="withdrawal"]').textContent()).toBe(
        'Not offered',
      );
    });
  });

  it('shows a jackpot’s own page, the crypto page and a bonus offer, on a phone', async () => {
    const { baseUrl } = env.server;
    const context = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      const jackpot = await page.goto(`${baseUrl}/orbit-eur`);
      expect(jackpot?.status()).toBe(200);
      await poll(() => page.locator('[data-level]').count()).toBe(3);
      await poll(() => page.locator('[data-level="grand"]').textContent()).toContain('Grand');
      await poll(() => page.locator('[data-testid="jackpot-total"]').textContent()).toContain('€');
      await poll(() => page.locator('.jackpot-page__games a').getAttribute('href')).toBe('/play/orbit/stellar-sevens');
      // The games' heading keeps its distance from the level cards above it.
      const levels = (await page.locator('.jackpot-page__levels').boundingBox())!;
      const gamesHeading = (await page.getByRole('heading', { level: 2, name: 'Games that feed it' }).boundingBox())!;
      expect(gamesHeading.y - (levels.y + levels.height)).toBeGreaterThanOrEqual(16);
      expect((await page.goto(`${baseUrl}/no-such-jackpot`))?.status()).toBe(404);

      expect((await page.goto(`${baseUrl}/de/benefits-of-crypto`))?.status()).toBe(200);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Vorteile von Krypto');

      await page.goto(`${baseUrl}/payments`);
      // The cards fit the phone's width: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.goto(`${baseUrl}/bonus/first-deposit-100`);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('100 % first-deposit bonus');
      await poll(() => page.locator('.bonus-page__terms').textContent()).toContain('WELCOME100');
      await poll(() => page.getByTestId('bonus-page-sign-up').isVisible()).toBe(true);
      expect((await page.goto(`${baseUrl}/bonus/no-such-offer`))?.status()).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('leads a player from a deposit offer’s page to the deposit', async () => {
    const { baseUrl } = env.server;
    await withPage(env.browser, async (page) => {
      await registerOnLobby(page, baseUrl, newEmail('bonus-page'));
      await page.goto(`${baseUrl}/bonus/first-deposit-100`);
      const deposit = page.getByRole('link', { name: 'Deposit now' });
      await poll(() => deposit.getAttribute('href')).toBe('/deposit');
      await poll(() => page.getByTestId('bonus-page-sign-up').count()).toBe(0);
    });
  });
});
