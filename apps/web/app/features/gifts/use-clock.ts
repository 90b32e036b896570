import { useI18n } from '../../lib/i18n';
import { useNow } from '../../lib/use-clock';
import { timeLeft } from './rules';

export { useDateTimeFormat } from '../../lib/use-clock';

/** The time left until `until` in words: "3 days 04:12:09", "04:12:09"; null once it has passed. */
export function useCountdownText(until: string | null): string | null {
  const { t } = useI18n();
  const now = useNow(until !== null);
  if (!until) return null;
  const left = timeLeft(until, now);
  if (!left) return null;
  return left.days > 0 ? t('gifts.countdown.days', { count: left.days, clock: left.clock }) : left.clock;
}
