/**
 * The realtime gateway over real sockets, spoken to by the `centrifuge` client pages use (and,
 * where a test needs the frames themselves, by hand): a player hears their own balance when a
 * deposit lands, never another player's, and may not subscribe to another player's channels; a
 * guest connects without a token and hears the public channels; a bad token ends the connection
 * for good; the connections of a session that ended are closed on every instance and its token
 * no longer connects; a client that comes back quickly recovers what it missed (on the same
 * instance); a foreign page's socket is refused; a restart makes clients reconnect; a message
 * published on one instance reaches a connection on another (in-process bus, and Redis when
 * REDIS_URL is set).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Centrifuge, type Subscription } from 'centrifuge';
import {
  playerBonusSchema,
  playerFreespinSchema,
  type PlayerBonus,
  centrifugoSubscriptionSchema,
  playerSettingsSchema,
  projectInfoSchema,
  type CentrifugoSubscription,
} from '@orbit/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { users } from '../../src/modules/identity/schema';
import { promoPayouts, promoTournamentPlayers, promoTournaments } from '../../src/modules/promotions/schema';
import { PRIZE_BONUS_TEMPLATE } from '../../src/modules/promotions/seed';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { publishPublic, publishToPlayer } from '../../src/platform/realtime/channels';
import { issueConnectionToken } from '../../src/platform/realtime/tokens';
import { MemoryPubSub, RedisPubSub, type PubSub } from '../../src/platform/realtime/pubsub';
import { depositThroughSandbox } from '../support/cashbox';
import { createTestApp, type TestApp } from '../support/app';
import { PASSWORD, call, register, sessionCookieOf, withCaptcha } from '../support/identity';
import { rawClient } from '../support/realtime-socket';

const SECRET = 'realtime-secret-realtime-secret-0123456789';
const clock = new FakeClock('2026-11-01T10:00:00Z');
const bus = new MemoryPubSub();
let a: TestApp;
/** The second instance: its own process state, the same database and bus. */
let b: FastifyInstance;
let urlA: string;
let urlB: string;
let seq = 0;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  // Two instances, as behind a load balancer: one bus, one realtime secret.
  a = await createTestApp({ REALTIME_SECRET: SECRET }, { clock, pubsub: bus, selfFetch: true });
  b = await buildApp({ config: a.config, database: a.database, web: false, workers: false, clock, pubsub: bus });
  urlA = `ws://127.0.0.1:${await listen(a.app)}/connection/websocket`;
  urlB = `ws://127.0.0.1:${await listen(b)}/connection/websocket`;
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await b.close();
  await a.close();
});

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

type Player = { cookie: string; id: number; email: string };

async function newPlayer(): Promise<Player> {
  seq++;
  const email = `live${seq}@example.com`;
  const { cookie, player } = await register(a, { email }, `10.40.${seq}.1`);
  await a.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  return { cookie, id: player.id, email };
}

async function subscriptionOf(cookie?: string): Promise<CentrifugoSubscription> {
  const res = await call(a, 'GET', '/api/notification_center/centrifugo/subscription', cookie ? { cookie } : {});
  expect(res.statusCode, res.body).toBe(200);
  return centrifugoSubscriptionSchema.parse(res.json());
}

/** A `centrifuge` client as a page makes it (Node: the `ws` package's WebSocket). */
function centrifuge(url: string, token = ''): Centrifuge {
  const client = new Centrifuge(url, { websocket: WebSocket, token, minReconnectDelay: 50, maxReconnectDelay: 200 });
  clients.push(client);
  return client;
}

