import { AuthPage } from '../features/auth';
import { useI18n } from '../lib/i18n';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/login';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'auth.signInTitle' }), { name: 'robots', content: 'noindex' }];
}

/** /login: the sign-in form as a full page, guests only (features/auth). */
export default function LoginPage() {
  const { locale } = useI18n();
  return <AuthPage kind="login" locale={locale} />;
}

export const ErrorBoundary = PageErrorBoundary;
