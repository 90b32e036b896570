import { redirect } from 'react-router';
import { localizePath, parseLocalePath } from '../lib/locale';
import type { Route } from './+types/play-index';

/** `/play` without a game: the lobby, where the games are. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath('/', parseLocalePath(new URL(request.url).pathname).locale));
}
