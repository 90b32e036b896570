/**
 * The comp-points shop's and the level's rules without React (docs/rules/comp-points.md): which
 * tab a reward belongs to, which money rate a player sees, what a card's picture is, whether a
 * tab gets the accent, the exchange's steps and quantity, and the level's progress. Unit-tested
 * in apps/web/test/unit/loyalty-rules.test.ts.
 */
import type { CompPointsExchangeRequest, MoneyRewardRate, RewardRate } from './types';

/** The shop's tabs in order, with their path under /rocket-mart ('' for all). */
export const SHOP_TABS = [
  { key: 'all', path: '' },
  { key: 'freespins', path: '/freespins' },
  { key: 'money', path: '/money' },
  { key: 'special', path: '/special' },
] as const;
export type ShopTab = (typeof SHOP_TABS)[number]['key'];

/** The reward types the shop offers; loot boxes and lottery tickets are the special rewards. */
export type RewardType = 'money' | 'freespins' | 'lootboxes' | 'lotteries';
export const REWARD_TYPES: readonly RewardType[] = ['freespins', 'money', 'lootboxes', 'lotteries'];

export type Badge = 'popular' | 'new' | 'vip';

/** The server's tab of a card (`tab` of a rate) as the page's tab. */
const TAB_OF: Record<RewardRate['tab'], Exclude<ShopTab, 'all'>> = {
  FREE_SPINS: 'freespins',
  MONEY_REWARD: 'money',
  SPECIAL_REWARDS: 'special',
};

/** One card of the shop: a rate as the player reads it (the money rate already chosen for their currency). */
export type RewardCard = {
  type: RewardType;
  tab: Exclude<ShopTab, 'all'>;
  group: string;
  title: string;
  description: string | null;
  /** Points one piece costs. */
  points: number;
  /** A money reward's bonus wager (×N; 0: real money); null for the other rewards. */
  wager: number | null;
  games: readonly string[];
  badges: readonly Badge[];
  /** The server's picture, if it names one. */
  image: string | null;
  /** A money reward: what one piece pays, in the currency chosen. */
  money: { amount_cents: number; currency: string } | null;
  freespinsCount: number | null;
  lotteryIds: readonly number[];
};

/** The tab of a path under the shop (`/rocket-mart/money` → money; anything else → all). */
export function tabOfPath(pathname: string): ShopTab {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return SHOP_TABS.find((tab) => tab.path === `/${last}`)?.key ?? 'all';
}

export function cardsOfTab(cards: readonly RewardCard[], tab: ShopTab): RewardCard[] {
  return tab === 'all' ? [...cards] : cards.filter((card) => card.tab === tab);
}

/**
 * The money rate a player sees (spec: the player's currency, else EUR, else the catalogue's
 * default currency, else the first rate); null when the reward has none.
 */
export function chooseMoneyRate<R extends { currency: string }>(
  rates: readonly R[],
  playerCurrency: string | null,
  defaultCurrency: string | null,
): R | null {
  for (const code of [playerCurrency, 'EUR', defaultCurrency]) {
    const rate = code ? rates.find((r) => r.currency === code) : undefined;
    if (rate) return rate;
  }
  return rates[0] ?? null;
}

/** The money rewards as cards, each with the rate of the player's currency (rewards with no rate left out). */
export function moneyCards(
  rewards: readonly MoneyRewardRate[],
  playerCurrency: string | null,
  defaultCurrency: string | null,
): RewardCard[] {
  return rewards.flatMap((reward) => {
    const rate = chooseMoneyRate(reward.rates, playerCurrency, defaultCurrency);
    if (!rate || !(rate.points > 0)) return [];
    return [
      {
        type: 'money' as const,
        tab: TAB_OF[reward.tab] ?? 'money',
        group: reward.group,
        title: reward.title,
        description: reward.description,
        points: rate.points,
        wager: reward.wager,
        games: [],
        badges: reward.badges,
        image: reward.image,
        money: { amount_cents: rate.amount_cents, currency: rate.currency },
        freespinsCount: null,
        lotteryIds: [],
      },
    ];
  });
}

/** The other rewards of one type as cards (a rate without points is left out). */
export function rewardCards(type: Exclude<RewardType, 'money'>, rewards: readonly RewardRate[]): RewardCard[] {
  return rewards.flatMap((reward) =>
    reward.rate.points > 0
      ? [
          {
            type,
            tab: TAB_OF[reward.tab] ?? (type === 'freespins' ? 'freespins' : 'special'),
            group: reward.group,
            title: reward.title,
            description: reward.description,
            points: reward.rate.points,
            wager: null,
            games: reward.games,
            badges: reward.badges,
            image: reward.image,
            money: null,
            freespinsCount: reward.rate.freespins_count ?? null,
            lotteryIds: reward.rate.lottery_ids ?? [],
          },
        ]
      : [],
  );
}

/** The picture keys the shop has art for (spec section 9), largest first; 25 is the default picture. */
export const RATE_IMAGE_KEYS = [5_000_000, 1_500_000, 500_000, 300_000, 100_000, 50_000, 25_000, 2_500] as const;
export const DEFAULT_RATE_IMAGE_KEY = 25;

/**
 * The picture of a card: keyed by what one piece pays in minor units (a money reward) or by its
 * points (any other); a key without art of its own falls back to the default picture.
 */
export function rateImageKey(card: Pick<RewardCard, 'money' | 'points'>): number {
  const key = card.money ? card.money.amount_cents : card.points;
  return (RATE_IMAGE_KEYS as readonly number[]).includes(key) ? key : DEFAULT_RATE_IMAGE_KEY;
}

