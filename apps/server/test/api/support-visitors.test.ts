/**
 * Support for visitors (docs/support.md "Visitors"): a visitor's first message sets the chat
 * cookie (the restore id; only its SHA-256 is stored) and the thread follows the cookie; an
 * operator's reply reaches the visitor live on their own `support` channel over a real socket,
 * and a visitor's token opens no other channel (a player's token never a visitor's); a visitor
 * who signs up keeps the conversation and the cookie is cleared; a visitor's conversation merges
 * into the player's open one; twenty calls at once after a sign-in leave one open conversation
 * with every message once; the visitor's message rate and the address's new conversations are
 * limited (429 with Retry-After); the restore id is read and handed in (unknown 422, junk 422,
 * 10 a minute per address), a bearer for a visitor and taken over by a player. FakeClock.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import {
  backofficeSupportConversationsResponseSchema,
  centrifugoSubscriptionSchema,
  supportMessageSchema,
  supportPushSchema,
  supportRestoreIdAnswerSchema,
  supportThreadSchema,
  type CentrifugoSubscription,
} from '@orbit/contracts';
import { SupportInbox, SUPPORT_MESSAGES_PER_MINUTE } from '../../src/modules/support';
import { FakeClock } from '../../src/platform/clock';
import { issueVisitorToken } from '../../src/platform/realtime/tokens';
import { MemoryPubSub } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { signInAdmin } from '../support/backoffice';
import { call, sessionCookieOf, signUpBody, withCaptcha } from '../support/identity';
import { rawClient } from '../support/realtime-socket';

const SECRET = 'support-visitor-secret-support-visitor-0123';
const clock = new FakeClock('2026-12-04T09:00:00Z');
const bus = new MemoryPubSub();
let t: TestApp;
let url: string;
let inbox: SupportInbox;
let seq = 0;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  // A proxy on loopback is believed (its X-Forwarded-Proto makes the chat cookie Secure).
  t = await createTestApp({ REALTIME_SECRET: SECRET, TRUST_PROXY: 'loopback' }, { clock, pubsub: bus });
  url = `ws://127.0.0.1:${await listen(t.app)}/connection/websocket`;
  inbox = new SupportInbox(t.database.db, clock);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

// ---- requests ------------------------------------------------------------------------------------

/** The `Set-Cookie` line of the chat cookie an answer sent, if any. */
function chatCookieLine(res: LightMyRequestResponse): string | undefined {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).find((l) => l.startsWith('orbit_chat='));
}

/** The chat cookie an answer set, as the Cookie header sends it back. */
function chatCookieOf(res: LightMyRequestResponse): string {
  const line = chatCookieLine(res);
  expect(line, 'a chat cookie').toBeDefined();
  expect(line).toMatch(/^orbit_chat=[A-Za-z0-9_-]{32};/);
  return line!.split(';')[0]!;
}

const restoreIdOf = (cookie: string) => cookie.slice('orbit_chat='.length);
const keyOf = (restoreId: string) => createHash('sha256').update(restoreId).digest('hex');
const cookies = (...parts: Array<string | undefined>) => parts.filter(Boolean).join('; ') || undefined;

/** A fresh address per visitor: the per-address limit of new conversations is tested on its own. */
const nextIp = () => `10.91.${Math.floor(++seq / 200)}.${seq % 200}`;

async function write(cookie: string | undefined, body: string, ip = nextIp()) {
  return call(t, 'POST', '/api/support/messages', { cookie, payload: { body }, ip });
}

/** A new visitor's first message: their chat cookie and the message. */
async function newVisitor(body = 'Hello, is anyone there?') {
  const res = await write(undefined, body);
  expect(res.statusCode, res.body).toBe(201);
  return { cookie: chatCookieOf(res), message: supportMessageSchema.parse(res.json()) };
}

