import { redirect } from 'react-router';
import { localizePath, parseLocalePath } from '../lib/locale';
import type { Route } from './+types/auth-redirect';

/**
 * Old and mailed addresses of the identity popups (docs/rules/routes-and-guards.md "Older addresses"), query kept:
 * `/users/password/edit`, `/profile/password/edit` → the new-password popup;
 * `/users/confirmation`, `/profile/confirmation` → the email-confirmation popup.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale, path } = parseLocalePath(url.pathname);
  const target = path.endsWith('/confirmation') ? '/confirmation' : '/new-password';
  return redirect(localizePath(target, locale) + url.search);
}
