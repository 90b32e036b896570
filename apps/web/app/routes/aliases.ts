import { data, redirect } from 'react-router';
import { serverEndpoints } from '../lib/endpoints.server';
import { localizePath, parseLocalePath } from '../lib/locale';
import { aliasTarget, categoryById, categoryPagePath } from '../lib/route-rules';
import type { Route } from './+types/aliases';

/**
 * Named and older addresses that are another page (docs/rules/routes-and-guards.md "Named and
 * older addresses"), query kept: `/games/{id}` → the category's page, `/santa-vegas` →
 * `/promotions`, `/accounts/history` → the lobby, `/arena` and `/leaderboard` → the tournaments,
 * `/adventures` → the VIP club's adventure, `/slots...` → `/pokies...`. An unknown category is 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale, path } = parseLocalePath(url.pathname);
  let target: string | null;
  if (path.startsWith('/games/') && 'id' in params && params.id) {
    const categories = await serverEndpoints(context.apiFetch, locale).categories();
    const category = categoryById(categories, params.id);
    if (!category) throw data(null, { status: 404 });
    target = categoryPagePath(category);
  } else {
    target = aliasTarget(path);
  }
  if (!target) throw data(null, { status: 404 });
  const [pathname, hash] = target.split('#') as [string, string | undefined];
  return redirect(localizePath(pathname, locale) + url.search + (hash ? `#${hash}` : ''));
}
