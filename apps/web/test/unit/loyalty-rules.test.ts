import { describe, expect, it } from 'vitest';
import {
  accentTabs,
  canAfford,
  cardsOfTab,
  chooseMoneyRate,
  clampQuantity,
  confirmationsBefore,
  DEFAULT_RATE_IMAGE_KEY,
  exchangeRequest,
  exchangeStep,
  levelState,
  MAX_QUANTITY,
  moneyCards,
  percentOf,
  quantityBounds,
  rateImageKey,
  rewardCards,
  rewardPlace,
  tabOfPath,
  type RewardCard,
} from '../../app/features/loyalty/rules';
import { awardedPoints } from '../../app/lib/shell-loyalty';
import type { MoneyRewardRate, RewardRate } from '../../app/features/loyalty/types';

const extras = { badges: [] as MoneyRewardRate['badges'], image: null, description: null };

const money = (group: string, rates: MoneyRewardRate['rates'], wager = 10): MoneyRewardRate => ({
  group,
  title: `Money ${group}`,
  wager,
  rates,
  tab: 'MONEY_REWARD',
  ...extras,
});
const spins = (group: string, points: number): RewardRate => ({
  group,
  title: `Spins ${group}`,
  rate: { points, freespins_count: 10 },
  games: ['orbit:stellar-sevens'],
  tab: 'FREE_SPINS',
  ...extras,
});

const card = (over: Partial<RewardCard> = {}): RewardCard => ({
  type: 'money',
  tab: 'money',
  group: 'm1',
  title: 'Ten euros',
  description: null,
  points: 100,
  wager: 5,
  games: [],
  badges: [],
  image: null,
  money: { amount_cents: 1000, currency: 'EUR' },
  freespinsCount: null,
  lotteryIds: [],
  ...over,
});

describe('money rate fallback (player currency → EUR → default → first)', () => {
  const rates = [
    { currency: 'USD', points: 1, amount_cents: 1 },
    { currency: 'EUR', points: 2, amount_cents: 2 },
    { currency: 'CAD', points: 3, amount_cents: 3 },
  ];
  it("takes the player's own currency first", () => {
    expect(chooseMoneyRate(rates, 'CAD', 'USD')?.currency).toBe('CAD');
  });
  it('falls back to EUR, then the default currency, then the first rate', () => {
    expect(chooseMoneyRate(rates, 'NOK', 'USD')?.currency).toBe('EUR');
    expect(chooseMoneyRate(rates.slice(2).concat(rates[0]!), 'NOK', 'USD')?.currency).toBe('USD');
    expect(chooseMoneyRate([rates[2]!, rates[0]!], null, 'BRL')?.currency).toBe('CAD');
    expect(chooseMoneyRate([], 'EUR', 'EUR')).toBeNull();
  });
  it('makes money cards with the chosen rate, leaving out a reward without any rate', () => {
    const cards = moneyCards(
      [money('a', [{ currency: 'EUR', points: 500, amount_cents: 500 }]), money('b', [])],
      'USD',
      'EUR',
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ type: 'money', tab: 'money', points: 500, money: { currency: 'EUR' }, wager: 10 });
  });
});

describe('tabs', () => {
  const cards = [
    ...moneyCards([money('m', [{ currency: 'EUR', points: 300, amount_cents: 300 }])], 'EUR', 'EUR'),
    ...rewardCards('freespins', [spins('f', 1000)]),
    ...rewardCards('lootboxes', [{ ...spins('l', 50), tab: 'SPECIAL_REWARDS' }]),
  ];
  it('reads the tab of a path (unknown segments are "all")', () => {
    expect(tabOfPath('/rocket-mart')).toBe('all');
    expect(tabOfPath('/de/rocket-mart/money')).toBe('money');
    expect(tabOfPath('/rocket-mart/freespins/')).toBe('freespins');
    expect(tabOfPath('/rocket-mart/special')).toBe('special');
  });
  it('filters the cards by the server\'s tab; "all" keeps every card', () => {
    expect(cardsOfTab(cards, 'all')).toHaveLength(3);
    expect(cardsOfTab(cards, 'special').map((c) => c.group)).toEqual(['l']);
    expect(cardsOfTab(cards, 'freespins').map((c) => c.group)).toEqual(['f']);
  });
  it('accents the tabs holding a reward the signed-in player can afford, none for a guest', () => {
    expect([...accentTabs(cards, 300)].sort()).toEqual(['all', 'money', 'special']);
    expect([...accentTabs(cards, 299)].sort()).toEqual(['all', 'special']);
    expect(accentTabs(cards, 49).size).toBe(0);
    expect(accentTabs(cards, null).size).toBe(0);
    expect(canAfford(1000, cards[1]!)).toBe(true);
    expect(canAfford(999, cards[1]!)).toBe(false);
  });
});

describe('the picture of a card', () => {
  it('is keyed by the money amount (or the points), with the default key for any other', () => {
    expect(rateImageKey(card({ money: { amount_cents: 500_000, currency: 'EUR' } }))).toBe(500_000);
    expect(rateImageKey(card({ money: { amount_cents: 2_500, currency: 'EUR' } }))).toBe(2_500);
    expect(rateImageKey(card({ money: { amount_cents: 1_234, currency: 'EUR' } }))).toBe(DEFAULT_RATE_IMAGE_KEY);
    expect(rateImageKey(card({ money: null, points: 25_000 }))).toBe(25_000);
    expect(DEFAULT_RATE_IMAGE_KEY).toBe(25);
  });
});

