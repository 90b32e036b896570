import { and, asc, eq, inArray } from 'drizzle-orm';
import { TtlCache } from '../../platform/cache';
import type { PlayerStatus } from '@orbit/contracts';
import { LITHUANIAN_IBAN_GROUP_ID } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { excludedSet } from '../../platform/db/upsert';
import { playerGroups, userGroups } from './schema';

export type PlayerGroupRow = typeof playerGroups.$inferSelect;

/** The entry VIP status (regular, "Rising star"): every new player starts in it. */
export const ENTRY_TIER_ID = 1117;

/**
 * The twelve loyalty levels (docs/loyalty.md "Levels"): each is a player group of kind `level`,
 * earned by persistent comp points in [min, max) (max null: the top level). Ids 1001 … 1012 are
 * ours (no existing client knows level ids by number; the player answer names them `level_N`).
 * Each level asks about twice the points of the one below: at the default rate (1 point per 10 EUR
 * on slots) level 2 takes 1,000 EUR of bets and level 12 about 1.2 million.
 */
export const LEVEL_SEED: ReadonlyArray<{
  id: number;
  name: string;
  rank: number;
  minPoints: number;
  maxPoints: number | null;
}> = [
  { id: 1001, name: 'Launchpad', rank: 1, minPoints: 0, maxPoints: 100 },
  { id: 1002, name: 'Lift-off', rank: 2, minPoints: 100, maxPoints: 250 },
  { id: 1003, name: 'Stratosphere', rank: 3, minPoints: 250, maxPoints: 500 },
  { id: 1004, name: 'Low orbit', rank: 4, minPoints: 500, maxPoints: 1_000 },
  { id: 1005, name: 'High orbit', rank: 5, minPoints: 1_000, maxPoints: 2_000 },
  { id: 1006, name: 'Moonwalker', rank: 6, minPoints: 2_000, maxPoints: 4_000 },
  { id: 1007, name: 'Mars pioneer', rank: 7, minPoints: 4_000, maxPoints: 8_000 },
  { id: 1008, name: 'Asteroid miner', rank: 8, minPoints: 8_000, maxPoints: 15_000 },
  { id: 1009, name: 'Ring rider', rank: 9, minPoints: 15_000, maxPoints: 30_000 },
  { id: 1010, name: 'Deep space', rank: 10, minPoints: 30_000, maxPoints: 60_000 },
  { id: 1011, name: 'Interstellar', rank: 11, minPoints: 60_000, maxPoints: 120_000 },
  { id: 1012, name: 'Galactic legend', rank: 12, minPoints: 120_000, maxPoints: null },
];
/** The first level, every new player's. */
export const ENTRY_LEVEL_ID = 1001;

/** The level a persistent comp-point total earns. */
export function levelForPoints(points: number): (typeof LEVEL_SEED)[number] {
  return (
    LEVEL_SEED.find((l) => points >= l.minPoints && (l.maxPoints === null || points < l.maxPoints)) ?? LEVEL_SEED[0]!
  );
}

/**
 * The six VIP statuses, in order: player groups set by the VIP club from the quarter's deposits
 * and bets (docs/loyalty.md "VIP club"); `rank` is their order.
 */
export const VIP_GROUP_IDS: ReadonlyArray<number> = [ENTRY_TIER_ID, 257, 258, 259, 255, 759];

/**
 * The player groups, VIP statuses and levels with their ids as existing clients know them
 * (docs/identity.md). Writable groups are the ones the page itself puts a player in: the A/B test
 * arms (by user id parity) and the chat choice. Every other group only the house assigns.
 */
export const GROUP_SEED: ReadonlyArray<
  Omit<PlayerGroupRow, 'rank' | 'minPoints' | 'maxPoints'> &
    Partial<Pick<PlayerGroupRow, 'rank' | 'minPoints' | 'maxPoints'>>
> = [
  ...LEVEL_SEED.map((l) => ({ ...l, kind: 'level' as const, writable: false })),
  { id: ENTRY_TIER_ID, name: 'Rising star', kind: 'group', writable: false, rank: 1 },
  { id: 257, name: 'Bronze', kind: 'group', writable: false, rank: 2 },
  { id: 258, name: 'Silver', kind: 'group', writable: false, rank: 3 },
  { id: 259, name: 'Gold', kind: 'group', writable: false, rank: 4 },
  { id: 255, name: 'Platinum', kind: 'group', writable: false, rank: 5 },
  { id: 759, name: 'Diamond', kind: 'group', writable: false, rank: 6 },
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

/** Groups of which a player is in one at most: joining one leaves the others (the A/B test arms, the VIP statuses, the levels). */
export const EXCLUSIVE_GROUPS: ReadonlyArray<ReadonlyArray<number>> = [
  [543, 544],
  VIP_GROUP_IDS,
  LEVEL_SEED.map((l) => l.id),
];

/** Upserts the catalogue by id; a second run leaves every row as it was. */
export async function seedGroups(db: Executor): Promise<void> {
  await db
    .insert(playerGroups)
    .values(GROUP_SEED.map((g) => ({ rank: null, minPoints: null, maxPoints: null, ...g })))
    .onConflictDoUpdate({ target: playerGroups.id, set: excludedSet(playerGroups, ['id']) });
}

/** Puts a new player in the entry VIP status and the first level (inside the registration's transaction). */
export async function joinEntryTier(tx: Executor, userId: number, at: Date): Promise<void> {
  await tx
    .insert(userGroups)
    .values([
      { userId, groupId: ENTRY_TIER_ID, addedAt: at },
      { userId, groupId: ENTRY_LEVEL_ID, addedAt: at },
    ])
    .onConflictDoNothing();
}

/** The player's groups and level, the level first, then groups by rank (VIP statuses) and id. */
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
  // Levels by rank; among groups, the VIP status (ranked) before the others.
  return (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;
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

/**
 * The players in a group or level, by id ascending, at most `limit` of them (the back office's
 * grants refuse a larger group); undefined for a group that does not exist.
 */
export async function groupMemberIds(db: Executor, groupId: number, limit: number): Promise<number[] | undefined> {
  const [group] = await db.select({ id: playerGroups.id }).from(playerGroups).where(eq(playerGroups.id, groupId));
  if (!group) return undefined;
  const rows = await db
    .select({ userId: userGroups.userId })
    .from(userGroups)
    .where(eq(userGroups.groupId, groupId))
    .orderBy(asc(userGroups.userId))
    .limit(limit);
  return rows.map((r) => r.userId);
}
