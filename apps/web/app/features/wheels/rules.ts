/**
 * The loot-box wheel's rules without React (docs/rules/promotions.md "Loot-box wheel"): which
 * boxes show, a segment's label, and the angle that lands the drawn segment under the pointer.
 * Unit-tested in apps/web/test/unit/promotions-rules.test.ts.
 */
import type { Lootbox } from '@orbit/contracts';

/** The same UTC day (the server's "today" for opened boxes). */
const sameDay = (a: number, b: number) =>
  new Date(a).toISOString().slice(0, 10) === new Date(b).toISOString().slice(0, 10);

/**
 * A box shows only if it is not expired (by its stage or its time) and either not opened, or
 * opened on the same day (UTC) by its `activated_at`.
 */
export function lootboxShown(box: Pick<Lootbox, 'stage' | 'valid_until' | 'activated_at'>, now: number): boolean {
  if (box.stage === 'expired') return false;
  if (box.stage === 'issued' && box.valid_until !== null && Date.parse(box.valid_until) <= now) return false;
  if (box.stage !== 'activated') return true;
  return box.activated_at !== null && sameDay(Date.parse(box.activated_at), now);
}

/** A wheel's tier from its box's group key (`wheel_rocket_pro` → PRO); null for other boxes. */
export function wheelTier(groupKey: string): 'LITE' | 'PRO' | 'MAX' | null {
  if (groupKey.endsWith('rocket_lite')) return 'LITE';
  if (groupKey.endsWith('rocket_pro')) return 'PRO';
  if (groupKey.endsWith('rocket_max')) return 'MAX';
  return null;
}

/**
 * The wheel's rotation (degrees, clockwise) that brings segment `index` of `count` under the
 * pointer at the top after at least `turns` full turns from `from`: segment i is drawn centred
 * at i × 360/count, so the wheel turns until that angle is at 0.
 */
export function wheelLandingAngle(index: number, count: number, from = 0, turns = 5): number {
  const segment = 360 / count;
  const target = (360 - ((index * segment) % 360)) % 360;
  const base = Math.ceil(from / 360) * 360 + turns * 360;
  return base + target;
}

/** The segment under the pointer at a rotation (the inverse of the landing angle). */
export function segmentAt(angle: number, count: number): number {
  const segment = 360 / count;
  const atTop = (((360 - (angle % 360)) % 360) + 360) % 360;
  return Math.round(atTop / segment) % count;
}

/** The index of the won item of an opened box (-1 when none is marked). */
export function wonIndex(box: Pick<Lootbox, 'items'>): number {
  return box.items.findIndex((item) => item.prize);
}

/** The wheel groups, in the order a player's first matching group picks the segment set. */
export const WHEEL_GROUP_IDS = [21, 1308, 1309];

/** The player's segment set: that of their first wheel group, else the default set. */
export function segmentSetFor<S>(sets: Record<string, S[]>, groups: readonly number[]): S[] {
  const group = WHEEL_GROUP_IDS.find((g) => groups.includes(g));
  const chosen = (group !== undefined ? sets[String(group)] : undefined) ?? sets.default;
  return chosen ?? [];
}

/** Each segment's chance in whole percent (at least 1 shown as "<1"). */
export function segmentChances(weights: readonly number[]): string[] {
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => {
    const share = total > 0 ? (w / total) * 100 : 0;
    return share < 1 ? '<1' : String(Math.round(share));
  });
}
