/**
 * Comp points and the VIP club in real chromium against the real server (docs/rules/comp-points.md,
 * docs/rules/vip-club.md): the shop as a guest (placeholders, cards, the registration in the
 * exchange dialog, read more); a player playing real spins whose points arrive live in the header,
 * exchanges them for a money reward (the balance grows), is short of points for the next one, and
 * sees the level reached on /profile/level and the bets on the VIP club's progress; a VIP player's
 * badge, manager and carousel; the shop and the club on a phone in German; the shop gone to
 * /promotions once its static page is disabled; a wheel spin bought with points, whose result
 * leads to the wheel. The demo's cards are the server's seed.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  betThroughWallet,
  declineWelcomeBonus,
  dialog,
  fillPersonalInfo,
  fundPlayer,
  gameFrame,
  minorUnits,
  newEmail,
  pathOf,
  payWithTestCard,
  poll,
  registerOnLobby,
  roundsPlayed,
  serverAndBrowser,
  withPage,
} from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

const BONUS_CARD = 'Bonus money';
const REAL_CARD = 'Real money';
/** A shop card by its exact title ("Real money", not "Real money, a VIP reward"). */
const card = (page: Page, title: string) =>
  page.getByTestId('shop-card').filter({ has: page.locator('.shop-card__title').getByText(title, { exact: true }) });

/** Points per EUR staked made generous for the journey: 1 point per 10 cents (a €10 spin earns 100). */
async function generousPoints() {
  await env.server.database.db.execute(
    sql`insert into comp_point_accrual_rules (currency, cents_per_point, contributions)
        values ('EUR', 10, '{"slots": 100}'::jsonb)
        on conflict (currency) do update set cents_per_point = 10, contributions = excluded.contributions`,
  );
}

