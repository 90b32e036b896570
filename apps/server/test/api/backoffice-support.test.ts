/**
 * The back office's support inbox (docs/backoffice.md "Support inbox"): a player's message listed
 * for a support operator (unread 1), the answer audited in its transaction and pushed live on the
 * player's `support` channel, the player's unread count and its seen mark; the close with its
 * reason, audited; one of two closes at once wins; the inbox's order; the canned answers; refused
 * to finance, risk and marketing (403, nothing written), to players and to nobody signed in.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeSupportCannedAnswersResponseSchema,
  backofficeSupportConversationDetailSchema,
  backofficeSupportConversationSchema,
  backofficeSupportConversationsResponseSchema,
  backofficeSupportMessageSchema,
  supportMessageSchema,
  supportPushSchema,
  supportThreadSchema,
  type BackofficeSupportMessage,
  type SupportPush,
} from '@orbit/contracts';
import { checkAuditChain } from '../../src/modules/backoffice';
import { FakeClock } from '../../src/platform/clock';
import { playerTopic } from '../../src/platform/realtime/channels';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin, signInOperator, type SignedInOperator } from '../support/backoffice';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-12-03T09:00:00Z');
const bus = new MemoryPubSub();
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock, pubsub: bus });
});
afterAll(() => t.close());

const made = new Map<string, SignedInOperator>();
type Role = 'support' | 'finance' | 'risk' | 'marketing';

/** A signed-in operator of `role` (made by the admin the first time): their cookie and id. */
async function operatorOf(role: Role): Promise<{ cookie: string; id: number }> {
  const known = made.get(role);
  if (known) return { cookie: await signInOperator(t, clock, known), id: known.id };
  const operator = await newOperator(t, clock, await signInAdmin(t, clock), role, `${role}-support@orbit.example`);
  made.set(role, operator);
  return { cookie: operator.cookie, id: operator.id };
}

async function newPlayer() {
  seq++;
  const email = `inbox.player${seq}@example.com`;
  const { cookie, player } = await register(
    t,
    { email, nickname: `inboxer${seq}x${Date.now() % 100000}` },
    `10.73.${seq}.1`,
  );
  return { cookie, id: player.id, email };
}

async function playerWrites(cookie: string, body: string) {
  const res = await call(t, 'POST', '/api/support/messages', { cookie, payload: { body } });
  expect(res.statusCode, res.body).toBe(201);
  return supportMessageSchema.parse(res.json());
}

