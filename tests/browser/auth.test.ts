/**
 * Sign-up, confirmation, sign-in (with two-factor), sign-out, password reset, the login guard,
 * the /login and /registration pages, remembered form values, the terms popup and promo-code
 * links in real chromium against the real server (production build, the demo casino so the
 * development mailbox `GET /api/dev/mailbox` is mounted; a low captcha difficulty, solved for
 * real by the page).
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeForStep, stepAt } from '../../apps/server/src/modules/identity/totp';
import { watchPage } from './support/browser';
import {
  captchaToken,
  dialog,
  fillSignIn,
  fillSignUp,
  formReady,
  newEmail,
  PASSWORD,
  pathOf,
  poll,
  serverAndBrowser,
  signedInAs,
  signOut,
  withPage,
  mailedLink,
} from './support/journeys';

const env = serverAndBrowser();

async function registerByApi(email: string, password = PASSWORD): Promise<void> {
  const response = await fetch(`${env.server.baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({
      user: {
        email,
        password,
        password_confirmation: password,
        currency: 'EUR',
        country: 'DE',
        terms_acceptance: true,
        captcha: await captchaToken(env.server.baseUrl),
      },
    }),
  });
  expect(response.status).toBe(201);
}

describe('registration and sign-in', () => {
  it('signs up over the lobby, confirms the address from the mail, signs out and in again', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const email = newEmail('player');
      await page.goto(`${env.server.baseUrl}/`);
      await page.locator('.header__enter').getByRole('link', { name: 'Sign up' }).click();
      await poll(() => page.url(), 10_000).toBe(`${env.server.baseUrl}/sign-up`);
      await dialog(page).getByRole('heading', { name: 'Create your account' }).waitFor();
      // The lobby stays under the popup.
      expect(await page.locator('.game-tile').count()).toBeGreaterThan(10);
      // The currency follows the country (shared rule), until the player picks one.
      await dialog(page).getByLabel('Country').selectOption('DE');
      expect(await dialog(page).getByLabel('Currency').inputValue()).toBe('EUR');

      await fillSignUp(page, email);
      await signedInAs(page, email);
      await poll(() => dialog(page).count(), 10_000).toBe(0);
      expect(page.url()).toBe(`${env.server.baseUrl}/`);
      // A welcome says the account is ready and the confirmation link is in the mail (never the address itself).
      await page.getByTestId('welcome-toast').filter({ hasText: 'Check your email for the link' }).waitFor();

      // Not confirmed yet.
      await page.goto(`${env.server.baseUrl}/profile`);
      await page.getByTestId('profile-confirmed').filter({ hasText: 'Email not confirmed' }).waitFor();

      const link = await mailedLink(env.server.baseUrl, email, '/confirmation?confirmation_token=');
      await page.goto(`${env.server.baseUrl}${link}`);
      await dialog(page).getByText('Your email address is confirmed').waitFor();

      await page.goto(`${env.server.baseUrl}/profile`);
      await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();
      await page.getByTestId('profile-confirmed').filter({ hasText: 'Email confirmed' }).waitFor();

      // Sign out from the header's menu: back to the guest header (and off the profile page).
      await signOut(page);
      const player = await page.evaluate(async () => (await fetch('/api/player')).status);
      expect(player).toBe(401);

      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).click();
      await fillSignIn(page, email, PASSWORD);
      await signedInAs(page, email);
      await page.getByTestId('welcome-toast').filter({ hasText: 'Welcome back' }).waitFor();
      // The session survives a reload (the header asks for the player in the browser); the welcome is not said twice.
      await page.reload();
      await signedInAs(page, email);
      await page.waitForTimeout(500);
      expect(await page.getByTestId('welcome-toast').count()).toBe(0);
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('signs out while a profile request is still on its way: its late 401 opens no sign-in popup', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('late');
      await registerByApi(email);
      await page.goto(`${env.server.baseUrl}/sign-in`);
      await fillSignIn(page, email, PASSWORD);
      await signedInAs(page, email);
      // On a busy machine the profile's requests can still be on their way when the player signs
      // out; held here until the sign-out has answered, the server answers them 401.
      let release!: () => void;
      const signedOut = new Promise<void>((resolve) => (release = resolve));
      let held = 0;
      await page.route('**/api/user_limits', async (route) => {
        held++;
        await signedOut;
        await route.continue().catch(() => undefined);
      });
      await page.goto(`${env.server.baseUrl}/profile`);
      await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();
      await poll(() => held, 10_000).toBeGreaterThan(0);
      const late = page.waitForResponse((r) => r.url().endsWith('/api/user_limits') && r.status() === 401);
      await signOut(page);
      release();
      await late;
      await poll(() => pathOf(page), 10_000).toBe('/');
      await page.locator('.game-tile').first().waitFor();
      // The auth-error event would open the sign-in popup a moment after the 401.
      await page.waitForTimeout(500);
      expect(await dialog(page).count()).toBe(0);
      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).click({ timeout: 5_000 });
      await dialog(page).getByRole('heading', { name: 'Sign in' }).waitFor();
    });
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('player');
      await registerByApi(email);
      // A hash link opens the popup over the page.
      await page.goto(`${env.server.baseUrl}/pokies/all#remind`);
      await dialog(page).getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      expect(pathOf(page)).toBe('/remind');
      await formReady(page);
      await dialog(page).getByLabel('Email', { exact: true }).fill(email);
      await dialog(page).getByRole('button', { name: 'Send link' }).click();
      await dialog(page).getByText('we have sent it a link').waitFor();
      // Closing returns to the page the popup was opened over.
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await poll(() => pathOf(page), 10_000).toBe('/pokies/all');

      const link = await mailedLink(env.server.baseUrl, email, '/users/password/edit?reset_password_token=');
      await page.goto(`${env.server.baseUrl}${link}`);
      await poll(() => pathOf(page), 10_000).toBe('/new-password');
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
      expect(pathOf(page)).toBe('/sign-in');

      await fillSignIn(page, email, PASSWORD);
      await dialog(page).getByText('The email or password is incorrect.').waitFor();
      await fillSignIn(page, email, newPassword);
      await signedInAs(page, email);
    });
  });

  it('sends a guest from /profile to registration and back to /profile afterwards', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('player');
      await page.goto(`${env.server.baseUrl}/profile`);
      await poll(() => pathOf(page) + new URL(page.url()).search, 10_000).toBe('/sign-up?redirect=%2Fprofile');
      await dialog(page).getByRole('heading', { name: 'Create your account' }).waitFor();
      await fillSignUp(page, email);
      await poll(() => pathOf(page), 10_000).toBe('/profile');
      await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();
      // A signed-in player is sent from guest-only popups to the lobby.
      await page.goto(`${env.server.baseUrl}/sign-in`);
      await poll(() => pathOf(page), 10_000).toBe('/');
    });
  });

  it('shows the translated invalid-credentials message, tied to the field, and client-side rule codes', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('player');
      await registerByApi(email);
      await page.goto(`${env.server.baseUrl}/sign-in`);
      await fillSignIn(page, email, 'Wrong-Password-1');
      const message = dialog(page).getByText('The email or password is incorrect.');
      await message.waitFor();
      const field = dialog(page).getByLabel('Email', { exact: true });
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await field.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));

      // German, and the sign-up form's own checks (same codes as the server).
      await page.goto(`${env.server.baseUrl}/de/sign-in`);
      await formReady(page);
      await dialog(page).getByLabel('E-Mail').fill(email);
      await dialog(page).getByLabel('Passwort', { exact: true }).fill('Wrong-Password-2');
      await dialog(page).getByRole('button', { name: 'Anmelden' }).click();
      await dialog(page).getByText('E-Mail oder Passwort ist falsch.').waitFor();

      await page.goto(`${env.server.baseUrl}/sign-up`);
      await formReady(page);
      await dialog(page).getByLabel('Email', { exact: true }).fill('not-an-address');
      await dialog(page).getByLabel('Password', { exact: true }).fill('password');
      await dialog(page).getByRole('button', { name: 'Sign up' }).click();
      await dialog(page).getByText('Please enter a valid email address.').waitFor();
      await dialog(page).getByText('This password is too common').waitFor();
      await dialog(page).getByText('Please accept to continue.').waitFor();
      // What is accepted can be read first, in a new tab.
      const terms = dialog(page).getByRole('link', { name: 'Terms and conditions' });
      expect(await terms.getAttribute('href')).toBe('/terms-and-conditions');
      expect(await terms.getAttribute('target')).toBe('_blank');
      // A taken address comes back from the server as a field error.
      await dialog(page).getByLabel('Email', { exact: true }).fill(email);
      await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog(page).getByLabel('Repeat password').fill(PASSWORD);
      await dialog(page)
        .getByLabel(/accept the terms/)
        .check();
      await dialog(page).getByRole('button', { name: 'Sign up' }).click();
      await dialog(page).getByText('This email address is already registered.').waitFor();
    });
  });

  it('returns to the guest state and opens sign-in on an auth error (a 401 from the API)', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('player');
      await registerByApi(email);
      await page.goto(`${env.server.baseUrl}/pokies/all#sign-in`);
      await poll(() => pathOf(page), 10_000).toBe('/sign-in');
      await fillSignIn(page, email, PASSWORD);
      await signedInAs(page, email);
      await poll(() => pathOf(page), 10_000).toBe('/pokies/all');
      // The API client fires this on any 401 (the session ended elsewhere).
      await page.evaluate(() => window.dispatchEvent(new CustomEvent('orbit:auth-error')));
      await dialog(page).getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).waitFor();
      expect(pathOf(page)).toBe('/sign-in');
      // Closing goes back to the page the player was on. The popup's Escape handler comes with its
      // lazily loaded code, which a busy machine may not have run when the heading shows: pressed
      // again until it has.
      await poll(async () => {
        if (pathOf(page) === '/sign-in') await page.keyboard.press('Escape');
        return pathOf(page);
      }, 10_000).toBe('/pokies/all');
    });
  });
});

