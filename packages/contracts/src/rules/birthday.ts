import { z } from 'zod';
import type { Licence } from '../info';
import { minimumAgeFor } from './age';
import { daysInMonth, readToday, utcDay, type CalendarDay, type Today } from './today';

/** DD/MM/YYYY with two-digit day and month. */
const BIRTHDAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** Older dates are typos, not players. */
const EARLIEST_YEAR = 1900;

/** The day a DD/MM/YYYY string names, or undefined when it is no calendar date (31/02, 00/01 ...). */
export function parseBirthday(value: string): CalendarDay | undefined {
  const match = BIRTHDAY.exec(value);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_YEAR || month < 1 || month > 12 || day < 1) return undefined;
  if (day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** Full years between a birth day and a day; a 29 February birthday comes of age on 1 March. */
export function ageOn(birth: CalendarDay, on: CalendarDay): number {
  const beforeBirthday = on.month < birth.month || (on.month === birth.month && on.day < birth.day);
  return on.year - birth.year - (beforeBirthday ? 1 : 0);
}

/** DD/MM/YYYY → YYYY-MM-DD (what the API stores and player_fields announces), or undefined. */
export function birthdayToIso(value: string): string | undefined {
  const day = parseBirthday(value.trim());
  if (!day) return undefined;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(day.year, 4)}-${pad(day.month, 2)}-${pad(day.day, 2)}`;
}

/**
 * A birthday for the licence's minimum age. `today` (default: the clock at parse time) is read
 * as a UTC calendar day; a date after today is `invalid_date`.
 */
export function birthdaySchema(licence: Licence, today?: Today) {
  return z
    .string()
    .trim()
    .check((ctx) => {
      const birth = parseBirthday(ctx.value);
      const now = utcDay(readToday(today));
      if (!birth || ageOn(birth, now) < 0) {
        ctx.issues.push({ code: 'custom', message: 'invalid_date', input: ctx.value });
      } else if (ageOn(birth, now) < minimumAgeFor(licence)) {
        ctx.issues.push({ code: 'custom', message: 'too_young', input: ctx.value });
      }
    });
}
