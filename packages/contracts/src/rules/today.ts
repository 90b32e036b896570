/** "Today" for date rules: a fixed date (tests, the page's clock) or a function read at parse time. */
export type Today = Date | (() => Date);

export function readToday(today: Today | undefined): Date {
  if (today === undefined) return new Date();
  return typeof today === 'function' ? today() : today;
}

/** A calendar day as year, month (1–12), day, taken in UTC so the server's zone does not matter. */
export type CalendarDay = { year: number; month: number; day: number };

export function utcDay(date: Date): CalendarDay {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
