import { redirect } from 'react-router';
import { localizePath, parseLocalePath } from '../lib/locale';
import type { Route } from './+types/profile-alias';

/** `/users` is the profile's older address: one address per page, query kept (301). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(localizePath('/profile', parseLocalePath(url.pathname).locale) + url.search, 301);
}
