/**
 * The back office's KYC queue in real chromium (docs/backoffice.md "KYC", "Ledger audit"): a new
 * player uploads a document through the player API; the demo admin finds it among the pending
 * documents, sees the file inside the page, rejects it with a reason; the player's verification
 * page then shows the rejection and the reason. The admin also runs the ledger audit: ok.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInDemoAdmin } from './support/backoffice';
import { watchPage } from './support/browser';
import { newEmail, poll, registerOnLobby, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const viewport = { width: 1366, height: 800 };

/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The signed-in player's upload through the player API (multipart, as the verification page sends it). */
async function uploadDocument(page: Page): Promise<number> {
  const answer = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const body = new FormData();
    body.append('kind', 'identity');
    body.append('file', new Blob([bytes], { type: 'image/png' }), 'passport.png');
    const res = await fetch('/api/player/documents', {
      method: 'POST',
      body,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    return { status: res.status, body: (await res.json()) as { id: number } };
  }, PNG_BASE64);
  expect(answer.status).toBe(201);
  return answer.body.id;
}

describe('the KYC queue in the back office', () => {
  it('an admin sees a pending document in the page and rejects it with a reason, which the player then reads', async () => {
    const player = await env.browser.newContext({ viewport });
    const operator = await env.browser.newContext({ viewport });
    try {
      const playerPage = await player.newPage();
      const email = newEmail('kyc');
      await registerOnLobby(playerPage, env.server.baseUrl, email);
      const documentId = await uploadDocument(playerPage);

      const page = await operator.newPage();
      const watch = watchPage(page);
      await signInDemoAdmin(page, env.server.baseUrl);

      // The queue opens on the pending documents; the player's is there.
      await page.getByRole('menuitem', { name: 'Documents' }).click();
      const row = page.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect(await row.textContent()).toContain('pending');
      await row.getByRole('cell', { name: email }).click();

      // The file inside the page, and the player's address leading to the player.
      const image = page.getByRole('img', { name: `Document ${documentId}` });
      await image.waitFor();
      await poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      const playerLink = page.getByRole('link', { name: email });
      expect(await playerLink.getAttribute('href')).toMatch(/^\/backoffice\/players\?filter=/);

      // Reject, with the reason the player will read.
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      const ask = page.getByRole('dialog');
      await ask.getByLabel('Reason').fill('The photo is blurred');
      await ask.getByRole('button', { name: 'Reject', exact: true }).click();
      await poll(() => ask.count()).toBe(0);
      await page.getByText('The photo is blurred').waitFor();
      await poll(() => page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await page.getByText('rejected', { exact: true }).waitFor();

      // The ledger audit: a run, and its verdict.
      await page.getByRole('menuitem', { name: 'Ledger audit' }).click();
      await page.getByRole('button', { name: 'Run the ledger audit' }).click();
      await poll(() => page.getByTestId('ledger-verdict').textContent()).toMatch(/^ok/);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);

      // The player's verification page tells the decision and why.
      await playerPage.goto(`${env.server.baseUrl}/profile/verification`);
      const listed = playerPage.getByTestId('profile-documents').locator('li');
      await poll(() => listed.count()).toBe(1);
      await poll(() => listed.first().textContent()).toContain('Rejected');
      expect(await listed.first().textContent()).toContain('Reason: The photo is blurred');
    } finally {
      await operator.close();
      await player.close();
    }
  });
});
