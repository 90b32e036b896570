/**
 * Money and players in the back office, in real chromium (docs/backoffice.md): finance approves a
 * player's cashout above the auto-approval amount and the player's cashbox shows it live; a
 * 1,000 EUR goodwill credit waits for a second operator, is refused to its creator and applied by
 * the other; support adds a note and ends the player's sessions but has no cashout queue; the
 * audit log lists it all. Operators at 1920×1080 and 1366×800.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../../apps/server/src/modules/identity/schema';
import { operatorOfRole, operatorPage, signInDemoAdmin } from './support/backoffice';
import { watchPage } from './support/browser';
import { fundPlayer, newEmail, poll, registerOnLobby, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const url = (path: string) => `${env.server.baseUrl}${path}`;

/** The Approve or Reject dialog of a row: the reason typed, the decision sent. */
async function decide(page: Page, row: ReturnType<Page['getByRole']>, choice: 'Approve' | 'Reject', reason: string) {
  await row.getByRole('button', { name: choice }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: choice }).click();
  await poll(() => dialog.count()).toBe(0);
}

describe('the back office runs money and players', () => {
  it('finance approves a cashout the player sees live; four eyes on a large credit; support acts on the player', async () => {
    const adminContext = await env.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const admin = await adminContext.newPage();
    await signInDemoAdmin(admin, env.server.baseUrl);
    const fay = await operatorOfRole(admin, 'finance', 'Fay Finance');
    const finn = await operatorOfRole(admin, 'finance', 'Finn Finance');
    const sam = await operatorOfRole(admin, 'support', 'Sam Support');

    // The player: signed up, 500 EUR to play with, address confirmed, 150 EUR asked out (over the 100 auto-approved).
    const playerContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const player = await playerContext.newPage();
    const email = newEmail('cashout');
    await registerOnLobby(player, env.server.baseUrl, email);
    const playerId = await fundPlayer(env.server, player, 50_000, 'backoffice-money');
    // Address confirmed and personal details given, as a player who withdrew before would have.
    await env.server.database.db
      .update(users)
      .set({
        confirmedAt: new Date(),
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1990-12-05',
        mobilePhone: '+49 30 1234 5678',
        city: 'Berlin',
        address: 'Unter den Linden 1',
        postalCode: '10117',
      })
      .where(eq(users.id, playerId));
    const asked = await player.evaluate(async () => {
      const response = await fetch('/api/cashbox/cashouts', {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        body: JSON.stringify({
          payment_method: 'bank_sofort',
          amount_cents: 15_000,
          currency: 'EUR',
          destination: 'DE89370400440532013000',
        }),
      });
      return { status: response.status, body: (await response.json()) as { id: number; state: string } };
    });
    expect(asked.status).toBe(201);
    expect(asked.body.state).toBe('pending');
    await player.goto(url('/'));
    await player.getByTestId('header-balance').click();
    await player.getByRole('link', { name: 'Cashbox overview' }).click();
    const pending = player.getByTestId('pending-cashout');
    await pending.waitFor();

    const finance = await operatorPage(env.browser, env.server.baseUrl, fay, { width: 1920, height: 1080 });
    const watchFinance = watchPage(finance.page);
    try {
      // The queue: the player's cashout with its facts, approved with a reason; the player's page follows live.
      await finance.page.getByRole('menuitem', { name: 'Cashout queue' }).click();
      const row = finance.page.getByRole('row').filter({ hasText: email });
      // The test's money came straight from the ledger, not through a payment: no deposit to show.
      await row.getByText('No deposit has succeeded').waitFor();
      await row.getByText('Account 0 days old').waitFor();
      await row.getByText('Verification: none').waitFor();
      await decide(finance.page, row, 'Approve', 'Deposit by card matches');
      await poll(() => row.count()).toBe(0);
      await poll(() => pending.count(), 20_000).toBe(0);

      // A 1,000 EUR goodwill credit: above the four-eyes amount, it waits; its creator cannot approve it.
      await finance.page.getByRole('menuitem', { name: 'Adjustments' }).click();
      await finance.page.getByRole('link', { name: 'Create' }).click();
      await finance.page.getByLabel('Player id').fill(String(playerId));
      await finance.page.getByLabel('Amount (units)').fill('1000');
      await finance.page.getByLabel('Category').click();
      await finance.page.getByRole('option', { name: 'goodwill' }).click();
      await finance.page.getByLabel('Reason').fill('Apology for the outage');
      await finance.page.getByRole('button', { name: 'Save' }).click();
      const credit = finance.page.getByRole('row').filter({ hasText: 'Apology for the outage' });
      await credit.getByText('pending (four eyes)').waitFor();
      await credit.getByText('Waits for another operator').waitFor();
      const id = Number(await credit.getByRole('cell').first().textContent());
      const own = await finance.page.evaluate(async (adjustment) => {
        const response = await fetch(`/api/backoffice/adjustments/${adjustment}/decision`, {
          method: 'POST',
          headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
          body: JSON.stringify({ decision: 'approve', reason: 'my own' }),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      }, id);
      expect(own).toEqual({ status: 403, body: { errors: { base: ['own_adjustment'] } } });
      expect(watchFinance.pageErrors).toEqual([]);
    } finally {
      await finance.close();
    }

    const second = await operatorPage(env.browser, env.server.baseUrl, finn, { width: 1366, height: 800 });
    try {
      await second.page.getByRole('menuitem', { name: 'Adjustments' }).click();
      const credit = second.page.getByRole('row').filter({ hasText: 'Apology for the outage' });
      await decide(second.page, credit, 'Approve', 'Outage confirmed by ops');
      await credit.getByText('applied').waitFor();
      await player.goto(url('/'));
      await poll(() => player.getByTestId('header-balance').textContent()).toBe('€1,350.00');
    } finally {
      await second.close();
    }

    // Support: no cashout queue; a note and the end of the player's sessions on the card.
    const support = await operatorPage(env.browser, env.server.baseUrl, sam, { width: 1366, height: 800 });
    try {
      expect(await support.page.getByRole('menuitem', { name: 'Cashout queue' }).count()).toBe(0);
      const refused = await support.page.evaluate(
        async () =>
          (await fetch('/api/backoffice/cashouts', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).status,
      );
      expect(refused).toBe(403);
      await support.page.getByRole('menuitem', { name: 'Players', exact: true }).click();
      await support.page.getByPlaceholder('Id, email, name, phone or IP').fill(email);
      await support.page.getByRole('cell', { name: email }).click();
      await support.page.getByRole('tab', { name: 'Notes' }).click();
      await support.page.getByLabel('New note').fill('Asked about the outage credit');
      await support.page.getByRole('button', { name: 'Add note' }).click();
      await support.page.getByTestId('player-notes').getByText('Asked about the outage credit').waitFor();
      // At the player's request: a daily deposit limit of 20 EUR; a looser one after it is refused.
      await support.page.getByRole('tab', { name: 'Set limit' }).click();
      await support.page.getByLabel('Amount (units)').fill('20');
      await support.page.getByLabel('Reason').fill('Asked in chat for a daily limit');
      await support.page.getByRole('button', { name: 'Set at the player’s request' }).click();
      await support.page.getByText('Set at the player’s request', { exact: true }).last().waitFor();
      await support.page.getByLabel('Amount (units)').fill('30');
      await support.page.getByRole('button', { name: 'Set at the player’s request' }).click();
      await support.page.getByText('amount_cents: would_loosen').waitFor();
      await support.page.getByRole('tab', { name: 'Limits' }).click();
      await support.page.getByText('20.00 EUR').first().waitFor();
      await support.page.getByRole('tab', { name: 'Sessions' }).click();
      await support.page
        .getByTestId('player-sessions')
        .getByRole('button', { name: 'End', exact: true })
        .first()
        .waitFor();
      await support.page.getByRole('button', { name: 'End all sessions' }).click();
      await support.page.getByText(/session(s)? ended/).waitFor();
      // The player's page is signed out: a reload finds no session.
      await player.reload();
      await player.locator('.header__enter').getByRole('link', { name: 'Sign up' }).waitFor();
    } finally {
      await support.close();
      await playerContext.close();
    }

    // The audit log names every one of those actions.
    try {
      await admin.getByRole('menuitem', { name: 'Audit log' }).click();
      for (const action of [
        'cashout.approve',
        'adjustment.create',
        'adjustment.approve',
        'player.note',
        'player.sessions.end_all',
        'player.limit.set',
      ])
        await admin.getByRole('cell', { name: action, exact: true }).first().waitFor();
      const approval = admin.getByRole('row').filter({ hasText: 'adjustment.approve' }).first();
      expect(await approval.textContent()).toContain('Outage confirmed by ops');
    } finally {
      await adminContext.close();
    }
  });
});
