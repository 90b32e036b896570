import type { PlayerBonus, PlayerFreespin } from '@orbit/contracts';
import { describe, expect, it } from 'vitest';
import { chosenOffer, commonBalance } from '../../app/features/cashbox/rules';
import {
  bonusCountdown,
  bonusNotice,
  counterText,
  couponOutcome,
  daysAndHours,
  freespinCountdown,
  freespinNotice,
  gameName,
  gamePathOf,
  giftCount,
  isBonusMessage,
  isFreespinMessage,
  splitGifts,
  timeLeft,
  upsert,
  wagerPercent,
  wageringBonus,
  isFinishedBonus,
  isActualFreespin,
  queueOf,
} from '../../app/features/gifts/rules';
import { promoCodeStep } from '../../app/lib/promo-codes';

const bonus = (over: Partial<PlayerBonus> = {}): PlayerBonus => ({
  id: 1,
  title: 'Welcome bonus',
  amount_cents: 5000,
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
  group_key: 'welcome',
  wager_multiplier: 35,
  max_bet_cents: 500,
  max_win_cents: null,
  balance_cents: 5000,
  converted_cents: 0,
  forfeited_cents: 0,
  percent: null,
  max_amount_cents: null,
  min_deposit_cents: null,
  actions: ['activate', 'cancel'],
  queue: 'ready',
  queue_position: null,
  waits_for_id: null,
  activation_seconds: null,
  ...over,
});

const freespin = (over: Partial<PlayerFreespin> = {}): PlayerFreespin => ({
  id: 7,
  title: '50 spins',
  freespins_total: 50,
  freespins_performed: 0,
  stage: 'issued',
  games: ['orbit/stellar-sevens'],
  provider: 'orbit',
  currency: 'EUR',
  bet_level: 20,
  activatable_until: '2026-11-27T10:00:00Z',
  valid_until: null,
  activatable: true,
  cancelable: true,
  created_at: '2026-11-20T10:00:00Z',
  group_key: 'spins',
  win_cents: 0,
  wager_multiplier: 0,
  actions: ['activate', 'cancel'],
  ...over,
});

describe('wagering percent', () => {
  it('is floor(wagered / required × 100), capped at 100', () => {
    expect(wagerPercent({ amount_wager_cents: 0, amount_wager_requirement_cents: 175_000 })).toBe(0);
    expect(wagerPercent({ amount_wager_cents: 1749, amount_wager_requirement_cents: 175_000 })).toBe(0);
    expect(wagerPercent({ amount_wager_cents: 1750, amount_wager_requirement_cents: 175_000 })).toBe(1);
    expect(wagerPercent({ amount_wager_cents: 1, amount_wager_requirement_cents: 3 })).toBe(33);
    expect(wagerPercent({ amount_wager_cents: 2, amount_wager_requirement_cents: 3 })).toBe(66);
    expect(wagerPercent({ amount_wager_cents: 174_999, amount_wager_requirement_cents: 175_000 })).toBe(99);
    expect(wagerPercent({ amount_wager_cents: 175_000, amount_wager_requirement_cents: 175_000 })).toBe(100);
    expect(wagerPercent({ amount_wager_cents: 400_000, amount_wager_requirement_cents: 175_000 })).toBe(100);
  });

  it('counts a bonus with nothing to wager as done, and never goes below 0', () => {
    expect(wagerPercent({ amount_wager_cents: 0, amount_wager_requirement_cents: 0 })).toBe(100);
    expect(wagerPercent({ amount_wager_cents: -50, amount_wager_requirement_cents: 100 })).toBe(0);
  });

  it('finds the wagering bonus', () => {
    const wagering = bonus({ id: 2, stage: 'handle_bets' });
    expect(wageringBonus([bonus(), wagering, bonus({ id: 3, stage: 'wager_done' })])).toBe(wagering);
    expect(wageringBonus([bonus()])).toBeNull();
  });
});

describe('the header counter', () => {
  it('counts bonuses not finished and free spins issued or activated', () => {
    const bonuses = (['issued', 'wait', 'handle_bets', 'wager_done', 'lost', 'canceled', 'expired'] as const).map(
      (stage, id) => bonus({ id, stage }),
    );
    const spins = (['issued', 'activated', 'finished', 'canceled', 'expired'] as const).map((stage, id) =>
      freespin({ id, stage }),
    );
    expect(giftCount(bonuses, spins)).toBe(5);
    expect(giftCount([], [])).toBe(0);
  });

  it('writes nothing for none, the number up to 9, then 9+', () => {
    expect(counterText(0)).toBeNull();
    expect(counterText(-1)).toBeNull();
    expect(counterText(1)).toBe('1');
    expect(counterText(9)).toBe('9');
    expect(counterText(10)).toBe('9+');
    expect(counterText(250)).toBe('9+');
  });
});

