// The contract's rule, not a copy. It brings zod along (the contract keeps it beside its schemas):
// a zod-free home for it in the contracts would take ~35 KB gzip off the player's header and the game page.
import { isLimitReached, playBlockedBy } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { useRealtime } from '../../realtime/client';
import { Icon } from '../../ui/icons';
import { InNoticeStrip, Toast } from '../../ui/toast';
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

/**
 * The limit-reached warning, in the shell's notice strip (docs/page-shell.md "Layers"): it covers
 * nothing, and it never goes away while a limit is reached. The player may fold it to a tab (the
 * title alone, which unfolds it again); it comes back unfolded on the next page and for a limit
 * reached anew or a new period (another `until`).
 */
function LimitReachedNotice() {
  const { t, locale } = useI18n();
  const { limits } = useLimits();
  const formatDate = useDateTimeFormat();
  const { pathname } = useLocation();
  // Where and for what it was folded: `pathname|type|until`.
  const [folded, setFolded] = useState<string | null>(null);
  // A limit that stops play speaks first; a reached deposit limit only stops deposits.
  const reached = playBlockedBy(limits) ?? limits.find((limit) => isLimitReached(limit));
  if (!reached) return null;
  const until =
    reached.type === 'session'
      ? reached.active_until
      : (reached.accounts.find((a) => isLimitReached({ ...reached, accounts: [a] }))?.active_until ?? null);
  const foldKey = `${pathname}|${reached.type}|${until ?? ''}`;
  if (folded === foldKey)
    return (
      <InNoticeStrip>
        <button
          type="button"
          className="limit-tab"
          data-testid="limit-reached"
          aria-expanded={false}
          onClick={() => setFolded(null)}
        >
          <span aria-hidden="true">⚠</span>
          {t('limits.notice.title')}
          <Icon name="chevron" size={16} className="limit-tab__chevron" />
        </button>
      </InNoticeStrip>
    );
  return (
    <Toast
      tone="warning"
      testId="limit-reached"
      className="limit-notice"
      action={
        <button type="button" className="limit-notice__hide" aria-expanded={true} onClick={() => setFolded(foldKey)}>
          {t('limits.notice.hide')}
        </button>
      }
    >
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
