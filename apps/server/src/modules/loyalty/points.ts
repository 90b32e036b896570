/**
 * Comp points (docs/loyalty.md "Comp points"): earned from settled bets after they commit (an
 * outbox batch handler on the wallet's transfers, never in the bet's own transaction), spent in
 * the shop. `chargeable` never goes below zero; `persistent` grows with bets (a refund takes its bet's
 * points back) and sets the level.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { AccrualRule, CompPoints, CompsAward } from '@orbit/contracts';
import { bigintArray, type Executor } from '../../platform/db/executor';
import type { SettledPlay } from '../games';
import { changeGroups, levelForPoints, LEVEL_SEED } from '../identity';
import { compPointAccrualRules, compPointAccruals, compPointBalances } from './schema';

/** The rule every currency without its own uses: 10 EUR (1,000 cents) per point on slots. */
export const DEFAULT_ACCRUAL_RULE = {
  currency: '*',
  centsPerPoint: 1_000,
  contributions: {
    slots: 100,
    jackpot: 100,
    instant: 100,
    table: 10,
    roulette: 10,
    dice: 10,
    live: 10,
    'live-roulette': 10,
    'live-blackjack': 10,
    'game-shows': 10,
    other: 100,
  } as Record<string, number>,
};

/**
 * The share (percent) of a bet that earns comp points: the best share among its game's listed
 * categories, else `other` (0 when not listed). A bonus's wagering takes the lowest share instead
 * (bonuses' `wageringSharePercent`).
 */
export function pointsSharePercent(contributions: Record<string, number>, categories: readonly string[]): number {
  const listed = categories.filter((c) => contributions[c] !== undefined).map((c) => contributions[c]!);
  return listed.length ? Math.max(...listed) : (contributions.other ?? 0);
}

/** Thousandths of a point a stake earns: stake / centsPerPoint × share (floored, never negative). */
export function millipointsFor(stakeCents: number, centsPerPoint: number, percent: number): number {
  return Math.max(0, Math.floor((stakeCents * percent * 10) / centsPerPoint));
}

export type Award = { userId: number; award: CompsAward; levelChanged: boolean };

export function levelId(points: number): string {
  return `level_${levelForPoints(points).rank}`;
}

export async function compPointsOf(db: Executor, userId: number): Promise<CompPoints> {
  const [row] = await db.select().from(compPointBalances).where(eq(compPointBalances.userId, userId));
  return { chargeable: { points: row?.chargeable ?? 0 }, persistent: { points: row?.persistent ?? 0 } };
}

/**
 * Adds bets' points (and their fractions) to players in two statements for the whole batch,
 * moving each whose persistent total crossed a threshold to the new level. A negative gain (the
 * points of refunded bets) takes back from both balances, each never below zero. Answers one
 * award per player whose whole points changed.
 */
export async function addPoints(
  tx: Executor,
  gains: ReadonlyMap<number, number>,
  reason: CompsAward['reason'],
  at: Date,
): Promise<Award[]> {
  // In ascending order: two instances' batches insert the same players' rows in one order, not
  // into each other's way (a deadlock, retried, `npm run drill:postgres-restart` saw them).
  const ids = [...gains.keys()].filter((id) => gains.get(id)! !== 0).sort((a, b) => a - b);
  if (ids.length === 0) return [];
  // One row per player, created at its first points.
  await tx
    .insert(compPointBalances)
    .values(ids.map((userId) => ({ userId, updatedAt: at })))
    .onConflictDoNothing();
  // The rows locked first (`old`), so that the update's new values and the old ones belong
  // together. `total` is everything earned in thousandths after this batch (never below zero);
  // the spendable balance moves by as many whole points as the persistent one.
  const result = await tx.execute(sql`
    with g as (select * from unnest(${bigintArray(ids)}, ${bigintArray(ids.map((id) => gains.get(id)!))}) as g (user_id, mp)),
    old as (
      select b.user_id, b.persistent, greatest(0, b.persistent * 1000 + b.carry_millipoints + g.mp) as total
      from ${compPointBalances} b join g on g.user_id = b.user_id
      order by b.user_id for update of b
    )
    update ${compPointBalances} b set
      chargeable = greatest(0, b.chargeable + old.total / 1000 - b.persistent),
      persistent = old.total / 1000,
      carry_millipoints = old.total % 1000,
      updated_at = ${at.toISOString()}
    from old
    where b.user_id = old.user_id
    returning b.user_id, b.chargeable, b.persistent, old.persistent as before`);
  const awards: Award[] = [];
  for (const row of result.rows as Array<Record<string, unknown>>) {
    const userId = Number(row.user_id);
    const persistent = Number(row.persistent);
    const before = Number(row.before);
    const points = persistent - before;
    if (points === 0) continue;
    const levelChanged = await moveLevel(tx, userId, before, persistent, at);
    awards.push({
      userId,
      levelChanged,
      award: {
        points,
        reason,
        chargeable: { points: Number(row.chargeable) },
        persistent: { points: persistent },
        level: levelId(persistent),
      },
    });
  }
  return awards.sort((x, y) => x.userId - y.userId);
}

