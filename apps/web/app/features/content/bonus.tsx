import type { BonusOffer } from '@orbit/contracts';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import type { MoneyFormat } from '../../lib/money-format';
import { useSession } from '../../lib/session';
import { SignUpLink } from '../../ui/sign-up-link';
import './content.css';

/**
 * The single bonus page (`/bonus/<key>`, docs/rules/content-pages.md "Bonus page"): one offer open to
 * everyone, its terms, and the way to take it: a guest signs up; a player deposits with the
 * offer's code (a deposit offer) or opens their gifts (the others).
 */
export function BonusPage({ offer, money }: { offer: BonusOffer; money: MoneyFormat }) {
  const { t, locale } = useI18n();
  const session = useSession();
  const terms: Array<[string, string]> = [];
  const cur = offer.currency;
  if (offer.percent !== null) terms.push([t('content.bonus.percent'), `${offer.percent} %`]);
  if (offer.amount_cents !== null) terms.push([t('content.bonus.amount'), money(offer.amount_cents, cur)]);
  if (offer.max_amount_cents !== null) terms.push([t('content.bonus.maxAmount'), money(offer.max_amount_cents, cur)]);
  if (offer.min_deposit_cents !== null)
    terms.push([t('content.bonus.minDeposit'), money(offer.min_deposit_cents, cur)]);
  if (offer.freespins_count !== null) terms.push([t('content.bonus.freespins'), String(offer.freespins_count)]);
  terms.push([t('content.bonus.wager'), `x${offer.wager_multiplier}`]);
  if (offer.max_bet_cents !== null) terms.push([t('content.bonus.maxBet'), money(offer.max_bet_cents, cur)]);
  if (offer.max_win_cents !== null) terms.push([t('content.bonus.maxWin'), money(offer.max_win_cents, cur)]);
  terms.push([t('content.bonus.wageringDays'), t('content.bonus.days', { count: offer.wagering_days })]);
  if (offer.code) terms.push([t('content.bonus.code'), offer.code]);
  return (
    <article className="page content bonus-page" data-offer={offer.group_key}>
      <Link to={localizePath('/promotions', locale)} className="content__back">
        {t('content.bonus.back')}
      </Link>
      <p className="bonus-page__kind">{t(`content.bonus.kinds.${offer.kind}`, undefined, offer.kind)}</p>
      <h1>{offer.title}</h1>
      <p className="bonus-page__description">{offer.description}</p>
      <dl className="bonus-page__terms">
        {terms.map(([label, value]) => (
          <div key={label} className="bonus-page__term">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="bonus-page__actions">
        {session.status === 'player' ? (
          offer.kind === 'deposit' ? (
            <Link to={localizePath('/deposit', locale)} className="button button--primary">
              {t('content.bonus.deposit')}
            </Link>
          ) : (
            <Link to={localizePath('/profile/gifts', locale)} className="button button--primary">
              {t('content.bonus.gifts')}
            </Link>
          )
        ) : session.status === 'guest' ? (
          <SignUpLink testId="bonus-page-sign-up" />
        ) : null}
      </div>
      <p className="bonus-page__terms-note">
        <Link to={localizePath('/terms-and-conditions', locale)}>{t('content.bonus.termsApply')}</Link>
      </p>
    </article>
  );
}
