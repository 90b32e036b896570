import { and, arrayContains, arrayOverlaps, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  paginate,
  type Category,
  type Collection,
  type Device,
  type EnableGamesConfig,
  type Game,
  type GamesFilterQuery,
  type GamesFilterResponse,
  type GamesMapResponse,
  type Provider,
  type ProvidersConfig,
} from '@orbit/contracts';
import { TtlCache } from '../../platform/cache';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { coverSvg, motifFor } from './covers';
import { categories, gameCategories, games, providers } from './schema';

/** Catalogue answers are cached this long: the lobby asks for the same lists on every render. */
const TTL_MS = 5_000;

/** `%`, `_` and `\` match themselves in a title search. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Category identifiers of a game, in category order: one sub-select in the same statement (no N+1). */
const categoryIdentifiers = sql<string[]>`coalesce((
  select array_agg(c.identifier order by c.position)
  from ${gameCategories} gc join ${categories} c on c.id = gc.category_id
  where gc.game_id = ${games.id} and c.enabled
), '{}'::text[])`;

const gameColumns = {
  id: games.id,
  identifier: games.identifier,
  seoTitle: games.seoTitle,
  title: games.title,
  description: games.description,
  lines: games.lines,
  ways: games.ways,
  volatilityRating: games.volatilityRating,
  payout: games.payout,
  hasDemoMode: games.hasDemoMode,
  devices: games.devices,
  currencies: games.currencies,
  badges: games.badges,
  provider: providers.identifier,
  providerTitle: providers.title,
  launchable: providers.launchable,
  categories: categoryIdentifiers,
};
type GameRow = {
  id: number;
  identifier: string;
  seoTitle: string;
  title: string;
  description: string | null;
  lines: number | null;
  ways: number | null;
  volatilityRating: Game['volatility_rating'];
  payout: number | null;
  hasDemoMode: boolean;
  devices: string[];
  currencies: string[];
  badges: Game['badges'];
  provider: string;
  providerTitle: string;
  launchable: boolean;
  categories: string[];
};

export function coverPath(identifier: string): string {
  return `/covers/${identifier}.svg`;
}

/** The answer's shape of one game row. */
export function toGame(row: GameRow, jackpots: JackpotAmounts = []): Game {
  const jackpot: Record<string, number> = {};
  for (const j of jackpots)
    if (j.games.includes(row.identifier)) jackpot[j.currency] = (jackpot[j.currency] ?? 0) + j.total;
  return {
    id: row.id,
    identifier: row.identifier,
    seo_title: row.seoTitle,
    title: row.title,
    provider: row.provider,
    provider_title: row.providerTitle,
    categories: row.categories,
    devices: row.devices.filter((d): d is Device => d === 'desktop' || d === 'mobile'),
    has_demo_mode: row.hasDemoMode,
    launchable: row.launchable,
    badges: row.badges,
    preview: coverPath(row.identifier),
    lines: row.lines,
    ways: row.ways,
    volatility_rating: row.volatilityRating,
    payout: row.payout,
    description: row.description,
    // Favourites use the numeric game id, the same in every currency; the jackpot is what the game's jackpot of that currency holds.
    currencies: Object.fromEntries(
      row.currencies.map((code) => [code, { id: row.id, jackpot: jackpot[code] ?? null }]),
    ),
  };
}

/** What each jackpot holds now, with the games that feed it. */
export type JackpotAmounts = ReadonlyArray<{ games: string[]; currency: string; total: number }>;

export class GamesService {
  private readonly cache = new TtlCache<unknown>(TTL_MS, 1_000);

  constructor(
    private readonly db: Db,
    /** The jackpots' amounts by game (the jackpots module); none: every game answers `jackpot: null`. */
    private readonly jackpotAmounts: () => Promise<JackpotAmounts> = async () => [],
  ) {}

  /** Forgets every cached answer: after a catalogue change this process answers it at once (others within TTL_MS). */
  forget(): void {
    this.cache.clear();
  }

