/**
 * The VIP club (docs/loyalty.md "VIP club"): each quarter's deposits and bets per player set the
 * status regular → bronze → silver → gold → platinum → diamond. A status lasts to the quarter's
 * end (the quarter sweep puts the player back to regular), diamond for life.
 */
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { VipProgress, VipStatusKey } from '@orbit/contracts';
import { VIP_STATUS_GROUP_IDS, VIP_STATUSES } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { changeGroups, playerCurrencies } from '../identity';
import { referenceRatesNow, type ReferenceRates } from '../wallet';
import { vipQuarterSums, vipStatuses } from './schema';

/**
 * Bronze's quarterly thresholds in the currencies the spec names (bets, deposits; minor units).
 * Every other currency takes the EUR figures through the reference rates (rounded up).
 */
export const BRONZE_THRESHOLDS: Readonly<Record<string, { bet: number; deposit: number }>> = {
  EUR: { bet: 6_000_000, deposit: 600_000 },
  USD: { bet: 6_000_000, deposit: 600_000 },
  AUD: { bet: 9_000_000, deposit: 900_000 },
  CAD: { bet: 9_000_000, deposit: 900_000 },
  NZD: { bet: 9_000_000, deposit: 900_000 },
  BRL: { bet: 30_000_000, deposit: 3_000_000 },
};
/** Each status above bronze asks twice the one below (our choice, docs/loyalty.md). */
export const STATUS_FACTOR: Readonly<Record<VipStatusKey, number>> = {
  regular: 0,
  bronze: 1,
  silver: 2,
  gold: 4,
  platinum: 8,
  diamond: 16,
};
export const STATUS_NAMES: Readonly<Record<VipStatusKey, string>> = {
  regular: 'Rising star',
  bronze: 'Bronze',
  silver: 'Silver',
  gold: 'Gold',
  platinum: 'Platinum',
  diamond: 'Diamond',
};

