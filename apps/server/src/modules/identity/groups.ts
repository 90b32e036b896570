import { and, asc, eq, inArray } from 'drizzle-orm';
import { TtlCache } from '../../platform/cache';
import type { PlayerStatus } from '@orbit/contracts';
import { LITHUANIAN_IBAN_GROUP_ID } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { excludedSet } from '../../platform/db/upsert';
import { playerGroups, userGroups } from './schema';

export type PlayerGroupRow = typeof playerGroups.$inferSelect;

/** The entry VIP tier (Rising star): every new player starts in it. */
export const ENTRY_TIER_ID = 1117;

/**
 * The player groups and VIP tiers with their ids as existing clients know them (docs/identity.md). Tiers are
 * earned by persistent comp points in [min, max) (max null: the top tier); the ranges are our
 * choice: each tier asks roughly three times the points of the one below.
 * Writable groups are the ones the page itself puts a player in: the A/B test arms (by user id
 * parity) and the chat choice. Every other group only the house assigns.
 */
export const GROUP_SEED: ReadonlyArray<
  Omit<PlayerGroupRow, 'rank' | 'minPoints' | 'maxPoints'> &
    Partial<Pick<PlayerGroupRow, 'rank' | 'minPoints' | 'maxPoints'>>
> = [
  { id: ENTRY_TIER_ID, name: 'Rising star', kind: 'level', writable: false, rank: 1, minPoints: 0, maxPoints: 1_000 },
  { id: 257, name: 'Bronze', kind: 'level', writable: false, rank: 2, minPoints: 1_000, maxPoints: 5_000 },
  { id: 258, name: 'Silver', kind: 'level', writable: false, rank: 3, minPoints: 5_000, maxPoints: 15_000 },
  { id: 259, name: 'Gold', kind: 'level', writable: false, rank: 4, minPoints: 15_000, maxPoints: 50_000 },
  { id: 255, name: 'Platinum', kind: 'level', writable: false, rank: 5, minPoints: 50_000, maxPoints: 150_000 },
  { id: 759, name: 'Diamond', kind: 'level', writable: false, rank: 6, minPoints: 150_000, maxPoints: null },
  { id: 21, name: 'Tester', kind: 'group', writable: false },
  { id: 26, name: 'General chat', kind: 'group', writable: false },
  { id: 100, name: 'Multi-account', kind: 'group', writable: false },
  { id: 543, name: 'A/B test: arm A', kind: 'group', writable: true },
  { id: 544, name: 'A/B test: arm B', kind: 'group', writable: true },
  { id: 545, name: 'Live chat: second provider', kind: 'group', writable: true },
  { id: 631, name: 'Sofort hidden', kind: 'group', writable: false },
  { id: 916, name: 'Notifications', kind: 'group', writable: false },
  { id: LITHUANIAN_IBAN_GROUP_ID, name: 'Lithuanian IBAN', kind: 'group', writable: false },
  { id: 1308, name: 'Wheel segment A', kind: 'group', writable: false },
  { id: 1309, name: 'Wheel segment B', kind: 'group', writable: false },
  { id: 131811, name: 'Banner group', kind: 'group', writable: false },
];

/** Groups of which a player is in one at most: joining one leaves the others (the A/B test arms). */
export const EXCLUSIVE_GROUPS: ReadonlyArray<ReadonlyArray<number>> = [[543, 544]];

/** Upserts the catalogue by id; a second run leaves every row as it was. */
export async function seedGroups(db: Executor): Promise<void> {
  await db
    .insert(playerGroups)
    .values(GROUP_SEED.map((g) => ({ rank: null, minPoints: null, maxPoints: null, ...g })))
    .onConflictDoUpdate({ target: playerGroups.id, set: excludedSet(playerGroups, ['id']) });
}

/** Puts a new player in the entry tier (inside the registration's transaction). */
export async function joinEntryTier(tx: Executor, userId: number, at: Date): Promise<void> {
  await tx.insert(userGroups).values({ userId, groupId: ENTRY_TIER_ID, addedAt: at }).onConflictDoNothing();
}

