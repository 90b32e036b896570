import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { excludedSet } from '../../platform/db/upsert';
import { DEMO_CURRENCY, FIAT_CURRENCY_CODES, REAL_CURRENCY_CODES } from '../wallet';
import { CATEGORIES, GAMES, PROVIDERS } from './catalogue';
import { categories, gameCategories, games, providers } from './schema';

/** Upserts the catalogue by natural key (identifiers); a second run leaves it as it was. */
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
      set: excludedSet(categories, ['id', 'identifier', 'enabled']),
    })
    .returning({ id: categories.id, identifier: categories.identifier });
  const categoryId = new Map(categoryRows.map((c) => [c.identifier, c.id]));

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
    .onConflictDoUpdate({ target: games.identifier, set: excludedSet(games, ['id', 'identifier', 'enabled']) })
    .returning({ id: games.id, identifier: games.identifier });
  const gameId = new Map(gameRows.map((g) => [g.identifier, g.id]));

  // A game's place inside a category follows the catalogue order.
  const links = CATEGORIES.flatMap((c) =>
    GAMES.filter((g) => g.categories.includes(c.identifier)).map((g, position) => ({
      gameId: required(gameId, `${g.provider}/${g.slug}`),
      categoryId: required(categoryId, c.identifier),
      position,
    })),
  );
  await db
    .insert(gameCategories)
    .values(links)
    .onConflictDoUpdate({
      target: [gameCategories.gameId, gameCategories.categoryId],
      set: { position: sql`excluded.position` },
    });
}

function required<V>(map: Map<string, V>, key: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`catalogue refers to unknown ${key}`);
  return value;
}
