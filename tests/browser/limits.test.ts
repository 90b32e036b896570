/**
 * Responsible-gambling limits in real chromium against the real server: a deposit limit set on
 * /profile/limits with its usage, a raise left pending with its countdown, a deposit above the
 * limit refused in the cashbox with the reason, a deposit paid after the limit was lowered held as
 * withdraw-only money (the payment's outcome, the overview and the history say so); the deposit
 * step paused while the limit is reached (until when, the way to the limits); the
 * reality-check interval; a wager limit
 * reached in a house game (the live warning, the game's refusal of the next bet, the game page's
 * guard); the EE session timer and this session's figures on /profile; a self-exclusion confirmed twice that signs the player out at once, and the sign-in it
 * then refuses; a cooling-off player's mailed withdrawal link (`/withdrawal`): the balance
 * withdrawn by bank transfer without a session, and a link that is not valid.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  dialog,
  fillPersonalInfo,
  fillSignIn,
  fundPlayer,
  mailedLink,
  newEmail,
  PASSWORD,
  pathOf,
  payWithTestCard,
  poll,
  registerOnLobby,
  serverAndBrowser,
  signOut,
  withPage,
} from './support/journeys';

const env = serverAndBrowser();

const url = (path: string) => `${env.server.baseUrl}${path}`;

async function openLimits(page: Page) {
  await page.goto(url('/profile'));
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Limits' }).click();
  await poll(() => pathOf(page)).toBe('/profile/limits');
  await page.getByTestId('limits-page').waitFor();
}

describe('limits', () => {
  it('sets a daily deposit limit, shows its usage and a pending raise, the cashbox refuses a deposit above it and holds one paid past it', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('limits-deposit'));
      await openLimits(page);

      const deposit = page.getByTestId('limits-deposit');
      const form = deposit.getByRole('form', { name: 'Set a deposit limit' });
      expect(await form.getByLabel('Period').inputValue()).toBe('day');
      await form.getByLabel('Amount (EUR)').fill('20');
      await form.getByRole('button', { name: 'Set deposit limit' }).click();
      await form.getByText('Your limit is set and applies now.').waitFor();
      const card = deposit.getByTestId('limit-deposit-day');
      await card.getByText('€0.00 of €20.00 used').waitFor();
      await card.getByText(/^Starts again on /).waitFor();
      expect(await card.locator('progress').getAttribute('value')).toBe('0');

      // A higher amount waits 24 hours and the mailed confirmation; the lower one stays in force.
      await form.getByLabel('Amount (EUR)').fill('30');
      await form.getByRole('button', { name: 'Set deposit limit' }).click();
      await form.getByText(/Your higher limit is waiting/).waitFor();
      await card.getByText('Raise to €30.00 waiting for your confirmation').waitFor();
      const pending = card.getByTestId('limit-pending');
      await pending.getByText('A higher limit was asked for.').waitFor();
      // The countdown to the confirmation runs (23:59:xx) and ticks.
      const timer = pending.getByRole('timer');
      const first = await timer.textContent();
      expect(first).toMatch(/^2[34]:\d\d:\d\d$/);
      await poll(() => timer.textContent(), 5_000).not.toBe(first);
      await card.getByText('€0.00 of €20.00 used').waitFor();
      // The session timer is the EE licence's only.
      expect(await page.getByTestId('session-timer').count()).toBe(0);

      // The reality check's interval is saved on the same page.
      const reality = page.getByTestId('limits-reality-check');
      await reality.getByLabel('Every 30 minutes').check();
      await reality.getByRole('button', { name: 'Save' }).click();
      await reality.getByText('Your reality check is saved.').waitFor();
      await page.reload();
      await page
        .getByTestId('limits-reality-check')
        .getByLabel('Every 30 minutes')
        .and(page.locator(':checked'))
        .waitFor();

      // A deposit of 25 would pass the 20 in force: refused, with the reason.
      await page.locator('.wallet__deposit').click();
      await poll(() => pathOf(page)).toBe('/deposit');
      await fillPersonalInfo(page);
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      await popup.getByRole('button', { name: /^Visa/ }).click();
      await popup.getByLabel('Amount (EUR)').fill('25');
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      // How much the limit still allows, in the money of the deposit.
      await popup
        .getByText('This deposit would go over your deposit limit (per day): you can deposit up to €20.00 now.')
        .waitFor();
      expect(pathOf(page)).toBe('/deposit');

      // A deposit of 15 fits and goes to the PSP's page; before it is paid the player lowers the
      // limit to 10. The money still arrives, as withdraw-only money, and the player is told.
      await popup.getByLabel('Amount (EUR)').fill('15');
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await poll(() => pathOf(page), 20_000).toMatch(/^\/sandbox-psp\/pay\//);
      const payPage = page.url();
      await openLimits(page);
      await form.getByLabel('Amount (EUR)').fill('10');
      await form.getByRole('button', { name: 'Set deposit limit' }).click();
      await form.getByText('Your limit is set and applies now.').waitFor();
      await page.goto(payPage);
      await payWithTestCard(page);
      await page.getByText('Your deposit of €15.00 was successful.').waitFor({ timeout: 40_000 });
      await page
        .getByText(
          'This deposit arrived past your deposit limit: it is yours to withdraw at any time, but it cannot be played with.',
        )
        .waitFor();
      // The cashbox overview shows it apart: withdrawable, not in the balance to play with.
      await page.goto(url('/'));
      await page.getByTestId('header-balance').click();
      await page.getByRole('link', { name: 'Cashbox overview' }).click();
      const overview = page.getByRole('dialog', { name: 'Cashbox' });
      await overview
        .getByTestId('held-EUR')
        .getByText('€15.00 arrived past your deposit limit or during a break from play.', { exact: false })
        .waitFor();
      expect(await overview.getByTestId('account-EUR').locator('td').allTextContents()).toEqual(['€0.00', '€15.00']);
      await overview.getByRole('cell', { name: /Successful · arrived past your deposit limit/ }).waitFor();

      // A confirmation link that is not (or no longer) valid says so, with the way back.
      await page.goto(url('/profile/limits/confirm?token=not-a-token'));
      const confirm = page.getByTestId('limit-confirm');
      await confirm.getByText(/This confirmation link (is not valid|has expired)/).waitFor();
      await confirm.getByRole('link', { name: 'Back to your limits' }).click();
      await poll(() => pathOf(page)).toBe('/profile/limits');
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('pauses the deposit step while the deposit limit is reached: until when, the way to the limits, the warning kept', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('limits-paused'));
      // €20 deposited today, then a daily limit of €20 (a new limit applies at once): used up.
      await fundPlayer(env.server, page, 2_000, 'limits-paused');
      await openLimits(page);
      const form = page.getByTestId('limits-deposit').getByRole('form', { name: 'Set a deposit limit' });
      await form.getByLabel('Amount (EUR)').fill('20');
      await form.getByRole('button', { name: 'Set deposit limit' }).click();
      await form.getByText('Your limit is set and applies now.').waitFor();
      await page.getByTestId('limit-deposit-day').getByText('€20.00 of €20.00 used').waitFor();
      await page.getByTestId('limit-reached').waitFor();

      // The deposit step no longer invites a deposit the server would refuse.
      await page.locator('.wallet__deposit').click();
      await poll(() => pathOf(page)).toBe('/deposit');
      await fillPersonalInfo(page);
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      const paused = popup.getByTestId('deposit-paused');
      await paused.getByText('Deposits are paused').waitFor();
      await paused
        .getByText(/^You have reached your deposit limit \(per day\): you can deposit again from .+\.$/)
        .waitFor();
      expect(await popup.getByRole('button', { name: /^Visa/ }).count()).toBe(0);
      expect(await popup.getByLabel('Amount (EUR)').count()).toBe(0);
      // The limit's own warning stays on the page.
      expect(await page.getByTestId('limit-reached').isVisible()).toBe(true);
      await paused.getByRole('link', { name: 'See your limits' }).click();
      await poll(() => pathOf(page)).toBe('/profile/limits');
      await page.getByTestId('limits-page').waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('warns live when a wager limit is reached in a game, the game refuses the next bet, and the game page sends the player to the limits', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await registerOnLobby(page, env.server.baseUrl, newEmail('limits-wager'));
      // Money from elsewhere (as a settled deposit would bring), straight through the ledger.
      await fundPlayer(env.server, page, 5_000, 'limits-browser');
      await openLimits(page);
      const form = page.getByTestId('limits-wager').getByRole('form', { name: 'Set a wager limit' });
      await form.getByLabel('Amount (EUR)').fill('1');
      await form.getByRole('button', { name: 'Set wager limit' }).click();
      await page.getByTestId('limit-wager-day').getByText('€0.00 of €1.00 used').waitFor();

      // One spin of €1.00 uses the whole limit: the warning comes over the game, live.
      await page.goto(url('/play/orbit/stellar-sevens'));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      await frame.getByTestId('stake').selectOption('100');
      await frame.getByTestId('play').click();
      const warning = page.getByTestId('limit-reached');
      await warning.getByText('You have reached your wager limit (Day): play is paused.').waitFor({ timeout: 20_000 });
      await warning.getByRole('link', { name: 'See your limits' }).waitFor();
      // The next bet is refused, and the game says why.
      await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 20_000 });
      await frame.getByTestId('play').click();
      await frame
        .getByTestId('error')
        .getByText(/You have reached one of your responsible-gambling limits/)
        .waitFor({ timeout: 20_000 });
      expect(await frame.getByTestId('error').getAttribute('data-code')).toBe('limit_reached');
      expect(await frame.getByTestId('limits-link').getAttribute('href')).toBe(url('/profile/limits'));

      // Entering a game page again: straight to the limits page (the game page's limit guard), warning still shown.
      await page.goto(url('/play/orbit/european-roulette'));
      await poll(() => pathOf(page), 20_000).toBe('/profile/limits');
      await page.getByTestId('limit-wager-day').getByText('€1.00 of €1.00 used').waitFor();
      await page.getByTestId('limit-reached').waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('pauses real play with a reality check at the chosen interval: time played, net position, Continue and Leave', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.clock.install();
      await registerOnLobby(page, env.server.baseUrl, newEmail('limits-reality'));
      await openLimits(page);
      const reality = page.getByTestId('limits-reality-check');
      await reality.getByLabel('Every 15 minutes').check();
      await reality.getByRole('button', { name: 'Save' }).click();
      await reality.getByText('Your reality check is saved.').waitFor();

      await page.goto(url('/play/orbit/stellar-sevens'));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await frame.getByTestId('play').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('reality-check').count()).toBe(0);
      await page.clock.fastForward('15:02');
      const check = page.getByRole('dialog', { name: 'Reality check' });
      await check.getByText('Another 15 minutes of play have passed.', { exact: false }).waitFor({ timeout: 20_000 });
      await check.getByText('Time played').waitFor();
      await check.getByText('Net position').waitFor();
      // It covers the game: the frame takes no clicks while it is shown.
      const covered = await page.evaluate(() => {
        const frameBox = document.querySelector('[data-testid="game-frame"]')!.getBoundingClientRect();
        const top = document.elementFromPoint(frameBox.left + frameBox.width / 2, frameBox.top + frameBox.height / 2);
        return top?.closest('[data-testid="reality-check"]') !== null;
      });
      expect(covered).toBe(true);
      await check.getByRole('button', { name: 'Continue playing' }).click();
      await poll(() => page.getByTestId('reality-check').count()).toBe(0);
      // Again after the next 15 minutes; Leave goes to the lobby.
      await page.clock.fastForward('15:02');
      await check.getByRole('link', { name: 'Leave the game' }).click({ timeout: 20_000 });
      await poll(() => pathOf(page)).toBe('/');
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('counts the session up in the header on an EE host, across a reload, and starts again after signing out', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      // Chromium resolves *.localhost to this machine; the server picks EE for `ee.` hosts.
      const ee = `http://ee.localhost:${env.server.port}`;
      await registerOnLobby(page, ee, newEmail('limits-ee'));
      const timer = page.getByTestId('session-timer');
      await poll(() => timer.textContent()).toMatch(/^00:00:\d\d$/);
      const first = await timer.textContent();
      await poll(() => timer.textContent(), 5_000).not.toBe(first);
      const start = await page.evaluate(() => sessionStorage.getItem('orbit_session_timer'));
      expect(Number(start)).toBeGreaterThan(0);
      // A reload goes on from the same start.
      await page.reload();
      await timer.waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('orbit_session_timer'))).toBe(start);
      // On a phone the timer keeps to the header's one row, beside the balance and the player's
      // menu, none over another, all on screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await timer.waitFor();
      await page.getByTestId('header-balance').waitFor();
      const header = await page.evaluate(() => {
        const box = (selector: string) => {
          const r = document.querySelector(selector)!.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        return {
          header: box('.header'),
          parts: ['[data-testid="session-timer"]', '[data-testid="header-balance"]', '.header__player summary'].map(
            box,
          ),
          width: document.documentElement.scrollWidth,
        };
      });
      expect(header.width).toBeLessThanOrEqual(390);
      expect(header.header.bottom - header.header.top).toBeLessThan(80);
      for (const [i, a] of header.parts.entries()) {
        expect(a.right).toBeLessThanOrEqual(390);
        expect(a.top).toBeGreaterThanOrEqual(header.header.top);
        expect(a.bottom).toBeLessThanOrEqual(header.header.bottom);
        for (const b of header.parts.slice(i + 1))
          expect(
            Math.min(a.right, b.right) - Math.max(a.left, b.left) <= 0 ||
              Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) <= 0,
          ).toBe(true);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      // This session's time played and net position on the profile.
      await page.goto(`${ee}/profile`);
      const facts = page.getByTestId('session-facts');
      await facts
        .getByTestId('session-time-played')
        .filter({ hasText: /^\d\d:\d\d:\d\d$/ })
        .waitFor();
      await facts.getByTestId('session-net').filter({ hasText: '€0.00' }).waitFor();
      // Signing out resets it.
      await signOut(page);
      expect(await page.evaluate(() => sessionStorage.getItem('orbit_session_timer'))).toBeNull();
      expect(await timer.count()).toBe(0);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('self-excludes after a second confirmation, signs the player out at once and refuses the next sign-in', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const email = newEmail('limits-excluded');
      await registerOnLobby(page, env.server.baseUrl, email);
      await openLimits(page);

      const section = page.getByTestId('limits-self_exclusion');
      await section.getByText('You are signed out at once, on every device.').waitFor();
      await section.getByText('Withdrawals stay possible.').waitFor();
      await section.getByRole('link', { name: 'Withdraw now' }).waitFor();
      await section.getByLabel('Length').selectOption('6_months');
      await section.getByRole('button', { name: 'Continue' }).click();
      // The second step asks again; cancelling sends nothing.
      const confirm = section.getByTestId('confirm-self_exclusion');
      await confirm.getByText('Exclude yourself for 6 months?').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await section.getByRole('button', { name: 'Continue' }).click();
      await confirm.getByRole('button', { name: 'Yes, exclude me now' }).click();

      // Signed out at once: the lobby explains, the header is a guest's, the session is gone.
      await poll(() => pathOf(page)).toBe('/');
      const notice = page.getByRole('dialog', { name: 'Your self-exclusion has started' });
      await notice
        .getByText(/You have been signed out on every device\. You cannot sign in, deposit or play until /)
        .waitFor();
      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('orbit_player'))).toBeNull();
      expect(
        await page.evaluate(
          async () => (await fetch('/api/player', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).status,
        ),
      ).toBe(401);
      await notice.getByRole('button', { name: 'I understand' }).click();
      await poll(() => page.getByRole('dialog').count()).toBe(0);

      // Signing in again is refused with the reason.
      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).click();
      await fillSignIn(page, email, PASSWORD);
      await dialog(page)
        .getByText('This account is in a cooling-off or self-exclusion: you cannot sign in until it ends.')
        .waitFor();
      expect(await page.locator('.header__enter').count()).toBe(1);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('mails a cooling-off player a withdrawal link: the balance is withdrawn by bank transfer without signing in; a link that is not valid says how to get a fresh one', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const email = newEmail('limits-withdrawal');
      await registerOnLobby(page, env.server.baseUrl, email);
      // A cashout needs a confirmed address: the mailed confirmation link.
      await page.goto(url(await mailedLink(env.server.baseUrl, email, '/confirmation?confirmation_token=')));
      await dialog(page).getByText('Your email address is confirmed').waitFor();
      // €150.00 of real money (as a settled deposit would bring), straight through the ledger.
      await fundPlayer(env.server, page, 15_000, 'limits-withdrawal');

      // The explanation says the link will come; the cooling-off starts and signs the player out.
      await openLimits(page);
      const section = page.getByTestId('limits-cooling_off');
      await section
        .getByText(
          'We mail you a link to withdraw your balance at once, and again every time you try to sign in while it lasts.',
        )
        .waitFor();
      await section.getByLabel('Length').selectOption('24_hours');
      await section.getByRole('button', { name: 'Continue' }).click();
      await section
        .getByTestId('confirm-cooling_off')
        .getByRole('button', { name: 'Yes, start my cooling-off now' })
        .click();
      await poll(() => pathOf(page)).toBe('/');
      const notice = page.getByRole('dialog', { name: 'Your cooling-off has started' });
      await notice.getByRole('button', { name: 'I understand' }).click();
      await poll(() => dialog(page).count()).toBe(0);
      // The refused sign-in says a link is on its way.
      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).click();
      await fillSignIn(page, email, PASSWORD);
      await dialog(page)
        .getByText('you cannot sign in until it ends. We have mailed you a link to withdraw your balance.')
        .waitFor();

      // The mailed link: no session, the masked address, the balance, the whole of it in the amount.
      await page.goto(url(await mailedLink(env.server.baseUrl, email, '/withdrawal?withdrawal_token=')));
      const withdrawal = page.getByTestId('withdrawal-page');
      await withdrawal.getByRole('heading', { name: 'Withdraw your balance', level: 1 }).waitFor();
      await withdrawal.getByText(/^For the account li\*\*\*@example\.com\./).waitFor();
      await withdrawal.getByTestId('withdrawal-balance-EUR').getByText('€150.00').waitFor();
      const form = withdrawal.getByRole('form', { name: 'Request a withdrawal' });
      expect(await form.getByLabel('Currency').inputValue()).toBe('EUR');
      expect(await form.getByLabel('Amount (EUR)').inputValue()).toBe('150');
      await form.getByLabel('Payment method').selectOption({ label: 'Bank transfer (Sofort)' });
      // The page's own checks, then the server's.
      await form.getByLabel('Amount (EUR)').fill('10');
      await form.getByLabel('IBAN').fill('not an iban');
      await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await form.getByText('The minimum is €20.00.').waitFor();
      await form.getByText('Please enter a valid IBAN (e.g. DE89370400440532013000).').waitFor();
      expect(await form.getByLabel('IBAN').getAttribute('aria-invalid')).toBe('true');
      // Above the auto-approval threshold (100 units): pending.
      await form.getByLabel('Amount (EUR)').fill('120');
      await form.getByLabel('IBAN').fill('DE89370400440532013000');
      await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
      const payment = withdrawal.getByTestId('withdrawal-payment');
      await payment.getByText('Your withdrawal of €120.00 is requested.', { exact: false }).waitFor();
      expect(await payment.getAttribute('data-state')).toBe('pending');
      expect(await payment.getByTestId('withdrawal-payment-state').textContent()).toBe('pending');
      await payment.getByTestId('withdrawal-remaining').getByText('€30.00').waitFor();
      await withdrawal.getByTestId('withdrawal-balance-EUR').getByText('€30.00').waitFor();
      // The link serves again until it expires: the form starts from what is left.
      expect(await form.getByLabel('Amount (EUR)').inputValue()).toBe('30');
      // All of it without a session: the header is still a guest's.
      expect(await page.locator('.header__enter').count()).toBe(1);

      // A link that is not valid says so, and how to get a fresh one.
      await page.goto(url('/withdrawal?withdrawal_token=not-a-link'));
      const problem = page.getByTestId('withdrawal-token-problem');
      await problem.getByText('This withdrawal link is not valid.').waitFor();
      await problem
        .getByText(/sign in with your email address and password: .* we mail you a new withdrawal link at once/)
        .waitFor();
      expect(await problem.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/login');
      // Every locale has the page.
      await page.goto(url('/de/withdrawal?withdrawal_token=not-a-link'));
      await page
        .getByTestId('withdrawal-token-problem')
        .getByText('Dieser Auszahlungslink ist nicht gültig.')
        .waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });
});
