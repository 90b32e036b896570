/**
 * The realtime gateway over a real socket: a player receives their own balance and payments as
 * they change (fed by the outbox), never another player's; guests get the public channels; the
 * settings ticket opens the socket without a cookie, a forged one does not; a foreign page's
 * socket is refused; a message published on one instance reaches a socket on another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { playerSettingsSchema } from '@orbit/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { publishPublic, publishToPlayer } from '../../src/platform/realtime/channels';
import { MemoryPubSub, RedisPubSub, type PubSub } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { PASSWORD, call, register, sessionCookieOf, withCaptcha } from '../support/identity';

type Message = { channel: string; event: string; data: any };
const clock = new FakeClock('2026-11-01T10:00:00Z');
const bus = new MemoryPubSub();
let a: TestApp;
/** The second instance: its own process state, the same database and bus. */
let b: FastifyInstance;
let urlA: string;
let urlB: string;
let seq = 0;

beforeAll(async () => {
  // Two instances, as behind a load balancer: one bus, one realtime secret.
  const shared = { REALTIME_SECRET: 'realtime-secret-realtime-secret-0123456789' };
  a = await createTestApp(shared, { clock, pubsub: bus });
  b = await buildApp({ config: a.config, database: a.database, web: false, workers: false, clock, pubsub: bus });
  urlA = `ws://127.0.0.1:${await listen(a.app)}/api/realtime`;
  urlB = `ws://127.0.0.1:${await listen(b)}/api/realtime`;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

/** A socket and the messages it received; `next` waits for one matching. */
async function connect(url: string, headers: Record<string, string> = {}) {
  const messages: Message[] = [];
  const waiters: Array<{ match: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  const socket = new WebSocket(url, { headers });
  socket.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Message;
    messages.push(m);
    for (const w of waiters.splice(0)) {
      if (w.match(m)) w.resolve(m);
      else waiters.push(w);
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const next = (match: (m: Message) => boolean, ms = 3_000) =>
    new Promise<Message>((resolve, reject) => {
      const found = messages.find(match);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), ms);
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  return { socket, messages, next, closed };
}

async function newPlayer(t: TestApp) {
  seq++;
  const { cookie, player } = await register(t, { email: `live${seq}@example.com` }, `10.40.${seq}.1`);
  return { cookie, id: player.id };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('realtime gateway', () => {
  it("sends a player their balance when money moves, and not another player's", async () => {
    const ann = await newPlayer(a);
    const bob = await newPlayer(a);
    const annSocket = await connect(urlA, { cookie: ann.cookie });
    const bobSocket = await connect(urlA, { cookie: bob.cookie });
    const hello = await annSocket.next((m) => m.event === 'connected');
    const user = hello.data.user as string;
    expect(user).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(user).not.toContain(String(ann.id));
    await bobSocket.next((m) => m.event === 'connected');

    await new Ledger(clock).transfer(a.database.db, {
      idempotencyKey: `live-${seq}`,
      kind: 'deposit',
      reference: 'payment:x',
      currency: 'EUR',
      amount: 4_200,
      from: { house: 'psp_clearing' },
      to: { player: ann.id, kind: 'real' },
    });
    await a.app.orbitOutbox.drain();
    const balance = await annSocket.next((m) => m.event === 'balance');
    expect(balance).toEqual({
      channel: `balance#${user}`,
      event: 'balance',
      data: expect.objectContaining({ currency: 'EUR', amount_cents: 4_200, active: true }),
    });
    await settle();
    expect(bobSocket.messages.filter((m) => m.event === 'balance')).toEqual([]);
    annSocket.socket.close();
    bobSocket.socket.close();
  });

  it('gives guests the public channels only', async () => {
    const ann = await newPlayer(a);
    const guest = await connect(urlA);
    expect((await guest.next((m) => m.event === 'connected')).data).toEqual({ user: null });
    await publishPublic(bus, 'wins', { game: 'Starburst', amount_cents: 1234 });
    expect(await guest.next((m) => m.event === 'wins')).toEqual({
      channel: 'public:wins',
      event: 'wins',
      data: { game: 'Starburst', amount_cents: 1234 },
    });
    await publishToPlayer(bus, ann.id, 'balance', { currency: 'EUR' });
    await settle();
    expect(guest.messages.filter((m) => m.event === 'balance')).toEqual([]);
    guest.socket.close();
  });

  it('opens with the ticket from the player settings, and refuses a forged one', async () => {
    const ann = await newPlayer(a);
    const settings = playerSettingsSchema.parse(
      (await call(a, 'GET', '/api/player/settings', { cookie: ann.cookie })).json(),
    );
    expect(settings.cent).toMatchObject({ url: expect.stringMatching(/^ws:\/\/.+\/api\/realtime$/) });
    expect(playerSettingsSchema.parse((await call(a, 'GET', '/api/player/settings')).json()).cent).toBeNull();
    const byTicket = await connect(`${urlA}?token=${encodeURIComponent(settings.cent!.token)}`);
    expect((await byTicket.next((m) => m.event === 'connected')).data).toEqual({ user: settings.cent!.user });
    await publishToPlayer(bus, ann.id, 'payments_changes', { id: 7, state: 'succeeded' });
    expect(await byTicket.next((m) => m.event === 'payments_changes')).toMatchObject({
      channel: `payments_changes#${settings.cent!.user}`,
      data: { id: 7 },
    });
    byTicket.socket.close();

    const [id, session, ts] = settings.cent!.token.split('.');
    const forged = await connect(`${urlA}?token=${Number(id) + 1}.${session}.${ts}.${'A'.repeat(43)}`);
    expect(await forged.closed).toBe(4401);
    clock.advance(25 * 3_600_000);
    const expired = await connect(`${urlA}?token=${encodeURIComponent(settings.cent!.token)}`);
    expect(await expired.closed).toBe(4401);
  });

  it('closes the sockets of a session that ended, on every instance, and a ticket of it opens nothing', async () => {
    const ann = await newPlayer(a);
    const settings = playerSettingsSchema.parse(
      (await call(a, 'GET', '/api/player/settings', { cookie: ann.cookie })).json(),
    );
    const byCookie = await connect(urlA, { cookie: ann.cookie });
    const byTicket = await connect(`${urlB}?token=${encodeURIComponent(settings.cent!.token)}`);
    await byCookie.next((m) => m.event === 'connected');
    await byTicket.next((m) => m.event === 'connected');
    // Another session of the same player keeps its socket.
    const other = await call(a, 'POST', '/api/users/sign_in', {
      ip: '10.40.99.1',
      payload: await withCaptcha(a, { user: { email: `live${seq}@example.com`, password: PASSWORD } }),
    });
    const otherSocket = await connect(urlB, { cookie: sessionCookieOf(other) });
    await otherSocket.next((m) => m.event === 'connected');

    expect((await call(a, 'DELETE', '/api/users/sign_out', { cookie: ann.cookie })).statusCode).toBe(200);
    await a.app.orbitSweeps.runAll();
    await b.orbitSweeps.runAll();
    expect(await byCookie.closed).toBe(4401);
    expect(await byTicket.closed).toBe(4401);
    await settle();
    expect(otherSocket.socket.readyState).toBe(WebSocket.OPEN);
    await publishToPlayer(bus, ann.id, 'balance', { currency: 'EUR' });
    await otherSocket.next((m) => m.event === 'balance');
    otherSocket.socket.close();

    const again = await connect(`${urlA}?token=${encodeURIComponent(settings.cent!.token)}`);
    expect(await again.closed).toBe(4401);
  });

  it("refuses a socket opened by another site's page", async () => {
    const ann = await newPlayer(a);
    const foreign = await connect(urlA, { cookie: ann.cookie, origin: 'https://evil.example' });
    expect(await foreign.closed).toBe(4403);
  });

  it('delivers a change published on one instance to a socket on another, and lets go of closed sockets', async () => {
    const ann = await newPlayer(a);
    const before = bus.subscriptionCount();
    // The player signed in on instance A; the socket lands on B, with A's ticket.
    const { cent } = playerSettingsSchema.parse(
      (await call(a, 'GET', '/api/player/settings', { cookie: ann.cookie })).json(),
    );
    const onB = await connect(`${urlB}?token=${encodeURIComponent(cent!.token)}`);
    await onB.next((m) => m.event === 'connected');
    expect(bus.subscriptionCount()).toBe(before + 2);
    await new Ledger(clock).transfer(a.database.db, {
      idempotencyKey: `live-x-${seq}`,
      kind: 'deposit',
      reference: 'payment:y',
      currency: 'EUR',
      amount: 900,
      from: { house: 'psp_clearing' },
      to: { player: ann.id, kind: 'real' },
    });
    await a.app.orbitOutbox.drain();
    expect((await onB.next((m) => m.event === 'balance')).data).toMatchObject({ amount_cents: 900 });
    onB.socket.close();
    await onB.closed;
    await settle();
    expect(bus.subscriptionCount()).toBe(before);
  });
});

describe.runIf(process.env.REDIS_URL)('realtime across instances through Redis', () => {
  it('reaches a subscriber of another process-level bus', async () => {
    const log = a.app.log;
    const one: PubSub = new RedisPubSub(process.env.REDIS_URL!, log);
    const two: PubSub = new RedisPubSub(process.env.REDIS_URL!, log);
    try {
      const got = new Promise((resolve) => void two.subscribe('player:424242', (m) => resolve(m)));
      await new Promise((r) => setTimeout(r, 200));
      await publishToPlayer(one, 424242, 'balance', { currency: 'EUR', amount_cents: 5 });
      expect(await got).toEqual({ event: 'balance', data: { currency: 'EUR', amount_cents: 5 } });
    } finally {
      await one.close();
      await two.close();
    }
  });
});
