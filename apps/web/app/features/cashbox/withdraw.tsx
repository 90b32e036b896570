import type { Payment, PaymentMethod, PlayerAccount } from '@orbit/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { destinationError, destinationKey, destinationNotice, initialDestination } from '../../lib/cashout-destination';
import { useI18n, type TFunction } from '../../lib/i18n';
import { ApiError } from '../../lib/api';
import { localizePath } from '../../lib/locale';
import { reportValidationErrors } from '../../lib/telemetry';
import { AmountField, errorCodeOf, Notice, type FieldErrors } from '../../ui/form';
import { cashboxApi, refreshCashbox, useBonusesForfeitedByCashout, useMethods } from './data';
import { MethodList, MethodName } from './deposit';
import { checkAmount, formatMoney, refusedAmountLimit, type CurrencyInfo } from '../../lib/money';
import { amountErrorText, errorText, TextField } from './parts';
import { PlayThroughWarning } from './playthrough-warning';

/**
 * The cashbox's withdrawal step: what can be cashed out, the methods
 * for a cashout, the amount and where the money goes (a saved card, or the method's one field:
 * IBAN, wallet email, crypto address, checked against its pattern). The server's refusals
 * (too small, more than available, address not confirmed ...) are shown in words.
 */
export function WithdrawView({ currency, account }: { currency: CurrencyInfo; account: PlayerAccount }) {
  const { t, locale } = useI18n();
  const methods = useMethods('cashout', currency.code);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [done, setDone] = useState<Payment | null>(null);
  const available = account.available_to_cashout_cents;
  if (done) {
    return (
      <div className="cashbox__outcome" data-testid="cashout-requested">
        <Notice kind="info">
          {t(done.state === 'processing' ? 'cashbox.withdraw.processing' : 'cashbox.withdraw.requested', {
            amount: formatMoney(done.amount_cents, currency, locale),
          })}
        </Notice>
      </div>
    );
  }
  return (
    <div className="cashbox">
      <p data-testid="available-to-cashout">
        {t('cashbox.withdraw.available', { amount: formatMoney(available, currency, locale) })}
      </p>
      {account.bonus_cents > 0 ? (
        <p className="cashbox__small cashbox__bonus-note" data-testid="bonus-not-withdrawable">
          {t('cashbox.withdraw.bonusMoney', { amount: formatMoney(account.bonus_cents, currency, locale) })}
        </p>
      ) : null}
      {methods.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : methods.isError ? (
        <Notice kind="error">{t('errors.unknown')}</Notice>
      ) : methods.data.methods.length === 0 ? (
        <Notice kind="info">{t('cashbox.noMethods')}</Notice>
      ) : (
        <>
          <MethodList methods={methods.data.methods} currency={currency} selected={methodId} onSelect={setMethodId} />
          {methods.data.methods
            .filter((m) => m.id === methodId)
            .map((method) => (
              <WithdrawForm
                key={method.id}
                method={method}
                currency={currency}
                available={available}
                onDone={setDone}
              />
            ))}
        </>
      )}
    </div>
  );
}

/** The cashout's request, and what is wrong with the form before it is sent (the amount, the destination). */
function checkCashout(form: {
  t: TFunction;
  locale: string;
  method: PaymentMethod;
  currency: CurrencyInfo;
  limits: { min: number; max: number; available: number };
  amount: string;
  destination: string;
}) {
  const { t, locale, method, currency, limits, amount, destination } = form;
  const found: FieldErrors & { amountText?: string } = {};
  const checked = checkAmount(amount, currency, limits);
  if (checked.error) found.amountText = amountErrorText(t, checked.error, currency, locale);
  const body = {
    payment_method: method.id,
    amount_cents: checked.cents ?? 0,
    currency: currency.code,
    destination: destination.trim(),
  };
  const destinationProblem = destinationError(method, destination);
  if (destinationProblem) found.destination = destinationProblem;
  return { found, body };
}

