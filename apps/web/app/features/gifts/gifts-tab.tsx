import type { Player, PlayerBonus, PlayerFreespin } from '@orbit/contracts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import { markSeen } from '../../lib/shell-loyalty';
import { setPlayer } from '../../lib/session';
import { errorCodeOf, Notice } from '../../ui/form';
import type { MoneyFormat } from '../../lib/money-format';
import { CancelBonusDialog, CancelFreespinDialog } from './cancel-dialog';
import { BonusCard, FreespinCard, giftErrorText } from './gift-cards';
import { GiftCodeForm } from './gift-code-form';
import { giftsApi, loadGifts, useShownGifts } from './gifts-store';
import { giftCount, isActualFreespin, isFinishedBonus, queueOf, splitGifts } from './rules';
import './gifts.css';

type Cancelling = { kind: 'bonus'; bonus: PlayerBonus } | { kind: 'freespin'; freespin: PlayerFreespin } | null;

/**
 * `/profile/gifts` (docs/rules/gifts.md): the player's bonuses and free spins as cards (newest
 * first), the gift-code field, the finished gifts as a history below, and whether the player
 * takes bonuses at all. The lists come from the gifts store (kept live by the header's watcher);
 * opening the page loads them again. `onMoneyChanged`: an action moved money (the route
 * refreshes the balances).
 */
export function GiftsTab({
  player,
  money,
  onMoneyChanged,
}: {
  player: Player;
  money: MoneyFormat;
  onMoneyChanged?: () => void;
}) {
  const { t } = useI18n();
  // Without the groups the operator hides at their first stage (`disabled-bonuses`; docs/rules/gifts.md).
  const { status, bonuses, freespins } = useShownGifts();
  // Seen: the header's bounce hint waits for more gifts than these (docs/rules/promotions.md "Bounce hints").
  useSeen(status === 'ready', giftCount(bonuses, freespins));
  const { cancelling, setCancelling, changed, close, cancelled, gift } = useGiftActions(onMoneyChanged);

  const bonusLists = splitGifts(bonuses, isFinishedBonus);
  const freespinLists = splitGifts(freespins, (f) => !isActualFreespin(f));
  const waiting = status === 'idle' || (status === 'loading' && bonuses.length === 0 && freespins.length === 0);
  const none = bonusLists.current.length === 0 && freespinLists.current.length === 0;
  const history = bonusLists.history.length + freespinLists.history.length > 0;
  const onCancelBonus = (bonus: PlayerBonus) => setCancelling({ kind: 'bonus', bonus });
  const onCancelFreespin = (freespin: PlayerFreespin) => setCancelling({ kind: 'freespin', freespin });
  const queue = queueOf(bonusLists.current);
  const cards = (spins: PlayerFreespin[], gifts: PlayerBonus[]) => (
    <GiftCards
      spins={spins}
      gifts={gifts}
      money={money}
      runningTitle={queue.running?.title}
      onCancelBonus={onCancelBonus}
      onCancelFreespin={onCancelFreespin}
      onChanged={changed}
    />
  );

  return (
    <div className="profile-tab gifts">
      <section className="profile-card" aria-labelledby="gifts-title">
        <h2 id="gifts-title">{t('gifts.title')}</h2>
        {waiting ? (
          <p className="profile__loading" role="status">
            {t('common.loading')}
          </p>
        ) : none ? (
          <p className="profile__hint" data-testid="gifts-empty">
            {t('gifts.empty')}
          </p>
        ) : (
          <CurrentGifts queue={queue} freespins={freespinLists.current} cards={cards} />
        )}
      </section>

      <section className="profile-card" aria-labelledby="gift-code-title">
        <h2 id="gift-code-title">{t('gifts.code.title')}</h2>
        <GiftCodeForm onGift={gift} />
      </section>

      {history ? (
        <section className="profile-card" aria-labelledby="gifts-history-title">
          <h2 id="gifts-history-title">{t('gifts.history')}</h2>
          <ul className="gifts__list gifts__list--history" data-testid="gifts-history">
            {cards(freespinLists.history, bonusLists.history)}
          </ul>
        </section>
      ) : null}

      <BonusSettings player={player} />

      {cancelling?.kind === 'bonus' ? (
        <CancelBonusDialog bonus={cancelling.bonus} money={money} onClose={close} onDone={cancelled} />
      ) : cancelling?.kind === 'freespin' ? (
        <CancelFreespinDialog freespin={cancelling.freespin} onClose={close} onDone={cancelled} />
      ) : null}
    </div>
  );
}

