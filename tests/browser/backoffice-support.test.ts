/**
 * The support inbox in real chromium (docs/backoffice.md "Support inbox", docs/support.md): a new
 * player writes through the player API from their page and listens on their realtime channel
 * `support` (a WebSocket to the gateway, as the page's client opens it); the demo admin opens the
 * Support inbox, finds the conversation unread, opens it, picks a canned answer and sends it; the
 * player hears the answer live and their unread count becomes 1 without a reload. A visitor's chat
 * and a contact-form message are listed as such, and the contact's answer is mailed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInDemoAdmin } from './support/backoffice';
import { watchPage } from './support/browser';
import { newEmail, poll, registerOnLobby, serverAndBrowser } from './support/journeys';

const env = serverAndBrowser();
const viewport = { width: 1366, height: 800 };

type Pushed = { message: { author: string; body: string } | null; unread: number };
declare global {
  interface Window {
    supportPushes?: Pushed[];
  }
}

/**
 * The player's page subscribes to its `support` channel over the gateway (the Centrifugo
 * protocol the page's client speaks) and keeps what it hears in `window.supportPushes`.
 */
async function listenToSupport(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const res = await fetch('/api/notification_center/centrifugo/subscription');
    const { url, token, client_name, user } = (await res.json()) as Record<string, string>;
    window.supportPushes = [];
    const socket = new WebSocket(`${url}/connection/websocket`);
    const channel = `ws:${client_name}:support#${user}`;
    await new Promise<void>((subscribed, failed) => {
      socket.onerror = () => failed(new Error('the socket failed'));
      socket.onopen = () => socket.send(JSON.stringify({ id: 1, connect: { token } }));
      socket.onmessage = (event) => {
        for (const line of String(event.data).split('\n').filter(Boolean)) {
          const reply = JSON.parse(line) as { id?: number; push?: { pub?: { data: Pushed } } };
          if (reply.id === 1) socket.send(JSON.stringify({ id: 2, subscribe: { channel } }));
          else if (reply.id === 2) subscribed();
          else if (reply.push?.pub) window.supportPushes!.push(reply.push.pub.data);
          // The server's ping is an empty command: answered with one.
          else if (Object.keys(reply).length === 0) socket.send('{}');
        }
      };
    });
  });
}

/** The player's message through the player API, as the support widget will send it. */
async function writeToSupport(page: Page, body: string): Promise<void> {
  const status = await page.evaluate(async (text) => {
    const res = await fetch('/api/support/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ body: text }),
    });
    return res.status;
  }, body);
  expect(status).toBe(201);
}

const unreadOf = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/support/conversation')).json()) as { unread: number }).unread);

/** A call of the casino's API as a page makes it (a guest: no cookie). */
const post = (baseUrl: string, path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });

/**
 * A visitor writes to the chat and someone sends the contact form; the operator finds both in the
 * inbox ("Visitor", the contact's name and address), opens the contact's, reads that the answer
 * goes by mail, sends it, and the mail reaches the contact's address.
 */
