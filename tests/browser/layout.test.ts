/**
 * The page shell's layers in real chromium (docs/page-shell.md "Layers"): at a laptop's 1366×800
 * and a phone's 390×844, no fixed or sticky layer (the header and the notice strip, the bottom
 * bar, the bookmark widget, the limit-reached notice, the toasts) covers a game's controls (the
 * game page's frame, balance and Deposit) or a page's content (the lobby's rows and their "Show
 * all", a tournament's prizes and leaderboard, the VIP club's status and the adventure). The
 * player is the one with the most layers: a VIP (the bookmark's cards), just signed up (the
 * welcome and gift notices) and with a deposit limit reached today (the limit's notice).
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import { fundPlayer, newEmail, pathOf, poll, registerOnLobby, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

/** What the player must see whole on each page (selectors; the ones a page does not have are skipped). */
const CONTENT: Record<string, string[]> = {
  lobby: ['.game-row__head', '.game-row__all', '.game-row__strip'],
  tournament: ['.prize-list li', '[data-testid="leaderboard"] th', '[data-testid="leaderboard-score"]'],
  vip: ['[data-testid="vip-status"]', '[data-testid="vip-progress"]', '.vip-level', '[data-testid="adventure-day"]'],
  adventure: ['#adventure h2', '[data-testid="adventure-day"]', '.adventure-day.is-super'],
  game: ['[data-testid="game-frame"]', '[data-testid="game-balance"]', '.play__deposit', '.play__close'],
};

/**
 * Every fixed or sticky layer drawn that covers one of the `selectors`' elements: each element is
 * scrolled into view first (as the player would scroll to it; the page's scroll padding keeps it
 * clear of the header and the bottom bar), then measured against every layer. An element taller
 * than the room between the header and the bottom bar is measured on its visible part only.
 */