async function playerThread(cookie: string) {
  const res = await call(t, 'GET', '/api/support/conversation', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return supportThreadSchema.parse(res.json());
}

const list = async (cookie: string, query = '') => {
  const res = await call(t, 'GET', `/api/backoffice/support/conversations?per_page=200${query}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return backofficeSupportConversationsResponseSchema.parse(res.json());
};

const audits = async (action: string, id: number) =>
  (
    await t.database.db.execute(
      sql`select actor, role, before, after, reason from audit_log where action = ${action} and target_type = 'support_conversation' and target_id = ${String(id)} order by seq`,
    )
  ).rows as Array<{ actor: string; role: string; before: unknown; after: unknown; reason: string | null }>;

const count = async (table: 'support_messages' | 'support_conversations') =>
  Number(
    ((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as { n: number }).n,
  );

/** An operator's answer through the inbox: 201 and the message. */
async function answerAs(cookie: string, id: number, body: string): Promise<BackofficeSupportMessage> {
  const res = await call(t, 'POST', `/api/backoffice/support/conversations/${id}/messages`, {
    cookie,
    payload: { body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return backofficeSupportMessageSchema.parse(res.json());
}

/** What the player's `support` channel carried while `during` ran (the outbox delivered after it). */
async function pushesTo(playerId: number, during: () => Promise<void>): Promise<SupportPush[]> {
  // What was told before (the player's own messages, to their other tabs) is out first.
  await t.app.orbitOutbox.drain();
  const seen: RealtimeMessage[] = [];
  const stop = await bus.subscribe(playerTopic(playerId), (m) => seen.push(m));
  try {
    await during();
    await t.app.orbitOutbox.drain();
  } finally {
    await stop();
  }
  return seen.filter((m) => m.event === 'support').map((m) => supportPushSchema.parse(m.data));
}

describe('the support inbox', () => {
  it('a player writes, support sees it unread, answers (audited, live); the player reads it and marks it seen', async () => {
    const player = await newPlayer();
    const first = await playerWrites(player.cookie, 'Where is my cashout?');
    const id = first.conversation_id;
    const support = await operatorOf('support');

    const listed = (await list(support.cookie, `&user_id=${player.id}`)).data;
    expect(listed).toEqual([
      expect.objectContaining({
        id,
        party: 'player',
        user_id: player.id,
        player_email: player.email,
        contact_name: null,
        contact_email: null,
        contact_subject: null,
        status: 'open',
        queue: 'general',
        line: 'first',
        unread: 1,
        unread_by_player: 0,
        last_message: expect.objectContaining({ author: 'player', body: 'Where is my cashout?' }),
      }),
    ]);

    // Pushed on the player's `support` channel once the outbox has delivered the notice.
    clock.advance(5_000);
    let answer: BackofficeSupportMessage | undefined;
    const pushed = await pushesTo(player.id, async () => {
      answer = await answerAs(support.cookie, id, '  We are checking your payment.  ');
    });
    expect(answer).toMatchObject({
      conversation_id: id,
      author: 'operator',
      operator_id: support.id,
      operator_name: 'The support operator',
      body: 'We are checking your payment.',
    });
    expect(await audits('support.reply', id)).toEqual([
      {
        actor: 'support-support@orbit.example',
        role: 'support',
        before: { unread: 1 },
        after: { body: 'We are checking your payment.', message_id: answer!.id },
        reason: null,
      },
    ]);
    const { created_at, body } = answer!;
    expect(pushed).toEqual([
      {
        conversation: expect.objectContaining({ id, status: 'open' }),
        message: { id: answer!.id, conversation_id: id, author: 'operator', body, created_at },
        unread: 1,
      },
    ]);

    // Answered: nothing waits for the operators any more; the player has one unread.
    expect((await list(support.cookie, `&user_id=${player.id}`)).data[0]).toMatchObject({
      unread: 0,
      unread_by_player: 1,
    });
    const thread = await playerThread(player.cookie);
    expect(thread.messages.map((m) => [m.author, m.body])).toEqual([
      ['player', 'Where is my cashout?'],
      ['operator', 'We are checking your payment.'],
    ]);
    expect(thread.messages[1]).not.toHaveProperty('operator_id');
    expect(thread.unread).toBe(1);
    const marked = await call(t, 'POST', '/api/support/conversation/seen', { cookie: player.cookie });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ unread: 0 });
    expect((await playerThread(player.cookie)).unread).toBe(0);

    const detail = await call(t, 'GET', `/api/backoffice/support/conversations/${id}`, { cookie: support.cookie });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.headers['cache-control']).toBe('no-store');
    const shown = backofficeSupportConversationDetailSchema.parse(detail.json());
    expect(shown).toMatchObject({ id, player_email: player.email, unread: 0, unread_by_player: 0 });
    expect(shown.messages.map((m) => [m.author, m.operator_name])).toEqual([
      ['player', null],
      ['operator', 'The support operator'],
    ]);
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });

  it('closes with a reason (audited); a second close and a reply to it answer 409; the player’s next message opens a new one', async () => {
    const player = await newPlayer();
    const { conversation_id: id } = await playerWrites(player.cookie, 'Thanks!');
    const support = await operatorOf('support');
    const close = (reason: string) =>
      call(t, 'POST', `/api/backoffice/support/conversations/${id}/close`, {
        cookie: support.cookie,
        payload: { reason },
      });

    const blank = await close('  ');
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: { reason: ['required'] } });
    const [one, two] = await Promise.all([close('Solved'), close('Solved')]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json()).toEqual({ errors: { base: ['not_open'] } });
    const winner = backofficeSupportConversationSchema.parse((one.statusCode === 200 ? one : two).json());
    expect(winner).toMatchObject({ id, status: 'closed', close_reason: 'Solved' });
    expect(await audits('support.close', id)).toEqual([
      {
        actor: 'support-support@orbit.example',
        role: 'support',
        before: { status: 'open' },
        after: { status: 'closed' },
        reason: 'Solved',
      },
    ]);

    const late = await call(t, 'POST', `/api/backoffice/support/conversations/${id}/messages`, {
      cookie: support.cookie,
      payload: { body: 'Anything else?' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ errors: { base: ['conversation_closed'] } });
    expect(await audits('support.reply', id)).toEqual([]);

    const next = await playerWrites(player.cookie, 'Actually, one more thing');
    expect(next.conversation_id).not.toBe(id);
    const mine = (await list(support.cookie, `&user_id=${player.id}`)).data;
    expect(mine.map((c) => [c.id, c.status])).toEqual([
      [next.conversation_id, 'open'],
      [id, 'closed'],
    ]);
    expect((await list(support.cookie, `&user_id=${player.id}&status=closed`)).data.map((c) => c.id)).toEqual([id]);
  });

  it('lists open conversations first, those waiting for an answer first, then the newest message', async () => {
    const support = await operatorOf('support');
    const [a, b, c] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const ca = (await playerWrites(a.cookie, 'a')).conversation_id;
    clock.advance(1_000);
    const cb = (await playerWrites(b.cookie, 'b')).conversation_id;
    clock.advance(1_000);
    const cc = (await playerWrites(c.cookie, 'c')).conversation_id;
    clock.advance(1_000);
    // c is answered (newest message, but nothing waits); a and b wait, b's message the newer.
    await answerAs(support.cookie, cc, 'Hello');
    const order = (await list(support.cookie)).data.map((row) => row.id).filter((id) => [ca, cb, cc].includes(id));
    expect(order).toEqual([cb, ca, cc]);
    const firstClosed = (await list(support.cookie)).data.findIndex((row) => row.status === 'closed');
    const lastOpen = (await list(support.cookie)).data.findLastIndex((row) => row.status === 'open');
    if (firstClosed >= 0) expect(lastOpen).toBeLessThan(firstClosed);
  });

  it('serves the canned answers; validates ids, filters and bodies (422, nothing written); 404 unknown', async () => {
    const support = await operatorOf('support');
    const canned = await call(t, 'GET', '/api/backoffice/support/canned_answers', { cookie: support.cookie });
    expect(canned.statusCode).toBe(200);
    const answers = backofficeSupportCannedAnswersResponseSchema.parse(canned.json());
    expect(answers.total).toBe(answers.data.length);
    expect(answers.data.map((a) => a.id)).toEqual(
      expect.arrayContaining(['greeting', 'checking_payment', 'upload_document']),
    );

    const player = await newPlayer();
    const { conversation_id: id } = await playerWrites(player.cookie, 'Hi');
    const [messages, entries] = [await count('support_messages'), await auditCount(t)];
    for (const [body, code] of [
      ['', 'required'],
      [' ', 'required'],
      ['y'.repeat(2001), 'too_long'],
    ] as const) {
      const res = await call(t, 'POST', `/api/backoffice/support/conversations/${id}/messages`, {
        cookie: support.cookie,
        payload: { body },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { body: [code] } });
    }
    for (const [bad, code] of [
      ['0', 'invalid'],
      ['abc', 'invalid'],
      ['2147483648', 'too_big'],
    ] as const) {
      const res = await call(t, 'GET', `/api/backoffice/support/conversations/${bad}`, { cookie: support.cookie });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json()).toEqual({ errors: { id: [code] } });
      const reply = await call(t, 'POST', `/api/backoffice/support/conversations/${bad}/messages`, {
        cookie: support.cookie,
        payload: { body: 'x' },
      });
      expect(reply.statusCode).toBe(422);
    }
    for (const [query, field] of [
      ['status=waiting', 'status'],
      ['party=robot', 'party'],
      ['line=third', 'line'],
      ['user_id=2147483648', 'user_id'],
    ] as const) {
      const filtered = await call(t, 'GET', `/api/backoffice/support/conversations?${query}`, {
        cookie: support.cookie,
      });
      expect(filtered.statusCode, query).toBe(422);
      expect(filtered.json()).toEqual({ errors: { [field]: [field === 'user_id' ? 'too_big' : 'invalid'] } });
    }
    expect(
      (await call(t, 'GET', '/api/backoffice/support/conversations/999999', { cookie: support.cookie })).statusCode,
    ).toBe(404);
    const unknown = await call(t, 'POST', '/api/backoffice/support/conversations/999999/close', {
      cookie: support.cookie,
      payload: { reason: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect([await count('support_messages'), await auditCount(t)]).toEqual([messages, entries]);
  });

  it('refuses finance, risk and marketing (403) on every call, players and nobody (401): nothing written', async () => {
    const player = await newPlayer();
    const { conversation_id: id } = await playerWrites(player.cookie, 'Hello?');
    const calls = [
      ['GET', '/api/backoffice/support/conversations', undefined],
      ['GET', `/api/backoffice/support/conversations/${id}`, undefined],
      ['POST', `/api/backoffice/support/conversations/${id}/messages`, { body: 'Hi' }],
      ['POST', `/api/backoffice/support/conversations/${id}/close`, { reason: 'Done' }],
      ['GET', '/api/backoffice/support/canned_answers', undefined],
    ] as const;
    const cookies = [];
    for (const role of ['finance', 'risk', 'marketing'] as const) cookies.push((await operatorOf(role)).cookie);
    const before = [await count('support_messages'), await count('support_conversations'), await auditCount(t)];
    for (const cookie of cookies) {
      for (const [method, url, payload] of calls) {
        const res = await call(t, method, url, { cookie, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ errors: { base: ['forbidden'] } });
      }
    }
    for (const cookie of [player.cookie, undefined]) {
      for (const [method, url, payload] of calls) {
        expect((await call(t, method, url, { cookie, payload })).statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect([await count('support_messages'), await count('support_conversations'), await auditCount(t)]).toEqual(
      before,
    );
    expect((await playerThread(player.cookie)).conversation).toMatchObject({ id, status: 'open' });
  });
});
