/**
 * The cashbox in real chromium against the real server and the sandbox PSP mounted in it
 * (`/sandbox-psp`): the guards, the personal-info popup before the first deposit, a card
 * deposit through the PSP's hosted card page and its 3-D Secure step, the return page and the
 * header's balance, a withdrawal to the saved card and its recall, a declined card, and a
 * crypto account's deposit address. Players register through the real forms.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  registerOnLobby,
  dialog,
  fillPersonalInfo,
  fillSignUp,
  newEmail,
  pathOf,
  poll,
  serverAndBrowser,
  withPage,
  mailedLink,
  fundPlayer,
} from './support/journeys';

const env = serverAndBrowser();

const url = (path: string) => `${env.server.baseUrl}${path}`;

/** A new player, signed up through the popup over the lobby (EUR, no personal details yet). */
const newPlayerOnLobby = (page: Page, email: string) => registerOnLobby(page, env.server.baseUrl, email);

const balance = (page: Page) => page.getByTestId('header-balance');

/** The header's Deposit button; a new fiat player fills the personal-info popup first. */
async function openDeposit(page: Page, { fillDetails }: { fillDetails: boolean }) {
  await page.locator('.wallet__deposit').click();
  await poll(() => pathOf(page)).toBe('/deposit');
  if (fillDetails) await fillPersonalInfo(page);
  await page.getByRole('dialog', { name: 'Deposit' }).waitFor();
}

