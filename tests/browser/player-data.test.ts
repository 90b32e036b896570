/**
 * The player's data before real play (docs/rules/fields.md "Before real play"), in the browser:
 * on an instance whose house studio needs the player's names and birth date, a demo opens at once;
 * real play (from the German page) first shows the edit-profile popup for exactly the missing
 * fields, which neither Escape nor a click outside closes; once saved the game opens. The
 * profile's "send the confirmation again" answers with a notice in the strip.
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, sharedBrowser } from './support/browser';
import { newEmail, poll, registerOnLobby, withPage } from './support/journeys';
import { startServer, type TestServer } from './support/server';

type Texts = {
  profile: {
    providerFields: Record<'title' | 'submit' | 'text' | 'leave', string>;
    fields: Record<'first_name' | 'last_name' | 'date_of_birth', string>;
  };
  auth: Record<'close' | 'resendConfirmation' | 'confirmationSent', string>;
  errors: Record<'required', string>;
};
const messages = (locale: string): Texts =>
  JSON.parse(
    fs.readFileSync(new URL(`../../apps/web/app/i18n/messages/${locale}.json`, import.meta.url), 'utf8'),
  ) as Texts;
const de = messages('de');
const en = messages('en');

const env = {} as { server: TestServer; browser: Browser };
beforeAll(async () => {
  [env.server, env.browser] = await Promise.all([
    startServer({ env: { PROVIDER_PLAYER_FIELDS: 'orbit=first_name,last_name,date_of_birth' } }),
    sharedBrowser(),
  ]);
});
afterAll(async () => {
  await releaseBrowser(env.browser);
  await env.server?.close();
});

describe('a provider’s fields before real play', () => {
  it('skips them for a demo, asks for the missing ones in a popup that does not close, then opens the game', async () => {
    await withPage(env.browser, async (page) => {
      const base = env.server.baseUrl;
      await registerOnLobby(page, base, newEmail('fields'));

      // Demo: no popup, the game opens.
      await page.goto(`${base}/play/orbit/european-roulette?mode=demo`);
      await page.getByTestId('game-frame').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('provider-fields-popup').count()).toBe(0);

      // Real play from the German page: the popup asks for the three fields, in German.
      await page.goto(`${base}/de/play/orbit/european-roulette`);
      const popup = page.getByRole('dialog', { name: de.profile.providerFields.title });
      await popup.waitFor({ timeout: 30_000 });
      const labels = await popup.locator('label').allTextContents();
      expect(labels.map((l) => l.trim())).toEqual([
        de.profile.fields.first_name,
        de.profile.fields.last_name,
        de.profile.fields.date_of_birth,
      ]);
      expect(await page.getByTestId('game-frame').count()).toBe(0);
      // Intro, form and the way back stand apart: the intro over the first label, the submit
      // button over "back to the lobby", each with a gap (a phone's width as a desktop's).
      const bottomOf = async (text: string) => (await popup.getByText(text, { exact: true }).boundingBox())!;
      const intro = await bottomOf(de.profile.providerFields.text);
      const firstLabel = (await popup.locator('label').first().boundingBox())!;
      const submit = (await popup.getByRole('button', { name: de.profile.providerFields.submit }).boundingBox())!;
      const leave = (await popup.getByRole('link', { name: de.profile.providerFields.leave }).boundingBox())!;
      expect(firstLabel.y - (intro.y + intro.height)).toBeGreaterThanOrEqual(8);
      expect(leave.y - (submit.y + submit.height)).toBeGreaterThanOrEqual(8);
      // It cannot be closed: no close button, Escape and a click outside leave it open.
      expect(await popup.getByRole('button', { name: de.auth.close }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 5);
      await page.waitForTimeout(300);
      expect(await popup.isVisible()).toBe(true);

      // A field left empty is refused on the page; then saved, and the game opens.
      await popup.getByLabel(de.profile.fields.first_name).fill('Ada');
      await popup.getByRole('button', { name: de.profile.providerFields.submit }).click();
      await popup.getByText(de.errors.required).first().waitFor();
      await popup.getByLabel(de.profile.fields.last_name).fill('Lovelace');
      await popup.getByLabel(de.profile.fields.date_of_birth).fill('10/12/1990');
      await popup.getByRole('button', { name: de.profile.providerFields.submit }).click();
      await page.getByTestId('game-frame').waitFor({ timeout: 30_000 });
      await poll(() => popup.count()).toBe(0);
    });
  });

  it('answers the confirmation resend with a notice in the strip', async () => {
    await withPage(env.browser, async (page) => {
      await registerOnLobby(page, env.server.baseUrl, newEmail('resend'));
      await page.goto(`${env.server.baseUrl}/profile`);
      await page.getByRole('button', { name: en.auth.resendConfirmation }).click({ timeout: 30_000 });
      const toast = page.getByTestId('resend-confirmation-toast');
      await toast.waitFor({ timeout: 30_000 });
      expect((await toast.textContent())?.trim()).toContain(en.auth.confirmationSent);
    });
  });
});
