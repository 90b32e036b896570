import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import type { MoneyFormat } from '../../lib/money-format';
import { PromoTimer } from './promo-timer';
import type { PromoKind, Timed } from './rules';

type HeroPromo = Timed & {
  title: string;
  money_budget_cents: number;
  currency: string;
};

/**
 * The head of a promotion's page (a tournament's, a quest's, a lottery's): its kind, title,
 * countdown and prize fund, then what the page adds (the way to take part, the tickets drawn).
 */
export function PromoHero({
  promo,
  kind,
  money,
  children,
}: {
  promo: HeroPromo;
  kind: PromoKind | 'lottery';
  money: MoneyFormat;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section className="promo-hero">
      <p className="promo-card__kind">{t(`promotions.kind.${kind}`)}</p>
      <h1>{promo.title}</h1>
      <PromoTimer promo={promo} className="promo-hero__timer" />
      {promo.money_budget_cents > 0 ? (
        <p className="promo-hero__fund">
          {t('promotions.fund', { amount: money(promo.money_budget_cents, promo.currency) })}
        </p>
      ) : null}
      {children}
    </section>
  );
}
