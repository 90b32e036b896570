import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../app/realtime/client';
import { accessOf, channelOf, needsPlayer, reconnectDelay, type Access } from '../../app/realtime/connection';

const guest: Access = { url: 'ws://casino.test', token: '', clientName: 'orbit', user: null };
const ann: Access = { url: 'ws://casino.test', token: 'tk-ann', clientName: 'orbit', user: 'ann' };

describe('realtime client', () => {
  it('waits longer after each failed start, jittered, never beyond 30 s', () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelay(n, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(12, () => 1)).toBe(30_000);
    expect(reconnectDelay(50, () => 0)).toBe(15_000);
  });

  it("hands an event's data to its listeners only; a listener's exception does not stop the others", () => {
    vi.useFakeTimers();
    const got: unknown[] = [];
    const to = new Map([
      [
        'balance',
        new Set([
          () => {
            throw new Error('listener bug');
          },
          (d: unknown) => void got.push(d),
        ]),
      ],
    ]);
    dispatch('balance', { amount_cents: 5 }, to);
    dispatch('wins', {}, to);
    expect(got).toEqual([{ amount_cents: 5 }]);
    expect(() => vi.runAllTimers()).toThrow('listener bug');
    vi.useRealTimers();
  });

  it('reads the subscription answer and names the channels of its client name and user', () => {
    expect(needsPlayer(['wins', 'jackpots_changes'])).toBe(false);
    expect(needsPlayer(['wins', 'balance'])).toBe(true);
    expect(accessOf({ url: 'wss://x', token: 't', client_name: 'orbit', user: 'u' })).toEqual({
      url: 'wss://x',
      token: 't',
      clientName: 'orbit',
      user: 'u',
    });
    expect(accessOf({ url: 'wss://x', token: '', client_name: 'orbit', user: null })?.user).toBeNull();
    expect(accessOf({ url: 1 })).toBeNull();
    expect(accessOf(null)).toBeNull();
    expect(channelOf('wins', guest)).toBe('ws:orbit:public:wins');
    expect(channelOf('balance', guest)).toBeNull();
    expect(channelOf('balance', ann)).toBe('ws:orbit:balance#ann');
  });
});

