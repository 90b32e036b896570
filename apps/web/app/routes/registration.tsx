import { AuthPage } from '../features/auth';
import { useI18n } from '../lib/i18n';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/registration';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'auth.signUpTitle' }), { name: 'robots', content: 'noindex' }];
}

/** /registration: the sign-up form as a full page, guests only (features/auth). */
export default function RegistrationPage() {
  const { locale } = useI18n();
  return <AuthPage kind="registration" locale={locale} />;
}

export const ErrorBoundary = PageErrorBoundary;
