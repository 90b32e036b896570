import type { CmsPage } from '@orbit/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { Skeleton } from '../../ui/skeleton';
import type { MoneyFormat } from '../../lib/money-format';
import { ExchangeDialog, ExchangeResult, type ExchangeOutcome } from './exchange-dialog';
import { CoinMark, loadPoints, usePoints } from '../../lib/shell-loyalty';
import { RewardArt } from './reward-art';
import { accentTabs, canAfford, cardsOfTab, SHOP_TABS, type RewardCard, type ShopTab } from './rules';
import { useShopCards } from './shop-data';
import './loyalty.css';

/** Placeholder cards while the rates load (spec section 9). */
export const SHOP_SKELETON_COUNT = 5;

/**
 * The comp-points shop (`/rocket-mart` and its tabs; docs/rules/comp-points.md): the static
 * page's banner, the tabs (the accent on those holding a reward the signed-in player can afford),
 * the tab's reward cards (5 placeholders while they load), the exchange dialog and its result,
 * and the static page's text as a collapsible "read more".
 */
export function CompPointsShop({ page, tab, money }: { page: CmsPage; tab: ShopTab; money: MoneyFormat }) {
  const { t } = useI18n();
  const { player } = useSession();
  // The player's own currency (the money rates' first choice); a guest sees the fallback's.
  const currency = player?.currency ?? null;
  const points = usePoints();
  const balance = player ? points.chargeable : null;
  const shop = useShopCards(currency);
  const [open, setOpen] = useState<RewardCard | null>(null);
  const [outcome, setOutcome] = useState<ExchangeOutcome | null>(null);
  useEffect(() => {
    if (player) void loadPoints();
  }, [player]);
  const accents = accentTabs(shop.cards, balance);
  const cards = cardsOfTab(shop.cards, tab);
  const close = useCallback(() => setOpen(null), []);
  // The dialog closes in every case; the result opens in its place.
  const done = useCallback((result: ExchangeOutcome) => {
    setOpen(null);
    setOutcome(result);
  }, []);

  return (
    <div className="page shop" data-testid="comp-points-shop">
      <section className="shop-banner" aria-labelledby="shop-title">
        <div className="shop-banner__text">
          <h1 id="shop-title">{page.title}</h1>
          {page.blocks.description ? <p>{page.blocks.description}</p> : null}
        </div>
        {player && balance !== null ? (
          <p className="shop-banner__points" data-testid="shop-points">
            <CoinMark size={22} />
            <span>{t('loyalty.shop.balance', { count: balance })}</span>
          </p>
        ) : null}
      </section>

      <ShopTabs tab={tab} accents={accents} />

      {shop.status === 'loading' ? (
        <ShopSkeleton />
      ) : cards.length === 0 ? (
        <p className="shop__empty" data-testid="shop-empty">
          {t('loyalty.shop.empty')}
        </p>
      ) : (
        <ul className="shop-cards" data-testid="shop-cards">
          {cards.map((card) => (
            <RewardCardView
              key={`${card.type}:${card.group}`}
              card={card}
              money={money}
              affordable={canAfford(balance, card)}
              onOpen={setOpen}
            />
          ))}
        </ul>
      )}

      {page.content ? (
        <details className="shop-more" data-testid="shop-read-more">
          <summary>{t('loyalty.shop.readMore')}</summary>
          <div className="cms__content" dangerouslySetInnerHTML={{ __html: page.content }} />
        </details>
      ) : null}

      {open ? <ExchangeDialog card={open} money={money} balance={balance} onClose={close} onDone={done} /> : null}
      {outcome ? <ExchangeResult outcome={outcome} money={money} onClose={() => setOutcome(null)} /> : null}
    </div>
  );
}

/** The shop's tabs; a tab with a reward the player can afford is marked. */
function ShopTabs({ tab, accents }: { tab: ShopTab; accents: ReadonlySet<ShopTab> }) {
  const { t, locale } = useI18n();
  return (
    <nav className="shop-tabs" aria-label={t('loyalty.shop.tabsLabel')}>
      {SHOP_TABS.map((item) => (
        <Link
          key={item.key}
          to={localizePath(`/rocket-mart${item.path}`, locale)}
          className={`shop-tabs__tab${item.key === tab ? ' is-active' : ''}${accents.has(item.key) ? ' is-accent' : ''}`}
          aria-current={item.key === tab ? 'page' : undefined}
          preventScrollReset
          data-accent={accents.has(item.key) ? '' : undefined}
        >
          {t(`loyalty.shop.tabs.${item.key}`)}
          {accents.has(item.key) ? (
            <span className="shop-tabs__dot">
              <span className="visually-hidden">{t('loyalty.shop.affordable')}</span>
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}

/** The cards' places while the rewards load. */
function ShopSkeleton() {
  const { t } = useI18n();
  return (
    <ul className="shop-cards" aria-busy="true">
      {Array.from({ length: SHOP_SKELETON_COUNT }, (_, i) => (
        <li key={i} className="shop-card shop-card--skeleton" aria-hidden="true" data-testid="shop-skeleton">
          <Skeleton className="shop-card__art-skeleton" />
          <Skeleton className="shop-card__line-skeleton" />
          <Skeleton className="shop-card__line-skeleton shop-card__line-skeleton--short" />
        </li>
      ))}
      <li className="visually-hidden" role="status">
        {t('common.loading')}
      </li>
    </ul>
  );
}

/** What one piece of a reward gives, in words: the money, the spins, or the reward's own title. */
export function rewardWorth(
  t: (key: string, values?: Record<string, string | number>) => string,
  card: RewardCard,
  money: MoneyFormat,
): string | null {
  if (card.money) return money(card.money.amount_cents, card.money.currency);
  if (card.freespinsCount) return t('loyalty.shop.spins', { count: card.freespinsCount });
  return null;
}

function RewardCardView({
  card,
  money,
  affordable,
  onOpen,
}: {
  card: RewardCard;
  money: MoneyFormat;
  affordable: boolean;
  onOpen: (card: RewardCard) => void;
}) {
  const { t } = useI18n();
  const worth = rewardWorth(t, card, money);
  return (
    <li className={`shop-card shop-card--${card.type}${affordable ? ' is-affordable' : ''}`} data-testid="shop-card">
      <button
        type="button"
        className="shop-card__open"
        onClick={() => onOpen(card)}
        aria-label={t('loyalty.shop.openCard', { title: card.title, count: card.points })}
      >
        <RewardArt card={card} />
        {card.badges.length > 0 ? (
          <span className="shop-card__badges">
            {card.badges.map((badge) => (
              <span key={badge} className={`shop-badge shop-badge--${badge}`}>
                {t(`loyalty.badges.${badge}`)}
              </span>
            ))}
          </span>
        ) : null}
        <span className="shop-card__title">{card.title}</span>
        {worth ? <span className="shop-card__worth">{worth}</span> : null}
        {card.type === 'money' ? (
          <span className="shop-card__terms">
            {card.wager ? t('loyalty.shop.wager', { wager: card.wager }) : t('loyalty.shop.realMoney')}
          </span>
        ) : null}
        <span className="shop-card__cost" data-testid="shop-card-cost">
          <CoinMark />
          {t('loyalty.points', { count: card.points })}
        </span>
      </button>
    </li>
  );
}