/** Whether a signed-in player with `balance` chargeable points can afford one piece of a card. */
export function canAfford(balance: number | null, card: Pick<RewardCard, 'points'>): boolean {
  return balance !== null && card.points > 0 && balance >= card.points;
}

/** The tabs that get the accent: those holding a reward the signed-in player can afford (none for a guest). */
export function accentTabs(cards: readonly RewardCard[], balance: number | null): Set<ShopTab> {
  const tabs = new Set<ShopTab>();
  for (const card of cards) {
    if (!canAfford(balance, card)) continue;
    tabs.add('all');
    tabs.add(card.tab);
  }
  return tabs;
}

/** The most pieces one exchange buys (the exchange call's own limit). */
export const MAX_QUANTITY = 1000;

/** The quantity stepper's bounds: 1 … floor(balance / cost), at most MAX_QUANTITY (max 0: nothing can be bought). */
export function quantityBounds(balance: number, points: number): { min: 1; max: number } {
  const max = points > 0 && balance > 0 ? Math.min(MAX_QUANTITY, Math.floor(balance / points)) : 0;
  return { min: 1, max };
}

/** A quantity typed or stepped, kept within the bounds (1 when nothing fits). */
export function clampQuantity(value: number, balance: number, points: number): number {
  const { max } = quantityBounds(balance, points);
  if (!Number.isFinite(value)) return 1;
  return Math.max(1, Math.min(Math.max(1, max), Math.floor(value)));
}

/**
 * What the exchange dialog offers (spec section 4 "Exchange flow"): a guest the registration
 * button; a player short of points the missing amount (with the ways to play or back to the
 * shop); otherwise the quantity and the exchange.
 */
export type ExchangeStep = { kind: 'register' } | { kind: 'short'; missing: number } | { kind: 'choose'; max: number };

export function exchangeStep(balance: number | null, points: number): ExchangeStep {
  if (balance === null) return { kind: 'register' };
  if (balance < points) return { kind: 'short', missing: points - balance };
  return { kind: 'choose', max: quantityBounds(balance, points).max };
}

/** The multi-account group: its players confirm a warning before an exchange. */
export const MULTI_ACCOUNT_GROUP = 100;

/** Whether a reward is paid as a bonus or free spins, which a player with bonuses off cannot receive. */
export function isBonusReward(card: Pick<RewardCard, 'type' | 'wager'>): boolean {
  if (card.type === 'lotteries') return false;
  // A money reward without a wager is real money.
  if (card.type === 'money') return (card.wager ?? 0) > 0;
  return true;
}

export type Confirmation = 'multiAccount' | 'enableBonuses';

/** The confirmations asked before the exchange call, in order. */
export function confirmationsBefore(
  player: { groups: readonly unknown[]; can_issue_bonuses: boolean },
  card: Pick<RewardCard, 'type' | 'wager'>,
): Confirmation[] {
  const asks: Confirmation[] = [];
  if (player.groups.some((g) => Number(g) === MULTI_ACCOUNT_GROUP)) asks.push('multiAccount');
  if (!player.can_issue_bonuses && isBonusReward(card)) asks.push('enableBonuses');
  return asks;
}

/**
 * The exchange call's path and body for `quantity` pieces of a card: the piece's price and the
 * quantity (the server checks the price against its rate), the multi-account warning's answer and
 * the click's idempotency key (a repeat of one click spends nothing more).
 */
export function exchangeRequest(
  card: RewardCard,
  quantity: number,
  options: { confirmed: boolean; key: string },
): { path: string; body: { exchange: CompPointsExchangeRequest } } {
  const common = { group: card.group, quantity, confirmed: options.confirmed, idempotency_key: options.key };
  if (card.type === 'money')
    return {
      path: '/api/comp_points/exchange/money',
      body: { exchange: { points: card.points, currency: card.money?.currency ?? 'EUR', ...common } },
    };
  if (card.type === 'lotteries')
    return {
      path: '/api/comp_points/exchange/lotteries',
      body: { exchange: { tickets_count: quantity, lottery_id: card.lotteryIds[0] ?? 0, ...common } },
    };
  return { path: `/api/comp_points/exchange/${card.type}`, body: { exchange: { points: card.points, ...common } } };
}

/** Where an exchange's reward lives, for the result's link: its path and the link's text key. */
export type RewardPlace = { path: string; label: 'toGifts' | 'toLottery' | 'toWheel' };

/**
 * Where the reward an exchange bought lives (docs/rules/comp-points.md "The exchange"): a bonus
 * (money with a wager) and free spins in the gifts, lottery tickets on their lottery's page, loot
 * boxes (wheel spins) on the wheel; real money is already in the balance (no link).
 */
export function rewardPlace(reward: { kind: string; lottery_id?: number | null }): RewardPlace | null {
  switch (reward.kind) {
    case 'bonus':
    case 'freespins':
      return { path: '/profile/gifts', label: 'toGifts' };
    case 'lottery_tickets':
      return reward.lottery_id ? { path: `/lottery/${reward.lottery_id}`, label: 'toLottery' } : null;
    case 'lootboxes':
      return { path: '/wheel', label: 'toWheel' };
    default:
      return null;
  }
}

// ---- levels ---------------------------------------------------------------------------------------

export type LevelState = 'achieved' | 'current' | 'locked';

/** A level of the list against the player's: below it achieved, above it locked (by position). */
export function levelState(position: number, current: number | null): LevelState {
  if (current === null) return 'locked';
  if (position < current) return 'achieved';
  return position === current ? 'current' : 'locked';
}

/** A 0 … 1 share as whole percent for a bar (floored, within 0 … 100). */
export function percentOf(share: number): number {
  if (!Number.isFinite(share)) return 0;
  return Math.max(0, Math.min(100, Math.floor(share * 100 + 1e-9)));
}
