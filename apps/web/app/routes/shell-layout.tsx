import type { CmsPageSummary, GamesFilterRequest, Licence, MenuCategoryItem } from '@orbit/contracts';
import { Outlet, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { useI18n } from '../lib/i18n';
import { GameGrid } from '../features/games';
import { GameSearch } from '../features/search';
import { isLinkShown, Shell, visitorMenu, type FooterLink } from '../features/shell';
import { deviceFromUserAgent } from '../lib/device';
import { serverEndpoints } from '../lib/endpoints.server';
import { localizePath, parseLocalePath, type Locale } from '../lib/locale';
import { SkeletonPage } from '../ui/skeleton';
import type { Route } from './+types/shell-layout';

/** Category the search suggests games from when nothing matches (first that the menu has). */
const RECOMMENDED_CATEGORIES = ['recommended', 'top', 'popular'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = parseLocalePath(url.pathname);
  const api = serverEndpoints(context.apiFetch, locale);
  const [project, menu, pages] = await Promise.all([
    api.project(),
    // Spec: a failed list load leaves the list empty; the page still renders.
    api.menuCategories().catch(logEmpty('LOAD_MENU_CATEGORIES_ERROR', { items: [] as MenuCategoryItem[] })),
    api.cmsPages().catch(logEmpty('LOAD_STATIC_PAGES_ERROR', [] as CmsPageSummary[])),
  ]);
  const nav = visitorMenu(menu.items, locale);
  const recommended = RECOMMENDED_CATEGORIES.find((id) => menu.items.some((item) => item.identifier === id)) ?? menu.items[0]?.identifier;
  const recommendedQuery: GamesFilterRequest | null = recommended
    ? { filter: { categories: { identifiers: [recommended], strategy: 'OR' } } }
    : null;
  return {
    locale,
    licence: project.licence,
    projectName: project.name,
    minimumAge: project.minimum_age,
    nav,
    infoLinks: footerLinks(pages, 'bottom-menu', project.licence, locale),
    helpLinks: footerLinks(pages, 'bottom-menu-help', project.licence, locale),
    device: deviceFromUserAgent(request.headers.get('user-agent')),
    recommendedQuery,
  };
}

function logEmpty<T>(name: string, empty: T) {
  return (error: unknown): T => {
    console.error(name, error);
    return empty;
  };
}

/** Footer links from the CMS pages of a menu category; a licence's own variant wins over the shared page. */
function footerLinks(pages: CmsPageSummary[], category: string, licence: Licence, locale: Locale): FooterLink[] {
  const bySlug = new Map<string, CmsPageSummary>();
  for (const page of pages) {
    if (!page.categories.includes(category)) continue;
    if (page.licence !== null && page.licence !== licence) continue;
    if (!isLinkShown(page.slug, licence)) continue;
    const seen = bySlug.get(page.slug);
    if (!seen || (seen.licence === null && page.licence === licence)) bySlug.set(page.slug, page);
  }
  return [...bySlug.values()].map((page) => ({ slug: page.slug, href: localizePath(page.path, locale), title: page.title }));
}

/** Header and footer data change only with the locale (own route id) or the flags (/ffc form). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export default function ShellLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const data = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  // On a client navigation to another page, placeholder tiles stand in until its data is here.
  const switching = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  return (
    <Shell
      locale={data.locale}
      licence={data.licence}
      projectName={data.projectName}
      minimumAge={data.minimumAge}
      nav={data.nav}
      infoLinks={data.infoLinks}
      helpLinks={data.helpLinks}
      search={
        <GameSearch
          device={data.device}
          recommendedQuery={data.recommendedQuery}
          renderGames={(games) => <GameGrid games={games} locale={data.locale} />}
        />
      }
    >
      {switching ? <SkeletonPage label={t('common.loading')} /> : <Outlet />}
    </Shell>
  );
}
