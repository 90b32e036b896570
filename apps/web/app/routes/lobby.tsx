import { useI18n } from '../lib/i18n';
import { BannerCarousel, bannerView, visitorBanners } from '../features/banners';
import { GameRow } from '../features/games';
import { deviceFromUserAgent } from '../lib/device';
import { serverEndpoints } from '../lib/endpoints.server';
import { localizePath } from '../lib/locale';
import { popupOf } from '../lib/popups';
import { PageErrorBoundary, pageMeta, requestLocale } from './route-helpers';
import type { Route } from './+types/lobby';

/** Banners of the lobby carry the category `main`. */
const LOBBY_BANNER_CATEGORY = 'main';

/**
 * The lobby: banners, then one row per configured category (main-widget-config), all in the
 * first HTML response.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const api = serverEndpoints(context.apiFetch, locale);
  const device = deviceFromUserAgent(request.headers.get('user-agent'));
  const [widget, banners, categories] = await Promise.all([
    api.mainWidget(),
    api.banners().catch((error: unknown) => {
      console.error('LOAD_BANNERS_ERROR', error);
      return { banners: [] };
    }),
    api.categories(),
  ]);
  const kindOf = new Map(categories.map((c) => [c.identifier, c.kind]));
  const rows = await Promise.all(
    widget.rows.map(async (row) => {
      const answer = await api
        .gameTiles({ device, page: 1, page_size: row.limit, filter: { categories: { identifiers: [row.category], strategy: 'OR' } } })
        .catch((error: unknown) => {
          console.error('LOAD_GAMES_ERROR', row.category, error);
          return { data: [] };
        });
      const kind = kindOf.get(row.category) === 'live' ? 'live' : 'pokies';
      return { id: row.category, title: row.title, href: localizePath(`/${kind}/${row.category}`, locale), games: answer.data };
    }),
  );
  const origin = new URL(request.url).origin;
  return {
    locale,
    banners: widget.show_banners ? visitorBanners(banners.banners, LOBBY_BANNER_CATEGORY).map((b) => bannerView(b, origin, locale)) : [],
    rows,
  };
}

export function meta(args: Route.MetaArgs) {
  // Also the module of the popup routes loaded directly (/sign-in ...): the lobby under the popup.
  const popup = popupOf(args.location.pathname);
  return pageMeta(args, { key: popup ? `auth.popupTitle.${popup}` : 'lobby.title' });
}

export default function Lobby({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { locale, banners, rows } = loaderData;
  return (
    <div className="page lobby">
      <h1 className="visually-hidden">{t('lobby.heading')}</h1>
      <BannerCarousel banners={banners} />
      {rows.map((row, i) => (
        <GameRow key={row.id} id={row.id} title={row.title} href={row.href} games={row.games} locale={locale} eager={i === 0} />
      ))}
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
