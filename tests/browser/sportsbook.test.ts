/**
 * The sportsbook (docs/sportsbook.md): a small sibling site of the test's own (a node http server
 * on a free port, never shipped) (a) frames the casino and steers it with window messages, and
 * (b) is the betting site `/sport` frames once `betting-config` names it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerDisplayName } from '../../apps/web/app/lib/player-name';
import { releaseBrowser, sharedBrowser } from './support/browser';
import {
  fillSignIn,
  newEmail,
  PASSWORD,
  pathOf,
  poll,
  registerOnLobby,
  signedInAs,
  withPage,
} from './support/journeys';
import { startServer, type TestServer } from './support/server';

let casino: TestServer;
let browser: Browser;
let sibling: http.Server;
/** The sibling site, allowed to frame the casino (FRAME_ANCESTORS). */
let SIBLING = '';
/** The same server under another host: another origin, not in FRAME_ANCESTORS. */
let OTHER = '';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

function siblingSite(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://sibling.invalid');
  response.setHeader('content-type', 'text/html; charset=utf-8');
  if (url.pathname === '/frame') {
    // The casino first (`frames[0]`), then a frame of the other origin beside it.
    const src = casino.baseUrl + (url.searchParams.get('src') ?? '/');
    response.end(
      page(
        'Sibling',
        `<iframe id="casino" src="${src}" style="width:1200px;height:800px"></iframe>` +
          `<iframe id="other" src="${OTHER}/other" style="width:200px;height:100px"></iframe>`,
      ),
    );
  } else if (url.pathname.startsWith('/bet')) {
    response.end(page('Betting site', `<h1>Betting site</h1><p id="where">${url.pathname}</p>`));
  } else {
    response.end(page('Other', '<p>Another site</p>'));
  }
}

beforeAll(async () => {
  sibling = http.createServer(siblingSite);
  await new Promise<void>((resolve) => sibling.listen(0, '127.0.0.1', resolve));
  const { port } = sibling.address() as AddressInfo;
  SIBLING = `http://127.0.0.1:${port}`;
  OTHER = `http://localhost:${port}`;
  [casino, browser] = await Promise.all([
    // Live tables that open, so the phone's bottom bar has its Live item while betting is off.
    startServer({ extraGames: 3, env: { FRAME_ANCESTORS: SIBLING, PAGE_CACHE_SECONDS: '0' } }),
    sharedBrowser(),
  ]);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await casino?.close();
  await new Promise((resolve) => sibling?.close(resolve));
});

const at = (path: string) => `${casino.baseUrl}${path}`;
const bottomBar = (p: Page) => p.locator('.bottombar');
/** Links on the page that lead to the sportsbook (an address or a hash link). */
const sportLinks = (p: Page) =>
  p.locator('a[href$="/sport"], a[href*="/sport/"], a[href*="/sport?"], a[href^="#sport"]').count();

async function setBetting(value: { enabled: boolean; url: string | null }) {
  await casino.database.db.execute(
    sql`update fe_configs set value = ${JSON.stringify(value)}::jsonb, updated_at = now() where name = 'betting-config'`,
  );
  // The casino keeps fe configs for a few seconds.
  await poll(async () => (await fetch(at('/api/fe/config/betting-config'))).json(), 15_000).toEqual(value);
}

/** The casino's frame in the sibling site's page. */
function casinoFrame(p: Page): Frame {
  const frame = p.frames().find((f) => f.url().startsWith(casino.baseUrl));
  if (!frame) throw new Error('the casino is not framed');
  return frame;
}

const framePath = (p: Page) => new URL(casinoFrame(p).url()).pathname;

/** Posts `message` to the casino's frame from the parent (the sibling site) or from the frame of another origin. */
async function post(p: Page, from: 'sibling' | 'other', message: unknown) {
  const sender = from === 'sibling' ? p.mainFrame() : p.frames().find((f) => f.url().startsWith(OTHER));
  if (!sender) throw new Error(`no frame of ${from}`);
  await sender.evaluate((data) => window.parent.frames[0]!.postMessage(data, '*'), message);
}

/** Lets a message that should be ignored be handled, were it not. */
const settle = (p: Page) => p.waitForTimeout(1_000);

describe('the casino in a sibling site`s frame', () => {
  it('follows close, redirect and refresh_user from the sibling site only, and never off-site', async () => {
    await withPage(browser, async (p) => {
      const email = newEmail('framed');
      await registerOnLobby(p, casino.baseUrl, email);
      const visited: string[] = [];
      p.on('framenavigated', (frame) => {
        if (frame !== p.mainFrame()) visited.push(frame.url());
      });
      await p.goto(`${SIBLING}/frame?src=${encodeURIComponent('/pokies/all')}`);
      await poll(() => p.frames().some((f) => f.url().startsWith(OTHER))).toBe(true);
      const frame = casinoFrame(p);
      // Signed in inside the frame (the sibling is the same site): the page is hydrated and listening.
      await frame
        .locator('.header__player summary')
        .filter({ hasText: playerDisplayName({ nickname: null, email }) })
        .waitFor();
      expect(framePath(p)).toBe('/pokies/all');

      // Another origin's messages and a redirect off-site are ignored.
      await post(p, 'other', { type: 'redirect', path: '/promotions' });
      await post(p, 'other', { type: 'close' });
      await post(p, 'sibling', { type: 'redirect', path: 'https://example.com/' });
      await post(p, 'sibling', { type: 'redirect', path: '//example.com/' });
      await post(p, 'sibling', { type: 'redirect', path: '/\\example.com' });
      await settle(p);
      expect(framePath(p)).toBe('/pokies/all');

      // redirect: a path of the casino.
      await post(p, 'sibling', { type: 'redirect', path: '/support' });
      await poll(() => framePath(p)).toBe('/support');

      // refresh_user: the player is loaded again (a change made elsewhere shows), from the sibling only.
      await casino.database.db.execute(sql`update users set nickname = 'Framed Fan' where email = ${email}`);
      await post(p, 'other', { type: 'refresh_user' });
      await settle(p);
      expect(await frame.locator('.header__player summary').textContent()).not.toContain('Framed Fan');
      await post(p, 'sibling', JSON.stringify({ type: 'refresh_user' }));
      await frame.locator('.header__player summary').filter({ hasText: 'Framed Fan' }).waitFor();

      // close: the casino leaves what it shows for the lobby.
      await post(p, 'sibling', { type: 'close' });
      await poll(() => framePath(p)).toBe('/');

      const casinoVisits = visited.filter((u) => !u.startsWith(OTHER)).map((u) => new URL(u));
      expect(casinoVisits.every((u) => u.origin === casino.baseUrl)).toBe(true);
      expect(casinoVisits.map((u) => u.pathname)).not.toContain('/promotions');
    });
  });
});

