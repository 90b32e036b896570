/**
 * The logged-out web in real chromium against the real server (production build):
 * the journeys a visitor makes through the lobby, search, languages, lists, flags and errors.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, sharedBrowser, watchPage } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { hydrated, poll } from './support/journeys';
import { firstScriptsOf } from '../../scripts/first-scripts';

/** Extra catalogue games in `live` so that its list has more than one page (40 a page). */
const EXTRA_LIVE_GAMES = 50;
/** The live tables listed besides them: the integrated studio's (the other stays catalogue-only, unlisted). */
const LISTED_LIVE_GAMES = 4;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ extraGames: EXTRA_LIVE_GAMES }), sharedBrowser()]);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

async function withPage<T>(
  fn: (page: Page) => Promise<T>,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...options });
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

describe('lobby', () => {
  it('comes with game tiles and the title in the first HTML (JavaScript off)', async () => {
    await withPage(
      async (page) => {
        const response = await page.goto(`${server.baseUrl}/`);
        expect(response?.status()).toBe(200);
        // The page may be framed by the site itself only (docs/security.md).
        expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
        expect(response?.headers()['x-content-type-options']).toBe('nosniff');
        expect(await page.title()).toMatch(/Orbit/);
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
        expect(await page.locator('.game-tile').count()).toBeGreaterThan(10);
        await expect(page.locator('[data-game="orbit/stellar-sevens"]').first().textContent()).resolves.toContain(
          'Stellar Sevens',
        );
        // Head tags: hreflang for every locale the CW host offers (all but en-AU: docs/licences.md)
        // and x-default, a canonical link, no noindex.
        expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(10);
        expect(await page.locator('link[rel="alternate"][hreflang="x-default"]').getAttribute('href')).toBe(
          `${server.baseUrl}/`,
        );
        expect(await page.locator('meta[name="robots"]').count()).toBe(0);
        // A visitor's Play goes to registration with the game as the redirect; Demo opens the game.
        const tile = page.locator('[data-game="orbit/stellar-sevens"]').first();
        expect(await tile.locator('.game-tile__play').getAttribute('href')).toBe(
          '/sign-up?redirect=%2Fplay%2Forbit%2Fstellar-sevens',
        );
        expect(await tile.locator('.game-tile__demo').getAttribute('href')).toBe(
          '/play/orbit/stellar-sevens?mode=demo',
        );
        expect(await tile.locator('img').getAttribute('loading')).toBeTruthy();
      },
      { javaScriptEnabled: false },
    );
  });

  it('hydrates without console errors and asks no host but its own', async () => {
    await withPage(async (page) => {
      const watch = watchPage(page);
      const response = await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
      // Scripts run only from the site's files and the inline scripts marked with this page's
      // nonce (docs/security.md): every inline script carries it, so the page hydrates.
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
      expect(nonce).toBeTruthy();
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('script:not([src])')].map((script) => (script as HTMLScriptElement).nonce),
      );
      expect(inline.length).toBeGreaterThan(0);
      expect(new Set(inline)).toEqual(new Set([nonce]));
      await page.locator('.search__input').click();
      expect(watch.pageErrors).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
      expect(watch.failedRequests).toEqual([]);
    });
  });

  it('loads neither form validation nor the crawler list before it is interactive', async () => {
    // zod (the contracts' schemas, ~25 KB gzip) belongs to the forms' chunks, the crawler list
    // (isbot, ~1.5 KB) to the cookie banner's, which loads once the page runs: one static import
    // from the shell puts either on every page's first JavaScript (docs/performance.md).
    const files = firstScriptsOf(await (await fetch(`${server.baseUrl}/`)).text());
    expect(files.length).toBeGreaterThan(5);
    const found: string[] = [];
    for (const file of files) {
      const body = await (await fetch(new URL(file, server.baseUrl))).text();
      if (body.includes('._zod')) found.push(`zod in ${file}`);
      if (body.includes('deusu/')) found.push(`isbot in ${file}`);
    }
    expect(found).toEqual([]);
  });

  it('shows the footer of the licence: CW with crypto logos, 18+', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/`);
      await expect(page.locator('footer').getAttribute('data-licence')).resolves.toBe('CW');
      expect(await page.locator('footer [data-method="bitcoin"]').count()).toBe(1);
      expect(await page.locator('footer').textContent()).toContain('18+');
    });
  });

  it('shows the EE footer on an Estonian host: no crypto or sportsbook links, 21+', async () => {
    await withPage(
      async (page) => {
        // Chromium resolves *.localhost to this machine; the server picks EE for `ee.` hosts.
        await page.goto(`http://ee.localhost:${server.port}/`);
        await expect(page.locator('footer').getAttribute('data-licence')).resolves.toBe('EE');
        expect(await page.locator('footer [data-method="bitcoin"]').count()).toBe(0);
        expect(await page.locator('footer a[href*="crypto"], footer a[href*="sportsbook"]').count()).toBe(0);
        expect(await page.locator('footer').textContent()).toContain('21+');
      },
      { javaScriptEnabled: false },
    );
  });

  it('opens the side menu from the mobile bottom bar and closes it with Escape and outside clicks', async () => {
    await withPage(
      async (page) => {
        await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await page.locator('.bottombar').getByRole('button', { name: 'Menu' }).click();
        await menu.waitFor({ state: 'visible' });
        expect(await menu.getByRole('link', { name: 'Sign up' }).count()).toBe(1);
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
        await page.locator('.bottombar').getByRole('button', { name: 'Menu' }).click();
        await menu.waitFor({ state: 'visible' });
        await page.mouse.click(370, 400);
        await menu.waitFor({ state: 'hidden' });
      },
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    );
  });
});