  private jackpots(): Promise<JackpotAmounts> {
    return this.cached('jackpots', this.jackpotAmounts);
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load) as Promise<T>;
  }

  /** The base query: enabled games of enabled providers, with provider and categories. */
  private selectGames() {
    return this.db
      .select({ ...gameColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId));
  }

  providers(): Promise<Provider[]> {
    return this.cached('providers', async () => {
      const rows = await this.db
        .select()
        .from(providers)
        .where(and(eq(providers.enabled, true), eq(providers.launchable, true)))
        .orderBy(asc(providers.position), asc(providers.id));
      return rows.map((p) => ({ id: p.identifier, title: p.title }));
    });
  }

  categories(): Promise<Category[]> {
    return this.cached('categories', async () => {
      const rows = await this.db
        .select()
        .from(categories)
        .where(eq(categories.enabled, true))
        .orderBy(asc(categories.position), asc(categories.id));
      return rows.map((c) => ({
        id: c.id,
        identifier: c.identifier,
        title: c.title,
        kind: c.kind,
        position: c.position,
      }));
    });
  }

  /**
   * Collections as front ends of this API family read them: the enabled categories by slug that
   * hold games a player can open, with how many (docs/compatibility.md "Games").
   */
  collections(): Promise<Collection[]> {
    return this.cached('collections', async () => {
      const rows = await this.db
        .select({
          identifier: categories.identifier,
          title: categories.title,
          gamesCount: sql<number>`count(${games.id})::int`.mapWith(Number),
        })
        .from(categories)
        .leftJoin(gameCategories, eq(gameCategories.categoryId, categories.id))
        .leftJoin(
          games,
          and(
            eq(games.id, gameCategories.gameId),
            eq(games.enabled, true),
            sql`exists (select 1 from ${providers} p where p.id = ${games.providerId} and p.enabled and p.launchable)`,
          ),
        )
        .where(eq(categories.enabled, true))
        .groupBy(categories.id)
        .orderBy(asc(categories.position), asc(categories.id));
      // A category with nothing to open is not offered.
      return rows
        .filter((c) => c.gamesCount > 0)
        .map((c) => ({ id: c.identifier, title: c.title, games_count: c.gamesCount }));
    });
  }

  /** `POST /api/games_filter`: one statement for the page and its total. */
  filter(query: GamesFilterQuery): Promise<GamesFilterResponse> {
    return this.cached(`filter:${JSON.stringify(query)}`, async () => {
      const where = filterConditions(query);
      const offset = (query.page - 1) * query.page_size;
      const rows = await this.selectGames()
        .where(where)
        .orderBy(...ordering(query))
        .limit(query.page_size)
        .offset(offset);
      // Past the last page the window count has no row to ride on: count on its own.
      const total =
        rows[0]?.total ??
        (offset === 0
          ? 0
          : ((
              await this.db
                .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
                .from(games)
                .innerJoin(providers, eq(providers.id, games.providerId))
                .where(where)
            )[0]?.n ?? 0));
      const jackpots = await this.jackpots();
      return {
        data: rows.map((row) => toGame(row, jackpots)),
        pagination: paginate(query.page, query.page_size, total),
      };
    });
  }

  /**
   * `GET /api/games/random?identifier=`: one game of the category (of the whole lobby without one), drawn uniformly (not cached:
   * each call is a new draw), or null when the category has none.
   */
  async randomGame(category: string | undefined, device: Device | undefined): Promise<Game | null> {
    const [row] = await this.selectGames()
      .where(
        filterConditions({
          device,
          page: 1,
          page_size: 1,
          filter: category ? { categories: { identifiers: [category], strategy: 'OR' } } : undefined,
        }),
      )
      .orderBy(sql`random()`)
      .limit(1);
    return row ? toGame(row, await this.jackpots()) : null;
  }

  /** `providers-config`: the enabled providers in order, each with its enabled games' count. */
  providersConfig(): Promise<ProvidersConfig> {
    return this.cached('fe:providers-config', async () => {
      const rows = await this.db
        .select({
          id: providers.identifier,
          title: providers.title,
          gamesCount: sql<number>`count(${games.id})::int`.mapWith(Number),
        })
        .from(providers)
        .leftJoin(games, and(eq(games.providerId, providers.id), eq(games.enabled, true)))
        .where(and(eq(providers.enabled, true), eq(providers.launchable, true)))
        .groupBy(providers.id)
        .orderBy(asc(providers.position), asc(providers.id));
      return { providers: rows.map((p) => ({ id: p.id, title: p.title, games_count: p.gamesCount })) };
    });
  }

  /** `enable-games-config`: the games that open now, for real money (a launchable provider) and as a demo. */
  enableGamesConfig(): Promise<EnableGamesConfig> {
    return this.cached('fe:enable-games-config', async () => {
      const rows = await this.db
        .select({ identifier: games.identifier, launchable: providers.launchable, hasDemoMode: games.hasDemoMode })
        .from(games)
        .innerJoin(providers, eq(providers.id, games.providerId))
        .where(baseConditions(undefined))
        .orderBy(asc(games.identifier));
      return {
        real: rows.filter((r) => r.launchable).map((r) => r.identifier),
        demo: rows.filter((r) => r.launchable && r.hasDemoMode).map((r) => r.identifier),
      };
    });
  }

  /** Games by numeric id, keyed by identifier, in the order asked. */
  async selectByIds(refs: ReadonlyArray<number | string>, device: Device | undefined): Promise<GamesMapResponse> {
    if (!refs.length) return {};
    const ids = refs.filter((r): r is number => typeof r === 'number');
    const identifiers = refs.filter((r): r is string => typeof r === 'string');
    const rows = await this.selectGames().where(
      and(
        baseConditions(device),
        or(
          ids.length ? inArray(games.id, ids) : undefined,
          identifiers.length ? inArray(games.identifier, identifiers) : undefined,
        ),
      ),
    );
    const byRef = new Map<number | string, GameRow>();
    for (const r of rows) byRef.set(r.id, r).set(r.identifier, r);
    return keyed(
      refs.map((ref) => byRef.get(ref)),
      await this.jackpots(),
    );
  }

  /** Enabled games by numeric id as a list, in the order asked (favourites and played games, v2). */
  async gamesByIds(ids: number[]): Promise<Game[]> {
    if (!ids.length) return [];
    const rows = await this.selectGames().where(and(baseConditions(undefined), inArray(games.id, ids)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const jackpots = await this.jackpots();
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toGame(row, jackpots)] : [];
    });
  }

  /** Games by seo title, keyed by identifier, in the order asked. */
  async selectBySeoTitles(seoTitles: string[], device: Device | undefined): Promise<GamesMapResponse> {
    if (!seoTitles.length) return {};
    const rows = await this.selectGames().where(and(baseConditions(device), inArray(games.seoTitle, seoTitles)));
    return keyed(
      seoTitles.flatMap((t) => rows.filter((r) => r.seoTitle === t)),
      await this.jackpots(),
    );
  }

  /** `GET /api/games/jackpots`: currency → provider → what its games' jackpots hold. */
  async jackpotsByProvider(): Promise<Record<string, Record<string, number>>> {
    const out: Record<string, Record<string, number>> = {};
    for (const jackpot of await this.jackpots()) {
      for (const provider of new Set(jackpot.games.map((g) => g.slice(0, g.indexOf('/'))))) {
        out[jackpot.currency] = {
          ...out[jackpot.currency],
          [provider]: (out[jackpot.currency]?.[provider] ?? 0) + jackpot.total,
        };
      }
    }
    return out;
  }

  /** One enabled game by provider and seo title (the game page). */
  game(provider: string, name: string): Promise<Game> {
    return this.cached(`game:${provider}/${name}`, async () => {
      const [row] = await this.selectGames()
        .where(and(baseConditions(undefined), eq(providers.identifier, provider), eq(games.seoTitle, name)))
        .limit(1);
      if (!row) throw notFound();
      return toGame(row, await this.jackpots());
    });
  }

  /** The cover of a game by identifier (disabled games keep theirs: old links still draw). */
  cover(identifier: string): Promise<string> {
    return this.cached(`cover:${identifier}`, async () => {
      const [row] = await this.db
        .select({
          identifier: games.identifier,
          seoTitle: games.seoTitle,
          title: games.title,
          providerTitle: providers.title,
          categories: categoryIdentifiers,
        })
        .from(games)
        .innerJoin(providers, eq(providers.id, games.providerId))
        .where(eq(games.identifier, identifier))
        .limit(1);
      if (!row) throw notFound();
      return coverSvg({
        identifier: row.identifier,
        title: row.title,
        providerTitle: row.providerTitle,
        motif: motifFor(row.categories, row.seoTitle),
        live: row.categories.includes('live'),
      });
    });
  }
}

