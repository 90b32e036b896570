import type { BonusCancelInfo, PlayerBonus, PlayerFreespin } from '@orbit/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { errorCodeOf, Notice } from '../../ui/form';
import { Modal } from '../../ui/modal';
import type { MoneyFormat } from '../../lib/money-format';
import { giftErrorText } from './gift-cards';
import { giftsApi, putBonus, putFreespin } from './gifts-store';

/** The confirm and keep buttons of a cancellation, and the refusal of the confirm. */
function ConfirmButtons({
  confirm,
  onClose,
  confirmLabel,
  keepLabel,
}: {
  confirm: () => Promise<void>;
  onClose: () => void;
  confirmLabel: string;
  keepLabel: string;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await confirm();
    } catch (failure) {
      setError(errorCodeOf(failure).base ?? 'unknown');
      setBusy(false);
    }
  };
  return (
    <>
      {error ? <Notice kind="error">{giftErrorText(t, error)}</Notice> : null}
      <div className="gift-dialog__buttons">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {keepLabel}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void run()}
          data-testid="confirm-cancel"
        >
          {busy ? t('gifts.cancel.cancelling') : confirmLabel}
        </button>
      </div>
    </>
  );
}

/**
 * Cancelling a bonus (docs/rules/gifts.md "Cancelling"): first what it takes
 * (`GET /api/player/bonuses/{id}/cancel_info`): the bonus money removed, of it what the bonus
 * won, and what stays to withdraw; only then the player confirms (`DELETE`).
 */
export function CancelBonusDialog({
  bonus,
  money,
  onClose,
  onDone,
}: {
  bonus: PlayerBonus;
  money: MoneyFormat;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const [info, setInfo] = useState<BonusCancelInfo | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed(null);
    giftsApi.cancelInfo(bonus.id).then(
      (answer) => live && setInfo(answer),
      (error: unknown) => live && setFailed(errorCodeOf(error).base ?? 'unknown'),
    );
    return () => {
      live = false;
    };
  }, [bonus.id, attempt]);
  const amount = (cents: number) => money(cents, bonus.currency);
  const confirm = useCallback(async () => {
    putBonus(await giftsApi.cancelBonus(bonus.id));
    onDone();
  }, [bonus.id, onDone]);
  return (
    <Modal title={t('gifts.cancel.title', { title: bonus.title })} onClose={onClose}>
      <div className="gift-dialog" data-testid="cancel-bonus">
        {info ? (
          <>
            <p data-testid="cancel-forfeit">
              {info.bonus_winnings > 0
                ? t('gifts.cancel.forfeitWithWinnings', {
                    amount: amount(info.bonus_balance),
                    winnings: amount(info.bonus_winnings),
                  })
                : t('gifts.cancel.forfeit', { amount: amount(info.bonus_balance) })}
            </p>
            <p data-testid="cancel-keep">{t('gifts.cancel.keep', { amount: amount(info.total_withdrawal_amount) })}</p>
            <p className="gift__muted">{t('gifts.cancel.final')}</p>
            <ConfirmButtons
              confirm={confirm}
              onClose={onClose}
              confirmLabel={t('gifts.cancel.confirm')}
              keepLabel={t('gifts.cancel.keepBonus')}
            />
          </>
        ) : failed ? (
          <>
            <Notice kind="error">{giftErrorText(t, failed)}</Notice>
            <div className="gift-dialog__buttons">
              <button type="button" className="button button--secondary" onClick={onClose}>
                {t('gifts.cancel.keepBonus')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setAttempt((n) => n + 1)}>
                {t('gifts.retry')}
              </button>
            </div>
          </>
        ) : (
          <p role="status">{t('gifts.cancel.checking')}</p>
        )}
      </div>
    </Modal>
  );
}

/** Cancelling free spins: the spins left are lost, what they won so far stays with its bonus. */
export function CancelFreespinDialog({
  freespin,
  onClose,
  onDone,
}: {
  freespin: PlayerFreespin;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const left = Math.max(0, freespin.freespins_total - freespin.freespins_performed);
  const confirm = useCallback(async () => {
    putFreespin(await giftsApi.cancelFreespin(freespin.id));
    onDone();
  }, [freespin.id, onDone]);
  return (
    <Modal title={t('gifts.cancel.title', { title: freespin.title })} onClose={onClose}>
      <div className="gift-dialog" data-testid="cancel-freespins">
        <p>{t('gifts.cancel.spinsLost', { count: left })}</p>
        <p className="gift__muted">{t('gifts.cancel.final')}</p>
        <ConfirmButtons
          confirm={confirm}
          onClose={onClose}
          confirmLabel={t('gifts.cancel.confirmSpins')}
          keepLabel={t('gifts.cancel.keepSpins')}
        />
      </div>
    </Modal>
  );
}