describe('search', () => {
  it('finds a seeded game after typing', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
      const box = page.getByRole('searchbox', { name: 'Search games' });
      await box.fill('st');
      await page.locator('.search__hint').filter({ hasText: '3 characters' }).waitFor();
      const searched = page.waitForRequest((r) => r.url().endsWith('/api/games_filter') && r.method() === 'POST');
      await box.pressSequentially('ellar', { delay: 30 });
      const request = await searched;
      expect(request.postDataJSON()).toMatchObject({ filter: { title: 'stellar' } });
      expect(request.headers()['x-requested-with']).toBe('XMLHttpRequest');
      const result = page.locator('.search__panel [data-game="orbit/stellar-sevens"]');
      await result.waitFor();
      expect(await page.locator('.search__panel .game-tile').count()).toBe(1);
    });
  });

  it('moves through the games found with the arrow keys, and shows a guest the games found on Enter', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
      const box = page.getByRole('searchbox', { name: 'Search games' });
      await box.fill('sevens');
      await page.locator('.search__panel [data-game="orbit/stellar-sevens"]').waitFor();
      await box.press('ArrowDown');
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      await poll(focused).toBe('Play Stellar Sevens');
      await page.keyboard.press('ArrowUp');
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
      await box.press('Enter');
      // A guest's Play would lead to the sign-up: Enter leaves the guest on the games found.
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.locator('.search__panel').isVisible()).toBe(true);
      expect(await page.locator('.search__panel [data-game="orbit/stellar-sevens"]').isVisible()).toBe(true);
      // From there the guest picks a game with the keyboard: Play leads to the sign-up.
      await box.press('ArrowDown');
      await poll(focused).toBe('Play Stellar Sevens');
      await page.keyboard.press('Enter');
      // Play itself, chosen, leads a guest to the sign-up with the game as the target.
      await poll(() => new URL(page.url()).pathname).toBe('/sign-up');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/play/orbit/stellar-sevens');
    });
  });

  it('says so when nothing matches and recommends games', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
      await page.getByRole('searchbox', { name: 'Search games' }).fill('zzqx');
      await page.locator('.search__empty').getByText('Please specify more', { exact: false }).waitFor();
      await page.locator('.search__empty').getByRole('heading', { name: 'Recommended games' }).waitFor();
      expect(await page.locator('.search__empty .game-tile').count()).toBeGreaterThan(0);
    });
  });
});