describe('current gifts and history', () => {
  it('keeps the server order (newest first) in both parts', () => {
    const list = [
      bonus({ id: 5, stage: 'expired' }),
      bonus({ id: 4, stage: 'handle_bets' }),
      bonus({ id: 3, stage: 'wager_done' }),
      bonus({ id: 2, stage: 'wait' }),
    ];
    const { current, history } = splitGifts(list, isFinishedBonus);
    expect(current.map((b) => b.id)).toEqual([4, 2]);
    expect(history.map((b) => b.id)).toEqual([5, 3]);
    const spins = splitGifts(
      [freespin({ id: 1, stage: 'finished' }), freespin({ id: 2 })],
      (f) => !isActualFreespin(f),
    );
    expect(spins.current.map((f) => f.id)).toEqual([2]);
    expect(spins.history.map((f) => f.id)).toEqual([1]);
  });

  it('replaces a gift by id, or puts a new one first', () => {
    const list = [bonus({ id: 2 }), bonus({ id: 1 })];
    expect(upsert(list, bonus({ id: 1, stage: 'handle_bets' })).map((b) => [b.id, b.stage])).toEqual([
      [2, 'issued'],
      [1, 'handle_bets'],
    ]);
    expect(upsert(list, bonus({ id: 3 })).map((b) => b.id)).toEqual([3, 2, 1]);
  });
});

describe('countdowns', () => {
  it('counts down to activation while issued or waiting, to the wagering end while wagering', () => {
    expect(bonusCountdown(bonus({ stage: 'issued' }))).toEqual({ kind: 'activate', until: '2026-11-27T10:00:00Z' });
    expect(bonusCountdown(bonus({ stage: 'wait' }))?.kind).toBe('activate');
    expect(bonusCountdown(bonus({ stage: 'handle_bets', valid_until: '2026-12-20T10:00:00Z' }))).toEqual({
      kind: 'wager',
      until: '2026-12-20T10:00:00Z',
    });
    expect(bonusCountdown(bonus({ stage: 'handle_bets', valid_until: null }))).toBeNull();
    expect(bonusCountdown(bonus({ stage: 'wager_done' }))).toBeNull();
    expect(bonusCountdown(bonus({ stage: 'issued', activatable_until: null }))).toBeNull();
    expect(freespinCountdown(freespin())?.kind).toBe('activate');
    expect(freespinCountdown(freespin({ stage: 'activated', valid_until: '2026-12-01T00:00:00Z' }))?.kind).toBe('play');
    expect(freespinCountdown(freespin({ stage: 'finished' }))).toBeNull();
  });

  it('writes whole days and the rest as hh:mm:ss, rounded up to the second; null once past', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(timeLeft('2026-11-27T10:00:00Z', now)).toEqual({ days: 7, clock: '00:00:00' });
    expect(timeLeft('2026-11-23T14:05:09Z', now)).toEqual({ days: 3, clock: '04:05:09' });
    expect(timeLeft('2026-11-20T10:00:00.200Z', now)).toEqual({ days: 0, clock: '00:00:01' });
    expect(timeLeft('2026-11-21T09:59:59Z', now)).toEqual({ days: 0, clock: '23:59:59' });
    expect(timeLeft('2026-11-20T10:00:00Z', now)).toBeNull();
    expect(timeLeft('2026-11-19T10:00:00Z', now)).toBeNull();
    expect(timeLeft('not a date', now)).toBeNull();
  });
});

describe('realtime messages and their notices', () => {
  it('takes a whole bonus or free-spin gift, nothing else', () => {
    expect(isBonusMessage(bonus())).toBe(true);
    expect(isBonusMessage({ id: 1, title: 'x', stage: 'nonsense' })).toBe(false);
    expect(isBonusMessage(null)).toBe(false);
    expect(isBonusMessage({ title: 'x', stage: 'issued' })).toBe(false);
    expect(isFreespinMessage(freespin())).toBe(true);
    expect(isFreespinMessage(bonus({ stage: 'handle_bets' }))).toBe(false);
  });

  it('tells a new gift and every change of stage, not a wagering step', () => {
    expect(bonusNotice(undefined, bonus())).toEqual({
      key: 'gifts.notice.bonus.issued',
      title: 'Welcome bonus',
      money: { cents: 5000, currency: 'EUR' },
    });
    expect(bonusNotice('issued', bonus({ stage: 'handle_bets' }))?.key).toBe('gifts.notice.bonus.handle_bets');
    expect(bonusNotice('handle_bets', bonus({ stage: 'handle_bets', amount_wager_cents: 900 }))).toBeNull();
    expect(bonusNotice('handle_bets', bonus({ stage: 'wager_done', converted_cents: 12_345 }))).toEqual({
      key: 'gifts.notice.bonus.wager_done',
      title: 'Welcome bonus',
      money: { cents: 12_345, currency: 'EUR' },
    });
    expect(bonusNotice('handle_bets', bonus({ stage: 'canceled' }))?.money).toBeNull();
    expect(freespinNotice('activated', freespin({ stage: 'finished', win_cents: 340 }))).toEqual({
      key: 'gifts.notice.freespins.finished',
      title: '50 spins',
      money: { cents: 340, currency: 'EUR' },
    });
    expect(freespinNotice('activated', freespin({ stage: 'activated', freespins_performed: 3 }))).toBeNull();
  });
});