describe('the connection', () => {
  type Handler = (ctx: { data: unknown }) => void;
  class FakeSubscription {
    readonly handlers = new Map<string, Handler>();
    subscribed = false;
    constructor(readonly channel: string) {}
    on(event: string, handler: Handler) {
      this.handlers.set(event, handler);
      return this;
    }
    subscribe() {
      this.subscribed = true;
    }
    removeAllListeners() {
      this.handlers.clear();
    }
    publish(data: unknown) {
      this.handlers.get('publication')?.({ data });
    }
  }
  class FakeCentrifuge {
    static all: FakeCentrifuge[] = [];
    /** Every connect, with the token it was made with. */
    readonly connects: string[] = [];
    readonly subs = new Map<string, FakeSubscription>();
    state = 'disconnected';
    token = '';
    constructor(
      readonly url: string,
      readonly options: { getToken: () => Promise<string> },
    ) {
      FakeCentrifuge.all.push(this);
    }
    setToken(token: string) {
      this.token = token;
    }
    connect() {
      this.state = 'connecting';
      this.connects.push(this.token);
      // As the library: with no token, it asks getToken before it connects.
      if (this.token === '') void this.options.getToken();
    }
    disconnect() {
      this.state = 'disconnected';
    }
    newSubscription(channel: string) {
      if (this.subs.has(channel)) throw new Error(`already subscribed to ${channel}`);
      const sub = new FakeSubscription(channel);
      this.subs.set(channel, sub);
      return sub;
    }
    removeSubscription(sub: FakeSubscription) {
      this.subs.delete(sub.channel);
    }
    channels() {
      return [...this.subs.keys()].sort();
    }
  }
  /** The connection's code loaded (with the first listener) and what it started done. */
  const settled = async () => {
    await import('../../app/realtime/connection');
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  };

  /** The client module afresh, the answers of the subscription endpoint given in turn (the last repeats). */
  async function client(...answers: Access[]) {
    FakeCentrifuge.all = [];
    const queue = answers.map((a) => ({ url: a.url, token: a.token, client_name: a.clientName, user: a.user }));
    const fetch = vi.fn(async () => ({
      ok: true,
      status: 200,
      json: async () => (queue.length > 1 ? queue.shift() : queue[0]),
    }));
    vi.stubGlobal('fetch', fetch);
    vi.resetModules();
    vi.doMock('centrifuge', () => ({ Centrifuge: FakeCentrifuge }));
    const module = await import('../../app/realtime/client');
    return { ...module, fetch, centrifuge: () => FakeCentrifuge.all[0]! };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('centrifuge');
  });

  it("connects a guest without a token for the public events, and hands over each channel's publications", async () => {
    const { subscribe, fetch, centrifuge } = await client(guest);
    const got: unknown[] = [];
    const stop = subscribe('jackpots_changes', (d) => got.push(d));
    await settled();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(FakeCentrifuge.all).toHaveLength(1);
    expect(centrifuge().url).toBe('ws://casino.test/connection/websocket');
    expect(centrifuge().connects).toEqual(['']);
    expect(centrifuge().channels()).toEqual(['ws:orbit:public:jackpots_changes']);
    centrifuge().subs.get('ws:orbit:public:jackpots_changes')!.publish([1]);
    expect(got).toEqual([[1]]);
    // The library asked for the token of its first connect: the answer already fetched, not a second request.
    expect(fetch).toHaveBeenCalledTimes(1);
    stop();
    await settled();
    expect(centrifuge().state).toBe('disconnected');
    expect(centrifuge().channels()).toEqual([]);
  });

  it("serves a signed-in player's page with one connection, whatever mounts first", async () => {
    const { subscribe, fetch, centrifuge } = await client(ann);
    subscribe('wins', () => undefined);
    await settled();
    // The header's wallet mounts later (its code loads on demand).
    subscribe('balance', () => undefined);
    subscribe('payments_changes', () => undefined);
    await settled();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(centrifuge().connects).toEqual(['tk-ann']);
    expect(centrifuge().channels()).toEqual([
      'ws:orbit:balance#ann',
      'ws:orbit:payments_changes#ann',
      'ws:orbit:public:wins',
    ]);
  });

  it('reconnects with the token when a player signs in, and as a guest when they sign out', async () => {
    const { subscribe, fetch, centrifuge } = await client(guest, ann, guest);
    const stopWins = subscribe('wins', () => undefined);
    await settled();
    const stopBalance = subscribe('balance', () => undefined);
    await settled();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(centrifuge().connects).toEqual(['', 'tk-ann']);
    expect(centrifuge().channels()).toEqual(['ws:orbit:balance#ann', 'ws:orbit:public:wins']);
    // Sign-out: the wallet goes; the public events go on, on a guest's connection.
    stopBalance();
    await settled();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(centrifuge().connects).toEqual(['', 'tk-ann', '']);
    expect(centrifuge().channels()).toEqual(['ws:orbit:public:wins']);
    stopWins();
    await settled();
    expect(centrifuge().state).toBe('disconnected');
    expect(FakeCentrifuge.all).toHaveLength(1);
  });

  it("asks once for a player's events that a guest cannot hear, and follows a new token's player", async () => {
    const bob: Access = { ...ann, token: 'tk-bob', user: 'bob' };
    const { subscribe, fetch, centrifuge } = await client(guest, ann, bob);
    subscribe('balance', () => undefined);
    await settled();
    await settled();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(centrifuge().channels()).toEqual([]);
    // Signed in meanwhile on another tab, and the session of this token ended: the library asks for a token.
    expect(await centrifuge().options.getToken()).toBe('tk-ann');
    expect(centrifuge().channels()).toEqual(['ws:orbit:balance#ann']);
    expect(await centrifuge().options.getToken()).toBe('tk-bob');
    expect(centrifuge().channels()).toEqual(['ws:orbit:balance#bob']);
  });
});
