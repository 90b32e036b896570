/**
 * No layout shift on the lobby's first paint, in real chromium (docs/performance.md "First paint
 * and layout shift", docs/page-shell.md "Layers", "Header"): the German lobby loaded by a guest on
 * a first visit and by a returning signed-in player, at 1366×800 and at 390×844 with an iPhone's
 * user agent. The parts that come after the first paint (the guest's promo banner, the iOS install
 * notice, the players' banners in the carousel) come into room kept for them: the layout shifts
 * (without recent input) summed from the start until they are all there, and at least 3.5 s, are 0.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { newEmail, poll, registerOnLobby, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

/** A browser's own agent (a headless one is a crawler to the casino) and Safari on an iPhone. */
const DESKTOP_BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const SETUPS = {
  desktop: { viewport: { width: 1366, height: 800 }, userAgent: DESKTOP_BROWSER },
  phone: { viewport: { width: 390, height: 844 }, userAgent: IPHONE_SAFARI },
} as const;

type Shift = { value: number; at: number; sources: string[] };

/** A context of the setup whose pages record their layout shifts from the start (buffered). */
async function shiftContext(browser: Browser, setup: keyof typeof SETUPS): Promise<BrowserContext> {
  const context = await browser.newContext(SETUPS[setup]);
  await context.addInitScript(() => {
    type Entry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    const shifts: Shift[] = [];
    (window as unknown as { orbitShifts: Shift[] }).orbitShifts = shifts;
    const name = (node: Node | null) => {
      if (!(node instanceof Element)) return node ? node.nodeName : '(removed)';
      const id = node.getAttribute('data-testid') ?? node.getAttribute('data-banner');
      return `${node.tagName.toLowerCase()}.${String(node.className).trim().replace(/\s+/g, '.')}${id ? `[${id}]` : ''}`;
    };
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Entry[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((s) => `${name(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return context;
}

/**
 * Loads the German lobby, waits until `ready` (the parts that come late are there) and 3.5 s from
 * the start have passed, then a moment for the last frames: the shifts recorded.
 */
async function lobbyShifts(page: Page, ready: (page: Page) => Promise<void>): Promise<Shift[]> {
  const watch = watchPage(page);
  await page.goto(url('/de'));
  await ready(page);
  await page.waitForFunction(() => performance.now() > 3_500, null, { polling: 100, timeout: 20_000 });
  await page.waitForTimeout(500);
  expect(watch.pageErrors).toEqual([]);
  return page.evaluate(() => (window as unknown as { orbitShifts: Shift[] }).orbitShifts);
}

const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

/** The sum is 0 (under 0.001); the message lists what moved. */
function expectNoShift(shifts: Shift[], label: string) {
  expect(total(shifts), `${label}: ${JSON.stringify(shifts, null, 1)}`).toBeLessThan(0.001);
}

/** The install notice the page took over (the server's pending copy no longer marked). */
const installNotice = (page: Page) => page.locator('[data-pwa-notice]:not([data-pending])');

describe('layout shift on the lobby’s first paint', () => {
  for (const setup of ['desktop', 'phone'] as const) {
    it(`is 0 for a guest on a first visit (${setup})`, async () => {
      // The guests' lobby as they get it: from the page cache (a first render is streamed in parts).
      await fetch(url('/de'), { headers: { 'user-agent': SETUPS[setup].userAgent } });
      const context = await shiftContext(env.browser, setup);
      try {
        const page = await context.newPage();
        const shifts = await lobbyShifts(page, async (p) => {
          await p.getByTestId('promo-banner').waitFor();
          await p.locator('[data-banner="welcome"]').waitFor({ state: 'attached' });
          if (setup === 'phone') await installNotice(p).waitFor();
        });
        expectNoShift(shifts, `guest, ${setup}`);
        // What came late is where it was: the promo under the header, the notice on the iPhone only.
        expect(await installNotice(page).count()).toBe(setup === 'phone' ? 1 : 0);
      } finally {
        await context.close();
      }
    });

    it(`is 0 for a returning signed-in player (${setup})`, async () => {
      const context = await shiftContext(env.browser, setup);
      try {
        const page = await context.newPage();
        await registerOnLobby(page, env.server.baseUrl, newEmail(`shift-${setup}`));
        const shifts = await lobbyShifts(page, async (p) => {
          await p.locator('.header__player summary').waitFor();
          await p.locator('[data-banner="players-vip-club"]').waitFor({ state: 'attached' });
          if (setup === 'phone') await installNotice(p).waitFor();
        });
        expectNoShift(shifts, `player, ${setup}`);
        await poll(() => page.locator('[data-banner="welcome"]').count()).toBe(0);
        expect(await page.getByTestId('promo-banner').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