/** The next event of that name, within `ms`. */
function nextEvent<T>(
  emitter: { once(event: string, listener: (ctx: T) => void): unknown },
  event: string,
  ms = 3_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event`)), ms);
    emitter.once(event, (ctx: T) => {
      clearTimeout(timer);
      resolve(ctx);
    });
  });
}

/** A subscription and the data of every publication it received. */
function listenTo(client: Centrifuge, channel: string): { sub: Subscription; received: unknown[] } {
  const sub = client.newSubscription(channel);
  const received: unknown[] = [];
  sub.on('publication', (ctx) => received.push(ctx.data));
  sub.subscribe();
  return { sub, received };
}

const poll = async (check: () => boolean, ms = 3_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** Minutes pass: the instances let go of the channels nobody listens to any more. */
async function sweepIdle(): Promise<void> {
  await settle();
  clock.advance(5 * 60_000);
  await a.app.orbitSweeps.runAll();
  await b.orbitSweeps.runAll();
}

const deposit = (player: Player, amount: number) => depositThroughSandbox(a, player.cookie, amount);

const balanceChannel = (s: CentrifugoSubscription) => `ws:${s.client_name}:balance#${s.user}`;

describe('where pages connect', () => {
  it('tells players and guests the url, token, client name and channel id; project info turns the flow on', async () => {
    const ann = await newPlayer();
    const player = await subscriptionOf(ann.cookie);
    expect(player).toMatchObject({ url: expect.stringMatching(/^ws:\/\/[^/]+$/), client_name: 'orbit' });
    expect(player.user).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(player.user).not.toContain(String(ann.id));
    expect(player.token.split('.')).toHaveLength(3); // a JWT
    expect(player.visitor).toBe(false);
    expect(await subscriptionOf()).toEqual({
      url: player.url,
      token: '',
      client_name: 'orbit',
      user: null,
      visitor: false,
    });

    const settings = playerSettingsSchema.parse(
      (await call(a, 'GET', '/api/player/settings', { cookie: ann.cookie })).json(),
    );
    expect(settings.cent).toMatchObject({ url: `${player.url}/connection/websocket`, user: player.user });
    expect(settings.cent!.token.split('.')).toHaveLength(3);
    const guest = playerSettingsSchema.parse((await call(a, 'GET', '/api/player/settings')).json());
    expect(guest.cent).toMatchObject({ url: `${player.url}/connection/websocket`, user: '', token: '' });

    const info = projectInfoSchema.parse((await call(a, 'GET', '/api/info/project')).json());
    expect(info.notification_center).toEqual({ inbox: false, new_realtime_notifications_flow_enabled: true });
  });
});

describe('the gateway', () => {
  it('sends a player their balance when a deposit lands; another player neither hears it nor may subscribe to it', async () => {
    const ann = await newPlayer();
    const bob = await newPlayer();
    const annSub = await subscriptionOf(ann.cookie);
    const bobSub = await subscriptionOf(bob.cookie);
    const annClient = centrifuge(urlA, annSub.token);
    const bobClient = centrifuge(urlA, bobSub.token);
    const annBalance = listenTo(annClient, balanceChannel(annSub));
    const bobBalance = listenTo(bobClient, balanceChannel(bobSub));
    const stolen = listenTo(bobClient, balanceChannel(annSub));
    const refused = nextEvent<{ code: number }>(stolen.sub, 'unsubscribed');
    annClient.connect();
    bobClient.connect();
    await Promise.all([nextEvent(annBalance.sub, 'subscribed'), nextEvent(bobBalance.sub, 'subscribed')]);
    expect((await refused).code).toBe(103);

    await deposit(ann, 4_200);
    await poll(() => annBalance.received.length > 0);
    expect(annBalance.received).toEqual([
      expect.objectContaining({ currency: 'EUR', amount_cents: 4_200, active: true }),
    ]);
    await settle();
    expect(bobBalance.received).toEqual([]);
    expect(stolen.received).toEqual([]);
  });

  it('sends the whole bonus on bonuses_changes and the whole free-spins grant on freespins_changes', async () => {
    const ann = await newPlayer();
    const sub = await subscriptionOf(ann.cookie);
    const client = centrifuge(urlA, sub.token);
    const bonuses = listenTo(client, `ws:${sub.client_name}:bonuses_changes#${sub.user}`);
    const freespins = listenTo(client, `ws:${sub.client_name}:freespins_changes#${sub.user}`);
    client.connect();
    await Promise.all([nextEvent(bonuses.sub, 'subscribed'), nextEvent(freespins.sub, 'subscribed')]);

    const coupon = await call(a, 'POST', '/api/bonuses/coupon', {
      cookie: ann.cookie,
      payload: { coupon_code: 'ORBIT10' },
    });
    expect(coupon.json()).toEqual({ status: 'successfully_activated' });
    const spins = await call(a, 'POST', '/api/v2/bonuses/promo-code', {
      cookie: ann.cookie,
      payload: { code: 'SPINS10' },
    });
    expect(spins.statusCode, spins.body).toBe(200);
    await a.app.orbitOutbox.drain();
    await poll(() =>
      bonuses.received.some(
        (b) => playerBonusSchema.safeParse(b).success && (b as PlayerBonus).stage === 'handle_bets',
      ),
    );
    expect(playerBonusSchema.parse(bonuses.received.at(-1))).toMatchObject({
      strategy: 'coupon',
      stage: 'handle_bets',
      balance_cents: 1_000,
    });
    await poll(() => freespins.received.length > 0);
    expect(playerFreespinSchema.parse(freespins.received.at(-1))).toMatchObject({
      id: (spins.json() as { bonus_id: number }).bonus_id,
      stage: 'issued',
      freespins_total: 10,
    });
  });

  it('serves a guest (no token) the public channels only', async () => {
    const ann = await newPlayer();
    const annSub = await subscriptionOf(ann.cookie);
    const guest = centrifuge(urlA);
    const wins = listenTo(guest, 'ws:orbit:public:wins');
    const private_ = listenTo(guest, balanceChannel(annSub));
    const unknown = listenTo(guest, 'ws:orbit:public:secrets');
    const foreign = listenTo(guest, 'ws:other:public:wins');
    const refusals = [private_, unknown, foreign].map((s) => nextEvent<{ code: number }>(s.sub, 'unsubscribed'));
    guest.connect();
    await nextEvent(wins.sub, 'subscribed');
    expect((await Promise.all(refusals)).map((r) => r.code)).toEqual([103, 103, 103]);

    await publishPublic(bus, 'wins', { game: 'Starburst', amount_cents: 1234 });
    await publishToPlayer(bus, ann.id, 'balance', { currency: 'EUR' });
    await poll(() => wins.received.length > 0);
    expect(wins.received).toEqual([{ game: 'Starburst', amount_cents: 1234 }]);
    await settle();
    expect(private_.received).toEqual([]);
  });

  it('ends the connection for good on a bad token, and answers an expired one with 109', async () => {
    const forged = centrifuge(urlA, 'not-a-token');
    const bad = nextEvent<{ code: number }>(forged, 'disconnected');
    forged.connect();
    expect((await bad).code).toBe(3500);
    expect(forged.state).toBe('disconnected');

    // Signed with another secret.
    const other = await issueConnectionToken(
      'another-secret-another-secret-0123456789',
      'u',
      crypto.randomUUID(),
      clock.now(),
    );
    const raw = await rawClient(urlA);
    raw.socket.send(JSON.stringify({ id: 1, connect: { token: other } }));
    expect(await raw.closed).toEqual({ code: 3500, reason: 'invalid token' });

    const ann = await newPlayer();
    const { token } = await subscriptionOf(ann.cookie);
    clock.advance(25 * 3_600_000);
    const expired = await rawClient(urlA);
    expect(await expired.call({ connect: { token } })).toMatchObject({ error: { code: 109 } });
    expired.socket.close();
  });

  it("checks a private channel's subscription token from /api/v2/websocket/authorize: its own passes, another's is refused", async () => {
    const ann = await newPlayer();
    const bob = await newPlayer();
    const annSub = await subscriptionOf(ann.cookie);
    const bobSub = await subscriptionOf(bob.cookie);
    const tokensOf = async (cookie: string, channels: string[]) => {
      const res = await call(a, 'POST', '/api/v2/websocket/authorize', { cookie, payload: { channels } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Array<{ channel: string; token: string }>;
    };
    const annBalance = balanceChannel(annSub);
    const annBonuses = annBalance.replace(':balance#', ':bonuses_changes#');
    const [granted] = await tokensOf(ann.cookie, [annBalance]);
    // Bob asks for Ann's channel: nothing is granted.
    expect(await tokensOf(bob.cookie, [annBalance])).toEqual([]);
    const [bobsOwn] = await tokensOf(bob.cookie, [balanceChannel(bobSub)]);

    const raw = await rawClient(urlA);
    expect(await raw.call({ connect: { token: annSub.token } })).toHaveProperty('connect');
    expect(await raw.call({ subscribe: { channel: annBalance, token: granted!.token } })).toHaveProperty('subscribe');
    // A token of another channel, or of another player, opens nothing.
    expect(await raw.call({ subscribe: { channel: annBonuses, token: granted!.token } })).toMatchObject({
      error: { code: 103 },
    });
    expect(await raw.call({ subscribe: { channel: annBonuses, token: bobsOwn!.token } })).toMatchObject({
      error: { code: 103 },
    });
    raw.socket.close();
  });

  it('closes the connections of a session that ended, on every instance; its token then connects no more', async () => {
    const ann = await newPlayer();
    const annSub = await subscriptionOf(ann.cookie);
    const onA = await rawClient(urlA);
    const onB = centrifuge(urlB, annSub.token);
    const balanceOnB = listenTo(onB, balanceChannel(annSub));
    expect(await onA.call({ connect: { token: annSub.token } })).toMatchObject({ connect: { ping: 25, pong: true } });
    onB.connect();
    await nextEvent(balanceOnB.sub, 'subscribed');
    // Another session of the same player keeps its connection.
    const other = await call(a, 'POST', '/api/users/sign_in', {
      ip: '10.40.99.1',
      payload: await withCaptcha(a, { user: { email: ann.email, password: PASSWORD } }),
    });
    const otherSub = await subscriptionOf(sessionCookieOf(other));
    const otherClient = centrifuge(urlB, otherSub.token);
    const otherBalance = listenTo(otherClient, balanceChannel(otherSub));
    otherClient.connect();
    await nextEvent(otherBalance.sub, 'subscribed');

    expect((await call(a, 'DELETE', '/api/users/sign_out', { cookie: ann.cookie })).statusCode).toBe(200);
    const bGaveUp = nextEvent<{ code: number }>(onB, 'disconnected');
    await a.app.orbitSweeps.runAll();
    await b.orbitSweeps.runAll();
    expect(await onA.closed).toEqual({ code: 3005, reason: 'expired' });
    // The client reconnects, its token is refused as expired, and with no way to get another it stops.
    expect((await bGaveUp).code).toBe(1);
    await settle();
    expect(otherClient.state).toBe('connected');
    await publishToPlayer(bus, ann.id, 'balance', { currency: 'EUR' });
    await poll(() => otherBalance.received.length > 0);

    const again = await rawClient(urlA);
    expect(await again.call({ connect: { token: annSub.token } })).toMatchObject({ error: { code: 109 } });
    again.socket.close();
  });

  it("refuses a socket opened by another site's page", async () => {
    const foreign = await rawClient(urlA, { origin: 'https://evil.example' });
    expect((await foreign.closed).code).toBe(3507);
  });

  it('recovers what a client missed when it comes back quickly to the same instance, not after that', async () => {
    const ann = await newPlayer();
    const annSub = await subscriptionOf(ann.cookie);
    await sweepIdle();
    const before = bus.subscriptionCount();
    const client = centrifuge(urlA, annSub.token);
    const balance = listenTo(client, balanceChannel(annSub));
    client.connect();
    await nextEvent(balance.sub, 'subscribed');
    await publishToPlayer(bus, ann.id, 'balance', { n: 1 });
    await poll(() => balance.received.length === 1);

    client.disconnect();
    await settle();
    await publishToPlayer(bus, ann.id, 'balance', { n: 2 });
    await publishToPlayer(bus, ann.id, 'balance', { n: 3 });
    const back = nextEvent<{ recovered: boolean; wasRecovering: boolean }>(balance.sub, 'subscribed');
    client.connect();
    expect(await back).toMatchObject({ wasRecovering: true, recovered: true });
    await poll(() => balance.received.length === 3);
    expect(balance.received).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const position = balance.sub as unknown as { _offset: number; _epoch: string };
    const since = { offset: position._offset, epoch: position._epoch };
    client.disconnect();

    // Another instance numbers its own stream: nothing to recover there.
    const onB = await rawClient(urlB);
    await onB.call({ connect: { token: annSub.token } });
    const elsewhere = await onB.call({ subscribe: { channel: balanceChannel(annSub), recover: true, ...since } });
    expect(elsewhere.subscribe).toMatchObject({ recoverable: true, was_recovering: true, recovered: false });
    expect(elsewhere.subscribe.epoch).not.toBe(since.epoch);
    onB.socket.close();
    await onB.closed;

    // Long gone: the instance let go of the player's channels (and of their pub/sub subscription).
    await sweepIdle();
    expect(bus.subscriptionCount()).toBe(before);
    const late = await rawClient(urlA);
    await late.call({ connect: { token: (await subscriptionOf(ann.cookie)).token } });
    const reply = await late.call({ subscribe: { channel: balanceChannel(annSub), recover: true, ...since } });
    expect(reply.subscribe).toMatchObject({ was_recovering: true, recovered: false });
    late.socket.close();
  });

  it('answers the frames of the protocol: several commands in one frame, pings, bad requests', async () => {
    const raw = await rawClient(urlA);
    raw.socket.send(
      [
        JSON.stringify({ id: 101, connect: { name: 'js' } }),
        JSON.stringify({ id: 102, subscribe: { channel: 'ws:orbit:public:jackpots_changes' } }),
        JSON.stringify({ id: 103, subscribe: { channel: 'ws:orbit:public:jackpots_changes' } }),
        JSON.stringify({ id: 104, publish: { channel: 'ws:orbit:public:wins', data: {} } }),
      ].join('\n'),
    );
    expect(await raw.next((f) => f.id === 101)).toMatchObject({ connect: { client: expect.any(String), ping: 25 } });
    expect(await raw.next((f) => f.id === 102)).toMatchObject({
      subscribe: { recoverable: true, offset: expect.any(Number) },
    });
    expect(await raw.next((f) => f.id === 103)).toMatchObject({ error: { code: 105 } });
    expect(await raw.next((f) => f.id === 104)).toMatchObject({ error: { code: 103 } });
    await publishPublic(bus, 'jackpots_changes', [{ level: 'mini' }]);
    expect(await raw.next((f) => f.push !== undefined)).toEqual({
      push: {
        channel: 'ws:orbit:public:jackpots_changes',
        pub: { data: [{ level: 'mini' }], offset: expect.any(Number) },
      },
    });
    expect(await raw.call({ unsubscribe: { channel: 'ws:orbit:public:jackpots_changes' } })).toEqual({
      id: 1,
      unsubscribe: {},
    });
    raw.socket.send('{}'); // a pong: no reply
    raw.socket.send('not json');
    expect(await raw.closed).toEqual({ code: 3501, reason: 'bad request' });

    const first = await rawClient(urlA);
    first.socket.send(JSON.stringify({ id: 101, subscribe: { channel: 'ws:orbit:public:wins' } }));
    expect((await first.closed).code).toBe(3501);
  });

  it('makes clients reconnect when an instance restarts', async () => {
    const c = await buildApp({
      config: a.config,
      database: a.database,
      web: false,
      workers: false,
      clock,
      pubsub: bus,
    });
    const port = await listen(c);
    const client = centrifuge(`ws://127.0.0.1:${port}/connection/websocket`);
    const wins = listenTo(client, 'ws:orbit:public:wins');
    client.connect();
    await nextEvent(wins.sub, 'subscribed');
    const reconnecting = nextEvent<{ code: number }>(client, 'connecting');
    await c.close();
    await reconnecting;
    const again = await buildApp({
      config: a.config,
      database: a.database,
      web: false,
      workers: false,
      clock,
      pubsub: bus,
    });
    try {
      await again.listen({ port, host: '127.0.0.1' });
      await nextEvent(wins.sub, 'subscribed', 5_000);
      await publishPublic(bus, 'wins', { game: 'Again' });
      await poll(() => wins.received.length > 0);
      client.disconnect();
    } finally {
      await again.close();
    }
  });

  it('delivers a change made on one instance to a connection on another, and lets go of closed connections', async () => {
    const ann = await newPlayer();
    const annSub = await subscriptionOf(ann.cookie);
    const client = centrifuge(urlB, annSub.token);
    const balance = listenTo(client, balanceChannel(annSub));
    client.connect();
    await nextEvent(balance.sub, 'subscribed');
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
    await poll(() => balance.received.length > 0);
    expect(balance.received[0]).toMatchObject({ amount_cents: 900 });
  });
});

describe.runIf(process.env.REDIS_URL)('realtime across instances through Redis', () => {
  it('reaches a subscriber of another process-level bus', async () => {
    const log = a.app.log;
    const one: PubSub = await RedisPubSub.connect(process.env.REDIS_URL!, log);
    const two: PubSub = await RedisPubSub.connect(process.env.REDIS_URL!, log);
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

  it("a tournament's end run by two instances at once pays each place once and tells each player once, across Redis", async () => {
    const config = { ...a.config, redisUrl: process.env.REDIS_URL };
    const one = await buildApp({ config, database: a.database, web: false, workers: false, clock });
    const two = await buildApp({ config, database: a.database, web: false, workers: false, clock });
    try {
      const url = `ws://127.0.0.1:${await listen(two)}/connection/websocket`;
      const [ann, bob] = [await newPlayer(), await newPlayer()];
      const now = clock.now().getTime();
      const [race] = await a.database.db
        .insert(promoTournaments)
        .values({
          title: 'Fan-out race',
          frontendIdentifier: `tournament--fan-out-${now}`,
          strategy: 'bet_sum',
          currencies: ['EUR'],
          currency: 'EUR',
          gameCategories: [],
          providers: [],
          groupIds: [],
          prizes: [1, 2].map((place) => ({
            award_place: place,
            money_award_cents: 1_000 / place,
            wager_multiplier: 10,
            bonus_template: PRIZE_BONUS_TEMPLATE,
            freespins_count: 0,
            freespins_template: null,
            chargeable_comp_points: 0,
            persistent_comp_points: 0,
          })),
          startAt: new Date(now - 3_600_000),
          endAt: new Date(now + 60_000),
          createdAt: clock.now(),
        })
        .returning();
      await a.database.db.insert(promoTournamentPlayers).values(
        [ann, bob].map((p, i) => ({
          tournamentId: race!.id,
          userId: p.id,
          betCents: 5_000 - i * 1_000,
          bets: 1,
          score: 5_000 - i * 1_000,
          reachedAt: clock.now(),
          updatedAt: clock.now(),
        })),
      );
      const heard = new Map<number, unknown[]>();
      for (const p of [ann, bob]) {
        const sub = await subscriptionOf(p.cookie);
        const client = centrifuge(url, sub.token);
        const channel = listenTo(client, `ws:${sub.client_name}:personal_notifications#${sub.user}`);
        heard.set(p.id, channel.received);
        client.connect();
        await nextEvent(channel.sub, 'subscribed');
      }
      clock.advance(61_000);
      // Both instances' sweeps and outboxes at once, as two processes would.
      await Promise.all([one.orbitSweeps.runAll(), two.orbitSweeps.runAll(), a.app.orbitSweeps.runAll()]);
      await Promise.all([one.orbitOutbox.drain(), two.orbitOutbox.drain()]);
      await Promise.all([one.orbitOutbox.drain(), two.orbitOutbox.drain()]);
      await poll(() => [...heard.values()].every((r) => r.length > 0));
      await settle();
      for (const p of [ann, bob]) {
        const ours = heard.get(p.id)!.filter((m) => JSON.stringify(m).includes(race!.frontendIdentifier));
        expect(ours, `player ${p.id}`).toHaveLength(1);
      }
      const payouts = await a.database.db.select().from(promoPayouts).where(eq(promoPayouts.promoId, race!.id));
      expect(
        payouts
          .filter((x) => x.promoKind === 'tournament')
          .map((x) => [x.awardPlace, x.userId])
          .sort(),
      ).toEqual([
        [1, ann.id],
        [2, bob.id],
      ]);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('delivers a deposit made on one instance to a centrifuge client on another, each with its own Redis bus', async () => {
    const config = { ...a.config, redisUrl: process.env.REDIS_URL };
    const one = await buildApp({ config, database: a.database, web: false, workers: false, clock });
    const two = await buildApp({ config, database: a.database, web: false, workers: false, clock });
    try {
      const url = `ws://127.0.0.1:${await listen(two)}/connection/websocket`;
      const ann = await newPlayer();
      const annSub = await subscriptionOf(ann.cookie);
      const client = centrifuge(url, annSub.token);
      const balance = listenTo(client, balanceChannel(annSub));
      client.connect();
      await nextEvent(balance.sub, 'subscribed');
      await new Ledger(clock).transfer(a.database.db, {
        idempotencyKey: `live-redis-${seq}`,
        kind: 'deposit',
        reference: 'payment:r',
        currency: 'EUR',
        amount: 700,
        from: { house: 'psp_clearing' },
        to: { player: ann.id, kind: 'real' },
      });
      await one.orbitOutbox.drain();
      await poll(() => balance.received.length > 0);
      expect(balance.received[0]).toMatchObject({ amount_cents: 700 });
      client.disconnect();
    } finally {
      await two.close();
      await one.close();
    }
  });
});