/**
 * What players are shown: enabled games of enabled providers whose games can be opened
 * (`launchable`: an integration exists). A catalogue-only game is not listed until then.
 */
function baseConditions(device: Device | undefined): SQL {
  return and(
    eq(games.enabled, true),
    eq(providers.enabled, true),
    eq(providers.launchable, true),
    device ? arrayContains(games.devices, [device]) : undefined,
  )!;
}

function filterConditions(query: GamesFilterQuery): SQL {
  const f = query.filter;
  const categoryIds = f?.categories?.identifiers ?? [];
  const providerIds = f?.providers ?? [];
  const currencies = f?.currencies ?? [];
  const title = f?.title?.trim();
  return and(
    baseConditions(query.device),
    // OR: in any of the listed categories.
    categoryIds.length
      ? sql`exists (select 1 from ${gameCategories} gc join ${categories} c on c.id = gc.category_id
              where gc.game_id = ${games.id} and c.enabled and ${inArray(sql`c.identifier`, categoryIds)})`
      : undefined,
    providerIds.length ? inArray(providers.identifier, providerIds) : undefined,
    currencies.length ? arrayOverlaps(games.currencies, currencies) : undefined,
    title ? ilike(games.title, `%${escapeLike(title)}%`) : undefined,
  )!;
}

