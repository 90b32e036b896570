/**
 * The four licence variants in real chromium (docs/licences.md): on hosts LICENCE_HOSTS gives each
 * licence (Chromium resolves *.localhost to this machine), the footer shows the licence's text,
 * seal, seal line and payment logos, the crypto-benefits link is hidden under EE only, and the
 * language selector and the hreflang links list the languages of the licence.
 */
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, sharedBrowser, watchPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { LICENCE_HOSTS: 'cw.localhost=CW,ee.localhost=EE,gcb.localhost=GCB,au.localhost=AU' } }),
    sharedBrowser(),
  ]);
  // A page every licence has, in the footer's information links: EE's rules hide it by its slug.
  await server.database.db.execute(sql`
    insert into static_pages (slug, licence, locale, title, content, blocks, categories, position)
    values ('benefits-of-crypto', null, 'en', 'Benefits of crypto', '<p>Crypto.</p>',
      '{"title":"Benefits of crypto","description":"","keywords":"","json":{},"content_main":"<p>Crypto.</p>"}'::jsonb,
      '{bottom-menu}', 90)`);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

async function withPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

const ALL_BUT_AU = ['en', 'de', 'en-CA', 'fr-CA', 'en-NZ', 'no', 'it', 'et', 'en-KW'];
const CURACAO_METHODS = [
  'visa',
  'mastercard',
  'maestro',
  'ecopayz',
  'bitcoin',
  'ethereum',
  'litecoin',
  'tether',
  'dogecoin',
];

const CASES = [
  {
    licence: 'CW',
    text: 'Curaçao (CW) licence variant',
    sealLine: null,
    age: '18+',
    methods: CURACAO_METHODS,
    crypto: true,
    locales: ALL_BUT_AU,
  },
  {
    licence: 'EE',
    text: 'Estonian (EE) licence variant',
    sealLine: 'Estonian Tax and Customs Board',
    age: '21+',
    methods: ['visa', 'mastercard', 'maestro', 'ecopayz', 'bank-transfer'],
    crypto: false,
    locales: ['et', 'en'],
  },
  {
    licence: 'GCB',
    text: 'Curaçao Gaming Control Board (GCB) licence variant',
    sealLine: "Registered in the Board's public register",
    age: '18+',
    methods: CURACAO_METHODS,
    crypto: true,
    locales: ALL_BUT_AU,
  },
  {
    licence: 'AU',
    text: 'Australian (AU) variant',
    sealLine: 'Gambling Help Online, 1800 858 858',
    age: '18+',
    methods: ['visa', 'mastercard', 'ecopayz', 'bitcoin', 'ethereum', 'litecoin', 'tether'],
    crypto: true,
    locales: ['en-AU', 'en'],
  },
] as const;

describe('the footer and languages of each licence', () => {
  it.each(CASES)('$licence', async (expected) => {
    await withPage(async (page) => {
      const watch = watchPage(page);
      const origin = `http://${expected.licence.toLowerCase()}.localhost:${server.port}`;
      await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
      const footer = page.locator('footer.footer');
      expect(await footer.getAttribute('data-licence')).toBe(expected.licence);
      expect(await footer.locator('.footer__licence').textContent()).toContain(expected.text);
      // The licence's seal in the badges, and its own line (the licensing body, or the helpline).
      expect(await footer.locator('[data-badge="licence"]').getAttribute('data-seal')).toBe(expected.licence);
      const sealLine = footer.locator('[data-seal-line]');
      if (expected.sealLine === null) expect(await sealLine.count()).toBe(0);
      else expect(await sealLine.textContent()).toContain(expected.sealLine);
      expect(await footer.locator('.trust-age').getAttribute('aria-label')).toBe(expected.age);
      const methods = await footer
        .locator('.footer__payments [data-method]')
        .evaluateAll((marks) => marks.map((m) => m.getAttribute('data-method')));
      expect(methods).toEqual(expected.methods);
      expect(await footer.locator('a[href="/benefits-of-crypto"]').count()).toBe(expected.crypto ? 1 : 0);

      // The language selector offers the licence's languages, in its order; so do the hreflang links.
      await page.locator('.header__lang summary').click();
      const offered = await page
        .locator('.header__lang .lang__option')
        .evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
      expect(offered).toEqual(expected.locales);
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
      expect(alternates).toEqual([...expected.locales, 'x-default']);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('still answers a language the host does not offer', async () => {
    await withPage(async (page) => {
      const response = await page.goto(`http://cw.localhost:${server.port}/en-AU`);
      expect(response?.status()).toBe(200);
      expect(await page.locator('html').getAttribute('lang')).toBe('en-AU');
      expect(await page.locator('footer.footer').getAttribute('data-licence')).toBe('CW');
    });
  });
});
