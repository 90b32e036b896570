import { useCallback, useEffect, useState } from 'react';
import { useI18n } from './i18n';

/** The session timer ticks every second; countdowns use the same tick (docs/rules/page-shell.md). */
export const TICK_MS = 1_000;

/** The current time, renewed every `ms` while `running` (countdowns, the session clock). */
export function useNow(running = true, ms = TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [running, ms]);
  return now;
}

/** A moment (ISO) in the page's language and the browser's time zone: "25 Nov 2026, 14:05". */
export function useDateTimeFormat(): (iso: string) => string {
  const { locale } = useI18n();
  return useCallback(
    (iso: string) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    },
    [locale],
  );
}

/**
 * The time left until `until` (ISO): whole days and the rest as `hh:mm:ss`, rounded up to the
 * second (00:00:00 means now); null once the moment has passed or when it is not a date.
 */
export function timeLeft(until: string, now: number): { days: number; clock: string } | null {
  const end = Date.parse(until);
  if (Number.isNaN(end) || end <= now) return null;
  const total = Math.ceil((end - now) / 1000);
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const clock = [Math.floor(rest / 3600), Math.floor((rest % 3600) / 60), rest % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return { days, clock };
}