function ordering(query: GamesFilterQuery): SQL[] {
  const sort = query.sort;
  if (sort) {
    const dir = (column: SQL | typeof games.title, fallback: 'asc' | 'desc') =>
      (sort.direction ?? fallback) === 'asc' ? asc(column) : desc(column);
    switch (sort.type) {
      case 'popularity':
        return [dir(sql`${games.popularity}`, 'desc'), asc(games.id)];
      case 'title':
        return [dir(sql`lower(${games.title})`, 'asc'), asc(games.id)];
      case 'released_at':
        return [dir(sql`${games.releasedAt}`, 'desc'), asc(games.id)];
      case 'position':
        return [dir(sql`${games.position}`, 'asc'), asc(games.id)];
    }
  }
  const only = query.filter?.categories?.identifiers;
  if (only?.length === 1) {
    // Inside one category, the operator's order for that category.
    return [
      sql`(select gc.position from ${gameCategories} gc join ${categories} c on c.id = gc.category_id
           where gc.game_id = ${games.id} and c.identifier = ${only[0]})`,
      asc(games.position),
      asc(games.id),
    ];
  }
  return [asc(games.position), desc(games.popularity), asc(games.id)];
}

function keyed(rows: ReadonlyArray<GameRow | undefined>, jackpots: JackpotAmounts): GamesMapResponse {
  const out: GamesMapResponse = {};
  for (const row of rows) if (row) out[row.identifier] = toGame(row, jackpots);
  return out;
}
