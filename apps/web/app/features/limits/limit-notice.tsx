// The contract's rule, not a copy. It brings zod along (the contract keeps it beside its schemas):
// a zod-free home for it in the contracts would take ~35 KB gzip off the player's header and the game page.
import { isLimitReached, playBlockedBy } from '@orbit/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { useRealtime } from '../../realtime/client';
import { Toast } from '../../ui/toast';
import { clearLimits, loadLimits, onGameLimitsMessage, useLimits } from './limits-store';
import { useDateTimeFormat } from '../../lib/use-clock';
import './limits.css';

/**
 * The signed-in player's limits, kept live (mount it only while a player is signed in): loads
 * them, listens to the private `game_limits` channel, and empties the store when unmounted
 * (sign-out, a 401: nothing of one player stays for the next). Draws the limit-reached warning,
 * which stays while any limit is reached (docs/rules/page-shell.md "Player protection").
 */
export function LimitsWatcher() {
  useRealtime('game_limits', onGameLimitsMessage);
  useEffect(() => {
    void loadLimits();
    return clearLimits;
  }, []);
  return <LimitReachedNotice />;
}

function LimitReachedNotice() {
  const { t, locale } = useI18n();
  const { limits } = useLimits();
  const formatDate = useDateTimeFormat();
  // A limit that stops play speaks first; a reached deposit limit only stops deposits.
  const reached = playBlockedBy(limits) ?? limits.find((limit) => isLimitReached(limit));
  if (!reached) return null;
  const until =
    reached.type === 'session'
      ? reached.active_until
      : (reached.accounts.find((a) => isLimitReached({ ...reached, accounts: [a] }))?.active_until ?? null);
  return (
    <Toast tone="warning" testId="limit-reached">
      <p className="ui-toast__title">{t('limits.notice.title')}</p>
      <p>
        {t(`limits.notice.${reached.type}`, {
          period: t(`limits.periods.${reached.period}`, undefined, reached.period),
        })}{' '}
        {until ? t('limits.notice.until', { until: formatDate(until) }) : null}
      </p>
      <p>
        <Link to={localizePath('/profile/limits', locale)}>{t('limits.notice.link')}</Link>
      </p>
    </Toast>
  );
}
