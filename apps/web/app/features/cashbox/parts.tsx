import type { Payment } from '@orbit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TFunction, TranslationValues } from '../../lib/i18n';
import { firstMessage, useI18n } from '../../lib/i18n';
import { Notice, TextField, type FieldErrors } from '../../ui/form';
import { cashboxApi, refreshCashbox, useCurrencies } from './data';
import { currencyInfo, formatMoney, type AmountCheck, type CurrencyInfo } from '../../lib/money';
import { cashboxErrorKeys, outcomeOf, POLL_INTERVAL_MS, shouldPoll } from './rules';
import { isFirstDeposit, reportConversion, utmMetricsOf } from '../../lib/telemetry';

/** A server or rule code on a cashbox field, in words (`amount_cents.too_small` → "The minimum is €10.00."). */
export function errorText(t: TFunction, field: string, code: string, values?: TranslationValues): string {
  return firstMessage(t, cashboxErrorKeys(field, code), values);
}

/** The amount rule's error in words, with its limit formatted in the currency. */
export function amountErrorText(t: TFunction, error: AmountCheck, currency: CurrencyInfo, locale: string): string {
  const limit = 'limit' in error ? formatMoney(error.limit, currency, locale) : '';
  return errorText(t, 'amount_cents', error.code, { limit });
}

/** Structural zod schema: the contracts' request schemas check a body before it is sent. */
type BodySchema = {
  safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
};

/** Field → first error code of a body under a contract schema (the server's own rule). */
export function contractErrors(schema: BodySchema, body: unknown): FieldErrors {
  const result = schema.safeParse(body);
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'base');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The deposits a player's history is read by to tell a first one (at most a page). */
const FIRST_DEPOSIT_PAGE = 50;
/** The last deposit already reported as a conversion in this browser (a reloaded outcome is not sent twice). */
const CONVERSION_KEY = 'orbit_utm_deposit_sent';

/**
 * Sends the campaign with the player's first successful deposit (`POST /log_utm_send`): only
 * with a campaign cookie, only when the player's deposits hold no other success, once a payment.
 */
async function reportFirstDeposit(paymentId: number): Promise<void> {
  try {
    if (!utmMetricsOf(document.cookie) || localStorage.getItem(CONVERSION_KEY) === String(paymentId)) return;
    const deposits = await cashboxApi.payments({ page: 1, page_size: FIRST_DEPOSIT_PAGE, type: 'deposit' });
    if (!isFirstDeposit(deposits, paymentId, FIRST_DEPOSIT_PAGE)) return;
    localStorage.setItem(CONVERSION_KEY, String(paymentId));
    reportConversion();
  } catch {
    // Telemetry is never worth an error on the page.
  }
}

/** The cashbox's forms take the ui kit's input with a message (withdraw.tsx imports it from here). */
export { TextField };

/** A payment's amount in its currency (`€20.00`, `150 μBTC`). */
export function useMoney() {
  const { locale } = useI18n();
  const currencies = useCurrencies();
  return (cents: number, code: string) => formatMoney(cents, currencyInfo(code, currencies.data), locale);
}

/**
 * Where a payment stands: asks the PSP through the server (`POST /api/player/payments/:id/check`)
 * on arrival and every 2 s while it is open, for about 30 s; then says what happened. Balances
 * and histories are refreshed once it is final.
 */
export function PaymentOutcome({ paymentId, initial }: { paymentId: number; initial?: Payment }) {
  const { t } = useI18n();
  const money = useMoney();
  const started = useRef(Date.now());
  const payment = useQuery({
    queryKey: ['cashbox-payment', paymentId],
    queryFn: () => cashboxApi.check(paymentId),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (query) =>
      query.state.data && shouldPoll(query.state.data.state, started.current, Date.now()) ? POLL_INTERVAL_MS : false,
    refetchOnWindowFocus: false,
  });
  const data = payment.data;
  const outcome = data ? outcomeOf(data.state) : null;
  useEffect(() => {
    if (outcome) void refreshCashbox();
  }, [outcome]);
  // A first successful deposit is a conversion: the visit's campaign goes with it (docs/telemetry.md).
  const succeededDeposit = outcome === 'succeeded' && data?.action === 'deposit' ? data.id : null;
  useEffect(() => {
    if (succeededDeposit !== null) void reportFirstDeposit(succeededDeposit);
  }, [succeededDeposit]);
  if (payment.isError && !data) return <Notice kind="error">{t('cashbox.outcome.unknown')}</Notice>;
  if (!data || !outcome) return <p role="status">{t('cashbox.outcome.checking')}</p>;
  const values = { amount: money(data.amount_cents, data.currency), action: t(`cashbox.action.${data.action}`) };
  const stillPolling = outcome === 'pending' && shouldPoll(data.state, started.current, Date.now());
  return (
    <div className="cashbox__outcome" data-testid="payment-outcome" data-state={data.state}>
      <Notice kind={outcome === 'succeeded' || outcome === 'pending' ? 'info' : 'error'}>
        {outcome === 'pending' && !stillPolling
          ? t('cashbox.outcome.later', values)
          : t(`cashbox.outcome.${outcome}`, values)}
      </Notice>
      {data.held_reason ? (
        <Notice kind="info">{t('cashbox.held.outcome', { reason: t(`cashbox.held.${data.held_reason}`) })}</Notice>
      ) : null}
      {outcome === 'declined' && data.cancellation_reason ? (
        <p className="cashbox__small">
          {t('cashbox.outcome.reason', {
            reason: t(
              `cashbox.reasons.${data.cancellation_reason}`,
              undefined,
              data.cancellation_reason.replace(/_/g, ' '),
            ),
          })}
        </p>
      ) : null}
    </div>
  );
}
