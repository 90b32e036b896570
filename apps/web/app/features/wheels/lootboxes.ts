import type { Lootbox } from '@orbit/contracts';
import { browserApi } from '../../lib/api';
import type { TFunction } from '../../lib/i18n';
import type { MoneyFormat } from '../../lib/money-format';

export const lootboxesApi = {
  list: () => browserApi().get<Lootbox[]>('/api/player/lootboxes'),
  open: (id: number) => browserApi().post<Lootbox>(`/api/player/lootboxes/${id}/activation`, {}),
};

/**
 * An item's label in the page's language: a bonus's amount in the box's money, or the number of
 * free spins; the server's title when the item says neither.
 */
export function prizeLabel(item: Lootbox['items'][number], t: TFunction, money: MoneyFormat): string {
  const bonus = item.bonuses[0];
  if (!bonus) return '';
  const value = (field: string) => bonus.attributes.find((a) => a.field === field)?.value;
  if (bonus.type === 'freespins') {
    const count = value('freespins_count');
    return typeof count === 'number' ? t('promotions.wheel.spinsPrize', { count }) : bonus.title;
  }
  const amount = (value('bonus_amount') as Array<{ currency: string; amount_cents: number }> | undefined)?.[0];
  return amount
    ? t('promotions.wheel.bonusPrize', { amount: money(amount.amount_cents, amount.currency) })
    : bonus.title;
}
