/**
 * The wheel's terms without the database (docs/promotions.md "The wheel's page"): which tiers a
 * player's group sees (the static page's json, else the fe config `wheel-config`), the tier a
 * deposit reaches, a tier's cost and top prize in the player's currency (EUR fallback), the
 * segments' prizes a box of a tier carries, and the cap on a bonus prize's winnings.
 */
import {
  WHEEL_GROUP_IDS,
  WHEEL_PAGE_KEYS,
  WHEEL_SEGMENT_SAMPLES,
  WHEEL_TIERS,
  wheelPageJsonSchema,
  type LocalisedTexts,
  type WheelPageJson,
  type WheelSegment,
  type WheelTier,
  type WheelTiersConfig,
} from '@orbit/contracts';

/** A segment or a tier as the config may give it: with its title in other locales (docs/localisation.md). */
export type Localised<T> = T & { translations?: LocalisedTexts };
export type Wheel = {
  /** The fe config `wheel-config` (else the built-in samples): `get` multiplies the segments' bonuses. */
  tiers: Omit<WheelTiersConfig, 'tiers'> & { tiers: Array<Localised<WheelTiersConfig['tiers'][number]>> };
  sets: Record<string, Array<Localised<WheelSegment>>>;
  /** The wheel's part of the static page's json, when it has one: `get` is the tier's top prize. */
  page?: WheelPageJson;
};
export type TierTable = WheelTiersConfig['tiers'];
/** Turns EUR cents into the player's currency (rounded down); identity for EUR. */
export type FromEur = (eurCents: number) => number;

export const TIER_LABELS: Record<WheelTier, string> = { rocket_lite: 'LITE', rocket_pro: 'PRO', rocket_max: 'MAX' };

/**
 * The wheel's part of a page's json: undefined when the json has none of its keys, or (with the
 * reason, for the log) when it does not read as the wheel's terms.
 */
export function readWheelPage(json: unknown): { page?: WheelPageJson; error?: string } {
  if (!json || typeof json !== 'object' || !WHEEL_PAGE_KEYS.some((k) => k in json)) return {};
  const parsed = wheelPageJsonSchema.safeParse(json);
  return parsed.success ? { page: parsed.data } : { error: parsed.error.message };
}

/** The player's first wheel group (21, 1308, 1309) as a key, else `default`. */
export function wheelGroupKey(groupIds: readonly number[]): string {
  const group = WHEEL_GROUP_IDS.find((g) => groupIds.includes(g));
  return group === undefined ? 'default' : String(group);
}

/** The set of the player's first wheel group (21, 1308, 1309), else `default`. */
export function segmentSetFor(
  sets: Record<string, Array<Localised<WheelSegment>>>,
  groupIds: readonly number[],
): Array<Localised<WheelSegment>> {
  const chosen = sets[wheelGroupKey(groupIds)] ?? sets.default;
  return chosen?.length ? chosen : WHEEL_SEGMENT_SAMPLES.segments_by_group.default!;
}

/**
 * The tiers a player's group sees: the page's deposit table of the group (else its `default`)
 * when the page has one with a tier in it, else the fe config's tiers.
 */
export function tiersFor(wheel: Wheel, groupIds: readonly number[]): { source: 'page' | 'config'; tiers: TierTable } {
  const deposit = wheel.page?.deposit;
  const table = deposit ? (deposit[wheelGroupKey(groupIds)] ?? deposit.default) : undefined;
  const tiers = table
    ? WHEEL_TIERS.flatMap((tier) => {
        const byCurrency = table[tier];
        return byCurrency && Object.keys(byCurrency).length
          ? [{ tier, label: TIER_LABELS[tier], deposit: byCurrency }]
          : [];
      })
    : [];
  return tiers.length ? { source: 'page', tiers } : { source: 'config', tiers: wheel.tiers.tiers };
}

/** The highest tier whose cost (`pay`, in the deposit's currency or EUR converted) a deposit reaches. */
export function tierForDeposit(
  tiers: TierTable,
  currency: string,
  amountCents: number,
  toEur: (cents: number) => number,
): TierTable[number] | undefined {
  const reached = tiers.filter((t) => {
    const own = t.deposit[currency];
    if (own) return amountCents >= own.pay;
    const eur = t.deposit.EUR;
    return eur !== undefined && toEur(amountCents) >= eur.pay;
  });
  return reached.at(-1);
}

const topBonus = (set: readonly WheelSegment[]) => Math.max(0, ...set.map((s) => s.bonus_amount_cents));

/**
 * What a tier asks and pays, for a player: its entry in the player's currency, else its EUR entry
 * (then the figures are EUR). `pay_cents` is the deposit it needs; `top_prize_cents` its largest
 * bonus prize: the page's `get`, or (fe config) the set's largest bonus times the tier's `get`.
 */
export function tierTerms(
  wheel: Wheel,
  groupIds: readonly number[],
  currency: string,
  fromEur: FromEur,
): Array<{ tier: WheelTier; label: string; currency: string; pay_cents: number; top_prize_cents: number }> {
  const { source, tiers } = tiersFor(wheel, groupIds);
  const setTop = topBonus(segmentSetFor(wheel.sets, groupIds));
  return tiers.flatMap((t) => {
    const own = t.deposit[currency];
    const entry = own ? { currency, ...own } : t.deposit.EUR ? { currency: 'EUR', ...t.deposit.EUR } : undefined;
    if (!entry) return [];
    const top =
      source === 'page'
        ? entry.get
        : entry.currency === 'EUR' || currency === 'EUR'
          ? setTop * entry.get
          : fromEur(setTop * entry.get);
    return [{ tier: t.tier, label: t.label, currency: entry.currency, pay_cents: entry.pay, top_prize_cents: top }];
  });
}

/**
 * The bonus prize of each segment of the player's set in a box of `tier`, in the box's currency
 * (rounded down). Page: the set is scaled so that its largest bonus is the tier's `get` (in the
 * currency's entry; else the EUR entry's, converted). Fe config: each bonus times the tier's EUR
 * `get`, converted. A tier the player's table lacks scales by 1.
 */
export function segmentPrizes(
  wheel: Wheel,
  groupIds: readonly number[],
  tier: WheelTier,
  currency: string,
  fromEur: FromEur,
): number[] {
  const set = segmentSetFor(wheel.sets, groupIds);
  const { source, tiers } = tiersFor(wheel, groupIds);
  const deposit = tiers.find((t) => t.tier === tier)?.deposit;
  const setTop = topBonus(set);
  if (source === 'page' && deposit && setTop > 0) {
    const own = deposit[currency];
    const eur = deposit.EUR;
    if (own) return set.map((s) => Math.floor((s.bonus_amount_cents * own.get) / setTop));
    if (eur) return set.map((s) => fromEur(Math.floor((s.bonus_amount_cents * eur.get) / setTop)));
  }
  const scale = source === 'config' ? (deposit?.EUR?.get ?? 1) : 1;
  return set.map((s) => fromEur(s.bonus_amount_cents * scale));
}

/** A per-currency amount of the page (`maxWin`, `spinRate`) in a currency: its own, else EUR converted; null when none. */
export function pageAmountIn(
  byCurrency: Record<string, number> | undefined,
  currency: string,
  fromEur: FromEur,
): { currency: string; amount_cents: number } | null {
  const own = byCurrency?.[currency];
  if (own !== undefined) return { currency, amount_cents: own };
  const eur = byCurrency?.EUR;
  return eur === undefined ? null : { currency, amount_cents: fromEur(eur) };
}
