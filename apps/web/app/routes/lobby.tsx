import { Fragment } from 'react';
import { categoryTitle, useI18n } from '../lib/i18n';
import { BannerCarousel, bannerView, loadBannersCode, visitorBanners } from '../features/banners';
import { GameRow } from '../features/games';
import {
  FALLBACK_CURRENCY,
  Jackpots,
  jackpotFor,
  loadJackpotsCode,
  sliderView,
  WINNERS_LIMIT,
  winnerView,
  type JackpotsView,
} from '../features/jackpots';
import { deviceFromUserAgent } from '../lib/device';
import { serverEndpoints, type ServerEndpoints } from '../lib/endpoints.server';
import { localizePath, type Locale } from '../lib/locale';
import { popupOf } from '../lib/popups';
import { PageErrorBoundary, pageMeta, requestLocale } from '../lib/route-helpers';
import { emptyOnFailure } from '../lib/telemetry';
import type { Route } from './+types/lobby';

/** Banners of the lobby carry the category `main`. */
const LOBBY_BANNER_CATEGORY = 'main';

/**
 * The lobby: banners, then one row per configured category (main-widget-config) with the
 * jackpots after the first row, all in the first HTML response.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const api = serverEndpoints(context.apiFetch, locale);
  const device = deviceFromUserAgent(request.headers.get('user-agent'));
  // Awaited after the rows, which need not wait for it (handled now, should the page fail first).
  const jackpotData = loadJackpots(api);
  jackpotData.catch(() => undefined);
  const [widget, banners, categories] = await Promise.all([
    api.mainWidget(),
    api.banners().catch(emptyOnFailure('LOAD_BANNERS_ERROR', { banners: [] })),
    api.categories(),
    // The carousel's code, so that the page renders it at once (it is an island: ui/island.tsx).
    loadBannersCode(),
  ]);
  const kindOf = new Map(categories.map((c) => [c.identifier, c.kind]));
  const rows = await Promise.all(
    widget.rows.map(async (row) => {
      const answer = await api
        .gameTiles({
          device,
          page: 1,
          page_size: row.limit,
          filter: { categories: { identifiers: [row.category], strategy: 'OR' } },
        })
        .catch(emptyOnFailure('LOAD_GAMES_ERROR', { data: [] }));
      const kind = kindOf.get(row.category) === 'live' ? 'live' : 'pokies';
      return {
        id: row.category,
        title: row.title,
        href: localizePath(`/${kind}/${row.category}`, locale),
        games: answer.data,
      };
    }),
  );
  const origin = new URL(request.url).origin;
  // A row with no game to open is left out.
  const stockedRows = rows.filter((row) => row.games.length > 0);
  const jackpotLists = await jackpotData;
  const jackpots =
    jackpotLists && widget.show_jackpots ? await jackpotsView(api, jackpotLists, stockedRows, locale) : null;
  return {
    locale,
    banners: widget.show_banners
      ? visitorBanners(banners.banners, LOBBY_BANNER_CATEGORY).map((b) => bannerView(b, origin, locale))
      : [],
    rows: stockedRows,
    jackpots,
  };
}

/**
 * The jackpot slider and the winners board, as drawn for a guest (the page cache serves guests'
 * HTML): the jackpot of the site's default currency; a player's own currency is the browser's
 * business. Null when there is no jackpot (or the jackpots could not be loaded: the lobby still
 * renders), or when main-widget-config's `show_jackpots` is off.
 */
async function loadJackpots(api: ServerEndpoints) {
  const [list, project, latest, biggest] = await Promise.all([
    api.jackpots().catch(emptyOnFailure('LOAD_JACKPOTS_ERROR', [])),
    api.project().catch(emptyOnFailure('LOAD_PROJECT_ERROR', null)),
    winners(api, 'latest'),
    winners(api, 'biggest'),
    // The island's code, so that the page renders it at once (ui/island.tsx).
    loadJackpotsCode(),
  ]);
  const jackpot = jackpotFor(list, project?.default_currency ?? FALLBACK_CURRENCY, FALLBACK_CURRENCY);
  return jackpot ? { list, jackpot, latest, biggest } : null;
}

/** The loader's view of the jackpots; the links' game titles come from the lobby's rows, else from the catalogue. */
async function jackpotsView(
  api: ServerEndpoints,
  { list, jackpot, latest, biggest }: NonNullable<Awaited<ReturnType<typeof loadJackpots>>>,
  rows: Array<{ games: Array<{ identifier: string; title: string }> }>,
  locale: Locale,
): Promise<JackpotsView> {
  const known = new Map(rows.flatMap((row) => row.games.map((game) => [game.identifier, game.title] as const)));
  const titles: Record<string, string> = {};
  await Promise.all(
    [...new Set(list.flatMap((j) => j.games))].map(async (identifier) => {
      const [provider, name] = identifier.split('/');
      const title =
        known.get(identifier) ??
        (provider && name ? (await api.game(provider, name).catch(() => null))?.title : undefined);
      if (title) titles[identifier] = title;
    }),
  );
  const now = Date.now();
  return {
    slider: sliderView(jackpot, titles, locale),
    winners: {
      latest: latest.map((w) => winnerView(w, now, locale)),
      biggest: biggest.map((w) => winnerView(w, now, locale)),
    },
    titles,
    now,
  };
}

/** GET_JACKPOT_WINNERS_ERROR is only logged; the board is then empty. */
function winners(api: ServerEndpoints, sort: 'latest' | 'biggest') {
  return api.jackpotWins(sort, WINNERS_LIMIT).catch(emptyOnFailure('GET_JACKPOT_WINNERS_ERROR', []));
}

export function meta(args: Route.MetaArgs) {
  // Also the module of the popup routes loaded directly (/sign-in ...): the lobby under the popup.
  const popup = popupOf(args.location.pathname);
  return pageMeta(args, { key: popup ? `auth.popupTitle.${popup}` : 'lobby.title' });
}

export default function Lobby({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { locale, banners, rows, jackpots } = loaderData;
  return (
    <div className="page lobby">
      <h1 className="visually-hidden">{t('lobby.heading')}</h1>
      {banners.length > 0 ? <BannerCarousel banners={banners} locale={locale} /> : null}
      {rows.map((row, i) => (
        <Fragment key={row.id}>
          <GameRow
            id={row.id}
            title={categoryTitle(t, row.id, row.title)}
            href={row.href}
            games={row.games}
            locale={locale}
            eager={i === 0}
          />
          {i === 0 && jackpots ? <Jackpots view={jackpots} /> : null}
        </Fragment>
      ))}
      {rows.length === 0 && jackpots ? <Jackpots view={jackpots} /> : null}
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
