import type { Category, CategoryKind, GamesFilterRequest } from '@orbit/contracts';
import { data, Link } from 'react-router';
import { categoryTitle, useI18n } from '../lib/i18n';
import { PagedGameList } from '../features/games';
import { deviceFromUserAgent } from '../lib/device';
import { serverEndpoints } from '../lib/endpoints.server';
import { localizePath, parseLocalePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta, pageNumber } from '../lib/route-helpers';
import type { Route } from './+types/category';

/** 40 games a page (docs/rules/page-shell.md "Game lists"). */
export const CATEGORY_PAGE_SIZE = 40;

type Family = 'pokies' | 'live' | 'categories';

/** Which categories a family lists: /pokies/* pokies and table games, /live/* live ones. */
const KINDS: Record<Family, CategoryKind[]> = {
  pokies: ['pokies', 'table'],
  live: ['live'],
  categories: ['pokies', 'table', 'live'],
};

/**
 * /pokies/all, /pokies/:slug, /live/all, /live/:slug and /categories/:slug (the last one is the
 * same list as /pokies/:slug; the canonical link says so).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale, path } = parseLocalePath(url.pathname);
  const family = path.split('/')[1] as Family;
  const slug = 'slug' in params ? params.slug : undefined;
  const page = pageNumber(url.searchParams.get('page'));
  if (page === null) throw data(null, { status: 404 });

  const api = serverEndpoints(context.apiFetch, locale);
  // Only categories that hold games a player can open (the server's collections) are pages and
  // tabs: an empty one (the live tables before their studio is connected) is neither linked nor
  // served. Unknown (the list failed): every category, as configured.
  const [categories, stocked] = await Promise.all([
    api.categories(),
    api
      .collections()
      .then((list) => new Set(list.map((c) => c.id)))
      .catch(() => null),
  ]);
  const family_ = categories
    .filter((c) => KINDS[family].includes(c.kind) && (stocked === null || stocked.has(c.identifier)))
    .sort((a, b) => a.position - b.position);
  let selected: Category[];
  let category: Category | undefined;
  if (slug === undefined) {
    // `all`: every category of the family at once (strategy OR).
    selected = family_.filter((c) => c.kind === (family === 'live' ? 'live' : 'pokies'));
  } else {
    category = family_.find((c) => c.identifier === slug);
    if (!category) throw data(null, { status: 404 });
    selected = [category];
  }
  if (selected.length === 0) throw data(null, { status: 404 });

  const query = {
    device: deviceFromUserAgent(request.headers.get('user-agent')),
    page_size: CATEGORY_PAGE_SIZE,
    filter: { categories: { identifiers: selected.map((c) => c.identifier), strategy: 'OR' } },
  } satisfies GamesFilterRequest;
  const games = await api.gameTiles({ ...query, page });
  if (page > 1 && page > games.pagination.total_pages) throw data(null, { status: 404 });

  const tabFamily: 'pokies' | 'live' = category?.kind === 'live' || family === 'live' ? 'live' : 'pokies';
  return {
    locale,
    family,
    title: category?.title ?? null,
    allKey: family === 'live' ? 'category.allLive' : 'category.allPokies',
    basePath: url.pathname,
    games: games.data,
    pagination: games.pagination,
    query,
    tabs: categories
      .filter((c) => KINDS[tabFamily].includes(c.kind))
      .sort((a, b) => a.position - b.position)
      .map((c) => ({ id: c.identifier, title: c.title, href: localizePath(`/${tabFamily}/${c.identifier}`, locale) })),
    allHref: localizePath(`/${tabFamily}/all`, locale),
    current: category?.identifier ?? 'all',
  };
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  // A category's name as the page shows it (its own text for the identifier, else the server's title).
  return pageMeta(
    args,
    d ? (d.title ? { key: `categories.${d.current}`, fallback: d.title } : { key: d.allKey }) : null,
  );
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const d = loaderData;
  const title = d.title ? categoryTitle(t, d.current, d.title) : t(d.allKey);
  return (
    <div className="page category">
      <h1 className="page__title">{title}</h1>
      <nav className="chips" aria-label={t('category.tabs')}>
        <ul>
          <li>
            <Link to={d.allHref} className="chip" aria-current={d.current === 'all' ? 'page' : undefined}>
              {t(d.allKey)}
            </Link>
          </li>
          {d.tabs.map((tab) => (
            <li key={tab.id}>
              <Link
                to={tab.href}
                className="chip"
                aria-current={d.current === tab.id ? 'page' : undefined}
                prefetch="intent"
              >
                {categoryTitle(t, tab.id, tab.title)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PagedGameList
        key={`${d.basePath}?${d.pagination.current_page}`}
        games={d.games}
        pagination={d.pagination}
        query={d.query}
        pageHref={(n) => (n === 1 ? d.basePath : `${d.basePath}?page=${n}`)}
        locale={d.locale}
        randomCategory={d.current === 'all' ? null : d.current}
      />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
