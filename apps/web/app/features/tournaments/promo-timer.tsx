import { useEffect, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { timeLeft, useNow } from '../../lib/use-clock';
import { promoTimer, type Timed } from './rules';

/**
 * A promotion's status with its timer (docs/rules/promotions.md "Status and timers"): "Starts
 * in" counting to the start, "Time left" counting to the end, "Finished" with none. Ticks every
 * second; the status follows the clock (a future card turns active at its start).
 */
export function PromoTimer({ promo, className = '' }: { promo: Timed; className?: string }) {
  const { t } = useI18n();
  const now = useNow();
  // The clock shows once the page runs: the server's second is not the browser's (no mismatch to hydrate).
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  const timer = promoTimer(promo, now);
  const left = timer.until && running ? timeLeft(timer.until, now) : null;
  return (
    <p
      className={`promo-timer promo-timer--${timer.status} ${className}`}
      data-testid="promo-timer"
      data-status={timer.status}
    >
      <span className="promo-timer__label">{t(`promotions.timer.${timer.label}`)}</span>
      {left ? (
        <span className="promo-timer__clock" role="timer">
          {left.days > 0 ? t('promotions.timer.days', { count: left.days }) + ' ' : ''}
          {left.clock}
        </span>
      ) : null}
    </p>
  );
}
