import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../app/realtime/client';
import { accessOf, channelOf, needsPlayer, reconnectDelay, type Access } from '../../app/realtime/connection';

const guest: Access = { url: 'ws://casino.test', token: '', clientName: 'orbit', user: null, visitor: false };
const ann: Access = { url: 'ws://casino.test', token: 'tk-ann', clientName: 'orbit', user: 'ann', visitor: false };
/** A visitor who chats with support (the chat cookie): a token and channel id of their own. */
const vera: Access = { url: 'ws://casino.test', token: 'tk-vera', clientName: 'orbit', user: 'v-vera', visitor: true };

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
      visitor: false,
    });
    expect(accessOf({ url: 'wss://x', token: '', client_name: 'orbit', user: null })?.user).toBeNull();
    expect(accessOf({ url: 1 })).toBeNull();
    expect(accessOf(null)).toBeNull();
    expect(channelOf('wins', guest)).toBe('ws:orbit:public:wins');
    expect(channelOf('balance', guest)).toBeNull();
    expect(channelOf('balance', ann)).toBe('ws:orbit:balance#ann');
  });

  it("serves a chatting visitor's support channel and never a player's event on a visitor's access", () => {
    expect(accessOf({ url: 'wss://x', token: 'tv', client_name: 'orbit', user: 'v-1', visitor: true })).toEqual({
      url: 'wss://x',
      token: 'tv',
      clientName: 'orbit',
      user: 'v-1',
      visitor: true,
    });
    // `visitor` without a channel id is a guest's answer.
    expect(accessOf({ url: 'wss://x', token: '', client_name: 'orbit', user: null, visitor: true })?.visitor).toBe(
      false,
    );
    // The support chat is heard by visitors too: it asks for no player.
    expect(needsPlayer(['wins', 'support'])).toBe(false);
    expect(needsPlayer(['support', 'balance'])).toBe(true);
    expect(channelOf('support', vera)).toBe('ws:orbit:support#v-vera');
    expect(channelOf('support', ann)).toBe('ws:orbit:support#ann');
    expect(channelOf('support', guest)).toBeNull();
    expect(channelOf('balance', vera)).toBeNull();
    expect(channelOf('personal_notifications', vera)).toBeNull();
    expect(channelOf('wins', vera)).toBe('ws:orbit:public:wins');
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
    const queue = answers.map((a) => ({
      url: a.url,
      token: a.token,
      client_name: a.clientName,
      user: a.user,
      visitor: a.visitor,
    }));
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
  it("connects a chatting visitor's page with the visitor's token, for the support channel only", async () => {
    const { subscribe, fetch, centrifuge } = await client(vera);
    const got: unknown[] = [];
    subscribe('wins', () => undefined);
    subscribe('support', (d) => got.push(d));
    await settled();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(centrifuge().connects).toEqual(['tk-vera']);
    expect(centrifuge().channels()).toEqual(['ws:orbit:public:wins', 'ws:orbit:support#v-vera']);
    centrifuge()
      .subs.get('ws:orbit:support#v-vera')!
      .publish({ message: { id: 7 } });
    expect(got).toEqual([{ message: { id: 7 } }]);
  });

  it("asks again after the visitor's first message and reconnects as the visitor, once", async () => {
    const { subscribe, renewRealtimeAccess, fetch, centrifuge } = await client(guest, vera);
    // Nothing started yet: nothing to renew (the start will ask anyway).
    renewRealtimeAccess();
    subscribe('jackpots_changes', () => undefined);
    subscribe('support', () => undefined);
    await settled();
    expect(fetch).toHaveBeenCalledTimes(1);
    // A guest without a chat cookie: no channel of their own yet.
    expect(centrifuge().channels()).toEqual(['ws:orbit:public:jackpots_changes']);
    // The first message answered: the chat cookie is set.
    renewRealtimeAccess();
    await settled();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(centrifuge().connects).toEqual(['', 'tk-vera']);
    expect(centrifuge().channels()).toEqual(['ws:orbit:public:jackpots_changes', 'ws:orbit:support#v-vera']);
    expect(FakeCentrifuge.all).toHaveLength(1);
  });

  it('does not ask again when the running answer was asked after the chat cookie changed', async () => {
    const { subscribe, renewRealtimeAccess, fetch, centrifuge } = await client(vera, ann);
    subscribe('support', () => undefined);
    await settled();
    expect(fetch).toHaveBeenCalledTimes(1);
    // Two changes of the cookie in a row (a chat code entered twice): the first start asks after both.
    renewRealtimeAccess();
    renewRealtimeAccess();
    await settled();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(centrifuge().connects).toEqual(['tk-vera', 'tk-ann']);
  });

  it("reconnects with the player's token when a visitor signs in, and as a guest after the sign-out", async () => {
    const { subscribe, fetch, centrifuge } = await client(vera, ann, guest);
    subscribe('support', () => undefined);
    await settled();
    expect(centrifuge().channels()).toEqual(['ws:orbit:support#v-vera']);
    // Signed in: the player's header listens to the balance, which a visitor's token never serves.
    const stopBalance = subscribe('balance', () => undefined);
    await settled();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(centrifuge().connects).toEqual(['tk-vera', 'tk-ann']);
    expect(centrifuge().channels()).toEqual(['ws:orbit:balance#ann', 'ws:orbit:support#ann']);
    // Signed out: the player's access goes; the chat's listener stays on a guest's connection, without a channel.
    stopBalance();
    await settled();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(centrifuge().connects).toEqual(['tk-vera', 'tk-ann', '']);
    expect(centrifuge().channels()).toEqual([]);
  });

  it("keeps one connection for a player whose support chat listens before the header's wallet", async () => {
    const { subscribe, fetch, centrifuge } = await client(ann, guest);
    subscribe('support', () => undefined);
    await settled();
    await settled();
    expect(fetch).toHaveBeenCalledTimes(1);
    subscribe('balance', () => undefined);
    await settled();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(centrifuge().connects).toEqual(['tk-ann']);
    expect(centrifuge().channels()).toEqual(['ws:orbit:balance#ann', 'ws:orbit:support#ann']);
  });
});
