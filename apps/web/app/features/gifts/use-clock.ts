import { useCallback, useEffect, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { timeLeft } from './rules';

/** Countdowns tick every second, as the session timer does (docs/rules/page-shell.md). */
const TICK_MS = 1_000;

/** The current time, renewed every second while `running`. */
export function useNow(running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
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

/** The time left until `until` in words: "3 days 04:12:09", "04:12:09"; null once it has passed. */
export function useCountdownText(until: string | null): string | null {
  const { t } = useI18n();
  const now = useNow(until !== null);
  if (!until) return null;
  const left = timeLeft(until, now);
  if (!left) return null;
  return left.days > 0 ? t('gifts.countdown.days', { count: left.days, clock: left.clock }) : left.clock;
}
