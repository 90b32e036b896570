/**
 * Gifts in real chromium against the real server (docs/rules/gifts.md): the welcome gift at
 * sign-up (kept, or declined by its box), the gifts page (cards, activation, the wagering bar and
 * the header's common balance, cancelling after the cancel information, the history), the header's
 * counter on a desktop and on a phone, a gift code from a promo link, a cashout refused while a
 * bonus wagers, and a deposit code from a promo link choosing the deposit step's offer. Players
 * register through the real forms; the demo's templates are the server's seed (docs/bonuses.md).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  dialog,
  fillPersonalInfo,
  fundPlayer,
  mailedLink,
  newEmail,
  PASSWORD,
  pathOf,
  poll,
  registerOnLobby,
  signUpOverLobby,
  serverAndBrowser,
  withPage,
} from './support/journeys';

const env = serverAndBrowser();

const url = (path: string) => `${env.server.baseUrl}${path}`;

const WELCOME = 'Welcome gift';
const COUPON = 'Coupon ORBIT10';

const counter = (page: Page) => page.getByTestId('header-gifts-count');
const card = (page: Page, title: string) => page.locator('li.gift').filter({ hasText: title });

/** The full registration page (`/registration`, with a promo link's query): DE / EUR, the welcome gift kept or not. */
async function registerOnPage(page: Page, email: string, query: string, { welcomeGift }: { welcomeGift: boolean }) {
  await page.goto(url(`/registration${query}`));
  const form = page.locator('form.auth-form');
  await form.locator('button[type="submit"]:not([disabled])').waitFor();
  await form.getByLabel('Country').selectOption('DE');
  const gift = form.getByLabel(`Yes, I want it: ${WELCOME}`);
  await gift.waitFor();
  expect(await gift.isChecked()).toBe(true);
  if (!welcomeGift) await gift.uncheck();
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Repeat password').fill(PASSWORD);
  await form.getByLabel(/accept the terms/).check();
  await form.getByRole('button', { name: 'Sign up' }).click();
  await page.locator('.header__player').waitFor();
}

