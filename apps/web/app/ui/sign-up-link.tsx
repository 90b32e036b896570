import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../lib/i18n';
import { localizePath } from '../lib/locale';
import { track } from '../lib/telemetry';

/**
 * A page's "Sign up" button for a guest: opens the sign-up popup over this page (the page stays
 * under the popup and keeps its scroll; docs/rules/routes-and-guards.md "Popups"). The header's
 * own button is written out in the shell: it opens the popup over the page under an open popup,
 * and the lobby's first JavaScript would get this module as a file of its own.
 */
export function SignUpLink({
  children,
  onClick,
  testId,
}: {
  /** The button's text; "Sign up" (`auth.signUp`) when none. */
  children?: ReactNode;
  onClick?: () => void;
  testId?: string;
}) {
  const { t, locale } = useI18n();
  const location = useLocation();
  return (
    <Link
      to={localizePath('/sign-up', locale)}
      state={{ background: location }}
      preventScrollReset
      className="button button--primary"
      data-testid={testId}
      onClick={() => {
        track({ name: 'registration_click', source: testId ?? 'page', page: location.pathname.slice(0, 256) });
        onClick?.();
      }}
    >
      {children ?? t('auth.signUp')}
    </Link>
  );
}
