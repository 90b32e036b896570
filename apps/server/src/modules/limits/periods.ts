/**
 * Limit periods in the player's time zone: a day runs from local midnight to local midnight
 * (23 or 25 hours across a daylight-saving change), a week from Monday, a month from the 1st.
 * Pure functions of an instant and a zone, so tests pin any date without a clock.
 */
import { DateTime, type DurationLike } from 'luxon';
import type { CoolingOffPeriod, LimitPeriod, SelfExclusionPeriod } from '@orbit/contracts';

/** Where time zones are unknown or not set, periods count in UTC. */
export const DEFAULT_TIME_ZONE = 'UTC';

export type PeriodWindow = { start: Date; end: Date };

function zoned(at: Date, timeZone: string | null | undefined): DateTime {
  const local = DateTime.fromJSDate(at, { zone: timeZone ?? DEFAULT_TIME_ZONE });
  return local.isValid ? local : DateTime.fromJSDate(at, { zone: DEFAULT_TIME_ZONE });
}

/** The calendar period (in the player's zone) that contains `at`. */
export function periodWindow(period: LimitPeriod, at: Date, timeZone: string | null | undefined): PeriodWindow {
  const start = zoned(at, timeZone).startOf(period);
  return { start: start.toJSDate(), end: start.plus({ [`${period}s`]: 1 }).toJSDate() };
}

const EXCLUSION_LENGTHS: Readonly<Record<Exclude<CoolingOffPeriod | SelfExclusionPeriod, 'permanent'>, DurationLike>> =
  {
    '24_hours': { hours: 24 },
    '1_week': { weeks: 1 },
    '1_month': { months: 1 },
    '6_weeks': { weeks: 6 },
    '6_months': { months: 6 },
    '1_year': { years: 1 },
    '5_years': { years: 5 },
  };

/** When a cooling-off or self-exclusion started at `from` ends (calendar months and years in the player's zone); null: permanent. */
export function exclusionEnd(
  period: CoolingOffPeriod | SelfExclusionPeriod,
  from: Date,
  timeZone: string | null | undefined,
): Date | null {
  if (period === 'permanent') return null;
  return zoned(from, timeZone).plus(EXCLUSION_LENGTHS[period]).toJSDate();
}