describe('free spins games', () => {
  it('names a game and links its page', () => {
    expect(gameName('orbit/stellar-sevens')).toBe('Stellar Sevens');
    expect(gameName('orbit/dice')).toBe('Dice');
    expect(gamePathOf('orbit/stellar-sevens')).toBe('/play/orbit/stellar-sevens');
    expect(gamePathOf('stellar-sevens')).toBeNull();
    expect(gamePathOf('a/b/c')).toBeNull();
  });
});

describe('gift codes', () => {
  it('maps a coupon status onto the gift code field', () => {
    expect(couponOutcome('successfully_activated')).toBe('done');
    expect(couponOutcome('already_activated')).toBe('already_used');
    expect(couponOutcome('failed_to_activate')).toBe('invalid');
  });

  it('follows a kept code only at the lobby, the gift code first', () => {
    const both = { giftPromocode: 'SPIN50', depositPromocode: 'WELCOME100' };
    expect(promoCodeStep('/', both)).toEqual({ kind: 'gift', code: 'SPIN50' });
    expect(promoCodeStep('/de', { depositPromocode: 'WELCOME100' })).toEqual({ kind: 'deposit', code: 'WELCOME100' });
    expect(promoCodeStep('/pokies/all', both)).toBeNull();
    expect(promoCodeStep('/deposit', both)).toBeNull();
    expect(promoCodeStep('/', {})).toBeNull();
  });
});

describe("the header's common balance", () => {
  const account = { currency: 'EUR', amount_cents: 6500, bonus_cents: 1500 };
  it('splits real and bonus money while the account holds bonus money', () => {
    expect(commonBalance(account, null)).toEqual({ real: 5000, bonus: 1500, percent: null });
  });
  it('shows the wagering percent of a bonus of the account currency, also without bonus money left', () => {
    expect(commonBalance(account, { currency: 'EUR', percent: 42 })).toEqual({ real: 5000, bonus: 1500, percent: 42 });
    expect(commonBalance({ ...account, bonus_cents: 0 }, { currency: 'EUR', percent: 99 })).toEqual({
      real: 6500,
      bonus: 0,
      percent: 99,
    });
  });
  it('is the plain balance without bonus money or a wagering bonus of the currency', () => {
    expect(commonBalance({ ...account, bonus_cents: 0 }, null)).toBeNull();
    expect(commonBalance({ ...account, bonus_cents: 0 }, { currency: 'USD', percent: 10 })).toBeNull();
    expect(commonBalance(undefined, { currency: 'EUR', percent: 10 })).toBeNull();
  });
  it('finds the chosen deposit offer by its code, without case', () => {
    const offers = [
      { id: 1, code: 'WELCOME100' },
      { id: 2, code: null },
    ];
    expect(chosenOffer(offers, 'welcome100')?.id).toBe(1);
    expect(chosenOffer(offers, null)).toBeNull();
    expect(chosenOffer(offers, 'OTHER')).toBeNull();
  });
});

describe('the queue', () => {
  it('lists the running bonus first, the ones to act on next, and the queued ones apart in their place in line', () => {
    const running = bonus({ id: 1, stage: 'handle_bets', queue: 'running', actions: ['cancel'] });
    const second = bonus({ id: 2, queue: 'queued', queue_position: 2, actions: ['cancel'] });
    const first = bonus({ id: 3, queue: 'queued', queue_position: 1, actions: ['cancel'] });
    const waiting = bonus({ id: 4, stage: 'wait', queue: null, actions: ['cancel'] });
    const lines = queueOf([second, waiting, running, first]);
    expect(lines.running?.id).toBe(1);
    expect(lines.others.map((b) => b.id)).toEqual([4]);
    expect(lines.queued.map((b) => b.id)).toEqual([3, 2]);
    expect(queueOf([bonus()])).toEqual({ running: null, others: [bonus()], queued: [] });
  });

  it("tells a queued gift's time in whole days and hours", () => {
    expect(daysAndHours(5 * 86_400)).toEqual({ days: 5, hours: 0 });
    expect(daysAndHours(86_400 + 3 * 3_600 + 59)).toEqual({ days: 1, hours: 3 });
    expect(daysAndHours(1_800)).toEqual({ days: 0, hours: 0 });
    expect(daysAndHours(-5)).toEqual({ days: 0, hours: 0 });
  });
});