/** The player's groups and tier, tiers first (by rank), then groups by id. */
export async function membershipsOf(db: Executor, userId: number): Promise<PlayerGroupRow[]> {
  const rows = await db
    .select({ group: playerGroups })
    .from(userGroups)
    .innerJoin(playerGroups, eq(playerGroups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId));
  return rows.map((r) => r.group).sort(byCatalogueOrder);
}

/**
 * The catalogue as every signed-in call needs it (to name the player's groups), read at most
 * every few seconds per database: it is reference data that only a seed or an operator changes.
 */
const catalogues = new WeakMap<object, TtlCache<ReadonlyMap<number, PlayerGroupRow>>>();
const CATALOGUE_TTL_MS = 5_000;

export function groupCatalogue(db: Executor): Promise<ReadonlyMap<number, PlayerGroupRow>> {
  let cache = catalogues.get(db);
  if (!cache) catalogues.set(db, (cache = new TtlCache(CATALOGUE_TTL_MS, 1)));
  return cache.get('all', async () => new Map((await db.select().from(playerGroups)).map((g) => [g.id, g])));
}

/** The player's groups and tier from their ids (the session lookup reads them), in membershipsOf's order. */
export async function membershipsFromIds(db: Executor, ids: readonly number[]): Promise<PlayerGroupRow[]> {
  const catalogue = await groupCatalogue(db);
  return ids.flatMap((id) => catalogue.get(id) ?? []).sort(byCatalogueOrder);
}

export async function listGroups(db: Executor): Promise<PlayerGroupRow[]> {
  return (await db.select().from(playerGroups).orderBy(asc(playerGroups.id))).sort(byCatalogueOrder);
}

function byCatalogueOrder(a: PlayerGroupRow, b: PlayerGroupRow): number {
  if (a.kind !== b.kind) return a.kind === 'level' ? -1 : 1;
  return (a.rank ?? 0) - (b.rank ?? 0) || a.id - b.id;
}

/** One entry of GET /api/info/statuses. */
export function toStatus(g: PlayerGroupRow): PlayerStatus {
  return {
    id: g.id,
    name: g.name,
    status: g.kind,
    writable: g.writable,
    conditions:
      g.kind === 'level'
        ? [{ persistent_comp_points: { type: 'range', min: g.minPoints ?? 0, max: g.maxPoints, exclude_end: true } }]
        : [],
  };
}

/**
 * Judges a join/leave request against the catalogue: unknown ids → `unknown`, known but not
 * writable → `not_writable`. Answers the field errors (empty when it may go ahead).
 */
export function judgeGroupChange(catalogue: ReadonlyArray<PlayerGroupRow>, ids: ReadonlyArray<number>): string[] {
  const byId = new Map(catalogue.map((g) => [g.id, g]));
  const codes: string[] = [];
  if (ids.some((id) => !byId.has(id))) codes.push('unknown');
  if (ids.some((id) => byId.has(id) && !byId.get(id)!.writable)) codes.push('not_writable');
  return codes;
}

/** Adds and removes memberships (already judged writable); joining an exclusive group leaves its siblings. */
export async function changeGroups(
  tx: Executor,
  userId: number,
  add: ReadonlyArray<number>,
  remove: ReadonlyArray<number>,
  at: Date,
): Promise<void> {
  const leaving = new Set(remove);
  for (const id of add)
    for (const set of EXCLUSIVE_GROUPS)
      if (set.includes(id)) for (const other of set) if (other !== id) leaving.add(other);
  for (const id of add) leaving.delete(id);
  if (leaving.size)
    await tx.delete(userGroups).where(and(eq(userGroups.userId, userId), inArray(userGroups.groupId, [...leaving])));
  if (add.length) {
    await tx
      .insert(userGroups)
      .values([...new Set(add)].map((groupId) => ({ userId, groupId, addedAt: at })))
      .onConflictDoNothing();
  }
}
