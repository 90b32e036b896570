import type { Lottery, Tournament } from '@orbit/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { markSeen } from '../../lib/shell-loyalty';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { useNow } from '../../lib/use-clock';
import type { MoneyFormat } from '../../lib/money-format';
import { customOfTab, isSitePath, type CustomTournamentCard } from './custom-tournaments';
import { PromoArt } from './promo-art';
import { PromoTimer } from './promo-timer';
import { promoKind, promoPath, promosOfTab, sortPromos, TOURNAMENT_TABS, type TournamentTab } from './rules';
import './tournaments.css';

/**
 * /tournaments and its tabs (docs/rules/promotions.md "Tournaments list"): the tab's
 * promotions as cards, active first, then future, then finished; each with its status and
 * timer, its prize fund and a link to its page. `tabs`: the tabs offered (lotteries only while
 * its flag is on and lotteries are there to list). `custom`: the CMS's custom tournaments, sorted
 * among the real ones by the same status rules.
 */
export function TournamentsList({
  tab,
  tabs,
  tournaments,
  lotteries = [],
  custom = [],
  money,
}: {
  tab: TournamentTab;
  tabs: readonly TournamentTab[];
  tournaments: Tournament[];
  /** The lotteries tab's list (when lotteries are offered). */
  lotteries?: Lottery[];
  /** The custom tournaments of the CMS's `tournament` snippets. */
  custom?: CustomTournamentCard[];
  money: MoneyFormat;
}) {
  const { t, locale } = useI18n();
  // Minutes are enough to sort and filter (the cards' own timers tick every second).
  const now = useNow(true, 60_000);
  // Seen: the menu's bounce hint waits for more running tournaments than these.
  const running = promosOfTab(tournaments, 'live', now).length;
  useEffect(() => markSeen('tournaments', running), [running]);
  const shown: Array<Tournament | Lottery | CustomTournamentCard> =
    tab === 'lotteries'
      ? sortPromos(lotteries, now)
      : sortPromos([...promosOfTab(tournaments, tab, now), ...customOfTab(custom, tab, now)], now);
  return (
    <div className="page promos" data-testid="tournaments">
      <h1>{t('promotions.tournaments.title')}</h1>
      <nav className="promo-tabs" aria-label={t('promotions.tournaments.tabsLabel')}>
        {TOURNAMENT_TABS.filter((name) => tabs.includes(name)).map((name) => (
          <Link
            key={name}
            to={localizePath(name === 'all' ? '/tournaments' : `/tournaments/${name}`, locale)}
            className={`promo-tabs__tab ${name === tab ? 'is-active' : ''}`}
            aria-current={name === tab ? 'page' : undefined}
            preventScrollReset
          >
            {t(`promotions.tabs.${name}`)}
          </Link>
        ))}
      </nav>
      {shown.length === 0 ? (
        <p className="promos__empty">{t('promotions.tournaments.empty')}</p>
      ) : (
        <ul className="promo-cards">
          {shown.map((promo) => (
            <li key={'custom' in promo ? `custom-${promo.id}` : promo.id}>
              {'custom' in promo ? <CustomPromoCard promo={promo} /> : <PromoCard promo={promo} money={money} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PromoCard({ promo, money }: { promo: Tournament | Lottery; money: MoneyFormat }) {
  const { t, locale } = useI18n();
  const lottery = 'slug' in promo;
  const kind = lottery ? 'lottery' : promoKind(promo.frontend_identifier);
  return (
    <article className={`promo-card promo-card--${kind}`} data-testid="promo-card">
      <PromoArt kind={kind} />
      <p className="promo-card__kind">{t(`promotions.kind.${kind}`)}</p>
      <h2 className="promo-card__title">
        <Link to={localizePath(lottery ? `/lottery/${encodeURIComponent(promo.slug)}` : promoPath(promo), locale)}>
          {promo.title}
        </Link>
      </h2>
      {promo.money_budget_cents > 0 ? (
        <p className="promo-card__fund">
          {t('promotions.fund', { amount: money(promo.money_budget_cents, promo.currency) })}
        </p>
      ) : null}
      <PromoTimer promo={promo} />
    </article>
  );
}

/**
 * A custom tournament's card: its picture (else the trophy), title, description and timer; no
 * leaderboard, so the title leads where its snippet says (a site path in the page's locale, or
 * another site in a new tab).
 */
function CustomPromoCard({ promo }: { promo: CustomTournamentCard }) {
  const { t, locale } = useI18n();
  const inside = isSitePath(promo.link);
  return (
    <article
      className="promo-card promo-card--tournament promo-card--custom"
      data-testid="promo-card"
      data-custom={promo.id}
    >
      {promo.image ? (
        <img className="promo-card__image" src={promo.image} alt="" loading="lazy" />
      ) : (
        <PromoArt kind="tournament" />
      )}
      <p className="promo-card__kind">{t('promotions.kind.tournament')}</p>
      <h2 className="promo-card__title">
        {inside ? (
          <Link to={localizePath(promo.link, locale)}>{promo.title}</Link>
        ) : (
          <a href={promo.link} target="_blank" rel="noopener noreferrer">
            {promo.title}
          </a>
        )}
      </h2>
      {promo.description ? <p className="promo-card__description">{promo.description}</p> : null}
      <PromoTimer promo={promo} />
    </article>
  );
}
