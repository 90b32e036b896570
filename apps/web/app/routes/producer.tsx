import type { GamesFilterRequest } from '@orbit/contracts';
import { data } from 'react-router';
import { PagedGameList } from '../features/games';
import { deviceFromUserAgent } from '../lib/device';
import { serverEndpoints } from '../lib/endpoints.server';
import { localizePath, parseLocalePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta, pageNumber } from '../lib/route-helpers';
import type { Route } from './+types/producer';
import { useI18n } from '../lib/i18n';

export const PRODUCER_PAGE_SIZE = 40;

/** /producers/:slug and /producers/:slug/:page: one provider's games, page by page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = parseLocalePath(url.pathname);
  const page = pageNumber('page' in params ? params.page : undefined);
  if (page === null) throw data(null, { status: 404 });
  const api = serverEndpoints(context.apiFetch, locale);
  const providers = await api.providers();
  const provider = providers.find((p) => p.id === params.slug);
  if (!provider) throw data(null, { status: 404 });
  const query = {
    device: deviceFromUserAgent(request.headers.get('user-agent')),
    page_size: PRODUCER_PAGE_SIZE,
    filter: { providers: [provider.id] },
  } satisfies GamesFilterRequest;
  const games = await api.gameTiles({ ...query, page });
  if (page > 1 && page > games.pagination.total_pages) throw data(null, { status: 404 });
  return {
    locale,
    title: provider.title,
    basePath: localizePath(`/producers/${provider.id}`, locale),
    games: games.data,
    pagination: games.pagination,
    query,
  };
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  return pageMeta(args, d ? { key: 'producer.title', vars: { name: d.title } } : null);
}

export default function ProducerPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="page producer">
      <h1 className="page__title">{t('producer.heading', { name: d.title })}</h1>
      <PagedGameList
        key={`${d.basePath}/${d.pagination.current_page}`}
        games={d.games}
        pagination={d.pagination}
        query={d.query}
        pageHref={(n) => (n === 1 ? d.basePath : `${d.basePath}/${n}`)}
        locale={d.locale}
      />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