async function playerId(page: Page): Promise<number> {
  const { id } = (await page.evaluate(async () =>
    (await fetch('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
  )) as { id: number };
  return id;
}

describe('loyalty', () => {
  it('shows a guest the shop: placeholders while the rates load, the cards, the registration instead of the exchange', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      // Hold the money rates back: the tab shows its 5 placeholders meanwhile.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/comp_points/rates/money', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(url('/rocket-mart'));
      await page.getByRole('heading', { name: 'Comp points shop', level: 1 }).waitFor();
      await poll(() => page.getByTestId('shop-skeleton').count()).toBe(5);
      release();
      await card(page, BONUS_CARD).waitFor();
      expect(await page.getByTestId('shop-skeleton').count()).toBe(0);
      expect(await card(page, BONUS_CARD).getByTestId('shop-card-cost').textContent()).toBe('100 points');
      expect(await card(page, BONUS_CARD).textContent()).toContain('Bonus, wager ×5');
      expect(await card(page, REAL_CARD).textContent()).toContain('Real money, no wager');
      // A guest affords nothing: no tab has the accent.
      expect(await page.locator('.shop-tabs__tab.is-accent').count()).toBe(0);

      // The money tab keeps only money rewards; the read-more block opens the static page's text.
      await page.getByRole('link', { name: 'Money reward' }).click();
      await poll(() => pathOf(page)).toBe('/rocket-mart/money');
      await card(page, REAL_CARD).waitFor();
      await page.getByText('Read more').click();
      await page.getByRole('heading', { name: 'How you earn comp points' }).waitFor();

      // The exchange dialog offers a guest the registration.
      await card(page, REAL_CARD).getByRole('button').click();
      const exchange = page.getByRole('dialog', { name: REAL_CARD });
      await exchange.getByText('Sign up to collect comp points').waitFor();
      await exchange.getByTestId('exchange-register').click();
      await page.getByRole('dialog', { name: 'Create your account' }).waitFor();
      expect(await page.getByRole('dialog', { name: REAL_CARD }).count()).toBe(0);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('earns points by real spins live, exchanges them for real money, is short for the next, and shows the level and the VIP progress', async () => {
    await generousPoints();
    await withPage(env.browser, async (page, context) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('loyalty'));
      await fundPlayer(env.server, page, 10_000, 'loyalty-real');
      // The player menu names the points to spend: none yet.
      await page.locator('.header__player summary').click();
      await poll(() => page.getByTestId('menu-points').textContent()).toBe('0 points');
      await page.locator('.header__player summary').click();

      // Three real spins of €10 in another tab: the points arrive live here, with a notice. The
      // notice closes itself after 10 s, so the page records that it was shown (a slow machine may
      // look after it has gone).
      await page.evaluate(() => {
        const seen = window as unknown as { sawPointsNotice?: boolean };
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="points-notice"]')?.textContent?.includes('You earned'))
            seen.sawPointsNotice = true;
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      const slot = await context.newPage();
      await slot.goto(url('/play/orbit/stellar-sevens'));
      const reels = gameFrame(slot);
      for (let spin = 1; spin <= 3; spin++) {
        await reels.getByTestId('play').and(reels.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
        if (spin === 1) await reels.getByTestId('stake').selectOption('1000');
        await reels.getByTestId('play').click();
        await poll(() => roundsPlayed(slot), 30_000).toBe(spin);
      }
      await poll(
        () => page.evaluate(() => (window as unknown as { sawPointsNotice?: boolean }).sawPointsNotice),
        20_000,
      ).toBe(true);
      await page.locator('.header__player summary').click();
      await poll(() => page.getByTestId('menu-points').textContent(), 20_000).toBe('300 points');
      await page.locator('.header__player summary').click();
      await slot.close();

      // The shop: the money tab has the accent (300 points afford both money cards).
      await page.goto(url('/rocket-mart'));
      await card(page, REAL_CARD).waitFor();
      await page.locator('.shop-tabs__tab.is-accent', { hasText: 'Money reward' }).waitFor();
      expect(await page.getByTestId('shop-points').textContent()).toBe('You have 300 points to spend');
      // The header's balance once it has loaded (€70 or more after three €10 spins of €100).
      let before = 0;
      await poll(
        async () => (before = minorUnits(await page.getByTestId('header-balance').textContent())),
        20_000,
      ).toBeGreaterThan(0);

      // 250 points buy one piece of real money: the stepper stops at 1.
      await card(page, REAL_CARD).getByRole('button').click();
      const exchange = page.getByRole('dialog', { name: REAL_CARD });
      expect(await exchange.getByRole('button', { name: 'One more' }).isDisabled()).toBe(true);
      expect(await exchange.getByRole('spinbutton', { name: 'How many' }).inputValue()).toBe('1');
      expect(await exchange.getByTestId('exchange-total').textContent()).toBe('You spend 250 points.');
      await exchange.getByRole('button', { name: 'Exchange', exact: true }).click();
      const result = page.getByRole('dialog', { name: 'Exchanged' });
      await result.getByText('€5.00 of real money is in your balance.').waitFor();
      expect(await page.getByRole('dialog', { name: REAL_CARD }).count()).toBe(0);
      await poll(async () => minorUnits(await page.getByTestId('header-balance').textContent()), 20_000).toBe(
        before + 500,
      );
      expect(await page.getByTestId('shop-points').textContent()).toBe('You have 50 points to spend');
      await result.getByRole('button', { name: 'Close' }).last().click();

      // 50 points left: the bonus card (100) says how many are missing, with the ways out.
      await card(page, BONUS_CARD).getByRole('button').click();
      const short = page.getByRole('dialog', { name: BONUS_CARD });
      await short.getByText('You need 50 more points for this reward.').waitFor();
      await short.getByRole('button', { name: 'Back to the shop' }).click();
      await poll(() => dialog(page).count()).toBe(0);
      // Only the lottery ticket (50) is still affordable: the tabs holding it keep their accent.
      expect(await page.locator('.shop-tabs__tab.is-accent').allTextContents()).toEqual([
        'All(rewards within your points)',
        'Special rewards(rewards within your points)',
      ]);

      // The level: 300 points collected (spending takes none of them) reach Stratosphere.
      await page.goto(url('/profile/level'));
      await page.getByTestId('level-name').filter({ hasText: 'Stratosphere' }).waitFor();
      expect(await page.getByTestId('level-points').textContent()).toBe('300 points collected');
      expect(await page.getByTestId('level-next').textContent()).toBe('200 more points to reach Low orbit.');
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
      expect(await page.locator('[data-state="achieved"]').count()).toBe(2);
      expect(await page.locator('[data-state="current"]').textContent()).toContain('Stratosphere');

      // The VIP club: regular, and this quarter's bets count the €30 staked.
      await page.goto(url('/vip-club'));
      await page.getByTestId('vip-status-name').filter({ hasText: 'Regular' }).waitFor();
      await poll(() => page.getByTestId('vip-bets').textContent()).toMatch(/^Bets: €30\.00 of /);
      expect(await page.getByTestId('vip-progress').getAttribute('aria-valuenow')).not.toBeNull();
      expect(await page.locator('.vip-level[data-state="current"]').textContent()).toContain('Regular');
      expect(await page.locator('.vip-level[data-state="future"]').textContent()).toContain('Bronze');
      expect(await page.getByTestId('vip-badge').count()).toBe(0);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('asks a multi-account player to confirm and a player with bonuses off to turn them on, then gives the bonus', async () => {
    await generousPoints();
    await withPage(env.browser, async (page, context) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('multi'));
      const id = await fundPlayer(env.server, page, 5_000, 'multi-real');
      // One real spin of €10 earns the 100 points the bonus card costs.
      const slot = await context.newPage();
      await slot.goto(url('/play/orbit/stellar-sevens'));
      const reels = gameFrame(slot);
      await reels.getByTestId('play').and(reels.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      await reels.getByTestId('stake').selectOption('1000');
      await reels.getByTestId('play').click();
      await poll(() => roundsPlayed(slot), 30_000).toBe(1);
      await slot.close();
      // The house marks the account as one of several; the player turns bonuses off.
      await env.server.database.db.execute(
        sql`insert into user_groups (user_id, group_id, added_at) values (${id}, 100, now()) on conflict do nothing`,
      );
      await page.evaluate(() =>
        fetch('/api/player/update_bonus_settings', {
          method: 'PATCH',
          headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
          body: JSON.stringify({ can_issue: false }),
        }),
      );

      await page.goto(url('/rocket-mart/money'));
      await poll(() => page.getByTestId('shop-points').textContent(), 20_000).toBe('You have 100 points to spend');
      await card(page, BONUS_CARD).getByRole('button').click();
      await page
        .getByRole('dialog', { name: BONUS_CARD })
        .getByRole('button', { name: 'Exchange', exact: true })
        .click();
      const warning = page.getByRole('dialog', { name: 'Before you exchange' });
      await warning.getByText('one of several accounts').waitFor();
      await warning.getByRole('button', { name: 'Yes, exchange' }).click();
      const bonuses = page.getByRole('dialog', { name: 'Turn bonuses on?' });
      await bonuses.getByRole('button', { name: 'Turn bonuses on and exchange' }).click();
      const result = page.getByRole('dialog', { name: 'Exchanged' });
      await result.getByText('A bonus of €10.00 is waiting in your gifts.').waitFor();
      expect(await page.getByTestId('shop-points').textContent()).toBe('You have 0 points to spend');
      await result.getByRole('link', { name: 'Go to your gifts' }).click();
      await poll(() => pathOf(page)).toBe('/profile/gifts');
      await page.locator('li.gift').filter({ hasText: 'Comp-point bonus' }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('shows a VIP player the badge, the personal manager, the adventure and the bookmarks; visitors the registration prompt', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(url('/vip-club'));
      await page.getByTestId('vip-register').getByRole('link', { name: 'Sign up' }).waitFor();

      await registerOnLobby(page, env.server.baseUrl, newEmail('vip'));
      const id = await playerId(page);
      await env.server.database.db.execute(
        sql`insert into user_groups (user_id, group_id, added_at) values (${id}, 259, now()) on conflict do nothing`,
      );
      await page.goto(url('/vip-club'));
      await page.locator('.header__player summary').getByTestId('vip-badge').filter({ hasText: 'VIP Gold' }).waitFor();
      await page.getByTestId('vip-club').getByTestId('manager-panel').getByText('Nova Reyes').waitFor();
      // The drawer: the badge, the points and the manager with only the contacts present.
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.locator('#side-menu');
      await drawer.getByTestId('drawer-points').waitFor();
      await drawer.getByTestId('vip-badge').waitFor();
      const contacts = drawer.getByTestId('manager-panel').getByRole('link');
      expect(await contacts.allTextContents()).toEqual(['WhatsApp', 'Telegram', 'Email']);
      await page.keyboard.press('Escape');

      // The adventure: the new player's days, from today (none missed: they joined today), and the
      // super prize only if every day is still ahead; on the run's Sunday, next week's run. Today's day
      // (while not completed) offers Details (its terms) and Deposit, counting down; days to come show
      // their terms.
      await page.getByTestId('adventure-day').first().waitFor();
      expect(await page.locator('[data-testid="adventure-day"][data-status="lost"]').count()).toBe(0);
      const today = page.locator('[data-testid="adventure-day"][aria-current="date"]');
      if ((await today.count()) === 1 && (await today.getAttribute('data-status')) === 'active') {
        await today.getByRole('link', { name: 'Deposit' }).waitFor();
        expect(await today.getByRole('timer').textContent()).toMatch(/\d\d:\d\d:\d\d/);
        await today.getByRole('button', { name: 'Details' }).click();
        await page
          .getByTestId('adventure-terms')
          .getByText(/Deposit at least €\d+\.00 in one payment that day/)
          .waitFor();
        await page.getByRole('button', { name: 'Close' }).last().click();
      }
      for (const day of await page.locator('[data-testid="adventure-day"][data-status="future"]').all())
        expect(await day.getByRole('button', { name: 'Terms' }).count()).toBe(1);
      for (const day of await page.locator('[data-testid="adventure-day"][data-status="lost"]').all())
        expect(await day.getByRole('button').count()).toBe(0);
      // A VIP player's bookmark widget: the shop and the adventures, behind its edge tab.
      await page.getByTestId('bookmarks').getByRole('button', { name: 'Shortcuts' }).click();
      await page.getByTestId('bookmark-adventures').waitFor();
      await page.getByTestId('bookmark-shop').waitFor();
      // A phone has no widget: its drawer lists the same cards (the shop through the drawer's points).
      await page.setViewportSize({ width: 390, height: 844 });
      await poll(() => page.getByTestId('bookmarks').isVisible()).toBe(false);
      await page.locator('.bottombar').getByRole('button', { name: 'Menu' }).click();
      await page.getByTestId('drawer-bookmarks').getByTestId('drawer-bookmark-adventures').click();
      await poll(() => page.evaluate(() => location.pathname + location.hash)).toBe('/vip-club#adventure');
    });
  });

  it("moves the VIP progress live after a card deposit played through, which also completes today's adventure day", async () => {
    await withPage(env.browser, async (page, context) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('vip-deposit'));
      // The VIP club in a tab of its own: nothing deposited this quarter yet.
      const club = await context.newPage();
      const clubWatch = watchPage(club);
      await club.goto(url('/vip-club'));
      await poll(() => club.getByTestId('vip-deposits').textContent()).toBe('Deposits: €0.00 of €6,000.00');
      expect(await club.getByTestId('vip-progress').getAttribute('aria-valuenow')).toBe('0');
      const today = club.locator('[data-testid="adventure-day"][aria-current="date"]');
      // No day is today when the player joined on the run's last day (the calendar shows next week's).
      await club.getByTestId('adventure-day').first().waitFor();
      const active = (await today.count()) === 1 && (await today.getAttribute('data-status')) === 'active';

      // A card deposit of €200 in the first tab.
      await page.goto(url('/deposit'));
      await fillPersonalInfo(page);
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      await declineWelcomeBonus(popup);
      await popup.getByRole('button', { name: /^Visa/ }).click();
      await popup.getByRole('button', { name: '€200.00' }).click();
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await poll(() => pathOf(page), 20_000).toMatch(/^\/sandbox-psp\/pay\//);
      await payWithTestCard(page);
      await page.getByText('Your deposit of €200.00 was successful.').waitFor({ timeout: 40_000 });
      // The deposit counts once played through: €200 of real-money bets after it.
      await betThroughWallet(env.server, page, 20_000, `vip-${Date.now()}`);

      // The club follows without a reload: €200 of €6,000 deposited and €200 of €60,000 bet,
      // 3.3 % and 0.3 %: 1 %.
      await poll(() => club.getByTestId('vip-deposits').textContent(), 20_000).toBe('Deposits: €200.00 of €6,000.00');
      expect(await club.getByTestId('vip-progress').getAttribute('aria-valuenow')).toBe('1');
      // Today's day (any but the super prize's) asks a deposit of €20 to €40, on some days bets too
      // (played here at €10 a spin): done, its gift to activate.
      if (active) {
        const { adventure } = (await club.evaluate(async () =>
          (await fetch('/api/player/adventure', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
        )) as { adventure: { days: Array<{ today: boolean; condition: { wager: Record<string, number> } }> } };
        const wager = adventure.days.find((d) => d.today)?.condition.wager.EUR ?? 0;
        if (wager > 0) {
          const slot = await context.newPage();
          await slot.goto(url('/play/orbit/stellar-sevens'));
          const reels = gameFrame(slot);
          for (let spin = 1; spin <= Math.ceil(wager / 1000); spin++) {
            await reels.getByTestId('play').and(reels.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
            if (spin === 1) await reels.getByTestId('stake').selectOption('1000');
            await reels.getByTestId('play').click();
            await poll(() => roundsPlayed(slot), 30_000).toBe(spin);
          }
          await slot.close();
        }
        await poll(() => today.getAttribute('data-status'), 20_000).toBe('completed');
        await today.getByRole('link', { name: 'Go to gifts' }).waitFor();
      }
      expect(watch.pageErrors).toEqual([]);
      expect(clubWatch.pageErrors).toEqual([]);
    });
  });

  it('fits a phone in German, and sends the shop to /promotions once its page is disabled', async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto(url('/de/rocket-mart'));
      await page.getByRole('heading', { name: 'Comp-Punkte-Shop', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Geldprämie' }).waitFor();
      await card(page, 'Echtgeld').waitFor();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.goto(url('/de/vip-club'));
      await page.getByRole('heading', { name: 'VIP-Club', level: 1 }).waitFor();
      await page.getByTestId('vip-register').getByText('Registrieren und im VIP-Club aufsteigen').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(watch.pageErrors).toEqual([]);

      await env.server.database.db.execute(sql`update static_pages set enabled = false where slug = 'rocket-mart'`);
      // The CMS and the guests' page cache hold answers a few seconds.
      await poll(async () => {
        await page.goto(url('/rocket-mart/money'));
        return pathOf(page);
      }, 30_000).toBe('/promotions');
    } finally {
      await env.server.database.db.execute(sql`update static_pages set enabled = true where slug = 'rocket-mart'`);
      await context.close();
    }
  });

  it('sends a player who exchanged points for a wheel spin to the wheel, not to the gifts', async () => {
    // Table bets count in full for this journey: one roulette bet of €15 earns the spin's 150 points.
    await env.server.database.db.execute(
      sql`insert into comp_point_accrual_rules (currency, cents_per_point, contributions)
          values ('EUR', 10, '{"slots": 100, "table": 100}'::jsonb)
          on conflict (currency) do update set cents_per_point = 10, contributions = excluded.contributions`,
    );
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('wheel-spin'));
      await fundPlayer(env.server, page, 5_000, 'wheel-spin-real');
      await betThroughWallet(env.server, page, 1_500, 'wheel-spin');
      await page.goto(url('/rocket-mart/special'));
      await poll(() => page.getByTestId('shop-points').textContent(), 20_000).toBe('You have 150 points to spend');
      await card(page, 'A spin of the rocket wheel').getByRole('button').click();
      await page
        .getByRole('dialog', { name: 'A spin of the rocket wheel' })
        .getByRole('button', { name: 'Exchange', exact: true })
        .click();
      const result = page.getByRole('dialog', { name: 'Exchanged' });
      await result.waitFor();
      expect(await result.getByRole('link', { name: 'Go to your gifts' }).count()).toBe(0);
      await result.getByRole('link', { name: 'Go to the prize wheel' }).click();
      await poll(() => pathOf(page)).toBe('/wheel');
      await page.getByRole('heading', { name: 'Prize wheel', level: 1 }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });
});