/** The quarter a moment falls in, `2026-Q4` (UTC). */
export function quarterOf(at: Date): string {
  return `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
}
/** When the quarter of a moment ends (the next one's first instant, UTC). */
export function quarterEnd(at: Date): Date {
  const firstMonthNext = Math.floor(at.getUTCMonth() / 3) * 3 + 3;
  return new Date(Date.UTC(at.getUTCFullYear(), firstMonthNext, 1));
}

export function thresholdsFor(status: VipStatusKey, currency: string, rates: ReferenceRates | undefined) {
  const factor = STATUS_FACTOR[status];
  const base =
    BRONZE_THRESHOLDS[currency] ??
    (rates
      ? {
          bet: rates.convert(BRONZE_THRESHOLDS.EUR!.bet, 'EUR', currency, 'up'),
          deposit: rates.convert(BRONZE_THRESHOLDS.EUR!.deposit, 'EUR', currency, 'up'),
        }
      : BRONZE_THRESHOLDS.EUR!);
  return { bet: base.bet * factor, deposit: base.deposit * factor };
}

const order = (s: VipStatusKey) => VIP_STATUSES.indexOf(s);
export const nextStatus = (s: VipStatusKey): VipStatusKey | null => VIP_STATUSES[order(s) + 1] ?? null;

/** Mean of the two ratios, each capped at 1. */
export function overallProgress(sums: { bet: number; deposit: number }, th: { bet: number; deposit: number }) {
  const ratio = (a: number, b: number) => (b <= 0 ? 1 : Math.min(1, a / b));
  return (ratio(sums.deposit, th.deposit) + ratio(sums.bet, th.bet)) / 2;
}

/** The highest status whose both thresholds the sums reach. */
export function statusReached(
  sums: { bet: number; deposit: number },
  th: (s: VipStatusKey) => { bet: number; deposit: number },
) {
  let reached: VipStatusKey = 'regular';
  for (const s of VIP_STATUSES.slice(1)) {
    const t = th(s);
    if (sums.bet >= t.bet && sums.deposit >= t.deposit) reached = s;
  }
  return reached;
}

/** The quarter's sums of a player, in their currency (other currencies' sums through the reference rates). */
export async function quarterSums(db: Executor, userId: number, currency: string, at: Date, rates?: ReferenceRates) {
  const rows = await db
    .select()
    .from(vipQuarterSums)
    .where(and(eq(vipQuarterSums.userId, userId), eq(vipQuarterSums.quarter, quarterOf(at))));
  let bet = 0;
  let deposit = 0;
  const needRates = rows.some((r) => r.currency !== currency);
  const fx = needRates ? (rates ?? (await referenceRatesNow(db))) : undefined;
  for (const r of rows) {
    bet += r.currency === currency ? r.betCents : fx!.convert(r.betCents, r.currency, currency, 'down');
    deposit += r.currency === currency ? r.depositCents : fx!.convert(r.depositCents, r.currency, currency, 'down');
  }
  return { bet, deposit };
}

/** The status a player holds now: one of a past quarter has ended, diamond excepted. */
export async function heldStatus(db: Executor, userId: number, at: Date): Promise<VipStatusKey> {
  const [row] = await db.select().from(vipStatuses).where(eq(vipStatuses.userId, userId));
  if (!row) return 'regular';
  if (row.status === 'diamond' || row.quarter === quarterOf(at)) return row.status;
  return 'regular';
}

/** Adds deposits and bets to the quarter's sums (one row per player and currency in `rows`), in one statement. */
export async function addSums(
  tx: Executor,
  rows: ReadonlyArray<{ userId: number; currency: string; betCents: number; depositCents: number }>,
  at: Date,
) {
  if (rows.length === 0) return;
  const quarter = quarterOf(at);
  await tx
    .insert(vipQuarterSums)
    .values(
      rows.map((r) => ({
        userId: r.userId,
        quarter,
        currency: r.currency,
        betCents: r.betCents,
        depositCents: r.depositCents,
      })),
    )
    .onConflictDoUpdate({
      target: [vipQuarterSums.userId, vipQuarterSums.quarter, vipQuarterSums.currency],
      set: {
        betCents: sql`${vipQuarterSums.betCents} + excluded.bet_cents`,
        depositCents: sql`${vipQuarterSums.depositCents} + excluded.deposit_cents`,
      },
    });
}

/**
 * Sets each player's status from the quarter's sums in their currency (never below what they
 * hold this quarter), reading everything for the batch at once; answers the players whose status
 * changed (their groups_updates is published after the commit) and each player's progress as
 * GET /jam/vip_status_progress answers it (pushed as `vip_progress`, read from the same rows).
 */
export async function evaluateStatuses(
  tx: Executor,
  userIds: readonly number[],
  at: Date,
): Promise<{ changed: number[]; progress: VipProgress[] }> {
  const changed: number[] = [];
  const progress: VipProgress[] = [];
  if (userIds.length === 0) return { changed, progress };
  const ids = [...new Set(userIds)];
  const rates = await referenceRatesNow(tx);
  const quarter = quarterOf(at);
  const currencies = await playerCurrencies(tx, ids);
  const rows = await tx
    .select()
    .from(vipStatuses)
    .where(inArray(vipStatuses.userId, ids))
    .orderBy(vipStatuses.userId)
    .for('update');
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  const sumRows = await tx
    .select()
    .from(vipQuarterSums)
    .where(and(inArray(vipQuarterSums.userId, ids), eq(vipQuarterSums.quarter, quarter)));
  for (const userId of ids) {
    // A player without a row (never in practice) is judged in EUR, so that the sweep always moves on.
    const currency = currencies.get(userId) ?? 'EUR';
    const row = byUser.get(userId);
    const held: VipStatusKey = !row
      ? 'regular'
      : row.status === 'diamond' || row.quarter === quarter
        ? row.status
        : 'regular';
    const sums = { bet: 0, deposit: 0 };
    for (const r of sumRows) {
      if (r.userId !== userId) continue;
      sums.bet += r.currency === currency ? r.betCents : rates.convert(r.betCents, r.currency, currency, 'down');
      sums.deposit +=
        r.currency === currency ? r.depositCents : rates.convert(r.depositCents, r.currency, currency, 'down');
    }
    const reached = statusReached(sums, (s) => thresholdsFor(s, currency, rates));
    const target = order(reached) > order(held) ? reached : held;
    progress.push(presentProgress(userId, currency, target, sums, rates, at));
    if (row && row.status === target && (row.quarter === quarter || target === 'diamond')) continue;
    if (!row && target === 'regular') continue;
    await tx
      .insert(vipStatuses)
      .values({ userId, status: target, quarter, changedAt: at })
      .onConflictDoUpdate({ target: vipStatuses.userId, set: { status: target, quarter, changedAt: at } });
    if ((row?.status ?? 'regular') !== target) {
      await changeGroups(tx, userId, [VIP_STATUS_GROUP_IDS[target]], [], at);
      changed.push(userId);
    }
  }
  return { changed, progress };
}

/** The statuses of past quarters still held (diamond and regular excepted): the quarter sweep's work. */
export async function endedStatuses(db: Executor, at: Date) {
  return db
    .select({ userId: vipStatuses.userId })
    .from(vipStatuses)
    .where(and(lt(vipStatuses.quarter, quarterOf(at)), notInArray(vipStatuses.status, ['regular', 'diamond'])))
    .limit(500);
}

/** The answer of GET /jam/vip_status_progress for a player (or a guest: `userId` null). */
export async function vipProgress(
  db: Executor,
  userId: number | null,
  currency: string,
  at: Date,
): Promise<VipProgress> {
  const rates = await referenceRatesNow(db);
  const held = userId === null ? 'regular' : await heldStatus(db, userId, at);
  const sums = userId === null ? { bet: 0, deposit: 0 } : await quarterSums(db, userId, currency, at, rates);
  return presentProgress(userId, currency, held, sums, rates, at);
}

/** A player's progress from their held status and the quarter's sums in their currency. */
function presentProgress(
  userId: number | null,
  currency: string,
  held: VipStatusKey,
  sums: { bet: number; deposit: number },
  rates: ReferenceRates,
  at: Date,
): VipProgress {
  const next = nextStatus(held);
  // Diamond has no bar: its own thresholds are shown and the progress is full.
  const th = thresholdsFor(next ?? held, currency, rates);
  return {
    userId,
    currency,
    currentStatus: held,
    activeStatus: VIP_STATUS_GROUP_IDS[held],
    nextStatus: next,
    depositThresholdCents: th.deposit,
    depositAmountCents: sums.deposit,
    betSumCents: sums.bet,
    betSumThresholdCents: th.bet,
    overallProgress: next === null ? 1 : overallProgress(sums, th),
    validUntil: held === 'diamond' || userId === null ? null : quarterEnd(at).toISOString(),
  };
}