/** The sandbox PSP's hosted card page: card details, then (for 3-D Secure cards) the authentication step. */
async function payOnCardPage(page: Page, cardNumber: string, { threeDs }: { threeDs: boolean }) {
  await poll(() => pathOf(page), 20_000).toMatch(/^\/sandbox-psp\/pay\//);
  await page.getByLabel(/card number/i).fill(cardNumber);
  await page.getByLabel(/expir/i).fill('12/30');
  await page.getByLabel(/cvc|cvv|security code/i).fill('123');
  await page.getByLabel(/holder|name on card/i).fill('Ada Lovelace');
  await page
    .getByRole('button', { name: /pay|submit|continue/i })
    .first()
    .click();
  if (threeDs) await page.getByRole('button', { name: /Complete authentication/ }).click();
}

describe('cashbox (no PSP needed)', () => {
  it('sends a guest to sign-up with the target, and from the sign-up page to the lobby', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await page.goto(url('/withdraw'));
      await poll(() => pathOf(page)).toBe('/sign-up');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/withdraw');
      // Coming from the sign-up page: the lobby, not the cashbox (the cashbox guard).
      await fillSignUp(page, newEmail('cashbox-guard'));
      await poll(() => pathOf(page)).toBe('/');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('opens a cashbox address loaded directly, reloaded or linked over the lobby, and closes to the lobby', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await newPlayerOnLobby(page, newEmail('cashbox-direct'));
      for (const path of ['/deposit', '/withdraw', '/cashbox', '/accounts/EUR/deposit']) {
        await page.goto(url(path));
        // A new fiat player is asked for personal details first: that popup, over the lobby, at the address.
        await page.getByRole('dialog', { name: 'Personal info' }).waitFor();
        await page.locator('.page.lobby').waitFor();
        expect(pathOf(page)).toBe(path);
      }
      await page.reload();
      await page.getByRole('dialog', { name: 'Personal info' }).waitFor();
      expect(pathOf(page)).toBe('/accounts/EUR/deposit');
      await fillPersonalInfo(page);
      await page.getByRole('dialog', { name: 'Deposit' }).waitFor();
      await page.locator('.page.lobby').waitFor();
      await page.keyboard.press('Escape');
      await poll(() => pathOf(page)).toBe('/');
      await poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it("opens a game's deposit link over the game, and returns to the game on close", async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await newPlayerOnLobby(page, newEmail('cashbox-game'));
      await page.goto(url('/play/orbit/orbit-dice'));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await frame.getByTestId('play').and(frame.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
      await frame.getByTestId('play').click(); // no money: "Not enough balance" and its Deposit link
      await frame.getByTestId('deposit').click();
      await poll(() => pathOf(page), 20_000).toBe('/deposit');
      await page.getByRole('dialog', { name: 'Personal info' }).waitFor();
      await page.locator('[data-testid="game-frame"]').waitFor();
      await fillPersonalInfo(page);
      await page.getByRole('dialog', { name: 'Deposit' }).waitFor();
      await page.keyboard.press('Escape');
      await poll(() => pathOf(page)).toBe('/play/orbit/orbit-dice');
      await page.locator('[data-testid="game-frame"]').waitFor();
      await poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('shows the balance, asks for personal details before the first deposit, checks the amount, switches accounts', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      await newPlayerOnLobby(page, newEmail('cashbox-form'));
      await poll(() => balance(page).textContent()).toBe('€0.00');
      await openDeposit(page, { fillDetails: true });
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      // The lobby stays under the popup, with its styles.
      expect(await page.locator('.game-tile').count()).toBeGreaterThan(3);
      expect(
        await page
          .locator('.banners__strip')
          .first()
          .evaluate((el) => getComputedStyle(el).display),
      ).toBe('grid');
      await popup.getByRole('button', { name: /^Visa/ }).click();
      expect(await popup.getByLabel('Amount (EUR)').inputValue()).toBe('50');
      await popup.getByLabel('Amount (EUR)').fill('5');
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await popup.getByText('The minimum is €10.00.').waitFor();
      await popup.getByLabel('Amount (EUR)').fill('10.001');
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await popup.getByText('This amount has too many decimal places for the currency.').waitFor();
      await popup.getByRole('button', { name: '€100.00' }).click();
      expect(await popup.getByLabel('Amount (EUR)').inputValue()).toBe('100');
      // Closing returns to the page under the popup.
      await popup.getByRole('button', { name: 'Close' }).click();
      await poll(() => pathOf(page)).toBe('/');

      // A BTC account from the switcher: shown in μBTC; back to EUR.
      await balance(page).click();
      await page.getByLabel('Open an account in another currency').selectOption('BTC');
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await poll(() => balance(page).textContent()).toBe('0 μBTC');
      await balance(page).click();
      await page.locator('.wallet__account').filter({ hasText: 'EUR' }).click();
      await poll(() => balance(page).textContent()).toBe('€0.00');
      // The dashboard lists both accounts.
      await balance(page).click();
      await page.getByRole('link', { name: 'Cashbox overview' }).click();
      const dashboard = page.getByRole('dialog', { name: 'Cashbox' });
      await dashboard.getByTestId('account-BTC').waitFor();
      await dashboard.getByTestId('account-EUR').filter({ hasText: 'active' }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });
});

describe('live balance', () => {
  it('updates the header balance over the WebSocket when money arrives, without a reload', async () => {
    await withPage(env.browser, async (page) => {
      await newPlayerOnLobby(page, newEmail('cashbox-live'));
      await poll(() => balance(page).textContent()).toBe('€0.00');
      // A marker that a reload would wipe.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      // Money arrives from elsewhere (a settled bank transfer, say): a ledger transfer on the server.
      await fundPlayer(env.server, page, 12_345, 'live-browser');
      await poll(() => balance(page).textContent()).toBe('€123.45');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    });
  });
});

describe('cashbox with the sandbox PSP', () => {
  it('a deposit from a game on a German phone comes back in German and leads back into the game', async () => {
    const context = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await newPlayerOnLobby(page, newEmail('cashbox-de-game'));
      await page.goto(url('/de/play/orbit/orbit-dice'));
      await page.locator('[data-testid="game-frame"]').waitFor();
      await page.locator('.play__deposit').click();
      const info = page.getByRole('dialog', { name: 'Persönliche Angaben' });
      await info.getByLabel('Vorname').fill('Ada');
      await info.getByLabel('Nachname').fill('Lovelace');
      await info.getByLabel(/Geburtsdatum/).fill('05/12/1990');
      await info.getByLabel('Mobiltelefon').fill('+49 30 1234 5678');
      await info.getByLabel('Land').selectOption('DE');
      await info.getByLabel('Stadt').fill('Berlin');
      await info.getByLabel('Adresse').fill('Unter den Linden 1');
      await info.getByLabel('Postleitzahl').fill('10117');
      await info.getByRole('button', { name: /Speichern/ }).click();
      const popup = page.getByRole('dialog', { name: 'Einzahlen' });
      await popup.getByTestId('welcome-bonus').getByRole('button', { name: 'Kein Bonus' }).click();
      await popup.getByRole('button', { name: /^Visa/ }).click();
      await popup.getByLabel(/Betrag/).fill('60');
      await popup.getByRole('button', { name: 'Einzahlen', exact: true }).click();

      await payOnCardPage(page, '4242 4242 4242 4242', { threeDs: false });
      await poll(() => pathOf(page), 20_000).toBe('/de/cashbox/return');
      await page.getByText('60,00 €').first().waitFor({ timeout: 40_000 });
      await page.getByRole('link', { name: 'Zurück zum Spiel' }).click();
      await poll(() => pathOf(page)).toBe('/de/play/orbit/orbit-dice');
      await poll(async () => (await page.getByTestId('game-balance').textContent())?.replace(/\s/g, ' ')).toBe(
        '60,00 €',
      );
      // The mailed withdrawal link's page without a link: a signed-in player withdraws in the cashbox.
      await page.goto(url('/de/withdrawal'));
      await poll(() => pathOf(page)).toBe('/de/withdraw');
      await page.getByRole('dialog', { name: 'Auszahlen' }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('deposits with a 3-D Secure card, shows the balance, withdraws to the saved card and recalls it', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const email = newEmail('cashbox');
      await newPlayerOnLobby(page, email);
      await poll(() => balance(page).textContent()).toBe('€0.00');

      await openDeposit(page, { fillDetails: true });
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      // The welcome bonus is chosen for the first deposit; declined, the deposit brings no bonus money.
      const welcome = popup.getByTestId('welcome-bonus');
      await welcome.getByText('Chosen for this deposit: change it, or deposit without a bonus.').waitFor();
      await welcome.getByRole('button', { name: 'No bonus' }).click();
      await welcome.getByRole('link', { name: 'Take the welcome bonus' }).waitFor();
      await popup.getByRole('button', { name: /^Visa/ }).click();
      // First deposit: the suggestion (50) is filled in; the limits are checked before any call.
      expect(await popup.getByLabel('Amount (EUR)').inputValue()).toBe('50');
      await popup.getByLabel('Amount (EUR)').fill('5');
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await popup.getByText('The minimum is €10.00.').waitFor();
      await popup.getByRole('button', { name: '€200.00' }).click();
      expect(await popup.getByLabel('Amount (EUR)').inputValue()).toBe('200');
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();

      await payOnCardPage(page, '4000 0000 0000 3220', { threeDs: true });
      await poll(() => pathOf(page), 20_000).toBe('/cashbox/return');
      await page.getByText('Your deposit of €200.00 was successful.').waitFor({ timeout: 40_000 });
      await poll(() => balance(page).textContent()).toBe('€200.00');

      // Withdraw to the saved card: confirm the address first (the server asks for it).
      await page.getByRole('link', { name: 'Open the cashbox' }).click();
      await page.getByRole('dialog', { name: 'Cashbox' }).getByRole('link', { name: 'Withdraw' }).first().click();
      const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
      await withdraw.getByTestId('available-to-cashout').filter({ hasText: '€200.00' }).waitFor();
      await withdraw.getByRole('button', { name: /^Visa/ }).click();
      await withdraw.getByLabel('Amount (EUR)').fill('30');
      await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await withdraw.getByText('Please confirm your email address before your first withdrawal.').waitFor();
      const link = await mailedLink(env.server.baseUrl, email, '/confirmation?confirmation_token=');
      await page.goto(url(link));
      await dialog(page).getByText('Your email address is confirmed').waitFor();
      await page.goto(url('/'));
      await page.locator('.wallet__deposit').waitFor();
      await balance(page).click();
      await page.getByRole('link', { name: 'Cashbox overview' }).click();
      await page.getByRole('dialog', { name: 'Cashbox' }).getByRole('link', { name: 'Withdraw' }).first().click();
      await withdraw.getByRole('button', { name: /^Visa/ }).click();
      // Told before confirming: the deposit is not played through, a cashout gives up its rewards.
      await poll(() => withdraw.getByTestId('cashout-forfeits-play-through').textContent()).toBe(
        'Your deposit of €200.00 is not played through yet (€200.00 left to bet). Withdrawing EUR now gives up the wheel spin, lottery tickets and VIP and adventure progress it would bring.',
      );
      await withdraw.getByLabel('Amount (EUR)').fill('300');
      await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await withdraw.getByText('You can withdraw at most €200.00.').waitFor();
      // Above the auto-approval threshold (100 units by default): pending, so it can be recalled.
      await withdraw.getByLabel('Amount (EUR)').fill('150');
      await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await withdraw
        .getByTestId('cashout-requested')
        .filter({ hasText: 'You can recall it while it is pending.' })
        .waitFor();
      await poll(() => balance(page).textContent()).toBe('€50.00');

      // The pending cashout on the dashboard: recall it, the money is back.
      await page.getByRole('dialog').getByRole('link', { name: 'Overview' }).click();
      const dashboard = page.getByRole('dialog', { name: 'Cashbox' });
      await dashboard.getByTestId('pending-cashout').getByRole('button', { name: 'Recall' }).click();
      await poll(() => dashboard.getByTestId('pending-cashout').count()).toBe(0);
      await poll(() => balance(page).textContent()).toBe('€200.00');
      await dashboard.getByRole('cell', { name: 'Recalled' }).waitFor();
      // A row's type reads as a word of its own, capitalised, in the rows as cards too.
      const types = () => dashboard.getByTestId('payment-row').locator('td:nth-child(2)').allInnerTexts();
      expect(await types()).toEqual(['Withdrawal', 'Deposit']);
      // The history fits its modal (rows as cards), on a desktop and on a phone.
      const fits = () => dashboard.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(await fits()).toBe(true);
      await page.setViewportSize({ width: 390, height: 844 });
      await poll(fits).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('shows a declined card on the return page', async () => {
    await withPage(env.browser, async (page) => {
      await newPlayerOnLobby(page, newEmail('cashbox-declined'));
      await openDeposit(page, { fillDetails: true });
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      await popup.getByRole('button', { name: /^Visa/ }).click();
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await payOnCardPage(page, '4000 0000 0000 0002', { threeDs: false });
      await poll(() => pathOf(page), 20_000).toBe('/cashbox/return');
      await page.getByText('Your deposit of €50.00 was declined.').waitFor({ timeout: 40_000 });
      await page.getByText('Reason: the card was declined').waitFor();
      await poll(() => balance(page).textContent()).toBe('€0.00');
    });
  });

  it('shows the cancelled-payment notice once for a deposit cancelled on the PSP page', async () => {
    await withPage(env.browser, async (page) => {
      await newPlayerOnLobby(page, newEmail('cashbox-cancel'));
      await openDeposit(page, { fillDetails: true });
      const popup = page.getByRole('dialog', { name: 'Deposit' });
      await popup.getByRole('button', { name: /^Visa/ }).click();
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await poll(() => pathOf(page), 20_000).toMatch(/^\/sandbox-psp\/pay\//);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => pathOf(page), 20_000).toBe('/cashbox/return');
      await page
        .getByTestId('payment-outcome')
        .getByText('Your deposit of €50.00 was cancelled.')
        .waitFor({ timeout: 40_000 });
      const toast = page.getByTestId('cancelled-payment');
      await toast.getByText('Your deposit of €50.00 was cancelled.').waitFor();
      // Remembered: not shown again on the next page.
      await page.goto(url('/'));
      await balance(page).waitFor();
      await page.waitForTimeout(1500);
      expect(await toast.count()).toBe(0);
    });
  });

  it('opens a BTC account, shows its deposit address (no personal details asked), and credits a simulated transaction once confirmed', async () => {
    await withPage(env.browser, async (page) => {
      await newPlayerOnLobby(page, newEmail('cashbox-crypto'));
      await poll(() => balance(page).textContent()).toBe('€0.00');
      await balance(page).click();
      await page.getByLabel('Open an account in another currency').selectOption('BTC');
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await poll(() => balance(page).textContent()).toBe('0 μBTC');
      await openDeposit(page, { fillDetails: false });
      const panel = page.getByTestId('crypto-address');
      await panel.locator('code').waitFor();
      expect(await panel.getByRole('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await panel.getByText('Minimum deposit: 100 μBTC.').waitFor();
      expect(await panel.getByRole('link', { name: /simulated transaction/ }).getAttribute('href')).toBe(
        '/sandbox-psp/crypto',
      );
      const address = (await panel.locator('code').textContent())!.trim();

      // "Send" 0.0015 BTC on the sandbox's page, in another tab, as a wallet would.
      const sandbox = await page.context().newPage();
      try {
        await sandbox.goto(url('/sandbox-psp/crypto'));
        await sandbox.getByLabel('Address').fill(address);
        await sandbox.getByLabel(/^Amount/).fill('0.0015');
        await sandbox.getByRole('button', { name: 'Broadcast transaction' }).click();
        await sandbox.locator('.ok').waitFor();
      } finally {
        await sandbox.close();
      }
      // Two confirmations (5 s a block) later the header shows it, without a reload.
      await poll(() => balance(page).textContent(), 30_000).toBe('1,500 μBTC');
    });
  });
});
