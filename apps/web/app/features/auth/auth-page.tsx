import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { AFTER_SIGN_IN, AFTER_SIGN_UP } from '../../lib/router-state';
import { useAuthFlow } from './flow';
import { SignInForm, SignUpForm } from './forms';

/**
 * /login and /registration: the sign-in and sign-up forms as full pages, guests only
 * (docs/rules/routes-and-guards.md "Guests only"). Done, they follow a same-site `redirect`, else go
 * to the lobby.
 */
export function AuthPage({ kind, locale }: { kind: 'login' | 'registration'; locale: Locale }) {
  const { t } = useI18n();
  const { finish, redirectQuery, location } = useAuthFlow(locale, true, null);
  // The reminder opens as a popup over this page; closing it comes back here.
  const background = { pathname: location.pathname, search: location.search, hash: '' };
  return (
    <div className="page auth-page">
      <h1>{t(kind === 'login' ? 'auth.signInTitle' : 'auth.signUpTitle')}</h1>
      {kind === 'login' ? (
        <SignInForm onDone={() => finish(undefined, AFTER_SIGN_IN)} notice={null}>
          <Link to={localizePath('/remind', locale)} state={{ background }} preventScrollReset>
            {t('auth.forgot')}
          </Link>
          <span>
            {t('auth.noAccount')}{' '}
            <Link to={localizePath('/registration', locale) + redirectQuery}>{t('auth.signUp')}</Link>
          </span>
        </SignInForm>
      ) : (
        <SignUpForm onDone={() => finish(undefined, AFTER_SIGN_UP)} locale={locale}>
          <span>
            {t('auth.haveAccount')} <Link to={localizePath('/login', locale) + redirectQuery}>{t('auth.signIn')}</Link>
          </span>
        </SignUpForm>
      )}
    </div>
  );
}
