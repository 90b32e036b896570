/**
 * Sign-up, confirmation, sign-in, sign-out, password reset and the login guard in real
 * chromium against the real server (production build, NODE_ENV=test so the development
 * mailbox `GET /api/dev/mailbox` is mounted).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `player-${Date.now()}-${counter}@example.com`;
}

const PASSWORD = 'Nebula-Orbit-42';

/** The path and query of the first link to `path` in the newest mail to `to` (links carry the server's public address). */
async function mailedLink(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`${path.replace(/[/?]/g, '\\$&')}[^\\s"'<>]+`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${server.baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    expect(response.status).toBe(200);
    const mails = (await response.json()) as Array<{ to: string; subject: string; text: string }>;
    for (const mail of mails) {
      const match = pattern.exec(mail.text);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a link to ${path}`);
}

async function registerByApi(email: string, password = PASSWORD): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({
      user: { email, password, password_confirmation: password, currency: 'EUR', country: 'DE', terms_acceptance: true },
    }),
  });
  expect(response.status).toBe(201);
}

const dialog = (page: Page) => page.getByRole('dialog');

/** The popup's form works once the page is interactive: its submit button is enabled then. */
async function formReady(page: Page) {
  await dialog(page).locator('button[type="submit"]:not([disabled])').waitFor();
}

async function fillSignUp(page: Page, email: string) {
  await formReady(page);
  const form = dialog(page);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Repeat password').fill(PASSWORD);
  await form.getByLabel(/accept the terms/).check();
  await form.getByRole('button', { name: 'Sign up' }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await formReady(page);
  const form = dialog(page);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

describe('registration and sign-in', () => {
  it('signs up over the lobby, confirms the address from the mail, signs out and in again', async () => {
    await withPage(async (page) => {
      const watch = watchPage(page);
      const email = newEmail();
      await page.goto(`${server.baseUrl}/`);
      await page.locator('.header__enter').getByRole('link', { name: 'Sign up' }).click();
      await expect.poll(() => page.url()).toBe(`${server.baseUrl}/sign-up`);
      await dialog(page).getByRole('heading', { name: 'Create your account' }).waitFor();
      // The lobby stays under the popup.
      expect(await page.locator('.game-tile').count()).toBeGreaterThan(10);
      // The currency follows the country (shared rule), until the player picks one.
      await dialog(page).getByLabel('Country').selectOption('DE');
      expect(await dialog(page).getByLabel('Currency').inputValue()).toBe('EUR');

      await fillSignUp(page, email);
      await page.locator('.header__player summary').filter({ hasText: email }).waitFor();
      await expect.poll(() => dialog(page).count()).toBe(0);
      expect(page.url()).toBe(`${server.baseUrl}/`);

      // Not confirmed yet.
      await page.goto(`${server.baseUrl}/profile`);
      await page.getByTestId('profile-confirmed').filter({ hasText: 'Email not confirmed' }).waitFor();

      const link = await mailedLink(email, '/confirmation?confirmation_token=');
      await page.goto(`${server.baseUrl}${link}`);
      await dialog(page).getByText('Your email address is confirmed').waitFor();

      await page.goto(`${server.baseUrl}/profile`);
      await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();
      await page.getByTestId('profile-confirmed').filter({ hasText: 'Email confirmed' }).waitFor();

      // Sign out from the header's menu: back to the guest header (and off the profile page).
      await page.locator('.header__player summary').click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).waitFor();
      const player = await page.evaluate(async () => (await fetch('/api/player')).status);
      expect(player).toBe(401);

      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).click();
      await signIn(page, email, PASSWORD);
      await page.locator('.header__player summary').filter({ hasText: email }).waitFor();
      // The session survives a reload (the header asks for the player in the browser).
      await page.reload();
      await page.locator('.header__player summary').filter({ hasText: email }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    await withPage(async (page) => {
      const email = newEmail();
      await registerByApi(email);
      // A hash link opens the popup over the page.
      await page.goto(`${server.baseUrl}/pokies/all#remind`);
      await dialog(page).getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/remind');
      await formReady(page);
      await dialog(page).getByLabel('Email', { exact: true }).fill(email);
      await dialog(page).getByRole('button', { name: 'Send link' }).click();
      await dialog(page).getByText('we have sent it a link').waitFor();
      // Closing returns to the page the popup was opened over.
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/pokies/all');

      const link = await mailedLink(email, '/users/password/edit?reset_password_token=');
      await page.goto(`${server.baseUrl}${link}`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/new-password');
      const newPassword = 'Comet-Trail-77';
      // The shared rules run before the call: a short password and a different repetition.
      await formReady(page);
      await dialog(page).getByLabel('New password').fill('short');
      await dialog(page).getByLabel('Repeat password').fill('other');
      await dialog(page).getByRole('button', { name: 'Save password' }).click();
      await dialog(page).getByText('This is too short.').waitFor();
      await dialog(page).getByLabel('New password').fill(newPassword);
      await dialog(page).getByLabel('Repeat password').fill(newPassword);
      await dialog(page).getByRole('button', { name: 'Save password' }).click();
      await dialog(page).getByText('Your password has been changed').waitFor();
      expect(new URL(page.url()).pathname).toBe('/sign-in');

      await signIn(page, email, PASSWORD);
      await dialog(page).getByText('The email or password is incorrect.').waitFor();
      await signIn(page, email, newPassword);
      await page.locator('.header__player summary').filter({ hasText: email }).waitFor();
    });
  });

  it('sends a guest from /profile to registration and back to /profile afterwards', async () => {
    await withPage(async (page) => {
      const email = newEmail();
      await page.goto(`${server.baseUrl}/profile`);
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/sign-up?redirect=%2Fprofile');
      await dialog(page).getByRole('heading', { name: 'Create your account' }).waitFor();
      await fillSignUp(page, email);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/profile');
      await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();
      // A signed-in player is sent from guest-only popups to the lobby.
      await page.goto(`${server.baseUrl}/sign-in`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    });
  });

  it('shows the translated invalid-credentials message, tied to the field, and client-side rule codes', async () => {
    await withPage(async (page) => {
      const email = newEmail();
      await registerByApi(email);
      await page.goto(`${server.baseUrl}/sign-in`);
      await signIn(page, email, 'Wrong-Password-1');
      const message = dialog(page).getByText('The email or password is incorrect.');
      await message.waitFor();
      const field = dialog(page).getByLabel('Email', { exact: true });
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await field.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));

      // German, and the sign-up form's own checks (same codes as the server).
      await page.goto(`${server.baseUrl}/de/sign-in`);
      await formReady(page);
      await dialog(page).getByLabel('E-Mail').fill(email);
      await dialog(page).getByLabel('Passwort', { exact: true }).fill('Wrong-Password-2');
      await dialog(page).getByRole('button', { name: 'Anmelden' }).click();
      await dialog(page).getByText('E-Mail oder Passwort ist falsch.').waitFor();

      await page.goto(`${server.baseUrl}/sign-up`);
      await formReady(page);
      await dialog(page).getByLabel('Email', { exact: true }).fill('not-an-address');
      await dialog(page).getByLabel('Password', { exact: true }).fill('password');
      await dialog(page).getByRole('button', { name: 'Sign up' }).click();
      await dialog(page).getByText('Please enter a valid email address.').waitFor();
      await dialog(page).getByText('This password is too common').waitFor();
      await dialog(page).getByText('Please accept to continue.').waitFor();
      // A taken address comes back from the server as a field error.
      await dialog(page).getByLabel('Email', { exact: true }).fill(email);
      await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog(page).getByLabel('Repeat password').fill(PASSWORD);
      await dialog(page).getByLabel(/accept the terms/).check();
      await dialog(page).getByRole('button', { name: 'Sign up' }).click();
      await dialog(page).getByText('This email address is already registered.').waitFor();
    });
  });

  it('returns to the guest state and opens sign-in on an auth error (a 401 from the API)', async () => {
    await withPage(async (page) => {
      const email = newEmail();
      await registerByApi(email);
      await page.goto(`${server.baseUrl}/pokies/all#sign-in`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');
      await signIn(page, email, PASSWORD);
      await page.locator('.header__player summary').filter({ hasText: email }).waitFor();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/pokies/all');
      // The API client fires this on any 401 (the session ended elsewhere).
      await page.evaluate(() => window.dispatchEvent(new CustomEvent('orbit:auth-error')));
      await dialog(page).getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/sign-in');
      // Closing goes back to the page the player was on.
      await page.keyboard.press('Escape');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/pokies/all');
    });
  });
});
