/**
 * An operator who runs without a captcha (`CAPTCHA=off`, docs/security.md): the page's forms send
 * their calls without a captcha field instead of stopping at "could not check that you are not a
 * robot". Sign-up, sign-out and sign-in through the popups, in real chromium.
 */
import { describe, expect, it } from 'vitest';
import { watchPage } from './support/browser';
import {
  PASSWORD,
  fillSignIn,
  newEmail,
  pathOf,
  poll,
  serverAndBrowser,
  signOut,
  signUpOverLobby,
  signedInAs,
  withPage,
} from './support/journeys';

const env = serverAndBrowser({ env: { CAPTCHA: 'off' } });

describe('forms without a captcha', () => {
  it('signs up and signs in when the operator runs without one', async () => {
    await withPage(env.browser, async (page) => {
      const watch = watchPage(page);
      const email = newEmail('no-captcha');
      await signUpOverLobby(page, env.server.baseUrl, email);
      await signOut(page);
      await page.goto(`${env.server.baseUrl}/sign-in`);
      await fillSignIn(page, email, PASSWORD);
      await signedInAs(page, email);
      await poll(() => pathOf(page)).not.toBe('/sign-in');
      expect(watch.pageErrors).toEqual([]);
    });
  });
});