describe('languages', () => {
  it('switches to German: texts and the /de prefix', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/pokies/all`, { waitUntil: 'networkidle' });
      expect(await page.locator('.header').getByRole('link', { name: 'Sign up' }).count()).toBe(1);
      await page.locator('.header__lang summary').click();
      const messages = page.waitForRequest((r) => /\/messages\/de\.json\?t=\d+$/.test(r.url()));
      await page.locator('.header__lang').getByRole('link', { name: 'Deutsch' }).click();
      await page.waitForURL(`${server.baseUrl}/de/pokies/all`);
      await messages;
      await page.locator('.header').getByRole('link', { name: 'Registrieren' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      expect(await page.locator('h1').textContent()).toBe('Alle Spielautomaten');
      expect(await page.title()).toContain('Alle Spielautomaten');
    });
  });

  it('renders German on the server, without a flash of English', async () => {
    await withPage(
      async (page) => {
        const response = await page.goto(`${server.baseUrl}/de`);
        expect(response?.status()).toBe(200);
        expect(await page.locator('html').getAttribute('lang')).toBe('de');
        expect(await page.locator('.header').textContent()).toContain('Registrieren');
        expect(await page.locator('.game-tile__play').first().textContent()).toContain('Spielen');
        expect(await page.locator('.game-tile__play').first().getAttribute('href')).toMatch(
          /^\/de\/sign-up\?redirect=%2Fde%2Fplay%2F/,
        );
      },
      { javaScriptEnabled: false },
    );
  });

  it('serves translations as /messages/<lang>.json, 404 for an unknown language', async () => {
    const de = await fetch(`${server.baseUrl}/messages/de.json?t=0`);
    expect(de.status).toBe(200);
    expect(de.headers.get('cache-control')).toContain('max-age=300');
    expect(((await de.json()) as { auth: { signUp: string } }).auth.signUp).toBe('Registrieren');
    expect((await fetch(`${server.baseUrl}/messages/xx.json`)).status).toBe(404);
  });
});

describe('category pages', () => {
  it('loads more games with JavaScript and pages without it', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/live/all`);
      // Before hydration "Load more" is a plain link to ?page=2 (the page without JavaScript).
      await hydrated(page);
      const tiles = page.locator('.category .game-tile');
      expect(await tiles.count()).toBe(40);
      const more = page.getByRole('link', { name: 'Load more' });
      expect(await more.getAttribute('href')).toBe('/live/all?page=2');
      const total = LISTED_LIVE_GAMES + EXTRA_LIVE_GAMES;
      expect(await page.locator('.pager__count').textContent()).toBe(`40 of ${total} games`);
      // The player's click, without the scroll playwright's click makes first: scrolled near the
      // pager, the infinite scroll (game-tiles.test.ts) fetches the page itself, and on a loaded
      // machine the link was gone (all shown) before the click landed.
      await more.dispatchEvent('click', { button: 0 });
      await page.waitForFunction(() => document.querySelectorAll('.category .game-tile').length > 40);
      expect(await tiles.count()).toBe(LISTED_LIVE_GAMES + EXTRA_LIVE_GAMES);
      // All shown: the count alone, not "54 of 54".
      expect(await page.locator('.pager__count').textContent()).toBe(`${total} games`);
      expect(page.url()).toBe(`${server.baseUrl}/live/all`);
      expect(await more.count()).toBe(0);
    });
    await withPage(
      async (page) => {
        await page.goto(`${server.baseUrl}/live/all`);
        const first = await page.locator('.category .game-tile').first().getAttribute('data-game');
        await page.getByRole('link', { name: 'Load more' }).click();
        await page.waitForURL(`${server.baseUrl}/live/all?page=2`);
        const second = await page
          .locator('.category .game-tile')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-game')));
        expect(second).toHaveLength(LISTED_LIVE_GAMES + EXTRA_LIVE_GAMES - 40);
        expect(second).not.toContain(first);
      },
      { javaScriptEnabled: false },
    );
  });

  it('points /categories/:slug at /pokies/:slug and marks deep paths noindex', async () => {
    await withPage(
      async (page) => {
        await page.goto(`${server.baseUrl}/categories/top`);
        expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${server.baseUrl}/pokies/top`);
        expect(await page.locator('.game-tile').count()).toBeGreaterThan(0);
        await page.goto(`${server.baseUrl}/de/a/b/c/d/e`);
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      },
      { javaScriptEnabled: false },
    );
  });

  it('lists a provider’s games', async () => {
    await withPage(async (page) => {
      const response = await page.goto(`${server.baseUrl}/producers/orbit`);
      expect(response?.status()).toBe(200);
      expect(await page.locator('[data-game="orbit/rocket-crash"]').count()).toBe(1);
    });
  });
});

describe('static pages and errors', () => {
  it('renders a CMS page by its slug', async () => {
    await withPage(async (page) => {
      const response = await page.goto(`${server.baseUrl}/privacy-policy`);
      expect(response?.status()).toBe(200);
      expect(await page.locator('article.cms h1').textContent()).toBeTruthy();
      // The site's name once, not "… | Orbit | Orbit".
      expect(await page.title()).toBe('Privacy policy | Orbit');
    });
  });

  it('answers an unknown path with the 404 page and HTTP status 404', async () => {
    await withPage(async (page) => {
      const response = await page.goto(`${server.baseUrl}/no-such-page`);
      expect(response?.status()).toBe(404);
      expect(await page.locator('h1').textContent()).toBe('Page not found');
      expect(await page.title()).toContain('Page not found');
      // The page frame is still there: header and footer.
      expect(await page.locator('header.header').count()).toBe(1);
      const de = await page.goto(`${server.baseUrl}/de/pokies/no-such-category`);
      expect(de?.status()).toBe(404);
      expect(await page.locator('h1').textContent()).toBe('Seite nicht gefunden');
    });
  });

  it('shows the oops page', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/oops`);
      expect(await page.locator('h1').textContent()).toBe('Something went wrong');
    });
  });
});