/** The gifts now: the running bonus first, then what can be acted on now; the queued gifts apart, in line. */
function CurrentGifts({
  queue,
  freespins,
  cards,
}: {
  queue: ReturnType<typeof queueOf>;
  freespins: PlayerFreespin[];
  cards: (spins: PlayerFreespin[], gifts: PlayerBonus[]) => ReactNode;
}) {
  const { t } = useI18n();
  return (
    <>
      <ul className="gifts__list" data-testid="gifts-current">
        {cards([], queue.running ? [queue.running] : [])}
        {cards(freespins, queue.others)}
      </ul>
      {queue.queued.length > 0 ? (
        <section className="gifts__queue" aria-labelledby="gifts-queue-title" data-testid="gifts-queue">
          <h3 id="gifts-queue-title">{t('gifts.queue.title')}</h3>
          <p className="profile__hint">{t('gifts.queue.intro', { title: queue.running?.title ?? '' })}</p>
          <ol className="gifts__list">{cards([], queue.queued)}</ol>
        </section>
      ) : null}
    </>
  );
}

/** The gifts page seen with `count` gifts, once they are known. */
function useSeen(ready: boolean, count: number) {
  useEffect(() => {
    if (ready) markSeen('gifts', count);
  }, [ready, count]);
}

/**
 * The gifts page's actions: the gifts loaded again on opening, the cancel dialog open (a bonus or
 * free spins), and what follows an action that moved money (a cancel, a gift code, an activation).
 */
function useGiftActions(onMoneyChanged: (() => void) | undefined) {
  const [cancelling, setCancelling] = useState<Cancelling>(null);
  useEffect(() => {
    void loadGifts(true);
  }, []);
  const changed = useCallback(() => onMoneyChanged?.(), [onMoneyChanged]);
  const close = useCallback(() => setCancelling(null), []);
  const cancelled = useCallback(() => {
    setCancelling(null);
    onMoneyChanged?.();
  }, [onMoneyChanged]);
  const gift = useCallback(() => {
    void loadGifts(true);
    onMoneyChanged?.();
  }, [onMoneyChanged]);
  return { cancelling, setCancelling, changed, close, cancelled, gift };
}

/** One list's cards: free spins first, then bonuses (the current gifts and the history alike). */
function GiftCards({
  spins,
  gifts,
  money,
  runningTitle,
  onCancelBonus,
  onCancelFreespin,
  onChanged,
}: {
  spins: PlayerFreespin[];
  gifts: PlayerBonus[];
  money: MoneyFormat;
  runningTitle: string | undefined;
  onCancelBonus: (bonus: PlayerBonus) => void;
  onCancelFreespin: (freespin: PlayerFreespin) => void;
  onChanged: () => void;
}) {
  return (
    <>
      {spins.map((freespin) => (
        <FreespinCard
          key={`f${freespin.id}`}
          freespin={freespin}
          money={money}
          onCancel={onCancelFreespin}
          onChanged={onChanged}
        />
      ))}
      {gifts.map((bonus) => (
        <BonusCard
          key={`b${bonus.id}`}
          bonus={bonus}
          money={money}
          runningTitle={runningTitle}
          onCancel={onCancelBonus}
          onChanged={onChanged}
        />
      ))}
    </>
  );
}

/** Whether the player takes bonuses at all (`PATCH /api/player/update_bonus_settings`). */
function BonusSettings({ player }: { player: Player }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const on = player.can_issue_bonuses;
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await giftsApi.bonusSettings(!on);
      setPlayer({ ...player, ...answer });
    } catch (failure) {
      setError(errorCodeOf(failure).base ?? 'unknown');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="profile-card" aria-labelledby="gift-settings-title" data-testid="bonus-settings">
      <h2 id="gift-settings-title">{t('gifts.settings.title')}</h2>
      <p className="profile__hint">{t(on ? 'gifts.settings.on' : 'gifts.settings.off')}</p>
      <div>
        <button
          type="button"
          className={`button ${on ? 'button--ghost' : 'button--primary'}`}
          disabled={busy}
          aria-busy={busy}
          onClick={() => void toggle()}
        >
          {t(on ? 'gifts.settings.turnOff' : 'gifts.settings.turnOn')}
        </button>
      </div>
      {error ? <Notice kind="error">{giftErrorText(t, error)}</Notice> : null}
    </section>
  );
}
