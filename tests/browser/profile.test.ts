/**
 * The profile in real chromium against the real server: tabs, details (with the state filled
 * from an Australian postcode), the personal-info popup, password change, two-factor on and
 * off through the sign-in popup (with its recovery codes: saved, signed in with, renewed),
 * "sign out everywhere else", document upload. Players register
 * and sign in through the real forms (which solve the server's captcha).
 */
import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  dialog,
  fillSignIn,
  fillSignUp,
  newContext,
  newEmail,
  PASSWORD,
  pathOf,
  poll,
  serverAndBrowser,
  signedInAs,
  signOut,
  withPage,
} from './support/journeys';

const env = serverAndBrowser();

const url = (path: string) => `${env.server.baseUrl}${path}`;

/** A guest opens the profile, is sent to sign-up, registers and lands on the profile. */
async function registerThroughProfile(page: Page, email: string, path = '/profile') {
  await page.goto(url(path));
  await poll(() => pathOf(page)).toBe('/sign-up');
  await fillSignUp(page, email);
  await poll(() => pathOf(page)).toBe(path);
  await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
}

/** Sign-in popup: email and password (and a TOTP code when asked for one). */
async function signIn(page: Page, email: string, password: string) {
  await page.goto(url('/sign-in'));
  await fillSignIn(page, email, password);
}

/**
 * The recovery codes the security tab shows after two-factor is turned on or new codes are made:
 * 10 of them; copied to the clipboard and downloaded as text, each with every code; "Done" only
 * once "I have saved my recovery codes" is ticked. Answers the codes.
 */
async function savedRecoveryCodes(page: Page): Promise<string[]> {
  const panel = page.getByTestId('recovery-codes');
  await panel.waitFor();
  const codes = (await panel.locator('li code').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  for (const c of codes) expect(c).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
  const done = panel.getByRole('button', { name: 'Done' });
  expect(await done.isDisabled()).toBe(true);

  await panel.getByRole('button', { name: 'Copy codes' }).click();
  await panel.getByRole('button', { name: 'Codes copied' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download as .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('orbit-recovery-codes.txt');
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text).toContain('Orbit recovery codes');
  for (const c of codes) expect(text).toContain(c);

  await panel.getByLabel('I have saved my recovery codes').check();
  await done.click();
  await poll(() => panel.count()).toBe(0);
  return codes;
}

/** The TOTP code of `secret` for the 30-second step `offset` steps from now. */
function totp(secret: string, offset = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });
}

const field = (page: Page, label: string) =>
  page.locator('form[data-context="edition"]').getByLabel(label, { exact: true });