describe('feature flags (/ffc)', () => {
  it('toggles a flag that survives a reload, and resets to defaults', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.baseUrl}/ffc`, { waitUntil: 'networkidle' });
      const tester = page.locator('[data-flag="tester"]');
      const on = tester.getByRole('button', { name: 'On' });
      expect(await on.getAttribute('aria-pressed')).toBe('false');
      await on.click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-flag="tester"] button[value="on"]')?.getAttribute('aria-pressed') === 'true',
      );
      await page.reload();
      expect(await on.getAttribute('aria-pressed')).toBe('true');
      // Server rendering sees the cookie too.
      const html = await (await page.request.get(`${server.baseUrl}/ffc`)).text();
      expect(html).toMatch(/data-flag="tester".*?value="on" class="ffc__option" aria-pressed="true"/s);
      await page.getByRole('button', { name: 'Reset to defaults' }).click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-flag="tester"] button[value="on"]')?.getAttribute('aria-pressed') === 'false',
      );
      await page.reload();
      expect(await on.getAttribute('aria-pressed')).toBe('false');
      expect(await page.locator('[data-flag="lotteries"] button[value="on"]').getAttribute('aria-pressed')).toBe(
        'true',
      );
      await page.locator('.ffc').getByRole('link', { name: 'Home', exact: true }).click();
      await page.waitForURL(`${server.baseUrl}/`);
    });
  });
});
