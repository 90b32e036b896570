/**
 * The catalogue's door for the back office (`app.orbitCatalogueDesk`, docs/catalogue.md
 * "Managed in the back office"): providers, games and categories listed and changed, each write
 * with the caller's audit entry in its transaction. After a commit the desk forgets the cached
 * catalogue (this process's answers, its wallet's provider rows, the guests' page cache, and the
 * other instances' through the pub/sub), so a game switched off leaves the lobby at once.
 */
import { and, asc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import type {
  BackofficeCategory,
  BackofficeCategoryUpdateRequest,
  BackofficeGame,
  BackofficeGamesQuery,
  BackofficeGameUpdateRequest,
  BackofficeProvider,
  BackofficeProvidersQuery,
  GameBadge,
} from '@orbit/contracts';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import { AppError, notFound } from '../../platform/errors';
import { DEMO_CURRENCY, listCurrencies } from '../wallet';
import { escapeLike } from './service';
import { categories, gameCategories, games, providers } from './schema';

/** One change as the audit log records it (the back office writes the entry). */
export type CatalogueChange = {
  action:
    'game.enabled' | 'game.disabled' | 'game.changed' | 'provider.enabled' | 'provider.disabled' | 'category.changed';
  targetType: 'game' | 'provider' | 'category';
  /** The identifier (`orbit/nova-sevens`, `aurora-live`, `slots`): what a regulator reads in the log. */
  targetId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};
/** Writes the change's audit entry in the change's transaction (no entry, no change). */
export type CatalogueAudit = (tx: Tx, change: CatalogueChange) => Promise<void>;

type Page<T> = { data: T[]; total: number };

const gameCategoryList = sql<Array<{ identifier: string; position: number }>>`coalesce((
  select json_agg(json_build_object('identifier', c.identifier, 'position', gc.position) order by c.position, c.id)
  from ${gameCategories} gc join ${categories} c on c.id = gc.category_id
  where gc.game_id = ${games.id}
), '[]'::json)`;

const gameColumns = {
  id: games.id,
  identifier: games.identifier,
  title: games.title,
  provider: providers.identifier,
  providerTitle: providers.title,
  enabled: games.enabled,
  providerEnabled: providers.enabled,
  launchable: providers.launchable,
  categories: gameCategoryList,
  badges: games.badges,
  devices: games.devices,
  currencies: games.currencies,
  position: games.position,
  hasDemoMode: games.hasDemoMode,
};
type GameRow = {
  id: number;
  identifier: string;
  title: string;
  provider: string;
  providerTitle: string;
  enabled: boolean;
  providerEnabled: boolean;
  launchable: boolean;
  categories: Array<{ identifier: string; position: number }>;
  badges: GameBadge[];
  devices: string[];
  currencies: string[];
  position: number;
  hasDemoMode: boolean;
};

const toGame = (r: GameRow): BackofficeGame => ({
  id: r.id,
  identifier: r.identifier,
  title: r.title,
  provider: r.provider,
  provider_title: r.providerTitle,
  enabled: r.enabled,
  provider_enabled: r.providerEnabled,
  launchable: r.launchable,
  categories: r.categories.map((c) => ({ identifier: c.identifier, position: Number(c.position) })),
  badges: r.badges,
  devices: r.devices.filter((d): d is 'desktop' | 'mobile' => d === 'desktop' || d === 'mobile'),
  currencies: r.currencies,
  position: r.position,
});

const providerColumns = {
  id: providers.id,
  identifier: providers.identifier,
  title: providers.title,
  position: providers.position,
  enabled: providers.enabled,
  launchable: providers.launchable,
  // Spelled out: in a one-table select the ORM leaves the outer column unqualified, and `g` would shadow it.
  games_count: sql<number>`(select count(*) from games g where g.provider_id = providers.id)::int`.mapWith(Number),
  enabled_games_count:
    sql<number>`(select count(*) from games g where g.provider_id = providers.id and g.enabled)::int`.mapWith(Number),
};

const categoryColumns = {
  id: categories.id,
  identifier: categories.identifier,
  title: categories.title,
  kind: categories.kind,
  position: categories.position,
  enabled: categories.enabled,
  games_count: sql<number>`(select count(*) from game_categories gc where gc.category_id = categories.id)::int`.mapWith(
    Number,
  ),
};

export class CatalogueDesk {
  constructor(
    private readonly db: Db,
    /** Forgets every cached catalogue answer, here and (through the pub/sub) on the other instances. */
    private readonly forget: () => void,
  ) {}

  // ---- providers --------------------------------------------------------------------------------

  async providers(query: BackofficeProvidersQuery): Promise<Page<BackofficeProvider>> {
    const where = query.enabled === undefined ? undefined : eq(providers.enabled, query.enabled === 'true');
    const rows = await this.db
      .select({ ...providerColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(providers)
      .where(where)
      .orderBy(asc(providers.position), asc(providers.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);
    return { data: rows.map(({ total: _total, ...p }) => p), total: rows[0]?.total ?? 0 };
  }

  async provider(id: number, db: Executor = this.db): Promise<BackofficeProvider> {
    const [row] = await db.select(providerColumns).from(providers).where(eq(providers.id, id));
    if (!row) throw notFound();
    return row;
  }

  /**
   * Switches a provider on or off: off, none of its games is listed or launched and its studio's
   * bets are refused (`game_disabled`); wins and rollbacks of open rounds are still taken.
   */
  async setProviderEnabled(id: number, enabled: boolean, audit: CatalogueAudit): Promise<BackofficeProvider> {
    return this.write(async (tx) => {
      const [locked] = await tx.select({ id: providers.id }).from(providers).where(eq(providers.id, id)).for('update');
      if (!locked) throw notFound();
      const before = await this.provider(id, tx);
      if (before.enabled === enabled) return { answer: before, changed: false };
      await tx.update(providers).set({ enabled }).where(eq(providers.id, id));
      const after = { ...before, enabled };
      await audit(tx, {
        action: enabled ? 'provider.enabled' : 'provider.disabled',
        targetType: 'provider',
        targetId: before.identifier,
        before: { id, enabled: before.enabled },
        after: { id, enabled },
      });
      return { answer: after, changed: true };
    });
  }

  // ---- games --------------------------------------------------------------------------------------

  async games(query: BackofficeGamesQuery): Promise<Page<BackofficeGame>> {
    const q = query.q?.trim();
    const inCategory = query.category
      ? sql`(select gc.position from ${gameCategories} gc join ${categories} c on c.id = gc.category_id
             where gc.game_id = ${games.id} and c.identifier = ${query.category})`
      : undefined;
    const where = and(
      query.provider ? eq(providers.identifier, query.provider) : undefined,
      inCategory ? sql`${inCategory} is not null` : undefined,
      query.enabled === undefined ? undefined : eq(games.enabled, query.enabled === 'true'),
      q ? or(ilike(games.title, `%${escapeLike(q)}%`), ilike(games.identifier, `%${escapeLike(q)}%`)) : undefined,
    );
    const rows = await this.db
      .select({ ...gameColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId))
      .where(where)
      // Inside one category, the order players see there.
      .orderBy(...(inCategory ? [inCategory] : [asc(providers.position)]), asc(games.position), asc(games.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);
    return { data: rows.map((r) => toGame(r as GameRow)), total: rows[0]?.total ?? 0 };
  }

  async game(id: number, db: Executor = this.db): Promise<BackofficeGame> {
    return toGame(await this.gameRow(id, db));
  }

  private async gameRow(id: number, db: Executor): Promise<GameRow> {
    const [row] = await db
      .select(gameColumns)
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId))
      .where(eq(games.id, id));
    if (!row) throw notFound();
    return row as GameRow;
  }

  /**
   * Sets the fields given. Switched off (`enabled: false`) the game leaves every list and search
   * at once and is not launched; its open rounds end as the provider protocol says (new bets
   * `game_disabled`, wins and rollbacks taken). An unknown category or currency: 422, nothing written.
   */
  async changeGame(id: number, change: BackofficeGameUpdateRequest, audit: CatalogueAudit): Promise<BackofficeGame> {
    const categoryIds = change.categories ? await this.categoryIds(change.categories.map((c) => c.identifier)) : null;
    if (change.currencies) await this.checkCurrencies(change.currencies);
    return this.write(async (tx) => {
      const [locked] = await tx.select({ id: games.id }).from(games).where(eq(games.id, id)).for('update');
      if (!locked) throw notFound();
      const before = toGame(await this.gameRow(id, tx));
      const fields: Partial<typeof games.$inferInsert> = {};
      const was: Record<string, unknown> = {};
      const now: Record<string, unknown> = {};
      const set = <K extends 'badges' | 'devices' | 'currencies'>(key: K, value: BackofficeGame[K] | undefined) => {
        if (value === undefined || sameJson(before[key], value)) return;
        was[key] = before[key];
        now[key] = value;
        fields[key] = value as never;
      };
      set('badges', change.badges);
      set('devices', change.devices);
      set('currencies', change.currencies);
      if (Object.keys(fields).length) await tx.update(games).set(fields).where(eq(games.id, id));
      if (change.categories && categoryIds) {
        const wanted = change.categories.map((c) => ({ ...c, categoryId: categoryIds.get(c.identifier)! }));
        const sorted = (list: ReadonlyArray<{ identifier: string; position: number }>) =>
          [...list].map((c) => ({ identifier: c.identifier, position: c.position })).sort(byIdentifier);
        if (!sameJson(sorted(before.categories), sorted(wanted))) {
          await tx.delete(gameCategories).where(
            and(
              eq(gameCategories.gameId, id),
              wanted.length
                ? notInArray(
                    gameCategories.categoryId,
                    wanted.map((c) => c.categoryId),
                  )
                : undefined,
            ),
          );
          if (wanted.length)
            await tx
              .insert(gameCategories)
              .values(wanted.map((c) => ({ gameId: id, categoryId: c.categoryId, position: c.position })))
              .onConflictDoUpdate({
                target: [gameCategories.gameId, gameCategories.categoryId],
                set: { position: sql`excluded.position` },
              });
          was.categories = before.categories;
          now.categories = sorted(wanted);
        }
      }
      let changed = false;
      if (Object.keys(now).length) {
        changed = true;
        await audit(tx, {
          action: 'game.changed',
          targetType: 'game',
          targetId: before.identifier,
          before: { id, ...was },
          after: { id, ...now },
        });
      }
      if (change.enabled !== undefined && change.enabled !== before.enabled) {
        changed = true;
        await tx.update(games).set({ enabled: change.enabled }).where(eq(games.id, id));
        await audit(tx, {
          action: change.enabled ? 'game.enabled' : 'game.disabled',
          targetType: 'game',
          targetId: before.identifier,
          before: { id, enabled: before.enabled },
          after: { id, enabled: change.enabled },
        });
      }
      return { answer: changed ? await this.game(id, tx) : before, changed };
    });
  }

  /** Category ids by identifier; one the catalogue lacks: 422 `categories: unknown`. */
  private async categoryIds(identifiers: string[]): Promise<Map<string, number>> {
    if (!identifiers.length) return new Map();
    const rows = await this.db
      .select({ id: categories.id, identifier: categories.identifier })
      .from(categories)
      .where(inArray(categories.identifier, identifiers));
    if (rows.length !== identifiers.length) throw AppError.validation({ categories: ['unknown'] });
    return new Map(rows.map((r) => [r.identifier, r.id]));
  }

  /** The currencies the casino holds, and the demo money: another code is 422 `currencies: unknown`. */
  private async checkCurrencies(codes: string[]): Promise<void> {
    const known = new Set([...(await listCurrencies(this.db)).map((c) => c.code), DEMO_CURRENCY]);
    if (codes.some((code) => !known.has(code))) throw AppError.validation({ currencies: ['unknown'] });
  }

  // ---- categories (the collections) ------------------------------------------------------------

  async categories(query: { page: number; per_page: number }): Promise<Page<BackofficeCategory>> {
    const rows = await this.db
      .select({ ...categoryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);
    return { data: rows.map(({ total: _total, ...c }) => c), total: rows[0]?.total ?? 0 };
  }

  async category(id: number, db: Executor = this.db): Promise<BackofficeCategory> {
    const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** Its title (what the API answers) and its place among the categories (menus, lobby rows, collections). */
  async changeCategory(
    id: number,
    change: BackofficeCategoryUpdateRequest,
    audit: CatalogueAudit,
  ): Promise<BackofficeCategory> {
    return this.write(async (tx) => {
      const [locked] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, id))
        .for('update');
      if (!locked) throw notFound();
      const before = await this.category(id, tx);
      const was: Record<string, unknown> = {};
      const now: Record<string, unknown> = {};
      if (change.title !== undefined && change.title !== before.title) {
        was.title = before.title;
        now.title = change.title;
      }
      if (change.position !== undefined && change.position !== before.position) {
        was.position = before.position;
        now.position = change.position;
      }
      if (!Object.keys(now).length) return { answer: before, changed: false };
      await tx.update(categories).set(now).where(eq(categories.id, id));
      await audit(tx, {
        action: 'category.changed',
        targetType: 'category',
        targetId: before.identifier,
        before: { id, ...was },
        after: { id, ...now },
      });
      return { answer: { ...before, ...now }, changed: true };
    });
  }

  // ---- the write path ---------------------------------------------------------------------------

  /** One transaction; after its commit (and only when something changed) the caches are forgotten. */
  private async write<T>(work: (tx: Tx) => Promise<{ answer: T; changed: boolean }>): Promise<T> {
    const { answer, changed } = await this.db.transaction(work);
    if (changed) this.forget();
    return answer;
  }
}

const byIdentifier = (a: { identifier: string }, b: { identifier: string }) =>
  a.identifier < b.identifier ? -1 : a.identifier > b.identifier ? 1 : 0;

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
