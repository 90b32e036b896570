import { VIP_STATUS_GROUP_IDS, VIP_STATUSES, type AdventureDay } from '@orbit/contracts';
import { describe, expect, it } from 'vitest';
import { bookmarkCards } from '../../app/features/loyalty/bookmark';
import {
  adventureFinished,
  dayActions,
  hasProgressBar,
  nextVipStatus,
  prizeTitleParts,
  thresholdsOf,
  vipCardState,
  vipFallback,
} from '../../app/features/vip/rules';
import { isVipStatus, VIP_ORDER, vipStatusOf } from '../../app/lib/shell-loyalty';

describe('VIP statuses', () => {
  it("are the contract's, in its order, with its group ids", () => {
    expect(VIP_ORDER.map((s) => s.key)).toEqual([...VIP_STATUSES]);
    for (const { key, group } of VIP_ORDER) expect(group).toBe(VIP_STATUS_GROUP_IDS[key]);
  });
  it("read the player's status from their groups: the highest held; VIP from bronze on", () => {
    expect(vipStatusOf([1117, 21])).toBe('regular');
    expect(vipStatusOf(['259', 1117])).toBe('gold');
    expect(vipStatusOf([257, 759])).toBe('diamond');
    expect(vipStatusOf([21, 100])).toBeNull();
    expect(isVipStatus('regular')).toBe(false);
    expect(isVipStatus(null)).toBe(false);
    expect(isVipStatus('bronze')).toBe(true);
  });
  it('mark the compare carousel: achieved before, current, the next one, the rest locked', () => {
    expect(VIP_ORDER.map((s) => vipCardState(s.key, 'silver'))).toEqual([
      'before',
      'before',
      'current',
      'future',
      'lock',
      'lock',
    ]);
    expect(VIP_ORDER.map((s) => vipCardState(s.key, 'regular'))).toEqual([
      'current',
      'future',
      'lock',
      'lock',
      'lock',
      'lock',
    ]);
    expect(vipCardState('diamond', 'diamond')).toBe('current');
    expect(nextVipStatus('platinum')).toBe('diamond');
    expect(nextVipStatus('diamond')).toBeNull();
  });
  it('give diamond no progress bar', () => {
    expect(hasProgressBar('diamond')).toBe(false);
    expect(hasProgressBar('platinum')).toBe(true);
  });
  it('fall back to regular → bronze, no progress, the default thresholds of the currency', () => {
    expect(vipFallback('EUR')).toMatchObject({
      currentStatus: 'regular',
      nextStatus: 'bronze',
      overallProgress: 0,
      depositThresholdCents: 600_000,
      betSumThresholdCents: 6_000_000,
      depositAmountCents: 0,
      betSumCents: 0,
    });
    expect(thresholdsOf('CAD')).toEqual({ deposit: 900_000, bets: 9_000_000 });
    expect(thresholdsOf('BRL')).toEqual({ deposit: 3_000_000, bets: 30_000_000 });
    expect(vipFallback('JPY')).toMatchObject({ depositThresholdCents: 900_000, betSumThresholdCents: 9_000_000 });
  });
});

const NOW = Date.parse('2026-11-26T12:00:00Z');
const day = (over: Partial<AdventureDay>): AdventureDay => ({
  day: '2026-11-26',
  index: 0,
  month: 11,
  weekday: 4,
  step: 1,
  stepTotal: 7,
  isCompleted: false,
  today: false,
  isSuperPrize: false,
  status: 'future',
  prize: { type: 'bonus', title: 'Day', template_key: 'x', prize_title: 'Day__1/7__26/11/2026' },
  condition: { minDep: { EUR: 2000 }, wager: { EUR: 0 }, periodActivationDays: 3 },
  gift: null,
  expires_at: null,
  ...over,
});

describe('adventure days', () => {
  it('today, not completed: Details and Deposit, counting down to its end', () => {
    expect(dayActions(day({ status: 'active', today: true, expires_at: '2026-11-27T00:00:00Z' }), NOW)).toEqual({
      buttons: ['details', 'deposit'],
      timer: '2026-11-27T00:00:00Z',
    });
  });
  it('completed with a gift still to activate: go to the gifts, counting down to the activation end', () => {
    const gift = { kind: 'bonus' as const, id: 4, activatable_until: '2026-11-29T12:00:00Z' };
    expect(dayActions(day({ status: 'completed', isCompleted: true, gift }), NOW)).toEqual({
      buttons: ['gifts'],
      timer: '2026-11-29T12:00:00Z',
    });
    // Today's day completed: the same.
    expect(dayActions(day({ status: 'active', today: true, isCompleted: true, gift }), NOW).buttons).toEqual(['gifts']);
  });
  it('completed without a gift to activate: support', () => {
    expect(dayActions(day({ status: 'completed', isCompleted: true }), NOW)).toEqual({
      buttons: ['support'],
      timer: null,
    });
    const past = { kind: 'bonus' as const, id: 4, activatable_until: '2026-11-20T00:00:00Z' };
    expect(dayActions(day({ status: 'completed', isCompleted: true, gift: past }), NOW).buttons).toEqual(['support']);
  });
  it('to come and the super prize: terms; lost: nothing', () => {
    expect(dayActions(day({ status: 'future' }), NOW).buttons).toEqual(['terms']);
    expect(dayActions(day({ status: 'superb', isSuperPrize: true }), NOW).buttons).toEqual(['terms']);
    expect(dayActions(day({ status: 'lost' }), NOW)).toEqual({ buttons: [], timer: null });
  });
  it('end once no day is left to play: every day completed or past, the super prize aside', () => {
    const run = [day({ day: '2026-11-25' }), day({ day: '2026-11-26' })];
    const superPrize = day({ day: '2026-11-27', status: 'superb', isSuperPrize: true });
    expect(adventureFinished([...run, superPrize], '2026-11-24')).toBe(false);
    expect(adventureFinished([...run, superPrize], '2026-11-26')).toBe(false);
    expect(adventureFinished([...run, superPrize], '2026-11-27')).toBe(true);
    expect(adventureFinished([day({ day: '2026-11-26', isCompleted: true })], '2026-11-26')).toBe(true);
    expect(adventureFinished([], '2026-11-26')).toBe(true);
  });
  it('read a prize title name__step/total__DD/MM/YYYY', () => {
    expect(prizeTitleParts('Gold rush__2/7__27/11/2026')).toEqual({
      name: 'Gold rush',
      step: '2/7',
      day: '27/11/2026',
    });
    expect(prizeTitleParts('Plain')).toEqual({ name: 'Plain', step: null, day: null });
  });
});

describe('bookmark widget', () => {
  it('shows the shop while its page is served, the adventures for a tester or a VIP player', () => {
    expect(bookmarkCards(true, [1117])).toEqual(['shop']);
    expect(bookmarkCards(false, [1117])).toEqual([]);
    // The tester group is also a wheel group: the loot box's card too.
    expect(bookmarkCards(true, [1117, 21])).toEqual(['shop', 'lootbox', 'adventures']);
    expect(bookmarkCards(false, [258])).toEqual(['adventures']);
  });
});
