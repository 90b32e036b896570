/**
 * The contact form (docs/support.md "The contact form"): a message lands in the operators' inbox
 * as an open `contact` conversation waiting for an answer (the signed-in player's id with it);
 * every bad field answers 422 with its code and writes nothing; the sixth message of an address in
 * an hour answers 429 with Retry-After; an operator's reply is kept and mailed to the address, in
 * the language the form was sent in, without touching the sender's chat. FakeClock.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  backofficeSupportConversationDetailSchema,
  backofficeSupportConversationsResponseSchema,
  contactMessageAnswerSchema,
  type BackofficeSupportConversation,
} from '@orbit/contracts';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { newOperator, signInAdmin, signInOperator, type SignedInOperator } from '../support/backoffice';
import { call, lastMailTo, register } from '../support/identity';

const clock = new FakeClock('2026-12-05T09:00:00Z');
let t: TestApp;
let operator: SignedInOperator;
/** The support operator's cookie, signed in again at each test (the clock runs past idle sessions). */
let support: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  operator = await newOperator(t, clock, await signInAdmin(t, clock), 'support', 'contact-desk@orbit.example');
});
beforeEach(async () => {
  support = await signInOperator(t, clock, operator);
});
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jane Roe',
  email: 'Jane.Roe@Example.com',
  subject: 'Account question',
  message: 'How do I close my account?',
  ...overrides,
});

const send = (payload: unknown, c: { ip?: string; cookie?: string; headers?: Record<string, string> } = {}) =>
  call(t, 'POST', '/api/send_contact_message', { payload, ip: c.ip ?? `10.81.0.${++seq}`, ...c });

