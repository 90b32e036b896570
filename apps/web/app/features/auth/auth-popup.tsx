import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { GUEST_ONLY, type Background, type PopupName } from '../../lib/popups';
import { AFTER_SIGN_IN, AFTER_SIGN_UP } from '../../lib/router-state';
import { Modal } from '../../ui/modal';
import { useAuthFlow } from './flow';
import { Confirmation, NewPasswordForm, RemindForm, SignInForm, SignUpForm } from './forms';
import { EmailVerify } from './email-verify';

// The shell loads the terms popup through this module, so the page's first JavaScript names one chunk for both.
export { TermsPopup } from './terms-popup';

type PopupProps = { name: PopupName; locale: Locale; background: Background | null };

const pathOf = (bg: Background) => bg.pathname + bg.search + bg.hash;

/**
 * The identity popups (sign-in, sign-up, remind, new-password, confirmation) in one modal.
 * Guest-only popups send a signed-in player to the lobby; closing returns to the page under
 * the popup (or the lobby when it was opened directly).
 */
export function AuthPopup({ name, locale, background }: PopupProps) {
  const { t } = useI18n();
  const under = background ? pathOf(background) : null;
  const { finish, redirectQuery, lobby, location, navigate } = useAuthFlow(locale, GUEST_ONLY.includes(name), under);

  const close = () => navigate(under ?? lobby, { preventScrollReset: true });
  const popupLink = (to: PopupName, state: Record<string, unknown> = {}) => ({
    to: localizePath(`/${to}`, locale) + redirectQuery,
    state: { background, ...state },
    preventScrollReset: true,
    replace: true,
  });

  const titles: Record<PopupName, string> = {
    'sign-in': t('auth.signInTitle'),
    'sign-up': t('auth.signUpTitle'),
    remind: t('auth.remindTitle'),
    'new-password': t('auth.newPasswordTitle'),
    confirmation: t('auth.confirmationTitle'),
    'email-verify': t('routeRules.emailVerifyTitle'),
  };
  const notice = (location.state as { notice?: string } | null)?.notice;
  const query = new URLSearchParams(location.search);
  let body: ReactNode;
  if (name === 'sign-in') {
    body = (
      <SignInForm onDone={() => finish(undefined, AFTER_SIGN_IN)} notice={notice ? t(`auth.${notice}`) : null}>
        <Link {...popupLink('remind')}>{t('auth.forgot')}</Link>
        <span>
          {t('auth.noAccount')} <Link {...popupLink('sign-up')}>{t('auth.signUp')}</Link>
        </span>
      </SignInForm>
    );
  } else if (name === 'sign-up') {
    body = (
      <SignUpForm onDone={() => finish(undefined, AFTER_SIGN_UP)} locale={locale}>
        <span>
          {t('auth.haveAccount')} <Link {...popupLink('sign-in')}>{t('auth.signIn')}</Link>
        </span>
      </SignUpForm>
    );
  } else if (name === 'remind') {
    body = <RemindForm />;
  } else if (name === 'new-password') {
    body = (
      <NewPasswordForm
        token={query.get('reset_password_token')}
        onDone={() => finish(localizePath('/sign-in', locale), { background, notice: 'passwordChanged' })}
      />
    );
  } else if (name === 'email-verify') {
    body = <EmailVerify locale={locale} background={background} />;
  } else {
    body = <Confirmation token={query.get('confirmation_token')} />;
  }
  return (
    <Modal title={titles[name]} onClose={close}>
      {body}
    </Modal>
  );
}