/** Puts the player in the level their persistent points earn, when it changed. */
export async function moveLevel(tx: Executor, userId: number, before: number, after: number, at: Date) {
  const from = levelForPoints(before);
  const to = levelForPoints(after);
  if (from.id === to.id) return false;
  await changeGroups(tx, userId, [to.id], [], at);
  return true;
}

/** Every level group, to make sure a player is in exactly one (the seed's repair of old players). */
export const LEVEL_GROUP_IDS = LEVEL_SEED.map((l) => l.id);

/**
 * Points from a batch's plays (`settledPlays`): each stake earns by its currency's rule and its
 * game's categories, once per transfer (the accruals table's key). A refund takes back what the
 * same stake earned: a player can cause refunds, and a refunded stake must not earn
 * (docs/loyalty.md). A currency without its own rule earns by the fallback rule on its EUR amount.
 */
/**
 * Creates or replaces a currency's accrual rule (`*`: every currency without its own): the one
 * writer of both doors, the operator API and the back office.
 */
export async function saveAccrualRule(db: Executor, currency: string, rule: AccrualRule): Promise<AccrualRule> {
  const values = { currency, centsPerPoint: rule.cents_per_point, contributions: rule.contributions };
  await db
    .insert(compPointAccrualRules)
    .values(values)
    .onConflictDoUpdate({ target: compPointAccrualRules.currency, set: values });
  return { cents_per_point: rule.cents_per_point, contributions: rule.contributions };
}

export async function accrueFromPlays(tx: Executor, plays: ReadonlyArray<SettledPlay>, at: Date) {
  const bets = plays.filter((p) => p.kind === 'stake' || p.kind === 'refund');
  if (bets.length === 0) return [];
  const rules = new Map(
    (await tx.select().from(compPointAccrualRules)).map((r) => [
      r.currency,
      { centsPerPoint: r.centsPerPoint, contributions: r.contributions },
    ]),
  );
  const fallback = rules.get('*') ?? DEFAULT_ACCRUAL_RULE;
  const rows = bets.map((b) => {
    const own = rules.get(b.currency);
    const rule = own ?? fallback;
    // Without a rule of its own, the stake counts by its EUR amount (the plays are read with `eur`).
    if (!own && b.eurCents === undefined) throw new Error('comp points need the plays read with { eur: true }');
    const stake = own ? b.cents : b.eurCents!;
    return {
      transferId: b.transferId,
      userId: b.userId,
      millipoints:
        (b.kind === 'refund' ? -1 : 1) *
        millipointsFor(stake, rule.centsPerPoint, pointsSharePercent(rule.contributions, b.round?.categories ?? [])),
      createdAt: at,
    };
  });
  // Only bets counted for the first time earn (a redelivered batch finds its rows already there).
  const fresh = await tx
    .insert(compPointAccruals)
    .values(rows)
    .onConflictDoNothing()
    .returning({ userId: compPointAccruals.userId, millipoints: compPointAccruals.millipoints });
  const gains = new Map<number, number>();
  for (const r of fresh) gains.set(r.userId, (gains.get(r.userId) ?? 0) + r.millipoints);
  return addPoints(tx, gains, 'bets', at);
}

/** Players' balances at once (the realtime publish reads them after a batch). */
export async function balancesOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.select().from(compPointBalances).where(inArray(compPointBalances.userId, userIds));
}
