import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatch, needsTicket, publicUrl, reconnectDelay, ticketOf } from '../../app/realtime/client';

describe('realtime client', () => {
  it('waits longer after each failed attempt, jittered, never beyond 30 s', () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelay(n, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(12, () => 1)).toBe(30_000);
    expect(reconnectDelay(50, () => 0)).toBe(15_000);
  });

  it('hands each message to the listeners of its event only, ignoring malformed frames', () => {
    const got: unknown[] = [];
    const to = new Map([['balance', new Set([(d: unknown) => void got.push(d)])]]);
    dispatch(JSON.stringify({ channel: 'balance#u1', event: 'balance', data: { amount_cents: 5 } }), to);
    dispatch(JSON.stringify({ channel: 'public:wins', event: 'wins', data: {} }), to);
    dispatch('not json', to);
    dispatch(JSON.stringify({ pong: 1 }), to);
    expect(got).toEqual([{ amount_cents: 5 }]);
  });

  it('needs a ticket only for private events, and reads it from the settings', () => {
    expect(needsTicket(['wins', 'jackpots_changes'])).toBe(false);
    expect(needsTicket(['wins', 'balance'])).toBe(true);
    expect(ticketOf({ cent: { url: 'wss://x/api/realtime', user: 'u', token: 't', timestamp: '1' } })).toEqual({
      url: 'wss://x/api/realtime',
      token: 't',
    });
    expect(ticketOf({ cent: null })).toBeNull();
    expect(ticketOf({ cent: { url: 1 } })).toBeNull();
    expect(ticketOf(null)).toBeNull();
    expect(publicUrl({ protocol: 'https:', host: 'orbit.example' })).toBe('wss://orbit.example/api/realtime');
    expect(publicUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/realtime');
  });
});

describe('the connection', () => {
  class FakeSocket {
    static all: FakeSocket[] = [];
    closed = false;
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onclose: (() => void) | null = null;
    constructor(readonly url: string) {
      FakeSocket.all.push(this);
    }
    close() {
      this.closed = true;
    }
  }
  const open = () => FakeSocket.all.filter((s) => !s.closed);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  async function client(cent: unknown) {
    FakeSocket.all = [];
    const fetch = vi.fn(async () => ({ json: async () => ({ cent }) }));
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'casino.test' } });
    vi.stubGlobal('fetch', fetch);
    vi.resetModules();
    return { ...(await import('../../app/realtime/client')), fetch };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens a guest socket for public events, without asking for a ticket', async () => {
    const { subscribe, fetch } = await client(null);
    const got: unknown[] = [];
    const stop = subscribe('jackpots_changes', (d) => got.push(d));
    await settled();
    expect(fetch).not.toHaveBeenCalled();
    expect(open().map((s) => s.url)).toEqual(['ws://casino.test/api/realtime']);
    open()[0]!.onmessage?.({
      data: JSON.stringify({ channel: 'public:jackpots_changes', event: 'jackpots_changes', data: [1] }),
    });
    expect(got).toEqual([[1]]);
    stop();
    expect(open()).toEqual([]);
  });

  it('reopens with the ticket for a private listener, and without it when the last one leaves', async () => {
    const { subscribe, fetch } = await client({
      url: 'ws://casino.test/api/realtime',
      user: 'u',
      token: 'tk',
      timestamp: '1',
    });
    const stopWins = subscribe('wins', () => undefined);
    await settled();
    const stopBalance = subscribe('balance', () => undefined);
    const stopPayments = subscribe('payments_changes', () => undefined);
    await settled();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(open().map((s) => s.url)).toEqual(['ws://casino.test/api/realtime?token=tk']);
    // One of two private listeners leaves: the player's socket stays.
    stopPayments();
    await settled();
    expect(open().map((s) => s.url)).toEqual(['ws://casino.test/api/realtime?token=tk']);
    // Sign-out: nothing private is listened to any more, the public events go on without the ticket.
    stopBalance();
    await settled();
    expect(open().map((s) => s.url)).toEqual(['ws://casino.test/api/realtime']);
    stopWins();
    expect(open()).toEqual([]);
  });

  it('keeps a guest on the public socket when a private listener finds no ticket, and stops with only private ones', async () => {
    const { subscribe } = await client(null);
    const stopWins = subscribe('wins', () => undefined);
    const stopBalance = subscribe('balance', () => undefined);
    await settled();
    expect(open().map((s) => s.url)).toEqual(['ws://casino.test/api/realtime']);
    stopWins();
    await settled();
    expect(open()).toEqual([]);
    stopBalance();
  });
});
