import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { excludedSet } from '../../platform/db/upsert';
import { DEMO_CURRENCY, FIAT_CURRENCY_CODES, REAL_CURRENCY_CODES } from '../wallet';
import { CATEGORIES, GAMES, PROVIDERS } from './catalogue';
import { categories, gameCategories, games, providers } from './schema';

/**
 * Upserts the catalogue by natural key (identifiers); a second run leaves it as it was. What the
 * back office manages is the operators' once a row exists (docs/catalogue.md "Managed in the back
 * office"): switches, category titles and order, a game's badges, devices, currencies and places.
 */
export async function seedGames(db: Db): Promise<void> {
  const providerRows = await db
    .insert(providers)
    .values(PROVIDERS.map((p, position) => ({ ...p, position })))
    .onConflictDoUpdate({
      target: providers.identifier,
      // What operators (or the house studio's start) set is theirs: secret, game page, free-spins address.
      set: excludedSet(providers, ['id', 'identifier', 'enabled', 'walletSecret', 'launchUrl', 'freespinsUrl']),
    })
    .returning({ id: providers.id, identifier: providers.identifier });
  const providerId = new Map(providerRows.map((p) => [p.identifier, p.id]));

  const categoryRows = await db
    .insert(categories)
    .values(CATEGORIES.map((c, position) => ({ ...c, position })))
    .onConflictDoUpdate({
      target: categories.identifier,
      set: excludedSet(categories, ['id', 'identifier', 'enabled', 'title', 'position']),
    })
    // `xmax = 0`: the row was inserted by this statement (not updated).
    .returning({ id: categories.id, identifier: categories.identifier, inserted: sql<boolean>`xmax = 0` });
  const categoryId = new Map(categoryRows.map((c) => [c.identifier, c.id]));
  const newCategories = new Set(categoryRows.filter((c) => c.inserted).map((c) => c.identifier));

  const gameRows = await db
    .insert(games)
    .values(
      GAMES.map((g, position) => ({
        identifier: `${g.provider}/${g.slug}`,
        providerId: required(providerId, g.provider),
        title: g.title,
        seoTitle: g.slug,
        description: g.description,
        lines: g.lines ?? null,
        ways: g.ways ?? null,
        volatilityRating: g.volatility ?? null,
        payout: g.payout ?? null,
        hasDemoMode: g.hasDemoMode,
        devices: ['desktop', 'mobile'],
        currencies: [
          ...(g.currencies === 'all' ? REAL_CURRENCY_CODES : FIAT_CURRENCY_CODES),
          ...(g.hasDemoMode ? [DEMO_CURRENCY] : []),
        ],
        position,
        popularity: g.popularity,
        releasedAt: new Date(g.releasedAt),
        badges: g.badges ?? [],
        jackpot: g.jackpot ?? false,
      })),
    )
    .onConflictDoUpdate({
      target: games.identifier,
      set: excludedSet(games, ['id', 'identifier', 'enabled', 'badges', 'devices', 'currencies']),
    })
    .returning({ id: games.id, identifier: games.identifier, inserted: sql<boolean>`xmax = 0` });
  const gameId = new Map(gameRows.map((g) => [g.identifier, g.id]));
  const newGames = new Set(gameRows.filter((g) => g.inserted).map((g) => g.identifier));

  // A game's place inside a category follows the catalogue order. Only a new game or a new
  // category is linked: a game an operator took out of a category stays out, at its place.
  const links = CATEGORIES.flatMap((c) =>
    GAMES.filter((g) => g.categories.includes(c.identifier)).flatMap((g, position) =>
      newGames.has(`${g.provider}/${g.slug}`) || newCategories.has(c.identifier)
        ? [
            {
              gameId: required(gameId, `${g.provider}/${g.slug}`),
              categoryId: required(categoryId, c.identifier),
              position,
            },
          ]
        : [],
    ),
  );
  if (links.length) await db.insert(gameCategories).values(links).onConflictDoNothing();
}

function required<V>(map: Map<string, V>, key: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`catalogue refers to unknown ${key}`);
  return value;
}
