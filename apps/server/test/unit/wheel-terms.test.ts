/**
 * The wheel's terms from the static page (docs/promotions.md "The wheel's page"): the group's
 * deposit table, the tier a deposit reaches with the EUR fallback, the segments' prizes and the
 * cap on a bonus prize's winnings in the player's currency.
 */
import { describe, expect, it } from 'vitest';
import { WHEEL_SEGMENT_SAMPLES, WHEEL_TIER_SAMPLES, type WheelPageJson } from '@orbit/contracts';
import {
  pageAmountIn,
  readWheelPage,
  segmentPrizes,
  tierForDeposit,
  tiersFor,
  tierTerms,
  type Wheel,
} from '../../src/modules/promotions/wheel-terms';

const page: WheelPageJson = {
  deposit: {
    default: {
      rocket_lite: { EUR: { pay: 2_000, get: 10_000 }, NOK: { pay: 20_000, get: 100_000 } },
      rocket_pro: { EUR: { pay: 10_000, get: 30_000 } },
    },
    '1308': {
      rocket_lite: { EUR: { pay: 1_000, get: 20_000 } },
      rocket_pro: { EUR: { pay: 5_000, get: 60_000 } },
      rocket_max: { EUR: { pay: 25_000, get: 200_000 } },
    },
  },
  maxWin: { EUR: 50_000, NOK: 400_000 },
};
const config: Wheel = { tiers: WHEEL_TIER_SAMPLES, sets: WHEEL_SEGMENT_SAMPLES.segments_by_group };
const withPage: Wheel = { ...config, page };
/** 1 EUR = 11.5 NOK, rounded down as the reference rates do. */
const eurToNok = (cents: number) => Math.floor(cents * 11.5);
const nokToEur = (cents: number) => Math.floor(cents / 11.5);
const same = (cents: number) => cents;

describe("the wheel's page", () => {
  it("reads the page's wheel keys, leaves a json without them alone and refuses a bad one", () => {
    expect(readWheelPage({ promo: true })).toEqual({});
    expect(readWheelPage(undefined)).toEqual({});
    expect(readWheelPage({ promo: true, ...page }).page?.maxWin).toEqual({ EUR: 50_000, NOK: 400_000 });
    expect(readWheelPage({ deposit: { default: { rocket_lite: { EUR: { pay: -1, get: 1 } } } } }).error).toBeTruthy();
    expect(readWheelPage({ deposit: { default: { rocket_mega: { EUR: { pay: 1, get: 1 } } } } }).error).toBeTruthy();
    expect(readWheelPage({ maxWin: { EUR: 'a lot' } }).error).toBeTruthy();
  });

  it("picks the player's wheel group's table, else default, else the fe config", () => {
    expect(tiersFor(withPage, [1308]).tiers.map((t) => t.deposit.EUR!.pay)).toEqual([1_000, 5_000, 25_000]);
    expect(tiersFor(withPage, [7, 1309]).tiers.map((t) => t.tier)).toEqual(['rocket_lite', 'rocket_pro']);
    expect(tiersFor(withPage, []).source).toBe('page');
    expect(tiersFor(config, [1308])).toEqual({ source: 'config', tiers: WHEEL_TIER_SAMPLES.tiers });
    // A table without a tier in it counts as none.
    expect(tiersFor({ ...config, page: { deposit: { default: {} } } }, []).source).toBe('config');
  });

  it('a deposit reaches the highest tier of its group: its currency, else EUR converted', () => {
    const reach = (groups: number[], currency: string, cents: number, toEur = same) =>
      tierForDeposit(tiersFor(withPage, groups).tiers, currency, cents, toEur)?.tier;
    expect(reach([], 'EUR', 5_000)).toBe('rocket_lite');
    expect(reach([1308], 'EUR', 5_000)).toBe('rocket_pro');
    expect(reach([1308], 'EUR', 999)).toBeUndefined();
    // NOK has its own LITE entry (200 NOK); PRO is compared in EUR.
    expect(reach([], 'NOK', 20_000, nokToEur)).toBe('rocket_lite');
    expect(reach([], 'NOK', 19_999, nokToEur)).toBeUndefined();
    expect(reach([], 'NOK', 115_000, nokToEur)).toBe('rocket_pro');
    // Without the page: the fe config's 20 / 100 / 500 EUR.
    expect(tierForDeposit(tiersFor(config, [1308]).tiers, 'EUR', 5_000, same)?.tier).toBe('rocket_lite');
  });

  it("a tier's cost and top prize in the player's currency, else EUR", () => {
    expect(tierTerms(withPage, [], 'NOK', eurToNok)).toEqual([
      { tier: 'rocket_lite', label: 'LITE', currency: 'NOK', pay_cents: 20_000, top_prize_cents: 100_000 },
      { tier: 'rocket_pro', label: 'PRO', currency: 'EUR', pay_cents: 10_000, top_prize_cents: 30_000 },
    ]);
    // The fe config: the set's largest bonus (100 EUR, 200 for 1308) times the tier's `get`.
    expect(tierTerms(config, [1308], 'EUR', same).map((t) => t.top_prize_cents)).toEqual([20_000, 60_000, 200_000]);
  });

  it("scales the set so that its largest bonus is the tier's top prize", () => {
    const lite = segmentPrizes(withPage, [], 'rocket_lite', 'EUR', same);
    expect(Math.max(...lite)).toBe(10_000);
    expect(lite[0]).toBe(100);
    // NOK has its own entry: no conversion; PRO falls back to EUR, converted down.
    expect(Math.max(...segmentPrizes(withPage, [], 'rocket_lite', 'NOK', eurToNok))).toBe(100_000);
    expect(Math.max(...segmentPrizes(withPage, [], 'rocket_pro', 'NOK', eurToNok))).toBe(345_000);
    // 1308's set doubles the bonuses; its LITE top prize is 200 EUR.
    expect(segmentPrizes(withPage, [1308], 'rocket_lite', 'EUR', same)[0]).toBe(200);
    // The fe config: the tier's `get` multiplies (PRO: 3).
    expect(segmentPrizes(config, [], 'rocket_pro', 'EUR', same)[0]).toBe(300);
    expect(segmentPrizes(config, [], 'rocket_pro', 'NOK', eurToNok)[0]).toBe(3_450);
  });

  it("the cap in the player's currency: its own, else EUR converted down; none without maxWin", () => {
    expect(pageAmountIn(page.maxWin, 'NOK', eurToNok)).toEqual({ currency: 'NOK', amount_cents: 400_000 });
    expect(pageAmountIn(page.maxWin, 'USD', (c) => Math.floor(c * 1.08))).toEqual({
      currency: 'USD',
      amount_cents: 54_000,
    });
    expect(pageAmountIn(undefined, 'EUR', same)).toBeNull();
    expect(pageAmountIn({ NOK: 1 }, 'EUR', same)).toBeNull();
  });
});
