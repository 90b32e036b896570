import { data, redirect } from 'react-router';
import { CmsPageView, findCmsPage } from '../features/cms';
import { JackpotPage } from '../features/jackpots/jackpot-page';
import { serverEndpoints } from '../lib/endpoints.server';
import { localizePath, parseLocalePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/cms-page';

/**
 * Every path no other route claims: a static page if the CMS has one under that slug
 * (its licence variant first); else a mystic jackpot's own page when an active jackpot has that
 * identifier (docs/rules/content-pages.md "Jackpot pages"); otherwise the 404 page with HTTP
 * status 404. A news article lives at `/blog/<slug>`: its bare slug redirects there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, path } = parseLocalePath(new URL(request.url).pathname);
  const slug = path.slice(1);
  const api = serverEndpoints(context.apiFetch, locale);
  const { licence } = await api.project();
  const page = await findCmsPage(slug, licence, api.cmsPage);
  if (page?.categories.includes('news')) throw redirect(localizePath(`/blog/${page.slug}`, locale), 301);
  if (page) return { page, jackpot: null, gameTitles: {} };
  const jackpot = /^[a-z0-9][a-z0-9-]{0,63}$/.test(slug)
    ? (await api.jackpots()).find((j) => j.identifier === slug && j.state === 'active')
    : undefined;
  if (!jackpot) throw data(null, { status: 404 });
  // The games' titles for the links (a game the catalogue does not answer keeps its identifier).
  const titles = await Promise.all(
    jackpot.games.map(async (identifier) => {
      const [provider = '', name = ''] = identifier.split('/');
      const game = provider && name ? await api.game(provider, name).catch(() => null) : null;
      return [identifier, game?.title ?? identifier] as const;
    }),
  );
  return { page: null, jackpot, gameTitles: Object.fromEntries(titles) };
}

export function meta(args: Route.MetaArgs) {
  const { page, jackpot } = args.loaderData ?? {};
  if (jackpot) return pageMeta(args, { text: `${jackpot.name} ${jackpot.currency}` });
  // The CMS's SEO title already names the site; without one, the page's title and the site's name.
  const title = page ? (page.blocks.title ? { full: page.blocks.title } : { text: page.title }) : null;
  return pageMeta(args, title, page?.blocks.description || undefined);
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.jackpot) return <JackpotPage jackpot={loaderData.jackpot} gameTitles={loaderData.gameTitles} />;
  return loaderData.page ? <CmsPageView page={loaderData.page} /> : null;
}

export const ErrorBoundary = PageErrorBoundary;
