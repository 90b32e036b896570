/** The limit-reached rule the page and the server share (docs/limits.md). */
import { describe, expect, it } from 'vitest';
import { createUserLimitRequestSchema, isLimitReached, playBlockedBy, type UserLimit } from '../src/limits';

const limit = (over: Partial<UserLimit>): UserLimit => ({
  id: 1,
  type: 'deposit',
  period: 'day',
  status: 'active',
  disable_at: null,
  confirm_until: null,
  created_at: '2026-01-01T00:00:00.000Z',
  accounts: [],
  minutes: null,
  current_value_minutes: null,
  active_until: null,
  pending_change: null,
  ...over,
});
const account = (amount: number, current: number) => ({
  currency: 'EUR',
  amount_cents: amount,
  current_value_amount_cents: current,
  active_until: null,
  pending_amount_cents: null,
});

describe('isLimitReached', () => {
  it('is reached when amount − |current| ≤ 0 on any account', () => {
    expect(isLimitReached(limit({ accounts: [account(1_000, 999)] }))).toBe(false);
    expect(isLimitReached(limit({ accounts: [account(1_000, 1_000)] }))).toBe(true);
    expect(isLimitReached(limit({ accounts: [account(1_000, 10), account(500, 600)] }))).toBe(true);
  });
  it('counts minutes for a session limit, and always for cooling-off and self-exclusion', () => {
    expect(isLimitReached(limit({ type: 'session', minutes: 60, current_value_minutes: 59 }))).toBe(false);
    expect(isLimitReached(limit({ type: 'session', minutes: 60, current_value_minutes: 60 }))).toBe(true);
    expect(isLimitReached(limit({ type: 'cooling_off', period: '24_hours' }))).toBe(true);
    expect(isLimitReached(limit({ type: 'self_exclusion', period: 'permanent' }))).toBe(true);
  });
  it('a reached deposit limit does not block play; a reached wager limit does', () => {
    expect(playBlockedBy([limit({ accounts: [account(1_000, 1_000)] })])).toBeUndefined();
    expect(playBlockedBy([limit({ type: 'wager', accounts: [account(1_000, 1_000)] })])?.type).toBe('wager');
  });
});

describe('createUserLimitRequestSchema', () => {
  it('takes each type with its own periods and refuses the others', () => {
    expect(
      createUserLimitRequestSchema.safeParse({
        type: 'loss',
        period: 'week',
        accounts: [{ currency: 'EUR', amount_cents: 5_000 }],
      }).success,
    ).toBe(true);
    expect(createUserLimitRequestSchema.safeParse({ type: 'session', period: 'day', minutes: 1_440 }).success).toBe(
      true,
    );
    expect(createUserLimitRequestSchema.safeParse({ type: 'session', period: 'day', minutes: 1_441 }).success).toBe(
      false,
    );
    expect(createUserLimitRequestSchema.safeParse({ type: 'cooling_off', period: '6_weeks' }).success).toBe(true);
    expect(createUserLimitRequestSchema.safeParse({ type: 'cooling_off', period: '6_months' }).success).toBe(false);
    expect(
      createUserLimitRequestSchema.safeParse({
        type: 'deposit',
        period: 'day',
        accounts: [
          { currency: 'EUR', amount_cents: 1 },
          { currency: 'EUR', amount_cents: 2 },
        ],
      }).success,
    ).toBe(false);
  });
});
