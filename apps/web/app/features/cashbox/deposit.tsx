import { depositRequestSchema, type Payment, type PaymentMethod } from '@orbit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n, type TFunction } from '../../lib/i18n';
import { ApiError } from '../../lib/api';
import { localizePath } from '../../lib/locale';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { currentSession } from '../../lib/session';
import { logFailure, reportValidationErrors } from '../../lib/telemetry';
import { useDateTimeFormat } from '../../lib/use-clock';
import { AmountField, errorCodeOf, Notice, type FieldErrors } from '../../ui/form';
import { cashboxApi, cashboxKeys, refreshCashbox, useCurrencies, useMethods } from './data';
import { amountInput, checkAmount, currencyInfo, formatMoney, presetAmounts, type CurrencyInfo } from '../../lib/money';
import { amountErrorText, contractErrors, errorText, PaymentOutcome } from './parts';
import { depositPause, depositRoom, paymentRiskData, periodInSentence } from './rules';
import { rememberDepositOrigin } from './deposit-origin';

/** The PSP's hosted page (card form, 3-D Secure, bank, e-wallet, voucher): a full page navigation. */
function sendTo(url: string) {
  window.location.assign(url);
}

/** A method's name as players know it ("Visa", "Bank transfer (Sofort)"). */
export function MethodName({ method }: { method: { brand: string } }) {
  const { t } = useI18n();
  return <>{t(`cashbox.brands.${method.brand}`, undefined, method.brand.replace(/_/g, ' '))}</>;
}