describe('the exchange', () => {
  it('offers a guest the registration, a player short of points the missing amount, else the quantity', () => {
    expect(exchangeStep(null, 100)).toEqual({ kind: 'register' });
    expect(exchangeStep(40, 100)).toEqual({ kind: 'short', missing: 60 });
    expect(exchangeStep(0, 100)).toEqual({ kind: 'short', missing: 100 });
    expect(exchangeStep(100, 100)).toEqual({ kind: 'choose', max: 1 });
    expect(exchangeStep(350, 100)).toEqual({ kind: 'choose', max: 3 });
  });
  it('steps the quantity between 1 and floor(balance / cost)', () => {
    expect(quantityBounds(350, 100)).toEqual({ min: 1, max: 3 });
    expect(quantityBounds(99, 100)).toEqual({ min: 1, max: 0 });
    expect(quantityBounds(10_000_000, 1).max).toBe(MAX_QUANTITY);
    expect(clampQuantity(4, 350, 100)).toBe(3);
    expect(clampQuantity(0, 350, 100)).toBe(1);
    expect(clampQuantity(-3, 350, 100)).toBe(1);
    expect(clampQuantity(2.7, 350, 100)).toBe(2);
    expect(clampQuantity(Number.NaN, 350, 100)).toBe(1);
    expect(clampQuantity(5, 50, 100)).toBe(1);
  });
  it('asks the multi-account warning, then the bonuses, before a bonus reward', () => {
    const player = (groups: unknown[], can: boolean) => ({ groups, can_issue_bonuses: can });
    expect(confirmationsBefore(player([1117], true), card())).toEqual([]);
    expect(confirmationsBefore(player([1117, 100], true), card())).toEqual(['multiAccount']);
    expect(confirmationsBefore(player([100], false), card())).toEqual(['multiAccount', 'enableBonuses']);
    expect(confirmationsBefore(player([], false), card({ type: 'freespins', money: null, wager: null }))).toEqual([
      'enableBonuses',
    ]);
    // Real money (wager 0) and lottery tickets are no bonus.
    expect(confirmationsBefore(player([], false), card({ wager: 0 }))).toEqual([]);
    expect(confirmationsBefore(player([], false), card({ type: 'lotteries', money: null, wager: null }))).toEqual([]);
  });
  it("sends the piece's price, the quantity, the warning's answer and the click's key", () => {
    expect(exchangeRequest(card(), 3, { confirmed: false, key: 'key-12345' })).toEqual({
      path: '/api/comp_points/exchange/money',
      body: {
        exchange: {
          points: 100,
          currency: 'EUR',
          group: 'm1',
          quantity: 3,
          confirmed: false,
          idempotency_key: 'key-12345',
        },
      },
    });
    const free = card({ type: 'freespins', tab: 'freespins', group: 'f', money: null, points: 1000 });
    expect(exchangeRequest(free, 1, { confirmed: true, key: 'key-12345' }).path).toBe(
      '/api/comp_points/exchange/freespins',
    );
    expect(exchangeRequest(free, 1, { confirmed: true, key: 'key-12345' }).body.exchange).toEqual({
      points: 1000,
      group: 'f',
      quantity: 1,
      confirmed: true,
      idempotency_key: 'key-12345',
    });
    const ticket = card({ type: 'lotteries', group: 't', money: null, lotteryIds: [7] });
    expect(exchangeRequest(ticket, 2, { confirmed: false, key: 'key-12345' }).body.exchange).toMatchObject({
      tickets_count: 2,
      lottery_id: 7,
    });
  });
});

describe('points in the shell', () => {
  it('tells points earned by bets or an operator, never an exchange', () => {
    const award = { chargeable: { points: 12 }, persistent: { points: 40 }, level: 'level_1' };
    expect(awardedPoints({ ...award, points: 12, reason: 'bets' })).toBe(12);
    expect(awardedPoints({ ...award, points: 5, reason: 'operator' })).toBe(5);
    expect(awardedPoints({ ...award, points: -100, reason: 'exchange' })).toBe(0);
    expect(awardedPoints({ ...award, points: -3, reason: 'operator' })).toBe(0);
    expect(awardedPoints({ nothing: true })).toBe(0);
    expect(awardedPoints(null)).toBe(0);
  });
});

describe('levels', () => {
  it('marks the levels below the player achieved, theirs current, the rest locked', () => {
    expect([1, 2, 3, 4].map((p) => levelState(p, 2))).toEqual(['achieved', 'current', 'locked', 'locked']);
    expect(levelState(1, null)).toBe('locked');
  });
  it('writes a share as whole percent within 0 … 100', () => {
    expect(percentOf(0.5)).toBe(50);
    expect(percentOf(0.999)).toBe(99);
    expect(percentOf(0.29)).toBe(29);
    expect(percentOf(1.4)).toBe(100);
    expect(percentOf(-1)).toBe(0);
    expect(percentOf(Number.NaN)).toBe(0);
  });
});

describe('where an exchanged reward lives (the link of the result)', () => {
  it('sends bonuses and free spins to the gifts, tickets to their lottery, wheel spins to the wheel, real money nowhere', () => {
    expect(rewardPlace({ kind: 'bonus' })).toEqual({ path: '/profile/gifts', label: 'toGifts' });
    expect(rewardPlace({ kind: 'freespins' })).toEqual({ path: '/profile/gifts', label: 'toGifts' });
    expect(rewardPlace({ kind: 'lottery_tickets', lottery_id: 7 })).toEqual({ path: '/lottery/7', label: 'toLottery' });
    expect(rewardPlace({ kind: 'lootboxes' })).toEqual({ path: '/wheel', label: 'toWheel' });
    // Real money is in the balance already; tickets of no known lottery get no link rather than a wrong one.
    expect(rewardPlace({ kind: 'money' })).toBeNull();
    expect(rewardPlace({ kind: 'lottery_tickets' })).toBeNull();
  });
});