function WithdrawForm({
  method,
  currency,
  available,
  onDone,
}: {
  method: PaymentMethod;
  currency: CurrencyInfo;
  available: number;
  onDone: (payment: Payment) => void;
}) {
  const { t, locale } = useI18n();
  const card = method.type === 'card';
  const [amount, setAmount] = useState('');
  const [destination, setDestination] = useState(initialDestination(method));
  const [errors, setErrors] = useState<FieldErrors & { amountText?: string }>({});
  const [busy, setBusy] = useState(false);
  const limits = { min: method.min_amount_cents, max: method.max_amount_cents, available };
  const forfeited = useBonusesForfeitedByCashout(currency.code).data ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { found, body } = checkCashout({ t, locale, method, currency, limits, amount, destination });
    if (Object.values(found).some(Boolean)) {
      // The amount's code, not its words (`found.amountText`), is what the report carries.
      const amountCode = checkAmount(amount, currency, limits).error?.code;
      reportValidationErrors('cashout', { amount_cents: amountCode, destination: found.destination }, 'client');
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const payment = await cashboxApi.cashout(body);
      void refreshCashbox();
      onDone(payment);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        reportValidationErrors('cashout', errorCodeOf(error), 'server');
      setErrors(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  const amountError =
    errors.amountText ??
    (errors.amount_cents ? serverAmountError(t, errors.amount_cents, limits, currency, locale) : null);
  const destinationText = errors.destination
    ? errorText(t, `destination.${destinationKey(method)}`, errors.destination)
    : null;
  const base = errors.base;
  const other = Object.entries(errors).find(
    ([name, code]) => code && !['amount_cents', 'amountText', 'destination', 'base'].includes(name),
  );

  if (card && method.saved_profiles.length === 0) {
    return (
      <Notice kind="info">
        {t('cashbox.withdraw.noCard', { brand: t(`cashbox.brands.${method.brand}`, undefined, method.brand) })}
      </Notice>
    );
  }
  return (
    <form className="cashbox__form" onSubmit={submit} noValidate>
      <AmountField currency={currency} value={amount} onChange={setAmount} error={amountError} limits={limits} />
      {card ? (
        <SavedCardChoice method={method} destination={destination} onChange={setDestination} error={destinationText} />
      ) : (
        <DestinationText
          currency={currency}
          destination={destination}
          onChange={setDestination}
          error={destinationText}
        />
      )}
      {destinationNotice(method, destination) ? (
        <Notice kind="info">
          <span data-testid="lithuanian-iban">{t('cashbox.withdraw.lithuanianIban')}</span>
        </Notice>
      ) : null}
      <Refusal base={base} />
      {other ? <Notice kind="error">{errorText(t, other[0], other[1]!)}</Notice> : null}
      <ForfeitNotice forfeited={forfeited} currency={currency} />
      <PlayThroughWarning currency={currency} />
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? t('auth.submitting') : t('cashbox.withdraw.submit')}
      </button>
      <p className="cashbox__small">
        <MethodName method={method} /> ·{' '}
        {t(`cashbox.processing.${method.processing_time}`, undefined, method.processing_time)}
      </p>
    </form>
  );
}

/** The saved cards to cash out to. */
function SavedCardChoice({
  method,
  destination,
  onChange: setDestination,
  error: destinationText,
}: {
  method: PaymentMethod;
  destination: string;
  onChange: (destination: string) => void;
  error: string | null;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="cashbox__cards">
      <legend className="field__label">{t('cashbox.withdraw.toCard')}</legend>
      {method.saved_profiles.map((saved) => (
        <label key={saved.id}>
          <input
            type="radio"
            name="destination"
            value={saved.id}
            checked={destination === String(saved.id)}
            onChange={() => setDestination(String(saved.id))}
          />
          {t('cashbox.savedCard', {
            brand: t(`cashbox.brands.${saved.brand}`, undefined, saved.brand),
            last4: saved.last4,
          })}
        </label>
      ))}
      {destinationText ? <p className="field__error">{destinationText}</p> : null}
    </fieldset>
  );
}

/** Why the server refused the cashout, with the way on when there is one (the profile, the gifts). */
function Refusal({ base }: { base: string | undefined }) {
  const { t, locale } = useI18n();
  return (
    <>
      {base === 'email_not_confirmed' ? (
        <Notice kind="error">
          {errorText(t, 'base', base)}{' '}
          <Link to={localizePath('/profile', locale)}>{t('cashbox.withdraw.toProfile')}</Link>
        </Notice>
      ) : base === 'bonus_wagering' ? (
        // A bonus wagers: no cashout until it is done or cancelled (docs/rules/gifts.md "Withdrawals").
        <Notice kind="error">
          <span data-testid="bonus-wagering">{errorText(t, 'base', base)}</span>{' '}
          <Link to={localizePath('/profile/gifts', locale)}>{t('cashbox.withdraw.toGifts')}</Link>
        </Notice>
      ) : base ? (
        <Notice kind="error">{errorText(t, 'base', base)}</Notice>
      ) : null}
    </>
  );
}

/** The server's refusal of an amount, with the limit it broke (the balance, the method's most or least). */
function serverAmountError(
  t: TFunction,
  code: string,
  limits: { min: number; max: number; available: number },
  currency: CurrencyInfo,
  locale: string,
): string {
  const limit = refusedAmountLimit(code, limits);
  return errorText(t, 'amount_cents', code, { limit: formatMoney(limit, currency, locale) });
}

/** The deposit bonuses still waiting to be activated that a cashout forfeits (nothing when none). */
function ForfeitNotice({
  forfeited,
  currency,
}: {
  forfeited: Array<{ title: string; amount_cents: number }>;
  currency: CurrencyInfo;
}) {
  const { t, locale } = useI18n();
  if (forfeited.length === 0) return null;
  // A cashout forfeits the deposit bonuses still waiting to be activated (docs/bonuses.md "Cashouts").
  return (
    <Notice kind="info">
      <span data-testid="cashout-forfeits-bonuses">
        {t('cashbox.withdraw.forfeitsBonuses', {
          count: forfeited.length,
          bonuses: forfeited.map((b) => `${b.title} (${formatMoney(b.amount_cents, currency, locale)})`).join(', '),
        })}
      </span>
    </Notice>
  );
}

/** Where the money goes, typed (an IBAN, a wallet). */
function DestinationText({
  currency,
  destination,
  onChange: setDestination,
  error: destinationText,
}: {
  currency: CurrencyInfo;
  destination: string;
  onChange: (destination: string) => void;
  error: string | null;
}) {
  const { t } = useI18n();
  return (
    <TextField
      label={t(
        `cashbox.destination.${destinationKey}`,
        { currency: currency.code },
        t('cashbox.destination.destination'),
      )}
      name="destination"
      autoComplete="off"
      spellCheck={false}
      value={destination}
      onChange={(event) => setDestination(event.target.value)}
      error={destinationText ?? undefined}
    />
  );
}