/** One method per button: name, limits, processing time, fee. */
export function MethodList({
  methods,
  currency,
  selected,
  onSelect,
}: {
  methods: PaymentMethod[];
  currency: CurrencyInfo;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t, locale } = useI18n();
  return (
    <ul className="cashbox__methods" aria-label={t('cashbox.methods')}>
      {methods.map((method) => (
        <li key={method.id}>
          <button
            type="button"
            className="cashbox__method"
            aria-pressed={selected === method.id}
            onClick={() => onSelect(method.id)}
          >
            <span className="cashbox__method-name">
              <MethodName method={method} />
            </span>
            <span className="cashbox__small">
              {t('cashbox.limits', {
                min: formatMoney(method.min_amount_cents, currency, locale),
                max: formatMoney(method.max_amount_cents, currency, locale),
              })}
            </span>
            <span className="cashbox__small">
              {t(`cashbox.processing.${method.processing_time}`, undefined, method.processing_time)}
              {' · '}
              {method.fee_percent ? t('cashbox.fee', { fee: method.fee_percent }) : t('cashbox.noFee')}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The chosen method's terms (`terms_of_service.restrictions`, docs/rules/fields.md "Payment
 * methods"): the currency its amounts are counted in and its limits in that currency. Nothing
 * when the server sent none (an older server).
 */
export function MethodTerms({ method, currency }: { method: PaymentMethod; currency: CurrencyInfo }) {
  const { t, locale } = useI18n();
  const currencies = useCurrencies();
  const restrictions = method.terms_of_service?.restrictions;
  if (!restrictions) return null;
  const code = restrictions.amount_currency_code;
  const counted = code === currency.code ? currency : currencyInfo(code, currencies.data);
  return (
    <section className="cashbox__terms" aria-labelledby="method-terms-title" data-testid="method-terms">
      <h4 id="method-terms-title" className="cashbox__terms-title">
        {t('cashbox.terms.title')}
      </h4>
      <ul className="cashbox__small">
        <li>{t('cashbox.terms.currency', { currency: code })}</li>
        <li>
          {t('cashbox.terms.limits', {
            min: formatMoney(restrictions.min_amount_cents, counted, locale),
            max: formatMoney(restrictions.max_amount_cents, counted, locale),
          })}
        </li>
      </ul>
    </section>
  );
}

/**
 * A reached deposit limit, if any (`depositRoom`'s rule: docs/rules/page-shell.md "Player
 * protection"). While the limits load, or when they fail to, the step stays as it is: the server
 * refuses a deposit over the limit anyway.
 */
function useDepositPause() {
  const limits = useQuery({ queryKey: cashboxKeys.limits, queryFn: cashboxApi.limits });
  return {
    pending: limits.isPending,
    pause: Array.isArray(limits.data) ? depositPause(limits.data) : null,
  };
}

/** Deposits paused by a reached deposit limit: until when, and the way to the limits page. */
function DepositPaused({ pause }: { pause: { until: string | null; period: string } }) {
  const { t, locale } = useI18n();
  const formatDate = useDateTimeFormat();
  const period = periodInSentence(t(`limits.perPeriod.${pause.period}`, undefined, pause.period), locale);
  return (
    <div className="cashbox__paused" role="alert" data-testid="deposit-paused">
      <p className="cashbox__paused-title">{t('cashbox.paused.title')}</p>
      <p>
        {pause.until
          ? t('cashbox.paused.until', { period, until: formatDate(pause.until) })
          : t('cashbox.paused.reached', { period })}
      </p>
      <Link to={localizePath('/profile/limits', locale)} className="button button--primary">
        {t('cashbox.paused.link')}
      </Link>
    </div>
  );
}

/**
 * The cashbox's deposit step: the methods of the account's currency, then the amount (quick
 * picks, the first-deposit suggestion pre-filled, the method's limits: docs/rules/money-display.md) and,
 * for cards, a saved card for a one-click deposit. Crypto currencies show their address instead.
 * A reached deposit limit shows the pause instead of all of it.
 */
export function DepositView({ currency }: { currency: CurrencyInfo }) {
  const { t } = useI18n();
  const methods = useMethods('deposit', currency.code);
  const limits = useDepositPause();
  const [methodId, setMethodId] = useState<string | null>(null);
  if (methods.isPending || limits.pending) return <p role="status">{t('common.loading')}</p>;
  if (limits.pause) return <DepositPaused pause={limits.pause} />;
  if (methods.isError) return <Notice kind="error">{t('errors.unknown')}</Notice>;
  const list = methods.data.methods;
  if (list.length === 0) return <Notice kind="info">{t('cashbox.noMethods')}</Notice>;
  const crypto = list.find((m) => m.type === 'crypto');
  if (!currency.fiat && crypto) return <CryptoAddressPanel currency={currency} method={crypto} />;
  const method = list.find((m) => m.id === methodId) ?? null;
  return (
    <div className="cashbox">
      <MethodList methods={list} currency={currency} selected={methodId} onSelect={setMethodId} />
      {method ? <MethodTerms method={method} currency={currency} /> : null}
      {method ? (
        <DepositForm
          key={method.id}
          method={method}
          currency={currency}
          suggested={methods.data.suggested_amount_cents}
        />
      ) : (
        <p className="cashbox__small">{t('cashbox.chooseMethod')}</p>
      )}
    </div>
  );
}

/** A deposit refused by the deposit limit says what the limit still allows (null: nothing to add). */
async function limitRoomText(found: FieldErrors, of: CurrencyInfo, t: TFunction, locale: string) {
  if (found.amount_cents !== 'limit_reached') return null;
  const room = depositRoom(await cashboxApi.limits().catch(() => []), of.code);
  if (!room) return null;
  const period = periodInSentence(t(`limits.perPeriod.${room.period}`, undefined, room.period), locale);
  const key = room.cents > 0 ? 'limit_left' : 'limit_used_up';
  return { amountText: errorText(t, 'amount_cents', key, { period, amount: formatMoney(room.cents, of, locale) }) };
}

function DepositForm({
  method,
  currency,
  suggested,
}: {
  method: PaymentMethod;
  currency: CurrencyInfo;
  suggested: number | null;
}) {
  const { t, locale } = useI18n();
  // The page under the cashbox popup (a game the player deposits from), for the way back from the PSP.
  const under = (useLocation().state as { background?: { pathname?: string } } | null)?.background?.pathname;
  const cards = method.saved_profiles;
  const [amount, setAmount] = useState(suggested ? amountInput(suggested, currency.subunits_to_unit) : '');
  const [card, setCard] = useState<string>(cards[0] ? String(cards[0].id) : 'new');
  const [errors, setErrors] = useState<FieldErrors & { amountText?: string }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Payment | null>(null);
  const limits = { min: method.min_amount_cents, max: method.max_amount_cents };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount, currency, limits);
    if (checked.error) {
      reportValidationErrors('deposit', { amount_cents: checked.error.code }, 'client');
      setErrors({ amountText: amountErrorText(t, checked.error, currency, locale) });
      return;
    }
    const body = {
      payment_method: method.id,
      amount_cents: checked.cents,
      currency: currency.code,
      ...(card !== 'new' ? { saved_profile_id: Number(card) } : {}),
    };
    const found = contractErrors(depositRequestSchema, body);
    if (Object.keys(found).length) {
      reportValidationErrors('deposit', found, 'client');
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    // The risk data goes first, never holding the deposit up (a failure is only logged).
    const player = currentSession().player;
    if (player)
      void cashboxApi
        .riskData(
          paymentRiskData(player, {
            type: 'transaction',
            currency: currency.code,
            amountCents: checked.cents,
            paymentSystem: method.brand,
            dfpc: deviceFingerprint(),
            card: cards.find((c) => String(c.id) === card),
            url: window.location.href,
          }),
        )
        .catch((error: unknown) => logFailure('PAYMENT_RISK_DATA_ERROR', error));
    try {
      const answer = await cashboxApi.deposit(body);
      if (answer.redirect_url) {
        rememberDepositOrigin(under);
        sendTo(answer.redirect_url);
        return;
      }
      setDone(answer.payment);
      void refreshCashbox();
    } catch (error) {
      const found = errorCodeOf(error);
      if (error instanceof ApiError && error.status === 422) reportValidationErrors('deposit', found, 'server');
      setErrors((await limitRoomText(found, currency, t, locale)) ?? found);
    } finally {
      setBusy(false);
    }
  };

  if (done) return <PaymentOutcome paymentId={done.id} initial={done} />;
  const amountError =
    errors.amountText ??
    (errors.amount_cents
      ? errorText(t, 'amount_cents', errors.amount_cents, {
          limit: formatMoney(errors.amount_cents === 'too_large' ? limits.max : limits.min, currency, locale),
        })
      : null);
  const other = Object.entries(errors).find(([field, code]) => code && !['amount_cents', 'amountText'].includes(field));
  return (
    <form className="cashbox__form" onSubmit={submit} noValidate>
      <Presets currency={currency} limits={limits} onPick={setAmount} />
      <AmountField currency={currency} value={amount} onChange={setAmount} error={amountError} limits={limits} />
      {cards.length > 0 ? <SavedCards cards={cards} card={card} onChoose={setCard} /> : null}
      {other ? <Notice kind="error">{errorText(t, other[0], other[1]!)}</Notice> : null}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? t('auth.submitting') : t('cashbox.depositSubmit')}
      </button>
    </form>
  );
}

/** Amounts to pick in one press (the method's limits allowing). */
function Presets({
  currency,
  limits,
  onPick,
}: {
  currency: CurrencyInfo;
  limits: { min: number; max: number };
  onPick: (amount: string) => void;
}) {
  const { t, locale } = useI18n();
  return (
    <div className="cashbox__presets" role="group" aria-label={t('cashbox.presets')}>
      {presetAmounts(currency, limits).map((cents) => (
        <button
          key={cents}
          type="button"
          className="button button--ghost"
          onClick={() => onPick(amountInput(cents, currency.subunits_to_unit))}
        >
          {formatMoney(cents, currency, locale)}
        </button>
      ))}
    </div>
  );
}

/** The saved cards to pay with, or a new one. */
function SavedCards({
  cards,
  card,
  onChoose: setCard,
}: {
  cards: PaymentMethod['saved_profiles'];
  card: string;
  onChoose: (card: string) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="cashbox__cards">
      <legend className="field__label">{t('cashbox.savedCards')}</legend>
      {cards.map((saved) => (
        <label key={saved.id}>
          <input
            type="radio"
            name="card"
            value={saved.id}
            checked={card === String(saved.id)}
            onChange={() => setCard(String(saved.id))}
          />
          {t('cashbox.savedCard', {
            brand: t(`cashbox.brands.${saved.brand}`, undefined, saved.brand),
            last4: saved.last4,
          })}
        </label>
      ))}
      <label>
        <input type="radio" name="card" value="new" checked={card === 'new'} onChange={() => setCard('new')} />
        {t('cashbox.newCard')}
      </label>
    </fieldset>
  );
}

/**
 * One-click deposit (`/deposit-fast`): the last saved card, the amount only. With no saved
 * card yet, the way to the full deposit step.
 */
export function FastDepositView({
  currency,
  depositLink,
}: {
  currency: CurrencyInfo;
  depositLink: { to: string; state: unknown };
}) {
  const { t } = useI18n();
  const methods = useMethods('deposit', currency.code);
  const limits = useDepositPause();
  if (methods.isPending || limits.pending) return <p role="status">{t('common.loading')}</p>;
  if (limits.pause) return <DepositPaused pause={limits.pause} />;
  if (methods.isError) return <Notice kind="error">{t('errors.unknown')}</Notice>;
  // The newest saved card (the highest id) of any card method.
  let best: { method: PaymentMethod; id: number } | null = null;
  for (const method of methods.data.methods) {
    for (const saved of method.saved_profiles) if (!best || saved.id > best.id) best = { method, id: saved.id };
  }
  if (!best) {
    return (
      <div className="cashbox">
        <Notice kind="info">{t('cashbox.noSavedCard')}</Notice>
        <Link
          to={depositLink.to}
          state={depositLink.state}
          replace
          preventScrollReset
          className="button button--primary"
        >
          {t('cashbox.header.deposit')}
        </Link>
      </div>
    );
  }
  const only = { ...best.method, saved_profiles: best.method.saved_profiles.filter((s) => s.id === best.id) };
  return <DepositForm method={only} currency={currency} suggested={methods.data.suggested_amount_cents} />;
}

/**
 * Crypto deposits (BTC, BCH, ETH, LTC, DOG, USDT): the player's address with its QR code, the
 * minimum in display units, and the sandbox's page that sends a simulated transaction.
 */
export function CryptoAddressPanel({ currency, method }: { currency: CurrencyInfo; method: PaymentMethod }) {
  const { t, locale } = useI18n();
  const address = useQuery({
    queryKey: ['cashbox', 'crypto-address', currency.code],
    queryFn: () => cashboxApi.cryptoAddress(currency.code),
    staleTime: Infinity,
  });
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  if (address.isPending) return <p role="status">{t('common.loading')}</p>;
  if (address.isError)
    return <Notice kind="error">{errorText(t, 'base', errorCodeOf(address.error).base ?? 'unknown')}</Notice>;
  const data = address.data;
  const copy = async () => setCopied((await copyText(data.address)) ? 'yes' : 'no');
  return (
    <div className="cashbox__address" data-testid="crypto-address">
      <p>{t('cashbox.crypto.intro', { currency: currency.code, network: method.network ?? currency.code })}</p>
      <img
        className="cashbox__qr"
        src={data.qr_code}
        alt={t('cashbox.crypto.qr', { currency: currency.code })}
        width={180}
        height={180}
      />
      <code>{data.address}</code>
      <button type="button" className="button button--ghost" onClick={() => void copy()}>
        {t('cashbox.crypto.copy')}
      </button>
      {copied ? (
        <p role="status" className="cashbox__small">
          {copied === 'yes' ? t('cashbox.crypto.copied') : t('cashbox.crypto.copyFailed')}
        </p>
      ) : null}
      <p>{t('cashbox.crypto.minimum', { amount: formatMoney(data.min_amount_cents, currency, locale) })}</p>
      <p className="cashbox__small">{t('cashbox.crypto.confirmations', { count: data.confirmations_required })}</p>
      <Notice kind="info">
        {t('cashbox.crypto.sandbox')}{' '}
        <a href="/sandbox-psp/crypto" target="_blank" rel="noopener noreferrer">
          {t('cashbox.crypto.sandboxLink')}
        </a>
      </Notice>
    </div>
  );
}

/** Copies text: the Clipboard API, else a selected hidden textarea and `execCommand('copy')`. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}