async function coveredContent(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((selectors) => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}${
        el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''
      }`;
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 1 && box.height > 1;
    };
    const layers = () =>
      [...document.querySelectorAll('body *')].filter((el) => {
        const { position } = getComputedStyle(el);
        if (position !== 'fixed' && position !== 'sticky') return false;
        // A dialog the player opened is theirs to close; the skip link is off screen until focused.
        if (el.closest('[role="dialog"], .modal, .drawer, .skip-link')) return false;
        return shown(el);
      });
    const problems: string[] = [];
    for (const selector of selectors) {
      const targets = [...document.querySelectorAll(selector)].filter(shown).slice(0, 6);
      for (const target of targets) {
        target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const t = target.getBoundingClientRect();
        const top = Math.max(t.top, 0);
        const bottom = Math.min(t.bottom, window.innerHeight);
        const left = Math.max(t.left, 0);
        const right = Math.min(t.right, document.documentElement.clientWidth);
        if (bottom <= top || right <= left) continue;
        for (const layer of layers()) {
          if (layer.contains(target) || target.contains(layer)) continue;
          const l = layer.getBoundingClientRect();
          const w = Math.min(right, l.right) - Math.max(left, l.left);
          const h = Math.min(bottom, l.bottom) - Math.max(top, l.top);
          if (w > 1 && h > 1) problems.push(`${describe(layer)} covers ${describe(target)} (${selector})`);
        }
      }
    }
    window.scrollTo(0, 0);
    return problems;
  }, selectors);
}

/** No layer covers the page's content (each selector's elements, scrolled to). */
async function expectClear(page: Page, name: keyof typeof CONTENT, label: string, player = false) {
  // The player's layers are all there first: the limit's notice, and (wide screens) the bookmarks.
  if (player) {
    await page.getByTestId('limit-reached').waitFor();
    if (page.viewportSize()!.width >= 900 && name !== 'game') await page.getByTestId('bookmarks').waitFor();
  }
  await page.waitForTimeout(300);
  // LAYOUT_SHOTS=<folder>: a screenshot of each page checked, to look at.
  if (process.env.LAYOUT_SHOTS)
    await page.screenshot({ path: `${process.env.LAYOUT_SHOTS}/${label.replace(/ /g, '-')}-${name}.png` });
  expect(await coveredContent(page, CONTENT[name]!), `${label}: ${name}`).toEqual([]);
}

async function tournamentPath(page: Page): Promise<string> {
  await page.goto(url('/tournaments'));
  const card = page.getByTestId('promo-card').filter({ hasText: 'Orbit Slots Race' });
  await card.getByRole('link').first().click();
  await page.getByTestId('leaderboard').waitFor();
  return pathOf(page);
}

/** The lobby, a tournament, the VIP club (and its adventure), each checked at the page's viewport. */
async function checkPages(page: Page, label: string, tournament: string, player: boolean) {
  await page.goto(url('/'));
  await page.locator('.game-row__all').first().waitFor();
  await expectClear(page, 'lobby', label, player);
  await page.goto(url(tournament));
  await page.locator('.prize-list li').first().waitFor();
  await expectClear(page, 'tournament', label, player);
  await page.goto(url('/vip-club'));
  await page.getByTestId('vip-club').waitFor();
  if (player) await page.getByTestId('adventure-day').first().waitFor();
  await expectClear(page, 'vip', label, player);
  if (player) {
    await page.goto(url('/vip-club#adventure'));
    await page.getByTestId('adventure-day').first().waitFor();
    await expectClear(page, 'adventure', label, player);
  }
}

describe('the page shell’s layers', () => {
  it('cover nothing of a guest’s pages on a laptop and on a phone', async () => {
    const context = await env.browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const tournament = await tournamentPath(page);
      await checkPages(page, 'guest 1366', tournament, false);
      await page.setViewportSize(PHONE);
      await checkPages(page, 'guest 390', tournament, false);
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('cover neither the game’s controls nor a page’s content for a VIP player with a deposit limit reached', async () => {
    const context = await env.browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('layers'));
      const id = await fundPlayer(env.server, page, 2_000, 'layers');
      // VIP Gold: the bookmark widget's adventures card (and the shop's).
      await env.server.database.db.execute(
        sql`insert into user_groups (user_id, group_id, added_at) values (${id}, 259, now()) on conflict do nothing`,
      );
      // A daily deposit limit of €20 with €20 deposited today: reached, the notice stays all day.
      await page.goto(url('/profile/limits'));
      const form = page.getByTestId('limits-deposit').getByRole('form', { name: 'Set a deposit limit' });
      await form.getByLabel('Amount (EUR)').fill('20');
      await form.getByRole('button', { name: 'Set deposit limit' }).click();
      await page.getByTestId('limit-reached').waitFor();
      const tournament = await tournamentPath(page);
      await page.getByTestId('bookmarks').waitFor();
      await page.getByTestId('limit-reached').waitFor();

      for (const viewport of [DESKTOP, PHONE]) {
        const label = `player ${viewport.width}`;
        await page.setViewportSize(viewport);
        await checkPages(page, label, tournament, true);
        // The limit's notice is on every page, never hidden.
        expect(await page.getByTestId('limit-reached').isVisible(), label).toBe(true);

        await page.goto(url('/play/orbit/stellar-sevens'));
        const frame = page.frameLocator('[data-testid="game-frame"]');
        await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
        await page.getByTestId('game-balance').waitFor();
        await expectClear(page, 'game', label, true);
        // The notice strip above the game leaves it the rest of the viewport: its bottom is on screen.
        const stage = await page.getByTestId('game-frame').boundingBox();
        expect(stage!.y + stage!.height, label).toBeLessThanOrEqual(viewport.height + 1);
        expect(await page.getByTestId('limit-reached').isVisible(), label).toBe(true);
      }
      // Folded, the limit's notice stays a tab (which unfolds it); the next page shows it unfolded.
      await page.goto(url('/'));
      const notice = page.getByTestId('limit-reached');
      await notice.getByRole('button', { name: 'Hide' }).click();
      await poll(() => notice.getAttribute('aria-expanded')).toBe('false');
      expect(await notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toContain('Limit reached');
      await notice.click();
      await notice.getByRole('link', { name: 'See your limits' }).waitFor();
      await notice.getByRole('button', { name: 'Hide' }).click();
      await page.locator('.bottombar').getByRole('link', { name: 'Slots' }).click();
      await poll(() => pathOf(page)).toBe('/pokies/all');
      await notice.getByRole('link', { name: 'See your limits' }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/**
 * Pages wider than the phone: a phone browser then zooms the whole page out (or the player swipes
 * sideways), and fixed layers such as the cookie banner end up off screen. Checked in a phone's own
 * mode (`isMobile`), German (longer words), signed out and signed in.
 */
const GUEST_PAGES = [
  '/de',
  '/de/registration',
  '/de/login',
  '/de/promotions',
  '/de/tournaments',
  '/de/rocket-mart',
  '/de/rocket-chance',
  '/de/payments',
  '/de/blog',
  '/de/awards',
  '/de/fair',
  '/de/pokies/all',
  '/de/vip-club',
];
const PLAYER_PAGES = [
  '/de/wheel',
  '/de/wheel/segments',
  '/de/profile',
  '/de/limits',
  '/de/gifts',
  '/de/withdrawal',
  '/de/accounts/EUR/deposit',
  '/de/games-history',
  '/de/verification',
  '/de/security',
  '/de/level',
  '/de/rocket-mart',
];

async function widerThanThePhone(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(url(path), { waitUntil: 'networkidle' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width <= PHONE.width) continue;
    // The innermost element reaching past the screen's edge, to say what to fix.
    const culprit = await page.evaluate((edge) => {
      const past = [...document.querySelectorAll('body *')].filter(
        (el) =>
          el.getBoundingClientRect().right > edge + 1 &&
          getComputedStyle(el).position !== 'fixed' &&
          !el.closest('details:not([open])'),
      );
      const inner = past.find((el) => !past.some((other) => other !== el && el.contains(other))) ?? past[0];
      return inner ? `${inner.tagName.toLowerCase()}.${[...inner.classList].join('.')}` : 'nothing measurable';
    }, PHONE.width);
    wide.push(`${path}: ${width} px (${culprit})`);
  }
  return wide;
}

describe('on a phone', () => {
  const phone = () => env.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });

  it('no guest’s page is wider than the screen', async () => {
    const context = await phone();
    try {
      expect(await widerThanThePhone(await context.newPage(), GUEST_PAGES)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('no signed-in player’s page is wider than the screen', async () => {
    const context = await phone();
    try {
      const page = await context.newPage();
      await registerOnLobby(page, env.server.baseUrl, newEmail('phone-width'));
      expect(await widerThanThePhone(page, PLAYER_PAGES)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