describe('profile', () => {
  it('edits the details (an Australian postcode fills the state), completes them in the personal-info popup, keeps them after a reload', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const email = newEmail('profile');
      await registerThroughProfile(page, email);
      await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();

      // Tabs are links; the current one says so.
      const tabs = page.getByRole('navigation', { name: 'Profile sections' });
      expect(await tabs.getByRole('link', { name: 'My details' }).getAttribute('aria-current')).toBe('page');
      expect(await tabs.getByRole('link', { name: 'Security' }).getAttribute('aria-current')).toBeNull();

      // A new player misses the details a deposit needs: the popup asks for them, all required.
      await page.getByRole('button', { name: 'Complete your details' }).click();
      const popup = page.getByRole('dialog', { name: 'Personal info' });
      await popup.waitFor();
      await popup.getByRole('button', { name: 'Save and continue' }).click();
      expect(await popup.getByText('Please fill in this field.').count()).toBeGreaterThanOrEqual(7);
      await popup.getByLabel('First name').fill('Ada');
      await popup.getByLabel('Last name').fill('Lovelace');
      await popup.getByLabel('Date of birth (DD/MM/YYYY)').fill('05/12/1990');
      await popup.getByLabel('Mobile phone').fill('+61 2 9999 0000');
      await popup.getByLabel('Country').selectOption('AU');
      await popup.getByLabel('City').fill('Sydney');
      await popup.getByLabel('Address').fill('1 George St');
      await popup.getByLabel('Postal code').fill('20000');
      await popup.getByRole('button', { name: 'Save and continue' }).click();
      // The shared rule (postal code by country) answers before any call.
      await popup.getByText('This postal code does not match your country.').waitFor();
      await popup.getByLabel('Postal code').fill('2000');
      await popup.getByRole('button', { name: 'Save and continue' }).click();
      await poll(() => popup.count()).toBe(0);
      await poll(() => page.getByRole('button', { name: 'Complete your details' }).count()).toBe(0);

      // The edit form starts from the saved details; a new postcode fills the empty state.
      expect(await field(page, 'First name').inputValue()).toBe('Ada');
      expect(await field(page, 'State / province').inputValue()).toBe('');
      await field(page, 'Postal code').fill('3000');
      await poll(() => field(page, 'State / province').inputValue()).toBe('VIC');
      await field(page, 'Date of birth (DD/MM/YYYY)').fill('01/01/2020');
      await page.getByRole('button', { name: 'Save details' }).click();
      await page.getByText('You are too young to play.').waitFor();
      await field(page, 'Date of birth (DD/MM/YYYY)').fill('06/12/1990');
      await field(page, 'City').fill('Melbourne');
      await page.getByRole('button', { name: 'Save details' }).click();
      await page.getByText('Your details have been saved.').waitFor();

      await page.reload();
      await field(page, 'City').waitFor();
      expect(await field(page, 'City').inputValue()).toBe('Melbourne');
      expect(await field(page, 'Postal code').inputValue()).toBe('3000');
      expect(await field(page, 'State / province').inputValue()).toBe('VIC');
      expect(await field(page, 'Date of birth (DD/MM/YYYY)').inputValue()).toBe('06/12/1990');
      expect(await field(page, 'Country').inputValue()).toBe('AU');

      // Subscriptions: subscribed shows a message, not a subscribe button.
      const promos = page.getByTestId('subscription-receive_promos');
      await promos.getByRole('button', { name: 'Subscribe', exact: true }).click();
      await promos.getByText('You are subscribed to promotions by email.').waitFor();
      expect(await promos.getByRole('button', { name: 'Subscribe', exact: true }).count()).toBe(0);

      // Keyboard: Tab to the security tab and follow it with Enter.
      await tabs.getByRole('link', { name: 'Security' }).focus();
      await page.keyboard.press('Enter');
      await poll(() => pathOf(page)).toBe('/profile/security');
      expect(await tabs.getByRole('link', { name: 'Security' }).getAttribute('aria-current')).toBe('page');
      // /users is the profile's older address.
      await page.goto(url('/users'));
      await poll(() => pathOf(page)).toBe('/profile');
      await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('changes the password: the old one is refused afterwards, the new one signs in', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('profile');
      await registerThroughProfile(page, email, '/profile/security');
      const form = page.locator('form').filter({ has: page.getByLabel('Current password') });
      await form.getByLabel('Current password').fill('Not-The-Password-1');
      await form.getByLabel('New password').fill('Comet-Trail-77');
      await form.getByLabel('Repeat password').fill('Comet-Trail-77');
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText('The current password is not correct.').waitFor();
      await form.getByLabel('Current password').fill(PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText('Your password has been changed.').waitFor();
      // This session stays.
      await page.reload();
      await signedInAs(page, email);

      await signOut(page);
      await signIn(page, email, PASSWORD);
      await dialog(page).getByText('The email or password is incorrect.').waitFor();
      await dialog(page).getByLabel('Password', { exact: true }).fill('Comet-Trail-77');
      await dialog(page).getByRole('button', { name: 'Sign in' }).click();
      await signedInAs(page, email);
    });
  });

  it('turns two-factor on (QR and key), saves the recovery codes, asks for a code at sign-in, signs in with a recovery code, renews them, and turns it off again', async () => {
    await withPage(env.browser, async (page, context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.baseUrl });
      const email = newEmail('profile');
      await registerThroughProfile(page, email, '/profile/security');
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      const setup = page.getByTestId('two-factor-enable');
      await setup.waitFor();
      expect(await setup.getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('src')).toMatch(
        /^data:image\/png;base64,/,
      );
      const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const code = setup.locator('input[name="authentication_code"]');
      await code.fill('000000' === totp(secret, -1) ? '111111' : '000000');
      await setup.getByRole('button', { name: 'Turn on' }).click();
      await setup.getByText('This code is not correct.').waitFor();
      // Each code is taken once and only later ones after it: the previous step's here, this
      // step's at sign-in, the next step's to turn it off (the server accepts ±1 step).
      await code.fill(totp(secret, -1));
      await setup.getByRole('button', { name: 'Turn on' }).click();
      await page.getByText('Two-factor authentication is on. You will be asked').waitFor();

      // The recovery codes, shown this once: copied, downloaded, and closed only once saved.
      const codes = await savedRecoveryCodes(page);
      await page.getByTestId('two-factor-disable').waitFor();
      await page.getByText('You have 10 recovery codes left.').waitFor();

      await signOut(page);
      await signIn(page, email, PASSWORD);
      const otp = dialog(page).locator('input[name="otp_attempt"]');
      await otp.waitFor();
      await otp.fill(totp(secret));
      await dialog(page).locator('button[type="submit"]').click();
      await signedInAs(page, email);

      // Phone lost: a recovery code (typed in lower case, without its dash) instead.
      await signOut(page);
      await signIn(page, email, PASSWORD);
      await dialog(page).getByRole('button', { name: 'Use a recovery code' }).click();
      const recovery = dialog(page).getByLabel('Recovery code', { exact: true });
      await recovery.waitFor();
      expect(await recovery.getAttribute('name')).toBe('otp_attempt');
      expect(await recovery.getAttribute('inputmode')).toBe('text');
      await recovery.fill(codes[0]!.toLowerCase().replace('-', ''));
      await dialog(page).locator('button[type="submit"]').click();
      await signedInAs(page, email);

      await page.goto(url('/profile/security'));
      await page.getByText('You have 9 recovery codes left.').waitFor();
      // New codes for a recovery code (the current TOTP step is used up by the sign-in).
      await page.getByRole('button', { name: 'New recovery codes' }).click();
      const renew = page.getByTestId('recovery-codes-renew');
      await renew.locator('input[name="authentication_code"]').fill(codes[1]!);
      await renew.getByRole('button', { name: 'Create new recovery codes' }).click();
      const renewed = await savedRecoveryCodes(page);
      expect(renewed.some((c) => codes.includes(c))).toBe(false);
      await page.getByText('You have 10 recovery codes left.').waitFor();

      const disable = page.getByTestId('two-factor-disable');
      await disable.locator('input[name="authentication_code"]').fill(totp(secret, 1));
      await disable.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
      await page.getByText('Two-factor authentication is off.').waitFor();
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
      const enabled = await page.evaluate(
        async () => ((await (await fetch('/api/player')).json()) as { two_factor_enabled: boolean }).two_factor_enabled,
      );
      expect(enabled).toBe(false);
    });
  });

  it('lists the sessions and signs out everywhere else', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('profile');
      await registerThroughProfile(page, email, '/profile/security');
      const other = await newContext(env.browser);
      try {
        const otherPage = await other.newPage();
        await signIn(otherPage, email, PASSWORD);
        await signedInAs(otherPage, email);

        await page.reload();
        const sessions = page.getByTestId('profile-sessions').locator('li');
        await poll(() => sessions.count()).toBe(2);
        const current = sessions.filter({ hasText: 'This device' });
        expect(await current.count()).toBe(1);
        expect(await current.textContent()).toContain('Chrome on Linux');
        expect(await current.textContent()).toContain('127.0.0.1');

        await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
        await page.getByText('You have been signed out on every other device.').waitFor();
        await poll(() => sessions.count()).toBe(1);
        expect(await otherPage.evaluate(async () => (await fetch('/api/player')).status)).toBe(401);
        expect(await page.evaluate(async () => (await fetch('/api/player')).status)).toBe(200);
      } finally {
        await other.close();
      }
    });
  });

  it('uploads a document on the verification tab and lists it as pending', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('profile');
      await registerThroughProfile(page, email, '/profile/verification');
      await page.getByText('You have not uploaded any documents yet.').waitFor();
      const form = page.locator('form').filter({ has: page.getByLabel('Document type') });
      await form.getByLabel('Document type').selectOption('address');
      // Over 10 MB: refused in the page, nothing sent.
      await form
        .getByLabel('File')
        .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
      await form.getByRole('button', { name: 'Upload' }).click();
      await form.getByText('This file is too large (at most 10 MB).').waitFor();

      // A 1×1 PNG.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      await form.getByLabel('File').setInputFiles({ name: 'utility-bill.png', mimeType: 'image/png', buffer: png });
      await form.getByRole('button', { name: 'Upload' }).click();
      await page.getByText('Your document has been uploaded and is waiting for review.').waitFor();
      const listed = page.getByTestId('profile-documents').locator('li');
      await poll(() => listed.count()).toBe(1);
      const text = await listed.first().textContent();
      expect(text).toContain('Proof of address');
      expect(text).toContain('utility-bill.png');
      expect(text).toContain('Pending review');
    });
  });
});
