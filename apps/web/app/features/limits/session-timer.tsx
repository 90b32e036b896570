import { SESSION_TIMER_KEY } from '../../lib/session';
import { useI18n } from '../../lib/i18n';
import { useState } from 'react';
import { formatClock, timerStart } from './limits-rules';
import { useNow } from '../../lib/use-clock';
import './limits.css';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The header's session timer (docs/rules/page-shell.md "Player protection"; licence EE only, the route decides):
 * counts up in hh:mm:ss every second while a player is signed in. Its start is kept in
 * sessionStorage, so a reload goes on counting; sign-out and a 401 remove it (`lib/session`).
 * Mounted only in the browser (the player's header is), so the first render may read the storage.
 */
export function SessionTimer() {
  const { t } = useI18n();
  const [start] = useState(() => timerStart(sessionStore(), SESSION_TIMER_KEY, Date.now()));
  const now = useNow();
  const elapsed = formatClock((now - start) / 1000);
  return (
    <span
      className="session-timer"
      role="timer"
      aria-label={t('limits.sessionTimer', { time: elapsed })}
      title={t('limits.sessionTimerTitle')}
      data-testid="session-timer"
    >
      {elapsed}
    </span>
  );
}