describe('the betting site', () => {
  it('is nowhere while betting-config is off: /sport is the lobby, #sport does nothing, the bar shows Live', async () => {
    await withPage(browser, async (p) => {
      for (const path of [
        '/sport',
        '/sport/football?path=%2Fsupport',
        '/sport/login',
        '/sport/registration',
        '/de/sport',
      ]) {
        await p.goto(at(path));
        expect(pathOf(p), path).toBe(path.startsWith('/de') ? '/de' : '/');
      }
      await p.goto(at('/pokies/all#sport'));
      await p.locator('.header__enter').getByRole('link', { name: 'Sign in' }).waitFor();
      await settle(p);
      expect(pathOf(p)).toBe('/pokies/all');
      expect(await p.getByTestId('sport-overlay').count()).toBe(0);
      await p.setViewportSize({ width: 390, height: 844 });
      await p.goto(at('/'));
      await bottomBar(p).getByRole('link', { name: 'Live' }).waitFor();
      expect(await bottomBar(p).getByRole('link', { name: 'Sports' }).count()).toBe(0);
      expect(await sportLinks(p)).toBe(0);
    });
  });

  it('opens in the overlay once enabled; closing goes to ?path or to the betting site; sign-in over it returns to it', async () => {
    const email = newEmail('bettor');
    await withPage(browser, (p) => registerOnLobby(p, casino.baseUrl, email));
    await setBetting({ enabled: true, url: `${SIBLING}/bet` });
    try {
      await withPage(browser, async (p) => {
        // The bottom bar: Sports in the place of Live.
        await p.setViewportSize({ width: 390, height: 844 });
        await p.goto(at('/'));
        await bottomBar(p).getByRole('link', { name: 'Sports' }).waitFor();
        expect(await bottomBar(p).getByRole('link', { name: 'Live' }).count()).toBe(0);
        await p.setViewportSize({ width: 1366, height: 900 });

        // A section with the page to come back to.
        await p.goto(at(`/sport/football?path=${encodeURIComponent('/pokies/all')}`));
        const overlay = p.getByTestId('sport-overlay');
        await overlay.waitFor();
        await overlay.frameLocator('iframe').getByRole('heading', { name: 'Betting site' }).waitFor();
        expect(await overlay.frameLocator('iframe').locator('#where').textContent()).toBe('/bet/football');
        await overlay.getByRole('button', { name: 'Close sports betting' }).click();
        await poll(() => pathOf(p)).toBe('/pokies/all');
        expect(await overlay.count()).toBe(0);

        // #sport_{section} opens the frame over the page it is on, and closing comes back to it.
        await p.goto(at('/support#sport_tennis'));
        await poll(() => pathOf(p)).toBe('/sport/tennis');
        expect(new URL(p.url()).searchParams.get('path')).toBe('/support');
        await overlay.frameLocator('iframe').locator('#where').filter({ hasText: '/bet/tennis' }).waitFor();
        await overlay.getByRole('button', { name: 'Close sports betting' }).click();
        await poll(() => pathOf(p)).toBe('/support');

        // An off-site `path` is not followed: closing goes to the betting site itself.
        await p.goto(at(`/sport?path=${encodeURIComponent('//example.com/')}`));
        await overlay.frameLocator('iframe').getByRole('heading', { name: 'Betting site' }).waitFor();
        await overlay.getByRole('button', { name: 'Close sports betting' }).click();
        await poll(() => p.url()).toBe(`${SIBLING}/bet`);

        // A guest's /sport/login: the casino's sign-in over the betting frame, then the frame again.
        await p.goto(at('/sport/login'));
        await overlay.waitFor();
        await p.getByRole('dialog', { name: 'Sign in' }).waitFor();
        await fillSignIn(p, email, PASSWORD);
        await signedInAs(p, email);
        await poll(() => pathOf(p)).toBe('/sport');
        await poll(() => p.getByRole('dialog').count()).toBe(0);
        await overlay.frameLocator('iframe').getByRole('heading', { name: 'Betting site' }).waitFor();

        // Signed in, the guest-only addresses go to the lobby.
        for (const path of ['/sport/login', '/sport/registration']) {
          await p.goto(at(path));
          await poll(() => pathOf(p), 20_000).toBe('/');
        }
      });
      // A guest's /sport/registration: the sign-up form over the frame.
      await withPage(browser, async (p) => {
        await p.goto(at('/sport/registration'));
        await p.getByTestId('sport-overlay').waitFor();
        await p.getByRole('dialog', { name: 'Create your account' }).waitFor();
      });
    } finally {
      await setBetting({ enabled: false, url: null });
    }
  });
});
