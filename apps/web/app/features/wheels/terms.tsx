import type { WheelTerms } from '@orbit/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import type { MoneyFormat } from '../../lib/money-format';

/**
 * The wheel's terms for the signed-in player or the guest (`GET /api/wheel`): the server picks the
 * player's group's tiers (the static page's json, else the fe config) and their currency (EUR
 * when a tier has none), so the page shows what the server applies. Asked again when the player
 * changes; null until it answers (or when it fails).
 */
export function useWheelTerms(playerId: number | null): WheelTerms | null {
  const [terms, setTerms] = useState<WheelTerms | null>(null);
  useEffect(() => {
    let live = true;
    browserApi()
      .get<WheelTerms>('/api/wheel')
      .then(
        (answer) => live && setTerms(answer),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [playerId]);
  return terms;
}

/** Each tier with the deposit it needs and its top prize. */
export function WheelTiers({ terms, money }: { terms: WheelTerms; money: MoneyFormat }) {
  const { t } = useI18n();
  if (terms.tiers.length === 0) return null;
  return (
    <ul className="wheel-tiers" aria-label={t('promotions.wheel.tiers')}>
      {terms.tiers.map((tier) => (
        <li key={tier.tier} className="wheel-tiers__tier" data-testid="wheel-tier">
          <span className="wheel-tier">{tier.label}</span>
          <span>
            {t('promotions.wheel.tierTerms', {
              amount: money(tier.pay_cents, tier.currency),
              prize: money(tier.top_prize_cents, tier.currency),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The prize rules: the wagers, and the most a bonus prize pays out (when the page caps it); then
 * `children`, more rules as list items (the wheel's page adds that a deposit counts once played through).
 */
export function WheelPrizeRules({
  terms,
  money,
  children,
}: {
  terms: WheelTerms;
  money: MoneyFormat;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section className="wheel-rules" aria-labelledby="wheel-rules-title" data-testid="wheel-rules">
      <h2 id="wheel-rules-title">{t('promotions.wheel.rules')}</h2>
      <ul>
        <li>{t('promotions.wheel.bonusWager', { times: terms.bonus_wager })}</li>
        <li>{t('promotions.wheel.spinsWager', { times: terms.free_spins_wager })}</li>
        {terms.max_win ? (
          <li data-testid="wheel-max-win">
            {t('promotions.wheel.maxWin', { amount: money(terms.max_win.amount_cents, terms.max_win.currency) })}
          </li>
        ) : null}
        {terms.spin_rate ? (
          <li>
            {t('promotions.wheel.spinRate', {
              amount: money(terms.spin_rate.amount_cents, terms.spin_rate.currency),
            })}
          </li>
        ) : null}
        {children}
      </ul>
    </section>
  );
}