async function thread(cookie: string | undefined) {
  const res = await call(t, 'GET', '/api/support/conversation', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return { res, body: supportThreadSchema.parse(res.json()) };
}

async function newPlayer(chatCookie?: string) {
  seq++;
  const email = `visitor.turned${seq}@example.com`;
  const res = await call(t, 'POST', '/api/users', {
    payload: await withCaptcha(t, signUpBody({ email, nickname: `chatter${seq}x${Date.now() % 100000}` })),
    ip: nextIp(),
    cookie: chatCookie,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { session: sessionCookieOf(res), id: (res.json() as { id: number }).id, email };
}

const restoreIdCall = (path: 'get' | 'set', cookie?: string, payload?: unknown, ip = '10.99.0.1') =>
  call(t, 'POST', `/restore-id/${path}`, { cookie, payload, ip });

type Row = { id: number; party: string; user_id: number | null; visitor_key: string | null; status: string };
async function conversations(where: ReturnType<typeof sql>): Promise<Row[]> {
  const { rows } = await t.database.db.execute(
    sql`select id, party, user_id, visitor_key, status, unread_by_player, unread_by_operator from support_conversations where ${where} order by id`,
  );
  return (rows as Row[]).map((r) => ({
    ...r,
    id: Number(r.id),
    user_id: r.user_id === null ? null : Number(r.user_id),
  }));
}

async function bodiesOf(conversationId: number): Promise<string[]> {
  const { rows } = await t.database.db.execute(
    sql`select body from support_messages where conversation_id = ${conversationId} order by id`,
  );
  return (rows as Array<{ body: string }>).map((r) => r.body);
}

// ---- the realtime gateway, frame by frame ---------------------------------------------------------

async function subscriptionOf(cookie?: string): Promise<CentrifugoSubscription> {
  const res = await call(t, 'GET', '/api/notification_center/centrifugo/subscription', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return centrifugoSubscriptionSchema.parse(res.json());
}

/** A raw socket to the gateway, closed after the file's tests. */
async function openSocket() {
  const client = await rawClient(url);
  sockets.push(client.socket);
  return client;
}

const supportChannel = (s: CentrifugoSubscription) => `ws:${s.client_name}:support#${s.user}`;

// ---- the tests ------------------------------------------------------------------------------------

describe('a visitor’s conversation', () => {
  it('starts with the first message, which sets the chat cookie; the thread follows the cookie and no one else’s', async () => {
    // No cookie yet: an empty visitor's thread, nothing set.
    const empty = await thread(undefined);
    expect(empty.body).toEqual({ conversation: null, messages: [], unread: 0, visitor: true });
    expect(chatCookieLine(empty.res)).toBeUndefined();
    const seen = await call(t, 'POST', '/api/support/conversation/seen');
    expect([seen.statusCode, seen.json()]).toEqual([200, { unread: 0 }]);

    const first = await write(undefined, '  Can I play without an account?  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const line = chatCookieLine(first)!;
    expect(line).toMatch(/^orbit_chat=[A-Za-z0-9_-]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=31536000$/);
    const cookie = chatCookieOf(first);
    const message = supportMessageSchema.parse(first.json());
    expect(message).toMatchObject({ author: 'player', body: 'Can I play without an account?' });

    // Only the cookie's SHA-256 is kept, as a visitor's conversation of no player.
    const restoreId = restoreIdOf(cookie);
    expect(await conversations(sql`id = ${message.conversation_id}`)).toEqual([
      expect.objectContaining({ party: 'visitor', user_id: null, visitor_key: keyOf(restoreId), status: 'open' }),
    ]);
    const { rows } = await t.database.db.execute(
      sql`select count(*)::int as n from support_conversations where visitor_key = ${restoreId}`,
    );
    expect(rows).toEqual([{ n: 0 }]);

    clock.advance(1_000);
    const second = await write(cookie, 'I would like to try the demo games');
    expect(supportMessageSchema.parse(second.json()).conversation_id).toBe(message.conversation_id);
    const mine = await thread(cookie);
    expect(mine.body).toMatchObject({
      conversation: { id: message.conversation_id, status: 'open' },
      unread: 0,
      visitor: true,
    });
    expect(mine.body.messages.map((m) => m.body)).toEqual([
      'Can I play without an account?',
      'I would like to try the demo games',
    ]);

    // Another visitor, a forged cookie, a well-formed one nobody holds: nothing of it, and such cookies are cleared.
    expect((await thread(undefined)).body.conversation).toBeNull();
    for (const other of ['orbit_chat=not-a-restore-id', `orbit_chat=${'A'.repeat(32)}`]) {
      const read = await thread(other);
      expect(read.body).toEqual({ conversation: null, messages: [], unread: 0, visitor: true });
      expect(chatCookieLine(read.res)).toMatch(/^orbit_chat=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    }
    // A forged cookie is never taken as the restore id: the first message gets a new one.
    const fresh = await write(`orbit_chat=${'B'.repeat(32)}`, 'Hi');
    expect(fresh.statusCode).toBe(201);
    expect(chatCookieOf(fresh)).not.toBe(`orbit_chat=${'B'.repeat(32)}`);

    // Served over https (as the trusted proxy tells it): Secure.
    const secure = await call(t, 'POST', '/api/support/messages', {
      payload: { body: 'From https' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.statusCode, secure.body).toBe(201);
    expect(chatCookieLine(secure)).toMatch(/; Secure$/);
  });

  it('hears an operator’s reply live on the visitor’s own channel, which no other token opens; it opens no other', async () => {
    const visitor = await newVisitor('Is the welcome bonus for new players only?');
    // Its own first message is told before the socket listens.
    await t.app.orbitOutbox.drain();
    const guest = await subscriptionOf();
    expect(guest).toMatchObject({ token: '', user: null, visitor: false });
    const sub = await subscriptionOf(visitor.cookie);
    expect(sub).toMatchObject({ client_name: 'orbit', visitor: true });
    expect(sub.user).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sub.token.split('.')).toHaveLength(3);

    const client = await openSocket();
    expect(await client.call({ connect: { token: sub.token } })).toMatchObject({ connect: expect.any(Object) });
    expect(await client.call({ subscribe: { channel: supportChannel(sub) } })).toMatchObject({ subscribe: {} });
    // Its only private channel is `support`: not the balance, not another's support.
    const player = await newPlayer();
    const playerSub = await subscriptionOf(player.session);
    expect(playerSub.visitor).toBe(false);
    for (const channel of [
      `ws:orbit:balance#${sub.user}`,
      `ws:orbit:personal_notifications#${sub.user}`,
      supportChannel(playerSub),
      `ws:orbit:balance#${playerSub.user}`,
    ])
      expect(await client.call({ subscribe: { channel } }), channel).toMatchObject({ error: { code: 103 } });
    // Nor does a player's token open the visitor's channel.
    const playerClient = await openSocket();
    await playerClient.call({ connect: { token: playerSub.token } });
    expect(await playerClient.call({ subscribe: { channel: supportChannel(sub) } })).toMatchObject({
      error: { code: 103 },
    });

    // The operator answers: pushed to the visitor after the commit.
    const { message } = await inbox.reply(visitor.message.conversation_id, 1, 'Yes, for your first deposit.');
    await t.app.orbitOutbox.drain();
    await client.next((f) => f.push?.channel === supportChannel(sub));
    expect(client.pushes(supportChannel(sub)).map((d) => supportPushSchema.parse(d))).toEqual([
      {
        conversation: expect.objectContaining({ id: visitor.message.conversation_id, status: 'open' }),
        message: {
          id: message.id,
          conversation_id: visitor.message.conversation_id,
          author: 'operator',
          body: 'Yes, for your first deposit.',
          created_at: message.createdAt.toISOString(),
        },
        unread: 1,
      },
    ]);
    expect((await thread(visitor.cookie)).body.unread).toBe(1);
    const marked = await call(t, 'POST', '/api/support/conversation/seen', { cookie: visitor.cookie });
    expect(marked.json()).toEqual({ unread: 0 });
    expect((await thread(visitor.cookie)).body.unread).toBe(0);

    // The visitor's own next message reaches their other tabs too; the close as well.
    const own = supportMessageSchema.parse((await write(visitor.cookie, 'Thanks!')).json());
    await inbox.close(visitor.message.conversation_id, 1, 'Answered');
    await t.app.orbitOutbox.drain();
    await client.next(() => client.pushes(supportChannel(sub)).length === 3);
    expect(
      client
        .pushes(supportChannel(sub))
        .slice(1)
        .map((d) => supportPushSchema.parse(d).message),
    ).toEqual([own, null]);
    expect(playerClient.pushes(supportChannel(sub))).toEqual([]);
  });

  it('refuses a visitor’s token that names another visitor’s channel, or is signed with another secret', async () => {
    const a = await newVisitor();
    const b = await newVisitor();
    const subA = await subscriptionOf(a.cookie);
    const subB = await subscriptionOf(b.cookie);
    // b's channel id with a's key: the gateway checks that the id is the key's.
    const mixed = await issueVisitorToken(SECRET, subB.user!, keyOf(restoreIdOf(a.cookie)), clock.now());
    const forged = await openSocket();
    forged.socket.send(JSON.stringify({ id: 1, connect: { token: mixed } }));
    expect(await forged.closed).toEqual({ code: 3500, reason: 'invalid token' });
    // Signed with another secret.
    const foreign = await issueVisitorToken('x'.repeat(40), subA.user!, keyOf(restoreIdOf(a.cookie)), clock.now());
    const other = await openSocket();
    other.socket.send(JSON.stringify({ id: 1, connect: { token: foreign } }));
    expect(await other.closed).toEqual({ code: 3500, reason: 'invalid token' });
  });

  it('is told to the operators as a visitor’s, in the first line and the general queue', async () => {
    const visitor = await newVisitor('Which currencies do you take?');
    const admin = await signInAdmin(t, clock);
    const res = await call(t, 'GET', '/api/backoffice/support/conversations?party=visitor&per_page=200', {
      cookie: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = backofficeSupportConversationsResponseSchema.parse(res.json()).data;
    expect(listed.every((c) => c.party === 'visitor')).toBe(true);
    expect(listed.find((c) => c.id === visitor.message.conversation_id)).toMatchObject({
      party: 'visitor',
      user_id: null,
      player_email: null,
      contact_email: null,
      queue: 'general',
      line: 'first',
      unread: 1,
    });
    const second = await call(t, 'GET', '/api/backoffice/support/conversations?line=second&per_page=200', {
      cookie: admin,
    });
    const onSecond = backofficeSupportConversationsResponseSchema.parse(second.json()).data;
    expect(onSecond.map((c) => c.id)).not.toContain(visitor.message.conversation_id);
  });
});

describe('limits', () => {
  it('takes 20 messages a minute from a visitor, then 429 with Retry-After', async () => {
    const visitor = await newVisitor('m0');
    for (let i = 1; i < SUPPORT_MESSAGES_PER_MINUTE; i++)
      expect((await write(visitor.cookie, `m${i}`)).statusCode).toBe(201);
    const refused = await write(visitor.cookie, 'one more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { base: ['too_many_requests'] } });
    expect(Number(refused.headers['retry-after'])).toBe(60);
    expect((await thread(visitor.cookie)).body.messages).toHaveLength(SUPPORT_MESSAGES_PER_MINUTE);
    clock.advance(61_000);
    expect((await write(visitor.cookie, 'one more')).statusCode).toBe(201);
  });

  it('opens at most 10 visitor conversations an hour from one address; its visitors write on', async () => {
    const ip = '10.98.0.1';
    const made: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await write(undefined, `visitor ${i}`, ip);
      expect(res.statusCode, res.body).toBe(201);
      made.push(chatCookieOf(res));
      clock.advance(60_000);
    }
    const before = await conversations(sql`party = 'visitor'`);
    const refused = await write(undefined, 'one visitor too many', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { base: ['too_many_requests'] } });
    // The first of the hour leaves it 50 minutes from now.
    expect(Number(refused.headers['retry-after'])).toBe(50 * 60);
    expect(chatCookieLine(refused)).toBeUndefined();
    expect(await conversations(sql`party = 'visitor'`)).toEqual(before);
    // The visitors already there write on; another address opens its own.
    expect((await write(made[0], 'still here', ip)).statusCode).toBe(201);
    expect((await write(undefined, 'from elsewhere', '10.98.0.2')).statusCode).toBe(201);
    clock.advance(50 * 60_000);
    expect((await write(undefined, 'an hour later', ip)).statusCode).toBe(201);
  });
});

describe('a visitor who signs up or signs in', () => {
  it('keeps the conversation: the player’s next support call takes it over and clears the cookie', async () => {
    const visitor = await newVisitor('I want to open an account, what do I need?');
    clock.advance(1_000);
    await write(visitor.cookie, 'And is there a minimum deposit?');
    await inbox.reply(visitor.message.conversation_id, 1, 'Just an email address. The minimum is 10 EUR.');

    // Signing up does not touch support; the page asks for the conversation again as the player.
    const player = await newPlayer(visitor.cookie);
    const read = await thread(cookies(player.session, visitor.cookie));
    expect(chatCookieLine(read.res)).toMatch(/^orbit_chat=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    expect(read.body).toMatchObject({
      conversation: { id: visitor.message.conversation_id, status: 'open' },
      unread: 1,
      visitor: false,
    });
    expect(read.body.messages.map((m) => [m.author, m.body])).toEqual([
      ['player', 'I want to open an account, what do I need?'],
      ['player', 'And is there a minimum deposit?'],
      ['operator', 'Just an email address. The minimum is 10 EUR.'],
    ]);
    expect(await conversations(sql`id = ${visitor.message.conversation_id}`)).toEqual([
      expect.objectContaining({ party: 'player', user_id: player.id, visitor_key: null, status: 'open' }),
    ]);
    // The player's next message joins it; the cookie (another device still holding it) opens nothing any more.
    const next = supportMessageSchema.parse((await write(player.session, 'Great, thanks')).json());
    expect(next.conversation_id).toBe(visitor.message.conversation_id);
    const stale = await thread(visitor.cookie);
    expect(stale.body).toEqual({ conversation: null, messages: [], unread: 0, visitor: true });
    expect(chatCookieLine(stale.res)).toMatch(/Max-Age=0/);
    expect((await subscriptionOf(visitor.cookie)).visitor).toBe(false);
  });

  it('merges the visitor’s open conversation into the player’s open one, and takes the closed ones as they are', async () => {
    const player = await newPlayer();
    const mine = supportMessageSchema.parse((await write(player.session, 'My bonus is missing')).json());
    // The visitor (the same person, before signing in on this device): one closed conversation, one open.
    const visitor = await newVisitor('Old question');
    await inbox.close(visitor.message.conversation_id, 1, 'Answered');
    clock.advance(1_000);
    const open = supportMessageSchema.parse((await write(visitor.cookie, 'New question')).json());
    expect(open.conversation_id).not.toBe(visitor.message.conversation_id);
    await inbox.reply(open.conversation_id, 1, 'What is the question?');
    clock.advance(1_000);
    await write(visitor.cookie, 'Where are the free spins?');

    const seen = await call(t, 'POST', '/api/support/conversation/seen', {
      cookie: cookies(player.session, visitor.cookie),
    });
    expect(seen.json()).toEqual({ unread: 0 });
    expect(chatCookieLine(seen)).toMatch(/Max-Age=0/);

    const rows = await conversations(
      sql`id in (${mine.conversation_id}, ${visitor.message.conversation_id}, ${open.conversation_id})`,
    );
    expect(rows.map((r) => [r.id, r.party, r.user_id, r.visitor_key, r.status])).toEqual([
      [mine.conversation_id, 'player', player.id, null, 'open'],
      [visitor.message.conversation_id, 'player', player.id, null, 'closed'],
    ]);
    expect(await bodiesOf(mine.conversation_id)).toEqual([
      'My bonus is missing',
      'New question',
      'What is the question?',
      'Where are the free spins?',
    ]);
    // The player's waiting message and the visitor's after the answer both wait for the operators.
    const { rows: counters } = await t.database.db.execute(
      sql`select unread_by_operator, unread_by_player from support_conversations where id = ${mine.conversation_id}`,
    );
    expect(counters).toEqual([{ unread_by_operator: 2, unread_by_player: 0 }]);
    const read = (await thread(player.session)).body;
    expect(read.conversation).toMatchObject({ id: mine.conversation_id, status: 'open' });
    expect(read.messages).toHaveLength(4);
  });

  it('twenty calls at once after signing in leave one open conversation, every message once', async () => {
    for (const alreadyWriting of [true, false]) {
      const player = await newPlayer();
      const before = alreadyWriting ? ['Hello from the player'] : [];
      for (const body of before) expect((await write(player.session, body)).statusCode).toBe(201);
      const visitor = await newVisitor('v1');
      await write(visitor.cookie, 'v2');
      await write(visitor.cookie, 'v3');
      const both = cookies(player.session, visitor.cookie);

      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? call(t, 'GET', '/api/support/conversation', { cookie: both })
            : write(both, `at once ${i}`, '10.97.0.1'),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? 201 : 200)));
      for (const res of answers) expect(chatCookieLine(res)).toMatch(/Max-Age=0/);

      const open = await conversations(sql`user_id = ${player.id} and status = 'open'`);
      expect(open, `player already writing: ${alreadyWriting}`).toHaveLength(1);
      expect(await conversations(sql`visitor_key = ${keyOf(restoreIdOf(visitor.cookie))}`)).toEqual([]);
      const bodies = await bodiesOf(open[0]!.id);
      const sent = Array.from({ length: 10 }, (_, i) => `at once ${2 * i + 1}`);
      expect([...bodies].sort()).toEqual([...before, 'v1', 'v2', 'v3', ...sent].sort());
      expect((await thread(player.session)).body.messages).toHaveLength(bodies.length);
      // Counted once too: every message waits for the operators, none was counted twice.
      const { rows } = await t.database.db.execute(
        sql`select unread_by_operator from support_conversations where id = ${open[0]!.id}`,
      );
      expect(rows).toEqual([{ unread_by_operator: bodies.length }]);
    }
  });
});

describe('the restore id', () => {
  it('is the visitor’s cookie value: read it, hand it in on another device (a bearer), unknown ones 422', async () => {
    const visitor = await newVisitor('Question from my phone');
    const restoreId = restoreIdOf(visitor.cookie);

    const read = await restoreIdCall('get', visitor.cookie);
    expect([read.statusCode, read.json()]).toEqual([200, { restore_id: restoreId }]);
    expect(read.headers['cache-control']).toBe('no-store');
    expect((await restoreIdCall('get')).json()).toEqual({ restore_id: null });
    const forged = await restoreIdCall('get', `orbit_chat=${'C'.repeat(32)}`);
    expect(forged.json()).toEqual({ restore_id: null });
    expect(chatCookieLine(forged)).toMatch(/Max-Age=0/);

    // Another device, or another visitor with a conversation of their own: the id is a bearer.
    const other = await newVisitor('Someone else');
    for (const device of [undefined, other.cookie]) {
      const set = await restoreIdCall('set', device, { restore_id: restoreId });
      expect([set.statusCode, set.json()]).toEqual([200, { restore_id: restoreId }]);
      expect(chatCookieLine(set)).toBe(`orbit_chat=${restoreId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000`);
      expect((await thread(chatCookieOf(set))).body.messages.map((m) => m.body)).toEqual(['Question from my phone']);
    }

    const unknown = await restoreIdCall('set', undefined, { restore_id: 'D'.repeat(32) });
    expect([unknown.statusCode, unknown.json()]).toEqual([422, { errors: { restore_id: ['unknown'] } }]);
    expect(chatCookieLine(unknown)).toBeUndefined();
  });

  it('refuses junk (422, nothing set) and calls without the CSRF header (403)', async () => {
    const before = await conversations(sql`true`);
    for (const [restore_id, code] of [
      [2147483648, 'invalid_type'],
      [2 ** 53, 'invalid_type'],
      ['2147483648', 'invalid'],
      ['%2e%2e%2f%2e%2e%2fetc%2fpasswd%00xx', 'invalid'],
      ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', 'invalid'],
      ['A'.repeat(33), 'invalid'],
      ['A'.repeat(31) + '\u0000', 'invalid_characters'],
      ['', 'invalid'],
      [null, 'invalid_type'],
      [undefined, 'required'],
      [{ $ne: null }, 'invalid_type'],
    ] as const) {
      const res = await restoreIdCall('set', undefined, { restore_id }, '10.99.1.1');
      expect(res.statusCode, String(restore_id)).toBe(422);
      expect(res.json()).toEqual({ errors: { restore_id: [code] } });
      expect(chatCookieLine(res)).toBeUndefined();
    }
    expect(await conversations(sql`true`)).toEqual(before);

    const visitor = await newVisitor();
    for (const path of ['get', 'set'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/restore-id/${path}`,
        headers: { cookie: visitor.cookie, 'x-requested-with': '' },
        payload: { restore_id: restoreIdOf(visitor.cookie) },
      });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ errors: { base: ['csrf_failed'] } });
    }
  });

  it('takes 10 tries a minute from one address, known or not, then 429', async () => {
    const visitor = await newVisitor();
    const ip = '10.99.2.1';
    for (let i = 0; i < 10; i++) {
      const restore_id = i % 2 ? restoreIdOf(visitor.cookie) : `${'E'.repeat(31)}${i}`;
      expect((await restoreIdCall('set', undefined, { restore_id }, ip)).statusCode).toBe(i % 2 ? 200 : 422);
    }
    const refused = await restoreIdCall('set', undefined, { restore_id: restoreIdOf(visitor.cookie) }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(60);
    expect(
      (await restoreIdCall('set', undefined, { restore_id: restoreIdOf(visitor.cookie) }, '10.99.2.2')).statusCode,
    ).toBe(200);
    clock.advance(61_000);
    expect((await restoreIdCall('set', undefined, { restore_id: restoreIdOf(visitor.cookie) }, ip)).statusCode).toBe(
      200,
    );
  });

  it('handed in by a signed-in player moves that visitor’s conversation to the player; the player has none to read', async () => {
    const visitor = await newVisitor('Asked on my laptop before signing up');
    const player = await newPlayer();
    expect((await restoreIdCall('get', player.session)).json()).toEqual({ restore_id: null });
    const set = await restoreIdCall('set', player.session, { restore_id: restoreIdOf(visitor.cookie) });
    expect([set.statusCode, set.json()]).toEqual([200, { restore_id: null }]);
    expect(chatCookieLine(set)).toBeUndefined();
    const read = (await thread(player.session)).body;
    expect(read).toMatchObject({ conversation: { id: visitor.message.conversation_id }, visitor: false });
    expect(read.messages.map((m) => m.body)).toEqual(['Asked on my laptop before signing up']);
    // Now the player's: the id names no visitor's conversation any more.
    const again = await restoreIdCall('set', undefined, { restore_id: restoreIdOf(visitor.cookie) });
    expect([again.statusCode, again.json()]).toEqual([422, { errors: { restore_id: ['unknown'] } }]);
    const late = await restoreIdCall('set', player.session, { restore_id: restoreIdOf(visitor.cookie) });
    expect(late.statusCode).toBe(422);
    // A player's restore-id call carrying the chat cookie takes that visitor over too.
    const another = await newVisitor('From the other browser');
    const got = await restoreIdCall('get', cookies(player.session, another.cookie));
    expect(got.json()).toEqual({ restore_id: null });
    expect(chatCookieLine(got)).toMatch(/Max-Age=0/);
    const { body: after } = await thread(player.session);
    expect(after.messages.map((m) => m.body)).toEqual([
      'Asked on my laptop before signing up',
      'From the other browser',
    ]);
    expect(supportRestoreIdAnswerSchema.parse(got.json())).toEqual({ restore_id: null });
    // Handing in the very id its chat cookie holds: taken over once, and answered as such.
    const third = await newVisitor('A third question');
    const own = await restoreIdCall('set', cookies(player.session, third.cookie), {
      restore_id: restoreIdOf(third.cookie),
    });
    expect([own.statusCode, own.json()]).toEqual([200, { restore_id: null }]);
    expect(chatCookieLine(own)).toMatch(/Max-Age=0/);
    expect((await thread(player.session)).body.messages.map((m) => m.body)).toContain('A third question');
  });
});
