import type { Lottery, Tournament } from '@orbit/contracts';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { useNow } from '../../lib/use-clock';
import type { MoneyFormat } from '../../lib/money-format';
import { promoStatus, sortPromos } from './rules';
import { PromoCard } from './tournaments-list';
import './tournaments.css';

/**
 * /promotions' live part (docs/rules/promotions.md "The promotions page"): the tournaments,
 * quests, achievements and lotteries running or about to start, as cards, with a link to all of
 * them. Nothing when none is (the page's text stands alone).
 */
export function RunningPromotions({
  tournaments,
  lotteries,
  money,
}: {
  tournaments: Tournament[];
  lotteries: Lottery[];
  money: MoneyFormat;
}) {
  const { t, locale } = useI18n();
  const now = useNow(true, 60_000);
  const shown = sortPromos<Tournament | Lottery>(
    [...tournaments, ...lotteries].filter((p) => promoStatus(p, now) !== 'archive'),
    now,
  );
  if (shown.length === 0) return null;
  return (
    <section className="page promos" aria-labelledby="running-title" data-testid="running-promotions">
      <h2 id="running-title">{t('promotions.running.title')}</h2>
      <ul className="promo-cards">
        {shown.map((promo) => (
          <li key={`${'slug' in promo ? 'lottery' : 'tournament'}-${promo.id}`}>
            <PromoCard promo={promo} money={money} />
          </li>
        ))}
      </ul>
      <p>
        <Link to={localizePath('/tournaments', locale)}>{t('promotions.running.all')}</Link>
      </p>
    </section>
  );
}
