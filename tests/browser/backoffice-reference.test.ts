/**
 * Reference data and flags in the back office, in real chromium (docs/backoffice.md "Reference
 * data and flags"): a finance operator changes the bitcoin's reference rate and reads it in the
 * currency's history; a marketing operator switches the `lotteries` flag off and a guest's page
 * (cached for ten minutes here: only the change's own clearing explains what the guest sees) loses
 * the Lotteries link, then switched on again, has it back.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorOfRole, operatorPage, signInDemoAdmin, type Operator } from './support/backoffice';
import { releaseBrowser, sharedBrowser, watchPage } from './support/browser';
import { poll } from './support/journeys';
import { startServer, type TestServer } from './support/server';

const env = {} as { server: TestServer; browser: Browser; finance: Operator; marketing: Operator };
beforeAll(async () => {
  [env.server, env.browser] = await Promise.all([startServer({ env: { PAGE_CACHE_SECONDS: '600' } }), sharedBrowser()]);
  const context = await env.browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const admin = await context.newPage();
  await signInDemoAdmin(admin, env.server.baseUrl);
  env.finance = await operatorOfRole(admin, 'finance', 'Fia Finance');
  env.marketing = await operatorOfRole(admin, 'marketing', 'Mo Marketing');
  await context.close();
}, 60_000);
afterAll(async () => {
  await releaseBrowser(env.browser);
  await env.server?.close();
});
const url = (path: string) => `${env.server.baseUrl}${path}`;

/** The top navigation's links a guest sees on the home page (a fresh browser: no cookie). */
async function guestNav(): Promise<string[]> {
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url('/'));
    const topnav = page.locator('.topnav');
    await topnav.getByRole('link', { name: 'Promotions', exact: true }).waitFor();
    return await topnav.getByRole('link').allTextContents();
  } finally {
    await context.close();
  }
}

async function setLotteries(page: Page, on: boolean) {
  const flag = page.getByRole('switch', { name: 'lotteries' }).or(page.getByRole('checkbox', { name: 'lotteries' }));
  if ((await flag.isChecked()) !== on) await flag.click();
  await page.getByRole('button', { name: 'Save flags' }).click();
  await page.getByText('Feature flags saved').waitFor({ timeout: 15_000 });
}

describe('reference data and flags in the back office', () => {
  it('finance changes the BTC rate and sees it in the history', { timeout: 60_000 }, async () => {
    const finance = await operatorPage(env.browser, env.server.baseUrl, env.finance);
    const page = finance.page;
    const watch = watchPage(page);
    try {
      await page.getByRole('menuitem', { name: 'Reference rates' }).click();
      const btc = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'BTC', exact: true }) });
      await btc.getByRole('cell', { name: '60000', exact: true }).waitFor();
      await page.getByLabel('New rate for BTC').fill('abc');
      await page.getByRole('button', { name: 'Save rates' }).click();
      await page.getByRole('alert').filter({ hasText: 'rates.0.eur_per_unit: invalid' }).waitFor();
      await page.getByLabel('New rate for BTC').fill('81234.5');
      await page.getByLabel('Reason').fill('treasury figure of the day');
      await page.getByRole('button', { name: 'Save rates' }).click();
      await page.getByText('Rates saved: BTC').waitFor({ timeout: 15_000 });
      await btc.getByRole('cell', { name: '81234.5', exact: true }).waitFor();
      await btc.getByRole('button', { name: 'History of BTC' }).click();
      const history = page.getByRole('table', { name: 'BTC history' });
      await history.waitFor();
      const rows = history.getByRole('row');
      await poll(() => rows.count()).toBe(3); // the header, the change, the seed
      expect(await rows.nth(1).textContent()).toContain('81234.5');
      expect(await rows.nth(1).textContent()).toContain('treasury figure of the day');
      expect(await rows.nth(2).textContent()).toContain('60000');
      expect(await rows.nth(2).textContent()).toContain('seed');
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await finance.close();
    }
  });

  it(
    'marketing switches the lotteries flag off: a guest loses the Lotteries link at once; on again, it is back',
    { timeout: 90_000 },
    async () => {
      expect(await guestNav()).toContain('Lotteries');
      const marketing = await operatorPage(env.browser, env.server.baseUrl, env.marketing);
      const page = marketing.page;
      try {
        await page.getByRole('menuitem', { name: 'Feature flags' }).click();
        await setLotteries(page, false);
        expect(await guestNav()).not.toContain('Lotteries');
        const versions = page.getByRole('table', { name: 'Feature flags versions' });
        await versions.getByRole('row').filter({ hasText: 'lotteries off' }).first().waitFor();
        await setLotteries(page, true);
        expect(await guestNav()).toContain('Lotteries');
      } finally {
        await marketing.close();
      }
    },
  );
});
