/**
 * The support chat as a visitor and a player use it (docs/rules/page-shell.md "Support chat",
 * docs/support.md): a visitor writes from the header's button, an operator answers in the back
 * office, the visitor's counter turns 1 live, the visitor signs up and the conversation is theirs
 * as a player; on a phone `#chat` opens the chat full-screen; the `/support` page's contact form
 * lands in the operators' inbox.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInDemoAdmin } from './support/backoffice';
import { watchPage } from './support/browser';
import { newEmail, pathOf, poll, serverAndBrowser, signUpOverLobby } from './support/journeys';

const env = serverAndBrowser();
const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };

const chatOf = (page: Page) => page.getByRole('dialog', { name: 'Support chat' });

/** Writes a message in the open chat and waits for it in the conversation. */
async function write(chat: Locator, body: string): Promise<void> {
  await chat.getByLabel('Your message').fill(body);
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  await chat.getByTestId('support-message-player').filter({ hasText: body }).waitFor();
}

/** The operator opens the inbox's conversation whose row holds `text` and answers `answer`. */
async function answerInInbox(page: Page, text: string, answer: string): Promise<void> {
  await page.getByRole('menuitem', { name: 'Support inbox' }).click();
  const row = page.getByRole('row').filter({ hasText: text });
  await row.waitFor();
  expect(await row.textContent()).toContain('Visitor chat');
  await row.getByText(text).click();
  const thread = page.getByRole('log', { name: 'Conversation' });
  await thread.getByText(text).waitFor();
  await page.getByLabel('Reply').fill(answer);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await thread.locator('[data-author="operator"]').filter({ hasText: answer }).waitFor();
}

describe('the support chat', () => {
  it('a visitor writes, hears the answer live (counter 1), signs up, and the conversation follows', async () => {
    const visitor = await env.browser.newContext({ viewport: desktop });
    const operator = await env.browser.newContext({ viewport: desktop });
    try {
      const page = await visitor.newPage();
      const watch = watchPage(page);
      await page.goto(`${env.server.baseUrl}/`);
      const button = page.getByTestId('support-button');
      await button.click();
      const chat = chatOf(page);
      await chat.waitFor();
      const question = `Do you have live roulette? ${Date.now()}`;
      await write(chat, question);
      // Closed, the chat keeps counting what the operators send.
      await page.keyboard.press('Escape');
      await poll(() => chat.count()).toBe(0);
      expect(await page.getByTestId('support-count').count()).toBe(0);

      const office = await operator.newPage();
      await signInDemoAdmin(office, env.server.baseUrl);
      const answer = 'Yes: open Live in the menu, roulette is the first table.';
      await answerInInbox(office, question, answer);

      // Live, without a reload: the counter says 1, and the answer is in the chat.
      await poll(() => page.getByTestId('support-count').textContent()).toBe('1');
      expect(await button.getAttribute('aria-label')).toMatch(/Support/);
      await button.click();
      await chat.getByTestId('support-message-operator').filter({ hasText: answer }).waitFor();
      // Read: the counter goes.
      await poll(() => page.getByTestId('support-count').count()).toBe(0);
      await page.keyboard.press('Escape');

      // The visitor signs up: the conversation is now the player's, with both messages.
      const email = newEmail('chat');
      await signUpOverLobby(page, env.server.baseUrl, email);
      await page.getByTestId('support-button').click();
      await chat.getByTestId('support-message-player').filter({ hasText: question }).waitFor();
      await chat.getByTestId('support-message-operator').filter({ hasText: answer }).waitFor();
      const thread = (await page.evaluate(async () =>
        (await fetch('/api/support/conversation', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(),
      )) as { visitor: boolean; messages: unknown[] };
      expect(thread.visitor).toBe(false);
      expect(thread.messages).toHaveLength(2);
      // The visitor's cookie is gone: the chat code is a visitor's only.
      expect((await visitor.cookies()).some((c) => c.name === 'orbit_chat')).toBe(false);

      // The operator finds the conversation under the player's address now (its row shows the
      // newest message: the answer).
      await office.getByRole('menuitem', { name: 'Support inbox' }).click();
      await office.getByRole('row').filter({ hasText: email }).filter({ hasText: answer }).waitFor();
      expect(watch.pageErrors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    } finally {
      await operator.close();
      await visitor.close();
    }
  });

  it('on a phone, #chat opens the chat full-screen after a second; the contact form reaches the inbox', async () => {
    const visitor = await env.browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
    const operator = await env.browser.newContext({ viewport: desktop });
    try {
      const page = await visitor.newPage();
      const watch = watchPage(page);
      await page.goto(`${env.server.baseUrl}/#chat`);
      const chat = chatOf(page);
      await chat.waitFor();
      const box = (await chat.boundingBox())!;
      expect(box.width).toBe(phone.width);
      expect(box.height).toBeGreaterThanOrEqual(phone.height - 1);
      await write(chat, 'Writing from my phone');
      await page.keyboard.press('Escape');

      // The /support page: the contact form, answered by mail.
      await page.goto(`${env.server.baseUrl}/support`);
      const form = page.getByTestId('contact-form');
      const contactEmail = newEmail('contact-phone');
      await form.getByLabel('Name').fill('Robin Phone');
      await form.getByLabel('Email').fill(contactEmail);
      await form.getByLabel('Message').fill('Which documents do you need from me?');
      await form.getByRole('button', { name: /Send/ }).click();
      await page.getByTestId('contact-sent').waitFor();
      expect(pathOf(page)).toBe('/support');

      const office = await operator.newPage();
      await signInDemoAdmin(office, env.server.baseUrl);
      await office.getByRole('menuitem', { name: 'Support inbox' }).click();
      const row = office.getByRole('row').filter({ hasText: contactEmail });
      await row.waitFor();
      expect(await row.textContent()).toContain('Contact form');
      await office.getByRole('row').filter({ hasText: 'Writing from my phone' }).waitFor();
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await operator.close();
      await visitor.close();
    }
  });
});
