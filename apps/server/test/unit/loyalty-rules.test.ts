/**
 * The loyalty module's arithmetic (docs/loyalty.md): the quarter of a moment and its end, VIP
 * thresholds by currency and status, progress as the mean of two capped ratios, the status two
 * sums reach, the money rate fallback, and what a stake earns.
 */
import { describe, expect, it } from 'vitest';
import { levelForPoints } from '../../src/modules/identity/groups';
import { DEFAULT_ACCRUAL_RULE, millipointsFor, pointsSharePercent } from '../../src/modules/loyalty/points';
import { pickRate } from '../../src/modules/loyalty/shop';
import {
  nextStatus,
  overallProgress,
  quarterEnd,
  quarterOf,
  statusReached,
  thresholdsFor,
} from '../../src/modules/loyalty/vip';

describe('the quarter', () => {
  it('names the calendar quarter (UTC) and ends it at the next one', () => {
    expect(quarterOf(new Date('2026-03-31T23:59:59Z'))).toBe('2026-Q1');
    expect(quarterOf(new Date('2026-04-01T00:00:00Z'))).toBe('2026-Q2');
    expect(quarterEnd(new Date('2026-11-26T12:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('VIP thresholds and progress', () => {
  it('doubles from bronze upwards and takes the spec figures per currency', () => {
    expect(thresholdsFor('bronze', 'EUR', undefined)).toEqual({ bet: 6_000_000, deposit: 600_000 });
    expect(thresholdsFor('gold', 'AUD', undefined)).toEqual({ bet: 36_000_000, deposit: 3_600_000 });
    expect(thresholdsFor('diamond', 'BRL', undefined)).toEqual({ bet: 480_000_000, deposit: 48_000_000 });
    expect(nextStatus('platinum')).toBe('diamond');
    expect(nextStatus('diamond')).toBeNull();
  });

  it('is the mean of the two ratios, each capped at 1', () => {
    const th = { bet: 1_000, deposit: 100 };
    expect(overallProgress({ bet: 0, deposit: 0 }, th)).toBe(0);
    expect(overallProgress({ bet: 500, deposit: 100 }, th)).toBe(0.75);
    expect(overallProgress({ bet: 5_000, deposit: 0 }, th)).toBe(0.5);
    expect(overallProgress({ bet: 5_000, deposit: 500 }, th)).toBe(1);
  });

  it('reaches a status only when both sums reach its thresholds', () => {
    const th = (s: Parameters<typeof thresholdsFor>[0]) => thresholdsFor(s, 'EUR', undefined);
    expect(statusReached({ bet: 6_000_000, deposit: 599_999 }, th)).toBe('regular');
    expect(statusReached({ bet: 6_000_000, deposit: 600_000 }, th)).toBe('bronze');
    expect(statusReached({ bet: 30_000_000, deposit: 2_400_000 }, th)).toBe('gold');
    expect(statusReached({ bet: 96_000_000, deposit: 9_600_000 }, th)).toBe('diamond');
  });
});

describe('the shop and the accrual', () => {
  it("picks the player's currency, then EUR, then the default, then the first rate", () => {
    const rates = [
      { currency: 'NOK', points: 1 },
      { currency: 'EUR', points: 2 },
      { currency: 'CAD', points: 3 },
    ];
    expect(pickRate(rates, 'CAD')!.points).toBe(3);
    expect(pickRate(rates, 'BRL')!.points).toBe(2);
    expect(pickRate([{ currency: 'NOK', points: 1 }], 'BRL')!.points).toBe(1);
    expect(pickRate([], 'EUR')).toBeUndefined();
  });

  it('earns thousandths of a point by the best listed category, else other', () => {
    const c = DEFAULT_ACCRUAL_RULE.contributions;
    expect(pointsSharePercent(c, ['top', 'slots'])).toBe(100);
    expect(pointsSharePercent(c, ['top', 'live'])).toBe(10);
    expect(pointsSharePercent(c, [])).toBe(100);
    expect(millipointsFor(1_000, 1_000, 100)).toBe(1_000);
    expect(millipointsFor(1, 1_000, 10)).toBe(0);
    expect(millipointsFor(999, 1_000, 100)).toBe(999);
  });

  it('puts points on one of twelve levels', () => {
    expect(levelForPoints(0).rank).toBe(1);
    expect(levelForPoints(99).rank).toBe(1);
    expect(levelForPoints(100).rank).toBe(2);
    expect(levelForPoints(119_999).rank).toBe(11);
    expect(levelForPoints(10_000_000).rank).toBe(12);
  });
});
