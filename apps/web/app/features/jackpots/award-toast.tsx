import { useCallback, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { useRealtime } from '../../realtime/client';
import { Toast } from '../../ui/toast';
import { awardOf, formatJackpotAmount, type JackpotAward } from './jackpots';

/** A win is worth a longer look than other notices. */
const AWARD_MS = 15_000;

/**
 * The signed-in player's own jackpot win (private `jackpot_win_award`): a celebratory toast
 * with the level and the amount, on whatever page the player is. Mount it where a player is
 * signed in (the player's header); it draws nothing until a win comes.
 */
export function JackpotAwardToast() {
  const { t, locale } = useI18n();
  // `seq`: each win starts its own toast (and its own timer), even one just like the last.
  const [award, setAward] = useState<(JackpotAward & { seq: number }) | null>(null);
  const onAward = useCallback((data: unknown) => {
    const next = awardOf(data);
    if (next) setAward((last) => ({ ...next, seq: (last?.seq ?? 0) + 1 }));
  }, []);
  useRealtime('jackpot_win_award', onAward);
  const close = useCallback(() => setAward(null), []);
  if (!award) return null;
  return (
    <Toast key={award.seq} tone="celebrate" ms={AWARD_MS} onClose={close} testId="jackpot-award">
      <p className="ui-toast__title">{t('jackpots.award.title')}</p>
      <p>
        {t('jackpots.award.text', {
          level: award.level,
          amount: formatJackpotAmount(award.amount_cents, award.currency, locale),
        })}
      </p>
    </Toast>
  );
}
