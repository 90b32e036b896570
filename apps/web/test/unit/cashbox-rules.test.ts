import type { PlayerBonus, UserLimit } from '@orbit/contracts';
import { describe, expect, it } from 'vitest';
import {
  bonusesForfeitedByCashout,
  CANCELLED_NOTICE_WINDOW_MS,
  cashboxErrorKeys,
  cashboxGuard,
  pageUnderCashbox,
  withoutFrom,
  outcomeOf,
  POLL_LIMIT_MS,
  shouldPoll,
  shouldShowCancelledNotice,
  signUpTarget,
  depositPause,
  depositRoom,
  periodInSentence,
} from '../../app/features/cashbox/rules';

describe('cashbox guard', () => {
  const player = { status: 'player' as const, from: '/pokies/all', missingPersonalInfo: false };

  it('sends a guest to sign-up first', () => {
    expect(cashboxGuard({ ...player, status: 'guest', from: null })).toBe('sign-up');
    expect(cashboxGuard({ ...player, status: 'guest' })).toBe('sign-up');
  });

  it('waits for the session and the personal details', () => {
    expect(cashboxGuard({ ...player, status: 'unknown' })).toBe('wait');
    expect(cashboxGuard({ ...player, missingPersonalInfo: null })).toBe('wait');
  });

  it('sends an entry from the sign-up page to the lobby', () => {
    expect(cashboxGuard({ ...player, from: '/sign-up' })).toBe('main');
    expect(cashboxGuard({ ...player, from: '/registration' })).toBe('main');
  });

  it('draws a page under an entry that has none (loaded directly, reloaded, a game deposit link) before anything else', () => {
    expect(cashboxGuard({ ...player, from: null })).toBe('draw-page-under');
    expect(cashboxGuard({ ...player, from: null, missingPersonalInfo: null })).toBe('draw-page-under');
    expect(cashboxGuard({ ...player, from: null, missingPersonalInfo: true })).toBe('draw-page-under');
  });

  it("draws the page named in `from` (this site's paths only), else the lobby", () => {
    expect(pageUnderCashbox('?from=%2Fplay%2Forbit%2Fstellar-sevens', '/')).toBe('/play/orbit/stellar-sevens');
    expect(pageUnderCashbox('?from=/de/play/orbit/orbit-dice%3Fmode%3Dreal', '/de')).toBe(
      '/de/play/orbit/orbit-dice?mode=real',
    );
    for (const bad of [
      '',
      '?from=',
      '?from=https://evil.example/',
      '?from=//evil.example',
      '?from=/\\evil.example',
      '?from=play',
    ])
      expect(pageUnderCashbox(bad, '/de'), bad).toBe('/de');
    expect(withoutFrom({ pathname: '/deposit', search: '?from=%2Fplay%2Fa%2Fb&amount=50', hash: '' })).toBe(
      '/deposit?amount=50',
    );
    expect(withoutFrom({ pathname: '/accounts/EUR/deposit', search: '?from=/', hash: '#x' })).toBe(
      '/accounts/EUR/deposit#x',
    );
  });

  it('asks a fiat player missing details for them first, then opens the cashbox', () => {
    expect(cashboxGuard({ ...player, missingPersonalInfo: true })).toBe('personal-info');
    expect(cashboxGuard(player)).toBe('cashbox');
    expect(cashboxGuard({ ...player, from: '/' })).toBe('cashbox');
    expect(cashboxGuard({ ...player, from: '/sign-in' })).toBe('cashbox');
  });

  it('keeps the whole target in the sign-up redirect', () => {
    expect(signUpTarget('/de/sign-up', { pathname: '/de/withdraw', search: '?x=1', hash: '#a' })).toBe(
      '/de/sign-up?redirect=%2Fde%2Fwithdraw%3Fx%3D1%23a',
    );
  });
});

