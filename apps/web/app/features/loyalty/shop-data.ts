/**
 * The shop's calls from the browser (typed by the contract, not validated): the rates of every
 * reward kind, the exchange, and turning bonuses on before a bonus reward.
 */
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { loadCurrencyCatalogue } from '../../lib/currencies';
import { moneyCards, REWARD_TYPES, rewardCards, type RewardCard } from './rules';
import type { CompPointsExchangeRequest, ExchangeResponse, MoneyRewardRate, RewardRate } from './types';

export const shopApi = {
  moneyRates: () => browserApi().get<MoneyRewardRate[]>('/api/comp_points/rates/money'),
  rates: (type: string) => browserApi().get<RewardRate[]>(`/api/comp_points/rates/${type}`),
  exchange: (path: string, body: { exchange: CompPointsExchangeRequest }) =>
    browserApi().post<ExchangeResponse>(path, body, { headers: { 'Idempotency-Key': body.exchange.idempotency_key } }),
  enableBonuses: () =>
    browserApi().patch<{ deposit_bonus_code: string | null; can_issue_bonuses: boolean }>(
      '/api/player/update_bonus_settings',
      { can_issue: true },
    ),
};

export type ShopCards = { status: 'loading' | 'ready'; cards: RewardCard[] };

/**
 * Every reward of the shop as cards, money rates chosen for `currency` (the player's; null for a
 * guest). A kind whose rates fail to load shows no cards, as the site's other lists do; the other
 * kinds still show.
 */
export function useShopCards(currency: string | null): ShopCards {
  const [shop, setShop] = useState<ShopCards>({ status: 'loading', cards: [] });
  useEffect(() => {
    let live = true;
    const others = REWARD_TYPES.filter((type) => type !== 'money') as Array<
      Exclude<(typeof REWARD_TYPES)[number], 'money'>
    >;
    void Promise.allSettled([
      shopApi.moneyRates(),
      loadCurrencyCatalogue(),
      ...others.map((type) => shopApi.rates(type)),
    ]).then(([money, catalogue, ...typed]) => {
      if (!live) return;
      const defaultCurrency =
        catalogue.status === 'fulfilled' ? (catalogue.value.find((c) => c.default)?.code ?? null) : null;
      const byType = new Map<string, RewardCard[]>();
      others.forEach((type, i) => {
        const answer = typed[i];
        if (answer?.status === 'fulfilled' && Array.isArray(answer.value))
          byType.set(type, rewardCards(type, answer.value as RewardRate[]));
      });
      if (money.status === 'fulfilled' && Array.isArray(money.value))
        byType.set('money', moneyCards(money.value as MoneyRewardRate[], currency, defaultCurrency));
      // The kinds in the shop's order (free spins, money, loot boxes, lottery tickets).
      setShop({ status: 'ready', cards: REWARD_TYPES.flatMap((type) => byType.get(type) ?? []) });
    });
    return () => {
      live = false;
    };
  }, [currency]);
  return shop;
}
