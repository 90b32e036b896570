/**
 * The back office in real chromium (docs/backoffice.md): the demo admin signs in with password
 * and authenticator code, creates a support operator and finds it in the audit log; the new
 * operator's first sign-in leads to the two-factor setup before anything else, and their menu
 * shows only what the role may do, on a phone too without the page growing sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../apps/server/src/modules/backoffice';
import { freshCode, signIn as signInAt } from './support/backoffice';
import { watchPage } from './support/browser';
import { poll, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();

const signIn = (page: Page, email: string, password: string, code: string) =>
  signInAt(page, env.server.baseUrl, email, password, code);

describe('the back office', () => {
  it('an admin signs in with a code, creates a support operator, who sets up two-factor and sees only their role', async () => {
    {
      const context = await env.browser.newContext({ viewport: { width: 1366, height: 800 } });
      const page = await context.newPage();
      const watch = watchPage(page);
      try {
        // A wrong code is refused on the sign-in page.
        await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, '000000');
        await page.getByText('otp: invalid').waitFor();
        await page.getByLabel('Authenticator code').fill(await freshCode(DEMO_ADMIN.otpSecret, env.server.baseUrl));
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: /Signed in as Demo Admin \(admin\)/ }).waitFor();
        expect(await page.getByTestId('permissions').textContent()).toContain('operators.manage');

        await page.getByRole('menuitem', { name: 'Operators' }).click();
        await page.getByRole('cell', { name: DEMO_ADMIN.email }).waitFor();
        await page.getByRole('link', { name: 'Create' }).click();
        // By role: the list's sortable headers ("Sort by email ascending") may still be on the page a moment.
        await page.getByRole('textbox', { name: 'Email' }).fill('sam@orbit.example');
        await page.getByRole('textbox', { name: 'Name' }).fill('Sam Support');
        await page.getByRole('combobox', { name: 'Role' }).click();
        await page.getByRole('option', { name: 'support' }).click();
        await page.getByLabel('First password').fill('Support-Pass-2026');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByRole('cell', { name: 'sam@orbit.example' }).waitFor();

        await page.getByRole('menuitem', { name: 'Audit log' }).click();
        await page.getByRole('cell', { name: 'operator.create' }).waitFor();
        expect(await page.getByRole('row').filter({ hasText: 'operator.create' }).textContent()).toContain(
          'sam@orbit.example',
        );

        await page.getByRole('button', { name: 'Profile' }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
        await page.getByRole('button', { name: 'Sign in' }).waitFor();

        // The new operator's first sign-in: no code yet, the setup page before anything else.
        await signIn(page, 'sam@orbit.example', 'Support-Pass-2026', '');
        await page.getByRole('heading', { name: 'Set up two-factor' }).waitFor();
        const secret = await page.getByLabel('Secret').inputValue();
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);
        await page.getByLabel('Code from the app').fill(await freshCode(secret, env.server.baseUrl));
        await page.getByRole('button', { name: 'Turn two-factor on' }).click();
        await page.getByRole('heading', { name: /Signed in as Sam Support \(support\)/ }).waitFor();
        await poll(() => page.getByTestId('permissions').textContent()).toContain('players.read');
        expect(await page.getByRole('menuitem', { name: 'Operators' }).count()).toBe(0);
        // The menu in sections: support's work is under "Players and money"; sections with nothing
        // support may open are not shown at all.
        const menu = page.getByRole('menu', { name: 'Back-office menu' });
        await menu.getByText('Players and money', { exact: true }).waitFor();
        for (const section of ['Reports', 'Promotions', 'Content', 'Catalogue', 'Settings'])
          expect(await menu.getByText(section, { exact: true }).count()).toBe(0);
        // Support finds the demo player.
        await page.getByRole('menuitem', { name: 'Players', exact: true }).click();
        await page.getByPlaceholder('Id, email, name, phone or IP').fill('demo@orbit');
        await page.getByRole('cell', { name: 'demo@orbit.example' }).waitFor();
        await poll(() => page.getByRole('row').count()).toBe(2);
        expect(await page.getByRole('menuitem', { name: 'Audit log' }).count()).toBe(0);
        // On a phone the players' table scrolls in its own box; the page itself stays phone-wide.
        await page.setViewportSize({ width: 390, height: 844 });
        // (The desktop's open menu becomes the phone's drawer over the page: the table is read under it.)
        await page.locator('td', { hasText: 'demo@orbit.example' }).waitFor();
        await poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        expect(watch.pageErrors).toEqual([]);
        expect(watch.foreignRequests).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
