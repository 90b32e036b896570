/**
 * Routes and rules of the shell (docs/rules/routes-and-guards.md "Named and older addresses",
 * "Promotion pages switched off"; docs/rules/page-shell.md "Timed rules"): the aliases, the
 * deep-link scroll, the email-verify popup with the modal's close delay, the local time, the
 * survey and the iOS in-app escape popup.
 */
import { and, eq } from 'drizzle-orm';
import { telemetryEvents } from '../../apps/server/src/modules/telemetry/schema';
import { describe, expect, it } from 'vitest';
import { dialog, newEmail, pathOf, poll, registerOnLobby, serverAndBrowser, signOut } from './support/journeys';

const env = serverAndBrowser();

const setConfig = (name: string, value: unknown) => env.server.setFeConfig(name, value);

const DESKTOP_BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IOS_INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 320.0.2';

describe('routes and rules', () => {
  it('leads the named addresses to their pages, scrolls to a deep link, asks the survey and shows the local time', async () => {
    const base = env.server.baseUrl;
    const ee = `http://ee.localhost:${env.server.port}`;
    await setConfig('manage-promotion-pages', {
      pages: { promotions: true, tournaments: true, lotteries: true, 'rocket-mart': false, 'rocket-chance': false },
    });
    await setConfig('survey-config', { survey_id: 'orbit-nps', survey_collector_id: 'web', is_enable_widget: true });
    // A browser's own agent: the casino keeps no reports of a headless one (a crawler to it).
    const context = await env.browser.newContext({
      viewport: { width: 1366, height: 900 },
      userAgent: DESKTOP_BROWSER,
    });
    // The browser session began six minutes ago: the survey is due as soon as the page runs.
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('orbit_survey_started'))
        sessionStorage.setItem('orbit_survey_started', String(Date.now() - 6 * 60_000));
    });
    const page = await context.newPage();
    try {
      // Aliases, in English and German.
      await page.goto(`${base}/santa-vegas`);
      expect(pathOf(page)).toBe('/promotions');
      await page.goto(`${base}/de/santa-vegas`);
      expect(pathOf(page)).toBe('/de/promotions');
      await page.goto(`${base}/accounts/history`);
      expect(pathOf(page)).toBe('/');
      await page.goto(`${base}/slots/all`);
      expect(pathOf(page)).toBe('/pokies/all');
      await page.goto(`${base}/de/leaderboard`);
      expect(pathOf(page)).toBe('/de/tournaments');
      const categories = (await page.evaluate(async () => (await fetch('/api/games/categories')).json())) as Array<{
        id: number;
        identifier: string;
        kind: string;
      }>;
      const pokies = categories.find((c) => c.kind === 'pokies')!;
      await page.goto(`${base}/games/${pokies.id}`);
      expect(pathOf(page)).toBe(`/pokies/${pokies.identifier}`);
      expect((await page.goto(`${base}/games/987654`))?.status()).toBe(404);
      // A promotion page switched off: not linked, and its address is the lobby.
      await page.goto(`${base}/rocket-mart`);
      expect(pathOf(page)).toBe('/');
      expect(await page.locator('a[href="/rocket-mart"]').count()).toBe(0);

      // A player on the EE licence: the local time beside the session timer.
      const email = newEmail('route-rules');
      await registerOnLobby(page, ee, email);
      const clock = page.getByTestId('local-time');
      await clock.waitFor();
      expect(await clock.textContent()).toMatch(/\d{1,2}[:.]\d{2}/);

      // The survey: due at once (the session began six minutes ago), answered into the casino's own log.
      const survey = dialog(page).filter({ has: page.getByTestId('survey') });
      await survey.waitFor({ timeout: 15_000 });
      await survey.getByLabel('4').check();
      await survey.getByRole('textbox').fill('Smooth lobby');
      const sent = page.waitForResponse((r) => r.url().endsWith('/log') && r.request().method() === 'PUT');
      await page.getByTestId('survey-send').click();
      await page.getByTestId('survey-thanks').waitFor();
      expect((await sent).status()).toBe(204);
      await poll(async () => {
        const rows = await env.server.database.db
          .select()
          .from(telemetryEvents)
          .where(and(eq(telemetryEvents.kind, 'log'), eq(telemetryEvents.name, 'info')));
        return rows
          .map((r) => r.payload as { message?: string; context?: { rating?: number; survey_id?: string } })
          .filter((p) => p.message === 'survey_answer')
          .map((p) => `${p.context?.survey_id}:${p.context?.rating}`);
      }).toEqual(['orbit-nps:4']);
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await dialog(page).waitFor({ state: 'detached' });

      // The adventure path: the VIP club scrolled to the adventure once its calendar is drawn.
      await page.goto(`${ee}/adventures`);
      expect(pathOf(page)).toBe('/vip-club');
      expect(new URL(page.url()).hash).toBe('#adventure');
      await poll(() =>
        page.evaluate(() => {
          const box = document.getElementById('adventure')?.getBoundingClientRect();
          return Boolean(box && window.scrollY > 0 && box.top < window.innerHeight && box.bottom > 0);
        }),
      ).toBe(true);

      // The email-verify popup: where the link went, sent again; closing fades it out first.
      await page.goto(`${ee}/email-verify`);
      const verify = page.getByTestId('email-verify');
      await verify.waitFor();
      expect(await page.getByTestId('email-verify-text').textContent()).toContain(email);
      await page.getByTestId('email-verify-resend').click();
      await verify.getByText('We have sent you a new confirmation email.').waitFor();
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      expect(await page.locator('.modal--closing').count()).toBe(1);
      await dialog(page).waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe('/');
      // Answered: not asked again.
      await page.reload();
      await page.getByTestId('local-time').waitFor();
      await page.waitForTimeout(1_000);
      expect(await page.getByTestId('survey').count()).toBe(0);
    } finally {
      await context.close();
      await setConfig('survey-config', { survey_id: null, survey_collector_id: null, is_enable_widget: false });
      await setConfig('manage-promotion-pages', {
        pages: { promotions: true, tournaments: true, lotteries: true, 'rocket-mart': true, 'rocket-chance': true },
      });
    }
  });

  it('offers the iOS in-app browser a way out at once on sign-out, once a session', async () => {
    const context = await env.browser.newContext({
      viewport: { width: 1366, height: 900 },
      userAgent: IOS_INSTAGRAM,
    });
    const page = await context.newPage();
    try {
      await registerOnLobby(page, env.server.baseUrl, newEmail('route-rules-ios'));
      expect(await page.getByTestId('ios-webview-exit').count()).toBe(0);
      await signOut(page);
      await page.getByTestId('ios-webview-exit').waitFor();
      expect(await page.getByTestId('ios-webview-exit-open').getAttribute('href')).toMatch(/^x-safari-http/);
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      await page.reload();
      await page.waitForTimeout(1_000);
      expect(await page.getByTestId('ios-webview-exit').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