/** The form of the /login or /registration page, once the page is interactive. */
async function pageForm(page: Page) {
  const form = page.locator('.auth-page form');
  await form.locator('button[type="submit"]:not([disabled])').waitFor();
  return form;
}

const promoCodesIn = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(Object.entries(sessionStorage).filter(([key]) => key.startsWith('orbit_promo_'))),
  );

describe('the /registration and /login pages', () => {
  it('registers on /registration, follows the redirect, and signs in on /login with the remembered address', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const email = newEmail('player');
      await page.goto(`${env.server.baseUrl}/registration?redirect=%2Fpokies%2Fall`);
      await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
      // A page, not a popup over the lobby.
      expect(await dialog(page).count()).toBe(0);
      let form = await pageForm(page);
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Repeat password').fill(PASSWORD);
      await form.getByLabel('Country').selectOption('DE');
      await form.getByLabel(/accept the terms/).check();
      await form.getByRole('button', { name: 'Sign up' }).click();
      await signedInAs(page, email);
      await poll(() => pathOf(page), 10_000).toBe('/pokies/all');

      await signOut(page);
      await page.goto(`${env.server.baseUrl}/login`);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      form = await pageForm(page);
      // The address typed at registration is offered again; the password never is.
      await poll(() => form.getByLabel('Email', { exact: true }).inputValue(), 10_000).toBe(email);
      expect(await form.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(stored).not.toContain(PASSWORD);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await signedInAs(page, email);
      await poll(() => pathOf(page), 10_000).toBe('/');

      // Guests only: a signed-in player is sent to the lobby.
      // (after the page has asked for the player: allow for a full load)
      await page.goto(`${env.server.baseUrl}/de/registration`);
      await poll(() => pathOf(page), 10_000).toBe('/de');
      await page.goto(`${env.server.baseUrl}/login`);
      await poll(() => pathOf(page), 10_000).toBe('/');
      expect(watch.pageErrors).toEqual([]);
    });
  });

  it('forgets a remembered address when the player asks', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('player');
      await page.goto(`${env.server.baseUrl}/login`);
      let form = await pageForm(page);
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill('Wrong-Password-3');
      await form.getByRole('button', { name: 'Sign in' }).click();
      await form.getByText('The email or password is incorrect.').waitFor();
      await page.reload();
      form = await pageForm(page);
      await poll(() => form.getByLabel('Email', { exact: true }).inputValue(), 10_000).toBe(email);
      await form.getByRole('button', { name: 'Forget this email address' }).click();
      expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe('');
      await page.reload();
      form = await pageForm(page);
      expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe('');
      expect(await form.getByRole('button', { name: 'Forget this email address' }).count()).toBe(0);
    });
  });
});

