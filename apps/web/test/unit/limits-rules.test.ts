import type { UserLimit } from '@orbit/contracts';
import { describe, expect, it } from 'vitest';
import {
  countdown,
  formatClock,
  isRemovable,
  limitErrorKeys,
  limitsOfType,
  nextRealityCheck,
  sessionMinutes,
  timerStart,
  usageOf,
} from '../../app/features/limits/limits-rules';
import { playGuard } from '../../app/features/play/play-rules';
import { memoryStorage } from './support/memory-storage';

function limit(over: Partial<UserLimit>): UserLimit {
  return {
    id: 1,
    type: 'deposit',
    period: 'day',
    status: 'active',
    disable_at: null,
    confirm_until: null,
    created_at: '2026-11-25T10:00:00Z',
    accounts: [],
    minutes: null,
    current_value_minutes: null,
    active_until: null,
    pending_change: null,
    ...over,
  };
}

describe('clocks', () => {
  it('writes seconds as hh:mm:ss, hours going past a day', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(59.9)).toBe('00:00:59');
    expect(formatClock(3_723)).toBe('01:02:03');
    expect(formatClock(90_000)).toBe('25:00:00');
    expect(formatClock(-5)).toBe('00:00:00');
    expect(formatClock(Number.NaN)).toBe('00:00:00');
  });

  it('counts down to a moment, rounded up to the second, and stops there', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(countdown('2026-11-26T10:00:00Z', now)).toBe('24:00:00');
    expect(countdown('2026-11-25T10:00:00.400Z', now)).toBe('00:00:01');
    expect(countdown('2026-11-25T10:00:00Z', now)).toBeNull();
    expect(countdown('2026-11-25T09:00:00Z', now)).toBeNull();
    expect(countdown('not a date', now)).toBeNull();
  });

  it('keeps the session timer start across reloads and starts anew when there is none', () => {
    const storage = memoryStorage();
    expect(timerStart(storage, 'k', 1_000)).toBe(1_000);
    expect(storage.getItem('k')).toBe('1000');
    // A reload later: the stored start.
    expect(timerStart(storage, 'k', 9_000)).toBe(1_000);
    // A value from the future or garbage: now.
    storage.setItem('k', '99999');
    expect(timerStart(storage, 'k', 5_000)).toBe(5_000);
    storage.setItem('k', 'x');
    expect(timerStart(storage, 'k', 6_000)).toBe(6_000);
    expect(timerStart(null, 'k', 7_000)).toBe(7_000);
  });

  it('schedules reality checks only for a chosen interval', () => {
    expect(nextRealityCheck(1_000, 15)).toBe(1_000 + 15 * 60_000);
    expect(nextRealityCheck(1_000, 0)).toBeNull();
  });
});

describe('limit usage', () => {
  it('is one line per account for money, with the magnitude of a loss', () => {
    const usage = usageOf(
      limit({
        type: 'loss',
        accounts: [
          {
            currency: 'EUR',
            amount_cents: 2_000,
            current_value_amount_cents: -500,
            active_until: '2026-11-26T00:00:00Z',
            pending_amount_cents: 5_000,
          },
          {
            currency: 'USD',
            amount_cents: 1_000,
            current_value_amount_cents: 1_500,
            active_until: null,
            pending_amount_cents: null,
          },
        ],
      }),
    );
    expect(usage).toEqual([
      { currency: 'EUR', amount: 2_000, used: 500, ratio: 0.25, pending: 5_000, periodEnd: '2026-11-26T00:00:00Z' },
      { currency: 'USD', amount: 1_000, used: 1_500, ratio: 1, pending: null, periodEnd: null },
    ]);
  });

  it('is minutes for a session limit and nothing for the exclusions', () => {
    expect(usageOf(limit({ type: 'session', minutes: 120, current_value_minutes: 30, active_until: 'x' }))).toEqual([
      { currency: null, amount: 120, used: 30, ratio: 0.25, pending: null, periodEnd: 'x' },
    ]);
    expect(usageOf(limit({ type: 'self_exclusion', period: 'permanent' }))).toEqual([]);
  });

  it('orders a type by period and never offers to remove an exclusion or a removal already asked for', () => {
    const list = [limit({ id: 1, period: 'month' }), limit({ id: 2, period: 'day' }), limit({ id: 3, type: 'loss' })];
    expect(limitsOfType(list, 'deposit').map((l) => l.id)).toEqual([2, 1]);
    expect(isRemovable(limit({}))).toBe(true);
    expect(isRemovable(limit({ type: 'cooling_off' }))).toBe(false);
    expect(
      isRemovable(
        limit({ pending_change: { action: 'remove', requested_at: '', confirmable_at: '', confirm_until: null } }),
      ),
    ).toBe(false);
  });

  it('reads a session limit from hours and minutes', () => {
    expect(sessionMinutes('2', '30')).toBe(150);
    expect(sessionMinutes('', '45')).toBe(45);
    expect(sessionMinutes('1', '')).toBe(60);
    expect(sessionMinutes('', '')).toBeNull();
    expect(sessionMinutes('1.5', '')).toBeNull();
    expect(sessionMinutes('-1', '90')).toBeNull();
  });

  it('looks a refusal up by field first', () => {
    expect(limitErrorKeys('period', 'shorter_than_current')).toEqual([
      'limits.errors.period.shorter_than_current',
      'limits.errors.shorter_than_current',
      'errors.shorter_than_current',
    ]);
  });
});

describe('game page limit guard', () => {
  const game = { hasDemo: true, launchable: true };
  it('waits for a player’s limits before real play, and sends a player with a reached one to the limits page', () => {
    expect(playGuard({ ...game, status: 'player', mode: 'real', limits: 'unknown' })).toBe('wait');
    expect(playGuard({ ...game, status: 'player', mode: 'real', limits: 'clear' })).toBe('launch');
    expect(playGuard({ ...game, status: 'player', mode: 'real', limits: 'blocked' })).toBe('limits');
    expect(playGuard({ ...game, status: 'player', mode: 'demo', limits: 'blocked' })).toBe('limits');
  });
  it('opens a demo without waiting for the limits, and leaves guests to the other guards', () => {
    expect(playGuard({ ...game, status: 'player', mode: 'demo', limits: 'unknown' })).toBe('launch');
    expect(playGuard({ ...game, status: 'guest', mode: 'real', limits: 'unknown' })).toBe('sign-up');
  });
});
