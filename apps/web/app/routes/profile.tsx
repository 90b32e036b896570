import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorCodeOf, Notice } from '../ui/form';
import { browserApi } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { localizePath } from '../lib/locale';
import { useSession } from '../lib/session';
import { loadSession } from '../lib/session-client';
import { SkeletonPage } from '../ui/skeleton';
import { PageErrorBoundary, pageMeta } from './route-helpers';
import './profile.css';
import type { Route } from './+types/profile';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'auth.profileTitle' }), { name: 'robots', content: 'noindex' }];
}

/**
 * The player's profile (login required). Drawn in the browser only: the server renders a
 * placeholder (its page cache serves guests' HTML). A guest is sent to registration with the
 * full target as `redirect` (spec §2 guards).
 */
export default function Profile() {
  const { t, locale } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [resend, setResend] = useState<'idle' | 'busy' | 'sent' | string>('idle');

  useEffect(() => {
    void loadSession().then((player) => {
      if (player) return;
      const target = location.pathname + location.search + location.hash;
      navigate(`${localizePath('/sign-up', locale)}?redirect=${encodeURIComponent(target)}`, { replace: true });
    });
  }, [session.status, location, locale, navigate]);

  const player = session.player;
  if (!player) return <SkeletonPage label={t('common.loading')} />;
  const resendConfirmation = async () => {
    setResend('busy');
    try {
      await browserApi().post('/api/users/confirmation', { user: { email: player.email } });
      setResend('sent');
    } catch (error) {
      setResend(errorCodeOf(error).base ?? 'unknown');
    }
  };
  return (
    <div className="page profile">
      <h1>{t('auth.profileTitle')}</h1>
      <dl>
        <dt>{t('auth.email')}</dt>
        <dd data-testid="profile-email">{player.email}</dd>
        <dt>{t('auth.nickname')}</dt>
        <dd>{player.nickname ?? t('auth.nicknameNone')}</dd>
        <dt>{t('auth.currency')}</dt>
        <dd>{player.currency}</dd>
        <dt>{t('auth.account')}</dt>
        <dd data-testid="profile-confirmed">{player.confirmed_at ? t('auth.emailConfirmed') : t('auth.emailNotConfirmed')}</dd>
      </dl>
      {player.confirmed_at ? null : (
        <div>
          <button type="button" className="button button--secondary" disabled={resend === 'busy'} onClick={() => void resendConfirmation()}>
            {t('auth.resendConfirmation')}
          </button>
        </div>
      )}
      {resend === 'sent' ? <Notice kind="info">{t('auth.confirmationSent')}</Notice> : null}
      {resend !== 'idle' && resend !== 'busy' && resend !== 'sent' ? (
        <Notice kind="error">{t(`errors.${resend}`, undefined, t('errors.unknown'))}</Notice>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