describe('cancelled-payment notice', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const canceled = {
    id: 42,
    action: 'deposit' as const,
    state: 'canceled' as const,
    finished_at: new Date(now - 60_000).toISOString(),
  };

  it('shows for a deposit canceled less than 5 minutes ago, not shown before', () => {
    expect(shouldShowCancelledNotice(canceled, null, now)).toBe(true);
    expect(shouldShowCancelledNotice(canceled, '41', now)).toBe(true);
  });

  it('does not show the same payment twice', () => {
    expect(shouldShowCancelledNotice(canceled, '42', now)).toBe(false);
  });

  it('does not show after 5 minutes', () => {
    const old = { ...canceled, finished_at: new Date(now - CANCELLED_NOTICE_WINDOW_MS).toISOString() };
    expect(shouldShowCancelledNotice(old, null, now)).toBe(false);
    const almost = { ...canceled, finished_at: new Date(now - CANCELLED_NOTICE_WINDOW_MS + 1000).toISOString() };
    expect(shouldShowCancelledNotice(almost, null, now)).toBe(true);
  });

  it('shows only for a canceled, finished deposit', () => {
    expect(shouldShowCancelledNotice({ ...canceled, state: 'declined' }, null, now)).toBe(false);
    expect(shouldShowCancelledNotice({ ...canceled, state: 'succeeded' }, null, now)).toBe(false);
    expect(shouldShowCancelledNotice({ ...canceled, action: 'cashout' }, null, now)).toBe(false);
    expect(shouldShowCancelledNotice({ ...canceled, finished_at: null }, null, now)).toBe(false);
    expect(shouldShowCancelledNotice({ ...canceled, finished_at: 'not a date' }, null, now)).toBe(false);
    expect(shouldShowCancelledNotice(null, null, now)).toBe(false);
    expect(shouldShowCancelledNotice(undefined, null, now)).toBe(false);
  });
});

describe('payment outcome', () => {
  it('maps states to what the player is told', () => {
    expect(outcomeOf('succeeded')).toBe('succeeded');
    expect(outcomeOf('declined')).toBe('declined');
    expect(outcomeOf('rejected')).toBe('declined');
    expect(outcomeOf('canceled')).toBe('canceled');
    expect(outcomeOf('recalled')).toBe('recalled');
    expect(outcomeOf('pending')).toBe('pending');
    expect(outcomeOf('processing')).toBe('pending');
    expect(outcomeOf('reserved')).toBe('pending');
  });

  it('polls open payments for about 30 seconds', () => {
    expect(shouldPoll('pending', 0, 2000)).toBe(true);
    expect(shouldPoll('pending', 0, POLL_LIMIT_MS)).toBe(false);
    expect(shouldPoll('succeeded', 0, 2000)).toBe(false);
    expect(shouldPoll('declined', 0, 2000)).toBe(false);
  });

  it('looks a server code up in the cashbox wording first, then the shared one', () => {
    expect(cashboxErrorKeys('amount_cents', 'too_small')).toEqual([
      'cashbox.errors.amount_cents.too_small',
      'cashbox.errors.too_small',
      'errors.too_small',
    ]);
  });
});

describe('what a deposit limit still allows', () => {
  const limit = (id: number, period: string, accounts: Array<[string, number, number]>) =>
    ({
      id,
      type: 'deposit',
      period,
      status: 'active',
      accounts: accounts.map(([currency, amount_cents, current_value_amount_cents]) => ({
        currency,
        amount_cents,
        current_value_amount_cents,
        active_until: null,
      })),
    }) as unknown as UserLimit;

  it('is the least room among the deposit limits of the currency, never below zero', () => {
    const limits = [
      limit(1, 'day', [['EUR', 2_000, 500]]),
      limit(2, 'week', [
        ['EUR', 10_000, 9_000],
        ['USD', 5_000, 0],
      ]),
    ];
    expect(depositRoom(limits, 'EUR')).toEqual({ cents: 1_000, period: 'week' });
    expect(depositRoom(limits, 'USD')).toEqual({ cents: 5_000, period: 'week' });
    expect(depositRoom([limit(3, 'month', [['EUR', 1_000, 1_500]])], 'EUR')).toEqual({ cents: 0, period: 'month' });
    expect(depositRoom(limits, 'BTC')).toBeNull();
    expect(depositRoom([{ ...limit(4, 'day', [['EUR', 1, 0]]), type: 'loss' } as UserLimit], 'EUR')).toBeNull();
  });
});

