import { describe, expect, it } from 'vitest';
import { dispatch, reconnectDelay } from '../../app/realtime/client';

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
});