async function inboxHoldsVisitorAndContact(page: Page, baseUrl: string): Promise<void> {
  const contactEmail = newEmail('contact');
  expect((await post(baseUrl, '/api/support/messages', { body: 'Is there a live casino?' })).status).toBe(201);
  const sent = await post(baseUrl, '/api/send_contact_message', {
    name: 'Dana Contact',
    email: contactEmail,
    subject: 'Limits',
    message: 'How do I set a deposit limit?',
  });
  expect(sent.status).toBe(200);

  await page.getByRole('menuitem', { name: 'Support inbox' }).click();
  const visitorRow = page.getByRole('row').filter({ hasText: 'Is there a live casino?' });
  await visitorRow.waitFor();
  expect(await visitorRow.textContent()).toContain('Visitor chat');
  const contactRow = page.getByRole('row').filter({ hasText: contactEmail });
  await contactRow.waitFor();
  expect(await contactRow.textContent()).toContain(`Dana Contact <${contactEmail}>`);
  expect(await contactRow.textContent()).toContain('Contact form');
  await contactRow.getByText('How do I set a deposit limit?').click();

  await page.getByText(`Answers are sent by mail to ${contactEmail}.`).waitFor();
  const answer = 'Open your profile, then Limits: the deposit limit is the first one.';
  await page.getByLabel('Reply').fill(answer);
  await page.getByRole('button', { name: 'Send by mail', exact: true }).click();
  const thread = page.getByRole('log', { name: 'Conversation' });
  await thread.locator('[data-author="operator"]').filter({ hasText: answer }).waitFor();
  // The outbox's worker writes the mail after the reply's commit.
  const mails = async () =>
    (await (await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(contactEmail)}`)).json()) as Array<{
      subject: string;
      text: string;
    }>;
  await poll(async () => (await mails()).length).toBe(1);
  const [mail] = await mails();
  expect(mail!.subject).toBe('Re: Limits');
  expect(mail!.text).toContain('Hello Dana Contact,');
  expect(mail!.text).toContain(answer);
}

describe('the support inbox in the back office', () => {
  it('an admin answers a player with a canned answer, which the player hears live: unread 1', async () => {
    const player = await env.browser.newContext({ viewport });
    const operator = await env.browser.newContext({ viewport });
    try {
      const playerPage = await player.newPage();
      const email = newEmail('support');
      await registerOnLobby(playerPage, env.server.baseUrl, email);
      await listenToSupport(playerPage);
      await writeToSupport(playerPage, 'My deposit has not arrived yet');
      expect(await unreadOf(playerPage)).toBe(0);

      const page = await operator.newPage();
      const watch = watchPage(page);

      await signInDemoAdmin(page, env.server.baseUrl);

      // The inbox lists the conversation, waiting for an answer.
      await page.getByRole('menuitem', { name: 'Support inbox' }).click();
      const row = page.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect(await row.textContent()).toContain('1 unread');
      expect(await row.textContent()).toContain('My deposit has not arrived yet');
      await row.getByRole('cell', { name: email }).click();

      // The thread, the player beside it, and the reply box with its canned answers.
      const thread = page.getByRole('log', { name: 'Conversation' });
      await thread.getByText('My deposit has not arrived yet').waitFor();
      const card = page.getByTestId('support-player');
      await card.getByText(email).waitFor();
      expect(await card.getByRole('link', { name: 'Open the player’s card' }).getAttribute('href')).toMatch(
        /^\/backoffice\/players\/\d+\/show$/,
      );
      const canned = page.getByLabel('Canned answer');
      await poll(() => canned.locator('option').count()).toBeGreaterThan(1);
      await canned.selectOption({ label: 'We are checking your payment' });
      const reply = page.getByLabel('Reply');
      await poll(() => reply.inputValue()).toMatch(/we are checking your payment/);
      const sent = await reply.inputValue();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await thread.locator('[data-author="operator"]').filter({ hasText: sent }).waitFor();
      await poll(() => reply.inputValue()).toBe('');

      // The player hears it on their channel (after their own message, told to their other tabs),
      // and their unread count is 1: no reload.
      await poll(() => playerPage.evaluate(() => window.supportPushes?.length ?? 0)).toBe(2);
      const [own, pushed] = await playerPage.evaluate(() => window.supportPushes!);
      expect(own).toMatchObject({ message: { author: 'player', body: 'My deposit has not arrived yet' }, unread: 0 });
      expect(pushed).toMatchObject({ message: { author: 'operator', body: sent }, unread: 1 });
      expect(await unreadOf(playerPage)).toBe(1);

      // A visitor's chat and a contact-form message wait in the inbox too, each named for what it is;
      // the contact's answer goes out by mail.
      await inboxHoldsVisitorAndContact(page, env.server.baseUrl);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    } finally {
      await operator.close();
      await player.close();
    }
  });
});
