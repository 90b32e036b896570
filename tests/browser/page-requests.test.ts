/**
 * Each page asks the API for a thing once: two parts of a page wanting the same list share one
 * request (apps/web/app/lib/api.ts), and nothing is asked, cancelled and asked again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillSignIn, pathOf, poll, serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();

/** The API calls `page` makes (method and path with query), and the ones it cancelled. */
function recordCalls(page: Page) {
  const calls: string[] = [];
  const cancelled: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) cancelled.push(request.url());
  });
  return {
    calls,
    cancelled,
    /** The calls asked more than once since `from` (an index into `calls`). */
    repeatedSince(from: number): string[] {
      const seen = new Map<string, number>();
      for (const call of calls.slice(from)) seen.set(call, (seen.get(call) ?? 0) + 1);
      return [...seen].filter(([, n]) => n > 1).map(([call, n]) => `${call} ×${n}`);
    },
  };
}

/** Waits until the page has been quiet (no API call) for two seconds. */
async function settled(page: Page, calls: string[]) {
  let last = -1;
  await poll(async () => {
    const now = calls.length;
    const quiet = now === last;
    last = now;
    if (!quiet) await page.waitForTimeout(2000);
    return quiet;
  }, 30_000).toBe(true);
}

describe('requests a page makes', () => {
  it('a signed-in player’s lobby, game, history and the sign-up form ask each thing once', async () => {
    await withPage(env.browser, async (page) => {
      const record = recordCalls(page);
      await page.goto(`${env.server.baseUrl}/sign-in`);
      await fillSignIn(page, 'demo@orbit.example', 'Orbit-Demo-2026');
      await poll(() => pathOf(page)).toBe('/');
      // The signed-in header's data (its last call, the notifications) before the first page of the count.
      await poll(() => record.calls.includes('GET /api/player/notifications')).toBe(true);
      await settled(page, record.calls);

      for (const path of ['/', '/play/orbit/stellar-sevens', '/profile/games-history']) {
        const from = record.calls.length;
        await page.goto(`${env.server.baseUrl}${path}`);
        await settled(page, record.calls);
        expect({ path, repeated: record.repeatedSince(from) }).toEqual({ path, repeated: [] });
      }
      expect(record.calls.filter((call) => call.endsWith('/launch'))).toHaveLength(1);
      expect(record.calls).toContain('GET /api/player/favorite_games');

      await page.context().clearCookies();
      const from = record.calls.length;
      await page.goto(`${env.server.baseUrl}/sign-up`);
      await settled(page, record.calls);
      expect(record.repeatedSince(from)).toEqual([]);
      expect(record.calls.slice(from).some((call) => call.startsWith('GET /api/info/countries'))).toBe(true);
      expect(record.cancelled).toEqual([]);
    });
  });
});