describe('gifts', () => {
  it('keeps the welcome gift, activates it, refuses a cashout while it wagers, and cancels it after telling what goes', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const email = newEmail('gifts');
      await registerOnLobby(page, env.server.baseUrl, email);
      // The gift ticked by default is given: the header counts it.
      await poll(() => counter(page).textContent()).toBe('1');
      await page.getByTestId('header-gifts').click();
      await poll(() => pathOf(page)).toBe('/profile/gifts');
      const gift = card(page, WELCOME);
      await gift.getByText('Ready to activate').waitFor();
      await gift.getByText('€5.00', { exact: true }).waitFor();
      expect(await gift.getByText('Wager ×20').count()).toBe(1);
      expect(await gift.getByRole('timer').textContent()).toMatch(/^[67] days \d\d:\d\d:\d\d$/);

      await gift.getByRole('button', { name: `Activate ${WELCOME}` }).click();
      await gift.getByText('Wagering', { exact: true }).waitFor();
      const bar = gift.getByRole('progressbar');
      expect(await bar.getAttribute('aria-valuenow')).toBe('0');
      await gift.getByText('€0.00 of €100.00 wagered').waitFor();
      // The realtime message tells it; the header shows the common balance: real and bonus money, the percent.
      await page
        .getByTestId('gift-notice')
        .filter({ hasText: `Bonus activated: ${WELCOME}.` })
        .waitFor();
      await poll(() => page.getByTestId('header-balance').textContent()).toBe('€5.00');
      expect(await page.getByTestId('header-balance-split').textContent()).toBe('€0.00 + €5.00 bonus');
      expect(await page.getByTestId('header-wagering').textContent()).toBe('0%');

      // Real money too, and a confirmed address: the cashout is refused because the bonus wagers.
      await fundPlayer(env.server, page, 5000, 'gifts-real');
      await poll(() => page.getByTestId('header-balance-split').textContent()).toBe('€50.00 + €5.00 bonus');
      const link = await mailedLink(env.server.baseUrl, email, '/confirmation?confirmation_token=');
      await page.goto(url(link));
      await dialog(page).getByText('Your email address is confirmed').waitFor();
      await page.goto(url('/withdraw'));
      await fillPersonalInfo(page);
      const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
      await withdraw.getByTestId('bonus-not-withdrawable').filter({ hasText: 'Bonus money (€5.00)' }).waitFor();
      await withdraw.getByRole('button', { name: /^ecoPayz/i }).click();
      await withdraw.getByLabel('Amount (EUR)').fill('20');
      await withdraw.getByLabel('Destination').fill('ada@example.com');
      await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await withdraw.getByTestId('bonus-wagering').waitFor();
      await withdraw.getByRole('link', { name: 'Go to your gifts' }).click();
      await poll(() => pathOf(page)).toBe('/profile/gifts');

      // Cancel: what goes and what stays first, then the confirmation.
      await card(page, WELCOME)
        .getByRole('button', { name: `Cancel ${WELCOME}` })
        .click();
      const confirm = page.getByRole('dialog', { name: `Cancel ${WELCOME}?` });
      await confirm.getByTestId('cancel-forfeit').filter({ hasText: 'removes €5.00 of bonus money' }).waitFor();
      expect(await confirm.getByTestId('cancel-keep').textContent()).toBe(
        'You keep €50.00 of real money, which you can withdraw.',
      );
      await confirm.getByRole('button', { name: 'Cancel the bonus' }).click();
      await poll(() => page.getByRole('dialog').count()).toBe(0);
      await page.getByTestId('gifts-history').locator('li.gift').filter({ hasText: 'Cancelled' }).waitFor();
      await page.getByTestId('gifts-empty').waitFor();
      // The plain balance again, and nothing to count.
      await poll(() => page.getByTestId('header-balance-split').count()).toBe(0);
      await poll(() => page.getByTestId('header-balance').textContent()).toBe('€50.00');
      await poll(() => counter(page).count()).toBe(0);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('queues the gifts behind the running bonus: no Activate while they wait, their time standing still, ready when it ends', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('gifts-queue'));
      await page.goto(url('/profile/gifts'));
      const running = card(page, WELCOME);
      await running.getByRole('button', { name: `Activate ${WELCOME}` }).click();
      await running.getByText('Wagering', { exact: true }).waitFor();
      // A gift that comes while the welcome gift wagers waits in line behind it.
      await page.getByLabel('Gift code', { exact: true }).fill('ORBIT10');
      await page.getByRole('button', { name: 'Get the gift' }).click();
      const queue = page.getByTestId('gifts-queue');
      await queue.getByRole('heading', { name: 'Waiting in line' }).waitFor({ timeout: 20_000 });
      const waiting = queue.locator('li.gift').filter({ hasText: COUPON });
      await waiting.getByText('No. 1 in line').waitFor();
      expect(await waiting.getByTestId('gift-queue-note').textContent()).toBe(
        `You can activate it once ${WELCOME} ends. From then you have 7 days.`,
      );
      // Nothing the server would refuse: no Activate, no countdown; declining stays possible.
      expect(await waiting.getByRole('button', { name: `Activate ${COUPON}` }).count()).toBe(0);
      expect(await waiting.getByRole('timer').count()).toBe(0);
      await waiting.getByRole('button', { name: `Cancel ${COUPON}` }).waitFor();
      await waiting.getByText('€10.00', { exact: true }).waitFor();

      // The running bonus cancelled: the coupon is ready, its 7 days running from now.
      await running.getByRole('button', { name: `Cancel ${WELCOME}` }).click();
      await page
        .getByRole('dialog', { name: `Cancel ${WELCOME}?` })
        .getByRole('button', { name: 'Cancel the bonus' })
        .click();
      const ready = page.getByTestId('gifts-current').locator('li.gift').filter({ hasText: COUPON });
      await ready.getByText('Ready to activate').waitFor({ timeout: 20_000 });
      await poll(() => page.getByTestId('gifts-queue').count()).toBe(0);
      expect(await ready.getByRole('timer').textContent()).toMatch(/^[67] days \d\d:\d\d:\d\d$/);
      await ready.getByRole('button', { name: `Activate ${COUPON}` }).click();
      await ready.getByText('Wagering', { exact: true }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('points a new player to the welcome bonus: in the sign-up notice, chosen on the deposit step until declined', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await signUpOverLobby(page, env.server.baseUrl, newEmail('gifts-welcome'));
      const toast = page.getByTestId('welcome-toast-bonus');
      await toast.waitFor({ timeout: 20_000 });
      expect(await toast.textContent()).toBe(
        ' Your first deposit comes with a welcome bonus: 100% up to €200.00. See the welcome bonus',
      );
      await toast.getByRole('link', { name: 'See the welcome bonus' }).click();
      await poll(() => pathOf(page)).toBe('/deposit-bonus');
      await fillPersonalInfo(page);
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      // Chosen for the player, standing out, with its amounts in euros.
      const offer = popup.getByRole('button', { name: /100 % first-deposit bonus/ });
      await poll(() => offer.getAttribute('aria-pressed'), 20_000).toBe('true');
      await offer.getByText('Welcome bonus').waitFor();
      await offer.getByText('100% up to €200.00').waitFor();
      await offer.getByText('Minimum deposit €20.00 · Wager ×35 · Max bet €5.00').waitFor();
      // Declined: not chosen again; the plain deposit step still shows it, prominently.
      await popup.getByTestId('deposit-offer-none').click();
      await poll(() => offer.getAttribute('aria-pressed')).toBe('false');
      await popup.getByRole('link', { name: 'Deposit', exact: true }).click();
      const welcome = popup.getByTestId('welcome-bonus');
      await welcome.getByText('100% up to €200.00').waitFor();
      await welcome.getByRole('link', { name: 'Take the welcome bonus' }).click();
      await poll(() => pathOf(page)).toBe('/deposit-bonus');
      await poll(() => popup.getByTestId('deposit-offer-none').getAttribute('aria-pressed')).toBe('true');
      await offer.click();
      await poll(() => offer.getAttribute('aria-pressed')).toBe('true');
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('chooses the welcome bonus on the plain deposit step too, in full view, and declines it in one press', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('gifts-welcome-plain'));
      await page.goto(url('/deposit'));
      await fillPersonalInfo(page);
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      const welcome = popup.getByTestId('welcome-bonus');
      await welcome
        .getByText('Chosen for this deposit: change it, or deposit without a bonus.')
        .waitFor({ timeout: 20_000 });
      await welcome.getByText('100% up to €200.00').waitFor();
      expect(await welcome.getByText('Welcome bonus', { exact: true }).isVisible()).toBe(true);
      await welcome.getByRole('link', { name: 'Change' }).waitFor();
      // Declined here: cleared on the server, kept declined after a reload, the way back in view.
      await welcome.getByRole('button', { name: 'No bonus' }).click();
      await welcome.getByRole('link', { name: 'Take the welcome bonus' }).waitFor();
      await page.reload();
      await popup
        .getByTestId('welcome-bonus')
        .getByRole('link', { name: 'Take the welcome bonus' })
        .waitFor({ timeout: 20_000 });
      const settings = await page.evaluate(async () => (await fetch('/api/player', { credentials: 'include' })).json());
      expect(settings.deposit_bonus_code ?? null).toBeNull();
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('declines an unticked welcome gift; a promo link brings its gift code to the gifts page; the counter on a phone', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnPage(page, newEmail('gifts-code'), '?giftPromocode=orbit10', { welcomeGift: false });
      // At the lobby the kept gift code leads to the gifts page, which sends it once.
      await poll(() => pathOf(page), 20_000).toBe('/profile/gifts');
      await page.getByTestId('gift-code-form').getByText(`Your gift ${COUPON} is here.`).waitFor();
      await card(page, COUPON).getByText('Ready to activate').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('orbit_promo_giftPromocode'))).toBeNull();
      // The welcome gift left unticked ends cancelled (declined right after the sign-up).
      await poll(async () => {
        await page.reload();
        await page.getByTestId('gifts-current').waitFor();
        return page.getByTestId('gifts-history').locator('li.gift').filter({ hasText: WELCOME }).count();
      }, 20_000).toBe(1);
      expect(await page.getByTestId('gifts-current').locator('li.gift').count()).toBe(1);
      await poll(() => counter(page).textContent()).toBe('1');

      // The same code again is refused in words.
      await page.getByLabel('Gift code', { exact: true }).fill('ORBIT10');
      await page.getByRole('button', { name: 'Get the gift' }).click();
      await page.getByText('You have already used this code.').waitFor();

      // A phone: the counter sits on the player menu's button, the page fits its width.
      await page.setViewportSize({ width: 390, height: 844 });
      await poll(() => page.getByTestId('header-gifts').isVisible()).toBe(false);
      await page.locator('.header__player .gifts-badge').filter({ hasText: '1' }).waitFor();
      await page.locator('.header__player summary').click();
      await page.getByTestId('menu-gifts').filter({ hasText: 'Gifts' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('takes a deposit code from a promo link: the code is set and the deposit step opens with its offer chosen', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnPage(page, newEmail('gifts-deposit'), '?depositPromocode=welcome100', { welcomeGift: true });
      await poll(() => pathOf(page), 20_000).toBe('/deposit-bonus');
      await fillPersonalInfo(page);
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      const offer = popup.getByRole('button', { name: /100 % first-deposit bonus/ });
      await poll(() => offer.getAttribute('aria-pressed')).toBe('true');
      expect(await page.evaluate(() => sessionStorage.getItem('orbit_promo_depositPromocode'))).toBeNull();
      // An unknown code is the field's error; "No bonus" clears the choice.
      await popup.getByLabel('Have a bonus code?').fill('NOPE');
      await popup.getByRole('button', { name: 'Apply' }).click();
      await popup.getByText('No deposit bonus has this code.').waitFor();
      await popup.getByTestId('deposit-offer-none').click();
      await poll(() => popup.getByTestId('deposit-offer-none').getAttribute('aria-pressed')).toBe('true');
      expect(await offer.getAttribute('aria-pressed')).toBe('false');
      // Chosen again, the plain deposit step names it with a way to change it.
      await offer.click();
      await poll(() => offer.getAttribute('aria-pressed')).toBe('true');
      await popup.getByRole('link', { name: 'Deposit', exact: true }).click();
      const welcome = popup.getByTestId('welcome-bonus');
      await welcome.getByText('100 % first-deposit bonus').waitFor();
      await welcome.getByText('Chosen for this deposit: change it, or deposit without a bonus.').waitFor();
      await welcome.getByRole('link', { name: 'Change' }).click();
      await poll(() => pathOf(page)).toBe('/deposit-bonus');
      expect(watch.pageErrors).toEqual([]);
    });
  });
});