describe('what a cashout forfeits', () => {
  const bonus = (over: Partial<PlayerBonus>): PlayerBonus => ({
    id: 1,
    title: '100 % first-deposit bonus',
    amount_cents: 5_000,
    currency: 'EUR',
    stage: 'issued',
    strategy: 'deposit',
    amount_wager_requirement_cents: 175_000,
    amount_wager_cents: 0,
    created_at: '2026-11-20T10:00:00Z',
    activatable_until: '2026-11-27T10:00:00Z',
    valid_until: null,
    activatable: true,
    cancelable: true,
    type: 'deposit_bonus',
    group_key: 'first-deposit-100',
    wager_multiplier: 35,
    max_bet_cents: 500,
    max_win_cents: 50_000,
    balance_cents: 0,
    converted_cents: 0,
    forfeited_cents: 0,
    percent: 100,
    max_amount_cents: 20_000,
    min_deposit_cents: 2_000,
    actions: ['activate', 'cancel'],
    queue: 'ready',
    queue_position: null,
    waits_for_id: null,
    activation_seconds: null,
    ...over,
  });

  it('names the deposit bonuses of the currency still waiting to be activated, and no other', () => {
    const bonuses = [
      bonus({ id: 1 }),
      bonus({ id: 2, currency: 'USD' }),
      bonus({ id: 3, stage: 'wait', amount_cents: 0 }),
      bonus({ id: 4, stage: 'handle_bets' }),
      bonus({ id: 5, type: 'coupon', strategy: 'coupon' }),
      bonus({ id: 6, stage: 'canceled' }),
      bonus({ id: 7, title: 'Reload' }),
    ];
    expect(bonusesForfeitedByCashout(bonuses, 'EUR').map((b) => b.id)).toEqual([1, 7]);
    expect(bonusesForfeitedByCashout(bonuses, 'NOK')).toEqual([]);
  });
});

describe('deposits paused by a reached deposit limit', () => {
  const limit = (type: string, period: string, until: string | null, amount: number, used: number) =>
    ({
      id: 1,
      type,
      period,
      status: 'active',
      active_until: until,
      accounts: [{ currency: 'EUR', amount_cents: amount, current_value_amount_cents: used, active_until: until }],
    }) as unknown as UserLimit;

  it('pauses until the latest end among the reached deposit limits, and not for room left or other limits', () => {
    const day = limit('deposit', 'day', '2026-11-29T00:00:00.000Z', 2_000, 2_000);
    const week = limit('deposit', 'week', '2026-11-30T00:00:00.000Z', 10_000, 12_000);
    const roomy = limit('deposit', 'month', '2026-12-01T00:00:00.000Z', 50_000, 12_000);
    expect(depositPause([day])).toEqual({ until: '2026-11-29T00:00:00.000Z', period: 'day' });
    expect(depositPause([roomy, day, week])).toEqual({ until: '2026-11-30T00:00:00.000Z', period: 'week' });
    expect(depositPause([roomy])).toBeNull();
    // A reached loss or wager limit stops play, not deposits.
    expect(depositPause([limit('loss', 'day', '2026-11-29T00:00:00.000Z', 100, 100)])).toBeNull();
    expect(depositPause([])).toBeNull();
    expect(depositPause([limit('deposit', 'day', null, 100, 100)])).toEqual({ until: null, period: 'day' });
  });
});

describe("a limit's period inside a sentence", () => {
  it('lowers the first letter only: German nouns keep their capital', () => {
    expect(periodInSentence('Pro Tag', 'de')).toBe('pro Tag');
    expect(periodInSentence('Pro Woche', 'de')).toBe('pro Woche');
    expect(periodInSentence('Per day', 'en')).toBe('per day');
    expect(periodInSentence('Par jour', 'fr-CA')).toBe('par jour');
    expect(periodInSentence('', 'de')).toBe('');
  });
});
