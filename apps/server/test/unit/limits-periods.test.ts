/** Limit periods in the player's time zone (apps/server/src/modules/limits/periods.ts), and the "would pass" rule. */
import { describe, expect, it } from 'vitest';
import { exclusionEnd, periodWindow, wouldExceed } from '../../src/modules/limits';

const iso = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()];

describe('periodWindow', () => {
  it("starts a day at the player's midnight", () => {
    // 23:30 on 20 July in Berlin (UTC+2) is 21:30 UTC.
    expect(iso(periodWindow('day', new Date('2026-07-20T21:30:00Z'), 'Europe/Berlin'))).toEqual([
      '2026-07-19T22:00:00.000Z',
      '2026-07-20T22:00:00.000Z',
    ]);
    // Half an hour later it is the 21st there.
    expect(iso(periodWindow('day', new Date('2026-07-20T22:00:00Z'), 'Europe/Berlin'))).toEqual([
      '2026-07-20T22:00:00.000Z',
      '2026-07-21T22:00:00.000Z',
    ]);
  });

  it('has a 23-hour day when the clocks go forward and a 25-hour day when they go back', () => {
    const spring = periodWindow('day', new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(iso(spring)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3600_000);
    const autumn = periodWindow('day', new Date('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    expect(iso(autumn)).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3600_000);
  });

  it('runs weeks from Monday and months from the 1st, across a change of offset', () => {
    // Wednesday 28 October 2026; the week began on Monday 26th (after the change back to UTC+1).
    expect(iso(periodWindow('week', new Date('2026-10-28T10:00:00Z'), 'Europe/Berlin'))).toEqual([
      '2026-10-25T23:00:00.000Z',
      '2026-11-01T23:00:00.000Z',
    ]);
    // October began in summer time (UTC+2) and ends in winter time (UTC+1).
    expect(iso(periodWindow('month', new Date('2026-10-28T10:00:00Z'), 'Europe/Berlin'))).toEqual([
      '2026-09-30T22:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
    ]);
  });

  it('counts in UTC when the zone is unknown or not set', () => {
    const utc = ['2026-07-20T00:00:00.000Z', '2026-07-21T00:00:00.000Z'];
    expect(iso(periodWindow('day', new Date('2026-07-20T21:30:00Z'), null))).toEqual(utc);
    expect(iso(periodWindow('day', new Date('2026-07-20T21:30:00Z'), 'Mars/Olympus_Mons'))).toEqual(utc);
  });
});

describe('exclusionEnd', () => {
  it('adds calendar lengths in the zone and is null for a permanent self-exclusion', () => {
    const from = new Date('2026-01-31T12:00:00Z');
    expect(exclusionEnd('24_hours', from, 'UTC')!.toISOString()).toBe('2026-02-01T12:00:00.000Z');
    expect(exclusionEnd('6_weeks', from, 'UTC')!.toISOString()).toBe('2026-03-14T12:00:00.000Z');
    // A month after 31 January is the last day of February.
    expect(exclusionEnd('1_month', from, 'UTC')!.toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(exclusionEnd('5_years', from, 'UTC')!.toISOString()).toBe('2031-01-31T12:00:00.000Z');
    expect(exclusionEnd('permanent', from, 'UTC')).toBeNull();
  });
});

describe('wouldExceed', () => {
  it('refuses a movement that takes the usage over the amount; at amount 0, a usage that reached it', () => {
    expect(wouldExceed(1_000, 600, 400)).toBe(false);
    expect(wouldExceed(1_000, 600, 401)).toBe(true);
    expect(wouldExceed(1_000, 999, 0)).toBe(false);
    expect(wouldExceed(1_000, 1_000, 0)).toBe(true);
    // A loss limit's usage may be negative (the player is up).
    expect(wouldExceed(1_000, -500, 1_500)).toBe(false);
  });
});