const count = async (table: 'support_messages' | 'support_conversations') =>
  Number(
    ((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as { n: number }).n,
  );

async function contacts(): Promise<BackofficeSupportConversation[]> {
  const res = await call(t, 'GET', '/api/backoffice/support/conversations?party=contact&per_page=200', {
    cookie: support,
  });
  expect(res.statusCode, res.body).toBe(200);
  return backofficeSupportConversationsResponseSchema.parse(res.json()).data;
}

describe('the contact form', () => {
  it('files the message in the inbox as a contact’s conversation waiting for an answer', async () => {
    const res = await send(form());
    expect(res.statusCode, res.body).toBe(200);
    expect(contactMessageAnswerSchema.parse(res.json())).toEqual({ success: true });
    expect(res.headers['cache-control']).toBe('no-store');

    const [filed] = await contacts();
    expect(filed).toMatchObject({
      party: 'contact',
      user_id: null,
      player_email: null,
      contact_name: 'Jane Roe',
      contact_email: 'jane.roe@example.com',
      contact_subject: 'Account question',
      status: 'open',
      queue: 'general',
      line: 'first',
      unread: 1,
      unread_by_player: 0,
      last_message: expect.objectContaining({ author: 'player', body: 'How do I close my account?' }),
    });

    // A signed-in player's message says who sent it, and stays out of their chat.
    const { cookie, player } = await register(t, { email: 'contact.player@example.com' }, '10.81.1.1');
    expect((await send(form({ subject: '', message: 'Signed in this time' }), { cookie })).statusCode).toBe(200);
    const [mine] = await contacts();
    expect(mine).toMatchObject({
      user_id: player.id,
      player_email: 'contact.player@example.com',
      contact_subject: null,
      last_message: expect.objectContaining({ body: 'Signed in this time' }),
    });
    const chat = await call(t, 'GET', '/api/support/conversation', { cookie });
    expect(chat.json()).toMatchObject({ conversation: null, messages: [] });
  });

  it('refuses each bad field with its code (422), and a call without the CSRF header (403): nothing written', async () => {
    const before = [await count('support_conversations'), await count('support_messages')];
    for (const [overrides, field, code] of [
      [{ name: '  ' }, 'name', 'required'],
      [{ name: 'n'.repeat(101) }, 'name', 'too_long'],
      [{ name: undefined }, 'name', 'required'],
      [{ email: 'not-an-address' }, 'email', 'invalid_email'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'invalid_email'],
      [{ email: undefined }, 'email', 'required'],
      [{ email: 42 }, 'email', 'invalid_type'],
      [{ subject: 's'.repeat(151) }, 'subject', 'too_long'],
      [{ message: ' \n ' }, 'message', 'required'],
      [{ message: 'm'.repeat(2001) }, 'message', 'too_long'],
      [{ message: undefined }, 'message', 'required'],
      [{ message: 'nul \u0000 inside' }, 'message', 'invalid_characters'],
    ] as const) {
      const res = await send(form(overrides));
      expect(res.statusCode, `${field} ${code}`).toBe(422);
      expect(res.json()).toEqual({ errors: { [field]: [code] } });
    }
    const noHeader = await send(form(), { headers: { 'x-requested-with': '' } });
    expect(noHeader.statusCode).toBe(403);
    expect([await count('support_conversations'), await count('support_messages')]).toEqual(before);
  });

  it('takes 5 messages an hour from one address; the sixth answers 429 with Retry-After', async () => {
    const ip = '10.82.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await send(form({ message: `Message ${i}` }), { ip })).statusCode).toBe(200);
      clock.advance(60_000);
    }
    const before = await count('support_conversations');
    const refused = await send(form({ message: 'Message 5' }), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { base: ['too_many_requests'] } });
    expect(Number(refused.headers['retry-after'])).toBe(55 * 60);
    expect(await count('support_conversations')).toBe(before);
    // Bad forms are not counted, and another address is not held back.
    expect((await send(form({ email: 'nope' }), { ip })).statusCode).toBe(422);
    expect((await send(form(), { ip: '10.82.0.2' })).statusCode).toBe(200);
    clock.advance(55 * 60_000);
    expect((await send(form({ message: 'An hour later' }), { ip })).statusCode).toBe(200);
  });

  it('mails an operator’s reply to the contact, in the form’s language, and keeps it as a message', async () => {
    const email = 'kontakt.person@example.de';
    expect(
      (
        await send(
          form({
            name: 'Erika Muster',
            email,
            subject: 'Auszahlung\r\nBcc: x@example.com',
            message: 'Wo ist mein Geld?',
          }),
          { headers: { locale: 'de' } },
        )
      ).statusCode,
    ).toBe(200);
    const filed = (await contacts()).find((c) => c.contact_email === email)!;
    const reply = await call(t, 'POST', `/api/backoffice/support/conversations/${filed.id}/messages`, {
      cookie: support,
      payload: { body: 'Ihre Auszahlung ist unterwegs.\nSie kommt in zwei Tagen an.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);

    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe('Re: Auszahlung Bcc: x@example.com');
    expect(mail.text).toContain('Hallo Erika Muster,');
    expect(mail.text).toContain('Ihre Auszahlung ist unterwegs.\n\nSie kommt in zwei Tagen an.');
    expect(mail.text).toContain('Dein Orbit-Supportteam');
    expect(mail.text).toContain('Kontaktformular');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Ihre Auszahlung ist unterwegs.');

    const detail = await call(t, 'GET', `/api/backoffice/support/conversations/${filed.id}`, { cookie: support });
    const shown = backofficeSupportConversationDetailSchema.parse(detail.json());
    expect(shown).toMatchObject({ unread: 0, unread_by_player: 0, status: 'open' });
    expect(shown.messages.map((m) => [m.author, m.body])).toEqual([
      ['player', 'Wo ist mein Geld?'],
      ['operator', 'Ihre Auszahlung ist unterwegs.\nSie kommt in zwei Tagen an.'],
    ]);
    // One mail for the one reply, however often the outbox runs.
    await t.app.orbitOutbox.drain();
    const box = await call(t, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect((box.json() as unknown[]).length).toBe(1);
  });

  it('writes in English when the form’s language is not known, greeting by name and signing with the casino’s', async () => {
    const email = 'someone.abroad@example.com';
    await send(form({ name: 'Sam', email, subject: '' }), { headers: { 'accept-language': 'xx-YY' } });
    const filed = (await contacts()).find((c) => c.contact_email === email)!;
    await call(t, 'POST', `/api/backoffice/support/conversations/${filed.id}/messages`, {
      cookie: support,
      payload: { body: 'Thanks for writing, we fixed it.' },
    });
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe('Our answer to your message');
    expect(mail.text).toMatch(/^Orbit\n/);
    expect(mail.text).toContain('Hello Sam,');
    expect(mail.text).toContain('Thanks for writing, we fixed it.');
    expect(mail.text).toContain('The Orbit support team');
  });
});
