import type { BonusOffer, Player } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { track } from '../../lib/telemetry';
import { currencyInfo, formatMoney } from '../../lib/money';
import { playerDisplayName } from '../../lib/player-name';
import { promotionsOfferedTo } from '../../lib/promotions-offered';
import { useSession } from '../../lib/session';
import { Toast } from '../../ui/toast';

/**
 * The first deposit's offer (the welcome bonus) of a player who just signed up, once loaded; null
 * when there is none, or when the casino offers this player no promotions (docs/rules/gifts.md "Deposit").
 */
function useWelcomeBonus(wanted: boolean): BonusOffer | null {
  const [offer, setOffer] = useState<BonusOffer | null>(null);
  const playerId = useSession().player?.id ?? null;
  useEffect(() => {
    if (!wanted || playerId === null) return;
    let live = true;
    Promise.all([browserApi().get<BonusOffer[]>('/api/bonuses/deposit'), promotionsOfferedTo(playerId)]).then(
      ([offers, offered]) => {
        if (live && offered) setOffer(offers.find((o) => o.code !== null && o.deposit_numbers?.includes(1)) ?? null);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, playerId]);
  return offer;
}

/**
 * The word after a sign-up (the confirmation mail is on its way; the address itself is not put on
 * screen) or a sign-in (welcome back, by the name the header shows), over the page the player was
 * led to; it closes by itself (docs/rules/page-shell.md "Notices"). After a sign-up it also points
 * to the welcome bonus of the first deposit, when there is one (docs/rules/gifts.md "Deposit"),
 * with a link to the deposit step where it is chosen for the player.
 */
export default function WelcomeToast({
  kind,
  player,
  onClose,
}: {
  kind: 'signedUp' | 'signedIn';
  player: Pick<Player, 'nickname' | 'email'> & Partial<Pick<Player, 'can_issue_bonuses'>>;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const offer = useWelcomeBonus(kind === 'signedUp' && player.can_issue_bonuses !== false);
  const money = (cents: number) => formatMoney(cents, currencyInfo(offer?.currency ?? 'EUR', undefined), locale);
  const gives =
    offer?.percent != null
      ? offer.max_amount_cents !== null
        ? t('cashbox.bonus.percentUpTo', { percent: offer.percent, max: money(offer.max_amount_cents) })
        : t('cashbox.bonus.percent', { percent: offer.percent })
      : offer?.amount_cents != null
        ? money(offer.amount_cents)
        : null;
  return (
    <Toast onClose={onClose} testId="welcome-toast">
      {kind === 'signedUp' ? t('auth.welcomeSignedUp') : t('auth.welcomeSignedIn', { name: playerDisplayName(player) })}
      {offer && gives ? (
        <span className="welcome-toast__bonus" data-testid="welcome-toast-bonus">
          {' '}
          {t('auth.welcomeBonus', { offer: gives })}{' '}
          <Link
            to={localizePath('/deposit-bonus', locale)}
            state={{ background: { pathname: location.pathname, search: location.search, hash: location.hash } }}
            preventScrollReset
            onClick={() => {
              track({ name: 'deposit_open', source: 'welcome_toast' });
              onClose();
            }}
          >
            {t('auth.welcomeBonusLink')}
          </Link>
        </span>
      ) : null}
    </Toast>
  );
}
