import type { BonusStage, FreespinStage } from '@orbit/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { useHint } from '../../lib/shell-loyalty';
import { useRealtime } from '../../realtime/client';
import type { MoneyFormat } from '../../lib/money-format';
import { GiftIcon } from './gift-icon';
import { Toast } from '../../ui/toast';
import {
  clearGifts,
  loadGifts,
  noteHeard,
  putBonus,
  putFreespin,
  useDisabledBonusGroups,
  useGifts,
  useShownGifts,
} from './gifts-store';
import {
  bonusNotice,
  counterText,
  freespinNotice,
  giftCount,
  isDisabledBonus,
  isBonusMessage,
  isFreespinMessage,
  wagerPercent,
  wageringBonus,
  type GiftNotice,
} from './rules';
import './gifts.css';

/**
 * The signed-in player's gifts, kept live (mount it only while a player is signed in): loads
 * them, listens to the private `bonuses_changes` and `freespins_changes` channels (each message
 * is a whole bonus or free-spin gift, put into the store), and empties the store when unmounted
 * (sign-out, a 401). A message that brings a gift or changes its stage is told in a notice
 * (docs/rules/gifts.md "Notices"); `onChange` runs then (the route refreshes the balances: a
 * gift's money may have moved), not for a message that only moves the wagering on.
 */
export function GiftsWatcher({ money, onChange }: { money: MoneyFormat; onChange?: () => void }) {
  const [notice, setNotice] = useState<(GiftNotice & { n: number }) | null>(null);
  const tell = useCallback((next: GiftNotice | null) => {
    if (next) setNotice((shown) => ({ ...next, n: (shown?.n ?? 0) + 1 }));
  }, []);
  // A gift the page hides (`disabled-bonuses`) is not told either: its notice would lead to nothing.
  const hidden = useDisabledBonusGroups();
  const onBonus = useCallback(
    (data: unknown) => {
      if (!isBonusMessage(data)) {
        void loadGifts(true);
        onChange?.();
        return;
      }
      const previous = noteHeard('bonus', data.id, data.stage) as BonusStage | undefined;
      putBonus(data);
      const notice = bonusNotice(previous, data);
      tell(isDisabledBonus(data, hidden ?? []) ? null : notice);
      if (notice) onChange?.();
    },
    [tell, onChange, hidden],
  );
  const onFreespin = useCallback(
    (data: unknown) => {
      if (!isFreespinMessage(data)) {
        void loadGifts(true);
        onChange?.();
        return;
      }
      const previous = noteHeard('freespin', data.id, data.stage) as FreespinStage | undefined;
      putFreespin(data);
      const notice = freespinNotice(previous, data);
      tell(notice);
      if (notice) onChange?.();
    },
    [tell, onChange],
  );
  useRealtime('bonuses_changes', onBonus);
  useRealtime('freespins_changes', onFreespin);
  useEffect(() => {
    void loadGifts();
    return clearGifts;
  }, []);
  const close = useCallback(() => setNotice(null), []);
  return notice ? <GiftToast key={notice.n} notice={notice} money={money} onClose={close} /> : null;
}

/** A gift's notice: what happened, and the way to the gifts page. The newest replaces the one shown. */
function GiftToast({ notice, money, onClose }: { notice: GiftNotice; money: MoneyFormat; onClose: () => void }) {
  const { t, locale } = useI18n();
  return (
    <Toast
      onClose={onClose}
      tone={notice.key.endsWith('.wager_done') ? 'celebrate' : 'info'}
      testId="gift-notice"
      className="gift-notice"
    >
      <p>
        {t(notice.key, {
          title: notice.title,
          amount: notice.money ? money(notice.money.cents, notice.money.currency) : '',
        })}
      </p>
      <p>
        <Link to={localizePath('/profile/gifts', locale)} onClick={onClose}>
          {t('gifts.notice.link')}
        </Link>
      </p>
    </Toast>
  );
}

/**
 * The header's gifts entry: a gift icon linking to /profile/gifts with the number of actual
 * gifts (bonuses not finished, free spins to activate or play): up to 9, then "9+".
 */
export function HeaderGifts() {
  const { t, locale } = useI18n();
  // The gifts the gifts page lists (disabled groups left out): the counter never promises a hidden one.
  const { bonuses, freespins } = useShownGifts();
  const count = giftCount(bonuses, freespins);
  const text = counterText(count);
  // The bounce hint: more gifts than when the gifts page was last seen (docs/rules/promotions.md "Bounce hints").
  const hint = useHint('gifts', count);
  return (
    <Link
      to={localizePath('/profile/gifts', locale)}
      className={`icon-button header-gifts ${hint ? 'is-hinting' : ''}`}
      aria-label={count > 0 ? t('gifts.header.labelCount', { count }) : t('gifts.header.label')}
      data-testid="header-gifts"
    >
      <GiftIcon name="gift" size={20} />
      {text ? (
        <span className="icon-button__count" aria-hidden="true" data-testid="header-gifts-count">
          {text}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The gifts' entry of the player menu (phones have no room for the header's icon): "Gifts" and
 * the counter. A direct child of the menu, as its other entries.
 */
export function GiftsMenuLink() {
  const { t, locale } = useI18n();
  const { bonuses, freespins } = useShownGifts();
  const text = counterText(giftCount(bonuses, freespins));
  return (
    <Link to={localizePath('/profile/gifts', locale)} className="gifts-menu-link" data-testid="menu-gifts">
      {t('gifts.header.label')}
      {text ? <span className="gifts-menu-link__count">{text}</span> : null}
    </Link>
  );
}

/** The counter on the player menu's button, shown where the header's gifts icon is not (phones). */
export function GiftsBadge() {
  const { bonuses, freespins } = useShownGifts();
  const text = counterText(giftCount(bonuses, freespins));
  return text ? (
    <span className="icon-button__count gifts-badge" aria-hidden="true">
      {text}
    </span>
  ) : null;
}

/** The wagering bonus for the header's balance: its currency and percent done; null while none wagers. */
export function useWagering(): { currency: string; percent: number } | null {
  const { bonuses } = useGifts();
  const bonus = wageringBonus(bonuses);
  return bonus ? { currency: bonus.currency, percent: wagerPercent(bonus) } : null;
}