describe('two-factor sign-in', () => {
  it('asks for the authenticator code, refuses a wrong one, and signs in with the right one', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('player');
      await registerByApi(email);
      await page.goto(`${env.server.baseUrl}/sign-in`);
      await fillSignIn(page, email, PASSWORD);
      await signedInAs(page, email);
      // Two-factor on through the API with this session (the profile's screens are tested elsewhere).
      const secret = await page.evaluate(
        async () => ((await (await fetch('/api/v2/player/two_factor')).json()) as { otp_secret: string }).otp_secret,
      );
      const enabled = await page.evaluate(
        async ([otp_secret, authentication_code]) =>
          (
            await fetch('/api/v2/player/two_factor', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
              body: JSON.stringify({ two_factor: { otp_secret, authentication_code } }),
            })
          ).status,
        [secret, codeForStep(secret, stepAt(new Date()) - 1)] as const,
      );
      expect(enabled).toBe(200);
      await signOut(page);

      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).click();
      await fillSignIn(page, email, PASSWORD);
      const code = dialog(page).getByLabel('Code from your authenticator app');
      await code.waitFor();
      expect(await code.getAttribute('name')).toBe('otp_attempt');
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await code.getAttribute('inputmode')).toBe('numeric');
      const now = stepAt(new Date());
      const valid = new Set([now - 1, now, now + 1, now + 2].map((step) => codeForStep(secret, step)));
      const wrong = ['000000', '111111', '222222'].find((c) => !valid.has(c))!;
      await code.fill(wrong);
      await dialog(page).getByRole('button', { name: 'Sign in' }).click();
      await dialog(page).getByText('This code is not correct.').waitFor();
      expect(await page.locator('.header__enter').count()).toBe(1);

      await code.fill(codeForStep(secret, stepAt(new Date())));
      await dialog(page).locator('button[type="submit"]').click();
      await signedInAs(page, email);
      await poll(() => dialog(page).count(), 10_000).toBe(0);
    });
  });
});

