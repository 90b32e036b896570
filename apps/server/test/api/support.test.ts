/**
 * The player's support calls (docs/support.md): the first message opens the conversation, the
 * next ones join it; each player reads only their own; refused without the CSRF header, for a
 * blank or too long body (nothing written) and past 20 messages a minute (429); a VIP player's
 * conversation waits in the `vip` queue, a player of group 545 is on the second line; the
 * player's own message and a close (through the door) are pushed on `support`, and the next
 * message opens a new conversation. Visitors: support-visitors.test.ts. FakeClock.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportMessageSchema, supportPushSchema, supportThreadSchema, type SupportMessage } from '@orbit/contracts';
import { userGroups } from '../../src/modules/identity/schema';
import { SupportInbox, SUPPORT_MESSAGES_PER_MINUTE } from '../../src/modules/support';
import { FakeClock } from '../../src/platform/clock';
import { playerTopic } from '../../src/platform/realtime/channels';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-12-02T09:00:00Z');
const bus = new MemoryPubSub();
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock, pubsub: bus });
});
afterAll(() => t.close());

async function newPlayer() {
  seq++;
  const { cookie, player } = await register(
    t,
    { email: `support.player${seq}@example.com`, nickname: `helpme${seq}x${Date.now() % 100000}` },
    `10.72.${seq}.1`,
  );
  return { cookie, id: player.id };
}

const write = (cookie: string | undefined, body: unknown) =>
  call(t, 'POST', '/api/support/messages', { cookie, payload: { body } });

async function thread(cookie: string) {
  const res = await call(t, 'GET', '/api/support/conversation', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return supportThreadSchema.parse(res.json());
}

const messageCount = async () =>
  Number(
    ((await t.database.db.execute(sql`select count(*)::int as n from support_messages`)).rows[0] as { n: number }).n,
  );

describe('the player’s support conversation', () => {
  it('opens with the first message, gathers the next ones, oldest first, and is the caller’s alone', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    expect(await thread(a.cookie)).toEqual({ conversation: null, messages: [], unread: 0, visitor: false });

    const first = await write(a.cookie, '  My deposit has not arrived  ');
    expect(first.statusCode, first.body).toBe(201);
    const message = supportMessageSchema.parse(first.json());
    expect(message).toMatchObject({ author: 'player', body: 'My deposit has not arrived' });
    clock.advance(1_000);
    expect((await write(a.cookie, 'It was 50 EUR')).statusCode).toBe(201);

    const mine = await thread(a.cookie);
    expect(mine.conversation).toMatchObject({ id: message.conversation_id, status: 'open', closed_at: null });
    expect(mine.messages.map((m) => m.body)).toEqual(['My deposit has not arrived', 'It was 50 EUR']);
    expect(mine.unread).toBe(0);
    expect(mine.visitor).toBe(false);

    // Another player sees nothing of it, and their own message opens their own conversation.
    expect(await thread(b.cookie)).toEqual({ conversation: null, messages: [], unread: 0, visitor: false });
    const theirs = supportMessageSchema.parse((await write(b.cookie, 'Hello')).json());
    expect(theirs.conversation_id).not.toBe(message.conversation_id);
    expect((await thread(b.cookie)).messages.map((m) => m.body)).toEqual(['Hello']);
    expect((await thread(a.cookie)).messages).toHaveLength(2);
  });

  it('refuses without the CSRF header (403), and blank or too long bodies (422): nothing written', async () => {
    const a = await newPlayer();
    const before = await messageCount();
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      headers: { cookie: a.cookie, 'x-requested-with': '' },
      payload: { body: 'hi' },
    });
    expect(noHeader.statusCode).toBe(403);
    // Nor from a guest (who would be a visitor): no conversation, no chat cookie.
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      headers: { 'x-requested-with': '' },
      payload: { body: 'hi' },
    });
    expect(guest.statusCode).toBe(403);
    expect(guest.headers['set-cookie']).toBeUndefined();
    for (const [body, code] of [
      ['', 'required'],
      ['   \n ', 'required'],
      ['x'.repeat(2001), 'too_long'],
      [undefined, 'required'],
      [42, 'invalid_type'],
    ] as const) {
      for (const cookie of [a.cookie, undefined]) {
        const res = await write(cookie, body);
        expect(res.statusCode, String(body)).toBe(422);
        expect(res.json()).toEqual({ errors: { body: [code] } });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    expect((await write(a.cookie, 'x'.repeat(2000))).statusCode).toBe(201);
    expect(await messageCount()).toBe(before + 1);
  });

  it('takes 20 messages a minute, then answers 429 with Retry-After until the minute lets go', async () => {
    const a = await newPlayer();
    for (let i = 0; i < SUPPORT_MESSAGES_PER_MINUTE; i++) expect((await write(a.cookie, `m${i}`)).statusCode).toBe(201);
    const refused = await write(a.cookie, 'one more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { base: ['too_many_requests'] } });
    expect(Number(refused.headers['retry-after'])).toBe(60);
    expect((await thread(a.cookie)).messages).toHaveLength(SUPPORT_MESSAGES_PER_MINUTE);
    clock.advance(61_000);
    expect((await write(a.cookie, 'one more')).statusCode).toBe(201);
  });

  it('puts a VIP player’s conversation in the vip queue, others in general; group 545 on the second line', async () => {
    const [regular, vip, second] = [await newPlayer(), await newPlayer(), await newPlayer()];
    // Gold (259) instead of the entry status: as the VIP club would have set it.
    await t.database.db.delete(userGroups).where(eq(userGroups.userId, vip.id));
    await t.database.db.insert(userGroups).values({ userId: vip.id, groupId: 259, addedAt: clock.now() });
    // The second chat line is the player's own choice (a page-writable group).
    const joined = await call(t, 'POST', '/api/player/groups', {
      cookie: second.cookie,
      payload: { groups: { add: [545] } },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    for (const p of [regular, vip, second]) expect((await write(p.cookie, 'hi')).statusCode).toBe(201);
    const { rows } = await t.database.db.execute(
      sql`select user_id, queue, line from support_conversations where user_id in (${regular.id}, ${vip.id}, ${second.id})`,
    );
    const placed = Object.fromEntries(
      (rows as Array<{ user_id: number; queue: string; line: string }>).map((r) => [
        Number(r.user_id),
        [r.queue, r.line],
      ]),
    );
    expect(placed).toEqual({
      [regular.id]: ['general', 'first'],
      [vip.id]: ['vip', 'first'],
      [second.id]: ['general', 'second'],
    });
  });

  it('tells the player’s tabs their own message, and live when support closes the conversation; the next message opens a new one', async () => {
    const a = await newPlayer();
    const seen: RealtimeMessage[] = [];
    const stop = await bus.subscribe(playerTopic(a.id), (m) => seen.push(m));
    let first: SupportMessage;
    try {
      first = supportMessageSchema.parse((await write(a.cookie, 'Thanks, all good')).json());
      await t.app.orbitOutbox.drain();
      await new SupportInbox(t.database.db, clock).close(first.conversation_id, 1, 'Solved');
      await t.app.orbitOutbox.drain();
      const pushed = seen.filter((m) => m.event === 'support').map((m) => supportPushSchema.parse(m.data));
      expect(pushed).toEqual([
        {
          conversation: expect.objectContaining({ id: first.conversation_id, status: 'open' }),
          message: first,
          unread: 0,
        },
        {
          conversation: expect.objectContaining({ id: first.conversation_id, status: 'closed' }),
          message: null,
          unread: 0,
        },
      ]);
    } finally {
      await stop();
    }
    // The closed conversation is still shown until the player writes again.
    expect((await thread(a.cookie)).conversation).toMatchObject({ id: first.conversation_id, status: 'closed' });
    const next = supportMessageSchema.parse((await write(a.cookie, 'One more question')).json());
    expect(next.conversation_id).not.toBe(first.conversation_id);
    const now = await thread(a.cookie);
    expect(now.conversation).toMatchObject({ id: next.conversation_id, status: 'open' });
    expect(now.messages.map((m) => m.body)).toEqual(['One more question']);
  });

  it('keeps one open conversation for two first messages at once', async () => {
    const a = await newPlayer();
    const answers = await Promise.all([write(a.cookie, 'one'), write(a.cookie, 'two')]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    const ids = answers.map((r) => supportMessageSchema.parse(r.json()).conversation_id);
    expect(ids[0]).toBe(ids[1]);
    expect((await thread(a.cookie)).messages).toHaveLength(2);
  });
});
