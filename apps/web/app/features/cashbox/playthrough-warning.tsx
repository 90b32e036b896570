import { useI18n } from '../../lib/i18n';
import { useWaitingDeposits, waitingIn } from '../../lib/deposit-playthrough';
import { formatMoney, type CurrencyInfo } from '../../lib/money';
import { useSession } from '../../lib/session';
import { Notice } from '../../ui/form';

/**
 * The cashout form's word before the player confirms (docs/promotions.md "Deposits played
 * through"): a cashout in this currency gives up what its deposits not yet played through would
 * bring (a wheel, lottery tickets, VIP club and adventure progress), with what is left to bet.
 * Nothing while none waits, or when the answer failed (the server applies the rule anyway).
 */
export function PlayThroughWarning({ currency }: { currency: CurrencyInfo }) {
  const { t, locale } = useI18n();
  const { player } = useSession();
  const deposits = useWaitingDeposits(player?.id ?? null);
  const waiting = waitingIn(deposits ?? [], currency.code);
  if (waiting.count === 0) return null;
  return (
    <Notice kind="info">
      <span data-testid="cashout-forfeits-play-through">
        {t('playThrough.cashout', {
          count: waiting.count,
          amount: formatMoney(waiting.amountCents, currency, locale),
          left: formatMoney(waiting.leftCents, currency, locale),
          currency: currency.code,
        })}
      </span>
    </Notice>
  );
}