describe('terms acceptance', () => {
  it('asks a player with out-of-date terms to accept them; accepted, it does not ask again; declined, it signs out', async () => {
    await withPage(env.browser, async (page) => {
      const email = newEmail('player');
      await registerByApi(email);
      await page.goto(`${env.server.baseUrl}/login`);
      const form = await pageForm(page);
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await signedInAs(page, email);
      expect(await dialog(page).count()).toBe(0);

      // The terms changed after this player accepted them (as with a later TERMS_UPDATED_AT).
      await env.server.database.db.execute(sql`update users set terms_accepted_at = null where email = ${email}`);
      await page.goto(`${env.server.baseUrl}/pokies/all`);
      const terms = page.getByRole('dialog', { name: 'Our terms and conditions have changed' });
      await terms.waitFor();
      // No way round it but a choice.
      expect(await terms.getByRole('button', { name: 'Close' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      expect(await terms.count()).toBe(1);
      expect(await terms.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
        '/terms-and-conditions',
      );
      await terms.getByRole('button', { name: 'I accept the terms and conditions' }).click();
      await poll(() => terms.count(), 10_000).toBe(0);
      const missed = await page.evaluate(
        async () =>
          ((await (await fetch('/api/player')).json()) as { auth_fields_missed: string[] }).auth_fields_missed,
      );
      expect(missed).toEqual([]);
      await page.reload();
      await signedInAs(page, email);
      await page.waitForLoadState('networkidle');
      expect(await dialog(page).count()).toBe(0);

      await env.server.database.db.execute(sql`update users set terms_accepted_at = null where email = ${email}`);
      await page.reload();
      await terms.getByRole('button', { name: 'Decline and sign out' }).click();
      await page.locator('.header__enter').getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await terms.count()).toBe(0);
      expect(await page.evaluate(async () => (await fetch('/api/player')).status)).toBe(401);
    });
  });
});

describe('promo-code links', () => {
  it('keeps the codes out of the address, keeps them for a player who signs up, and drops them for a guest at the lobby', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(`${env.server.baseUrl}/pokies/all?depositPromocode=DEP-1&giftPromocode=GIFT-2`);
      await poll(() => page.url(), 10_000).toBe(`${env.server.baseUrl}/pokies/all`);
      // Replaced, not pushed (the new tab's blank page and this one): Back does not bring the codes back.
      expect(await page.evaluate(() => history.length)).toBe(2);
      expect(await promoCodesIn(page)).toEqual({
        orbit_promo_depositPromocode: 'DEP-1',
        orbit_promo_giftPromocode: 'GIFT-2',
      });

      // A guest reaching the lobby drops them.
      await page.locator('a[href="/"]').first().click();
      await poll(() => pathOf(page), 10_000).toBe('/');
      await poll(() => promoCodesIn(page), 10_000).toEqual({});

      // Signing up from a promo link: the player reaches the lobby with the code kept, where it is
      // taken on (docs/rules/gifts.md "Promo-code links"): no deposit offer has this one, so it is
      // dropped and the player stays at the lobby (a known code: tests/browser/gifts.test.ts).
      await page.goto(`${env.server.baseUrl}/registration?depositPromocode=DEP-3`);
      await poll(() => page.url(), 10_000).toBe(`${env.server.baseUrl}/registration`);
      const email = newEmail('player');
      const form = await pageForm(page);
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Repeat password').fill(PASSWORD);
      await form.getByLabel(/accept the terms/).check();
      await form.getByRole('button', { name: 'Sign up' }).click();
      await signedInAs(page, email);
      await poll(() => pathOf(page), 10_000).toBe('/');
      await poll(() => promoCodesIn(page), 10_000).toEqual({});
      expect(pathOf(page)).toBe('/');
    });
  });
});
