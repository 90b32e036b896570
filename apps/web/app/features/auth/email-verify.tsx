import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, browserApi } from '../../lib/api';
import { captchaToken } from '../../lib/captcha';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import type { Background } from '../../lib/popups';
import { useSession } from '../../lib/session';
import { errorCodeOf, Notice } from '../../ui/form';

/**
 * The `/email-verify` popup (docs/rules/routes-and-guards.md "Popups"): a signed-in player whose
 * address is not confirmed is told where the link went and may have it sent again; a confirmed
 * one is told so; a guest is asked to sign in first.
 */
export function EmailVerify({ locale, background }: { locale: Locale; background: Background | null }) {
  const { t } = useI18n();
  const session = useSession();
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | { error: string }>('idle');
  const player = session.player;
  if (session.status === 'unknown') return <Notice kind="info">{t('common.loading')}</Notice>;
  if (!player) {
    return (
      <div className="auth-form" data-testid="email-verify">
        <p>{t('routeRules.emailVerifySignIn')}</p>
        <Link
          className="button button--primary"
          to={localizePath('/sign-in', locale)}
          state={{ background }}
          replace
          preventScrollReset
        >
          {t('auth.signIn')}
        </Link>
      </div>
    );
  }
  if (player.confirmed_at) {
    return (
      <div className="auth-form" data-testid="email-verify">
        <Notice kind="info">{t('auth.emailConfirmed')}</Notice>
      </div>
    );
  }
  const resend = async () => {
    setState('busy');
    try {
      const captcha = await captchaToken().catch(() => undefined);
      if (!captcha) throw new ApiError(422, 'captcha', { captcha: ['unavailable'] });
      await browserApi().post('/api/users/confirmation', { user: { email: player.email, captcha } });
      setState('sent');
    } catch (error) {
      const codes = errorCodeOf(error);
      setState({ error: codes.captcha ? `captcha_${codes.captcha}` : (codes.email ?? codes.base ?? 'unknown') });
    }
  };
  return (
    <div className="auth-form" data-testid="email-verify">
      <p data-testid="email-verify-text">{t('routeRules.emailVerifyText', { email: player.email })}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={state === 'busy'}
        data-testid="email-verify-resend"
        onClick={() => void resend()}
      >
        {t('auth.resendConfirmation')}
      </button>
      {state === 'sent' ? <Notice kind="info">{t('auth.confirmationSent')}</Notice> : null}
      {typeof state === 'object' ? <Notice kind="error">{t('routeRules.emailVerifyFailed')}</Notice> : null}
    </div>
  );
}
