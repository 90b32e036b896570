import type { PromoPrize } from '@orbit/contracts';
import { useI18n } from '../../lib/i18n';
import type { MoneyFormat } from '../../lib/money-format';

type T = ReturnType<typeof useI18n>['t'];

/** One place's prize in words: a bonus with its wager (real money when none), free spins, comp points. */
export function prizeText(prize: PromoPrize, currency: string, money: MoneyFormat, t: T): string {
  const parts: string[] = [];
  if (prize.money_award_cents > 0)
    parts.push(
      prize.wager_multiplier > 0
        ? t('promotions.prizes.bonus', {
            amount: money(prize.money_award_cents, currency),
            wager: prize.wager_multiplier,
          })
        : t('promotions.prizes.money', { amount: money(prize.money_award_cents, currency) }),
    );
  if (prize.freespins_count > 0) parts.push(t('promotions.prizes.spins', { count: prize.freespins_count }));
  // Prize points go to both balances (spendable and level): one amount, not two.
  const points = Math.max(prize.chargeable_comp_points, prize.persistent_comp_points);
  if (points > 0) parts.push(t('promotions.prizes.points', { count: points }));
  return parts.join(' + ');
}

/** The prizes by place (a tournament's, a lottery's). */
export function PrizeList({ prizes, currency, money }: { prizes: PromoPrize[]; currency: string; money: MoneyFormat }) {
  const { t } = useI18n();
  if (prizes.length === 0) return <p>{t('promotions.prizes.none')}</p>;
  return (
    <ol className="prize-list">
      {[...prizes]
        .sort((a, b) => a.award_place - b.award_place)
        .map((prize) => (
          <li key={prize.award_place}>
            <span className="prize-list__place">{t('promotions.prizes.place', { place: prize.award_place })}</span>
            <span>{prizeText(prize, currency, money, t)}</span>
          </li>
        ))}
    </ol>
  );
}
