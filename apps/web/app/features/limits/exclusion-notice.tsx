import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { Modal } from '../../ui/modal';
import type { ExclusionNoticeState } from './limits-tab';
import { useDateTimeFormat } from '../../lib/use-clock';

/** The notice's data in the router state, when there is one (`ExclusionNoticeState`). */
export function exclusionNoticeOf(state: unknown): ExclusionNoticeState['limitsNotice'] | null {
  const notice = (state as Partial<ExclusionNoticeState> | null)?.limitsNotice;
  return notice && (notice.type === 'cooling_off' || notice.type === 'self_exclusion') ? notice : null;
}

/**
 * Drawn over the lobby after a cooling-off or self-exclusion began: the player was signed out
 * (every session ended), and until when none of it can be undone. Closing it takes the notice
 * out of the history entry, so Back and reload do not show it again.
 */
export default function ExclusionNotice() {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const formatDate = useDateTimeFormat();
  const notice = exclusionNoticeOf(location.state);
  const close = useCallback(() => {
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );
  }, [navigate, location.pathname, location.search, location.hash]);
  if (!notice) return null;
  return (
    <Modal title={t(`limits.signedOut.title.${notice.type}`)} onClose={close}>
      <div className="limits__signed-out" data-testid="exclusion-notice">
        <p>
          {notice.until
            ? t('limits.signedOut.until', { until: formatDate(notice.until) })
            : t('limits.signedOut.permanent')}
        </p>
        <p>{t('limits.signedOut.text')}</p>
        <button type="button" className="button button--primary" onClick={close}>
          {t('limits.signedOut.ok')}
        </button>
      </div>
    </Modal>
  );
}
