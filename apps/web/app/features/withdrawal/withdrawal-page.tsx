import { currencyLabel } from '../../lib/currency-label';
import type { Payment, PaymentMethod } from '@orbit/contracts';
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TFunction, TranslationValues } from '../../lib/i18n';
import { firstMessage, useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import {
  amountInput,
  checkAmount,
  currencyInfo,
  formatMoney,
  refusedAmountLimit,
  type CurrencyInfo,
} from '../../lib/money';
import { AmountField, errorCodeOf, Notice, TextField, type FieldErrors } from '../../ui/form';
import {
  afterCashout,
  destinationError,
  destinationKey,
  initialAccount,
  initialDestination,
  methodsFor,
  tokenProblemOf,
  withdrawalErrorKeys,
  type TokenProblem,
} from './rules';
import { withdrawalApi, type WithdrawalAccount, type WithdrawalInfo } from './withdrawal-api';
import './withdrawal.css';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; info: WithdrawalInfo }
  | { status: 'token'; problem: TokenProblem }
  | { status: 'failed' };

const errorText = (t: TFunction, field: string, code: string, values?: TranslationValues) =>
  firstMessage(t, withdrawalErrorKeys(field, code), values);

/** The account's currency for the money rules: the server's minor units, fiat or crypto by code. */
const currencyOf = (account: WithdrawalAccount): CurrencyInfo => ({
  ...currencyInfo(account.currency, undefined),
  subunits_to_unit: account.subunits_to_unit,
});

/**
 * `/withdrawal?withdrawal_token=` (public, no session): the link mailed to a player in a
 * cooling-off or self-exclusion, who cannot sign in but may always take their money out. Shows
 * the masked address and what each account can withdraw, a cashout form (currency, method,
 * amount — the whole balance to start with —, destination), the payment it created and what is
 * left. The token serves several cashouts for 24 hours; an invalid or expired one says that
 * signing in with the password mails a fresh link. Drawn in the browser only (the token is
 * read there), so the guests' page cache never holds a player's figures.
 */
export function WithdrawalPage({ token }: { token: string | null }) {
  const { t } = useI18n();
  const [load, setLoad] = useState<Load>(token ? { status: 'loading' } : { status: 'token', problem: 'invalid' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    withdrawalApi.load(token, controller.signal).then(
      (info) => setLoad({ status: 'ready', info }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const problem = tokenProblemOf(errorCodeOf(error));
        setLoad(problem ? { status: 'token', problem } : { status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  /** The server's figures again after a cashout (the page keeps its own until they come). */
  const refresh = useCallback(
    (info: WithdrawalInfo) => {
      setLoad({ status: 'ready', info });
      if (!token) return;
      withdrawalApi.load(token).then(
        (fresh) => setLoad({ status: 'ready', info: fresh }),
        () => undefined,
      );
    },
    [token],
  );

  return (
    <div className="page withdrawal" data-testid="withdrawal-page">
      <h1>{t('withdrawal.title')}</h1>
      {load.status === 'loading' ? (
        <p role="status">{t('common.loading')}</p>
      ) : load.status === 'token' ? (
        <TokenMessage problem={load.problem} />
      ) : load.status === 'failed' ? (
        <div className="withdrawal__card">
          <Notice kind="error">{t('withdrawal.loadFailed')}</Notice>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('withdrawal.retry')}
          </button>
        </div>
      ) : (
        <Withdrawal
          token={token!}
          info={load.info}
          onWithdrawn={refresh}
          onTokenProblem={(problem) => setLoad({ status: 'token', problem })}
        />
      )}
    </div>
  );
}

/** Invalid or expired link: why, and that a sign-in attempt with the password mails a fresh one. */
function TokenMessage({ problem }: { problem: TokenProblem }) {
  const { t, locale } = useI18n();
  return (
    <div className="withdrawal__card" data-testid="withdrawal-token-problem" data-problem={problem}>
      <Notice kind="error">{t(`withdrawal.token.${problem}`)}</Notice>
      <p>{t('withdrawal.token.fresh')}</p>
      <div>
        <Link className="button button--secondary" to={localizePath('/login', locale)}>
          {t('withdrawal.token.signIn')}
        </Link>
      </div>
    </div>
  );
}

function Withdrawal({
  token,
  info,
  onWithdrawn,
  onTokenProblem,
}: {
  token: string;
  info: WithdrawalInfo;
  onWithdrawn: (info: WithdrawalInfo) => void;
  onTokenProblem: (problem: TokenProblem) => void;
}) {
  const { t } = useI18n();
  const [payment, setPayment] = useState<Payment | null>(null);
  const withMoney = info.accounts.filter((a) => a.real_cents > 0);

  return (
    <>
      <p className="withdrawal__lead">{t('withdrawal.intro', { email: info.email })}</p>
      <Balances info={info} />
      {payment ? <PaymentDone payment={payment} info={info} /> : null}
      {withMoney.length === 0 ? (
        <Notice kind="info">{t('withdrawal.nothingLeft')}</Notice>
      ) : (
        <WithdrawalForm
          // A new form after each cashout: the amount starts again from what is left.
          key={payment?.id ?? 'first'}
          token={token}
          info={info}
          onDone={(created) => {
            setPayment(created);
            onWithdrawn({ ...info, accounts: afterCashout(info.accounts, created.currency, created.amount_cents) });
          }}
          onTokenProblem={onTokenProblem}
        />
      )}
    </>
  );
}

/** The player's balances, one a currency (real money only). */
function Balances({ info }: { info: WithdrawalInfo }) {
  const { t, locale } = useI18n();
  const money = (cents: number, account: WithdrawalAccount) => formatMoney(cents, currencyOf(account), locale);
  return (
    <section className="withdrawal__card" aria-labelledby="withdrawal-balances">
      <h2 id="withdrawal-balances">{t('withdrawal.balances')}</h2>
      {info.accounts.length === 0 ? (
        <p>{t('withdrawal.noAccounts')}</p>
      ) : (
        <dl className="withdrawal__balances">
          {info.accounts.map((account) => (
            <div key={account.currency} data-testid={`withdrawal-balance-${account.currency}`}>
              <dt>{currencyLabel(account.currency)}</dt>
              <dd>{money(account.real_cents, account)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The cashout just asked for: its amount, its state and what is left in that currency. */
function PaymentDone({ payment, info }: { payment: Payment; info: WithdrawalInfo }) {
  const { t, locale } = useI18n();
  const money = (cents: number, account: WithdrawalAccount) => formatMoney(cents, currencyOf(account), locale);
  const paidFrom = info.accounts.find((a) => a.currency === payment.currency);
  return (
    <section
      className="withdrawal__card"
      aria-labelledby="withdrawal-done"
      data-testid="withdrawal-payment"
      data-state={payment.state}
    >
      <h2 id="withdrawal-done">{t('withdrawal.done.title')}</h2>
      <Notice kind="info">
        {t(payment.state === 'processing' ? 'withdrawal.done.processing' : 'withdrawal.done.requested', {
          amount: paidFrom
            ? money(payment.amount_cents, paidFrom)
            : formatMoney(payment.amount_cents, currencyInfo(payment.currency, undefined), locale),
        })}
      </Notice>
      <dl className="withdrawal__facts">
        <div>
          <dt>{t('withdrawal.done.amount')}</dt>
          <dd>{paidFrom ? money(payment.amount_cents, paidFrom) : payment.amount_cents}</dd>
        </div>
        <div>
          <dt>{t('withdrawal.done.state')}</dt>
          <dd data-testid="withdrawal-payment-state">
            {t(`withdrawal.states.${payment.state}`, undefined, payment.state)}
          </dd>
        </div>
        {paidFrom ? (
          <div>
            <dt>{t('withdrawal.done.remaining')}</dt>
            <dd data-testid="withdrawal-remaining">{money(paidFrom.real_cents, paidFrom)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * The form's choices: the currency (an account with money), the method offered for it, the
 * amount (all of it to start) and the destination; a new currency or method starts them again.
 */
function useWithdrawalChoice(info: WithdrawalInfo) {
  const withMoney = info.accounts.filter((a) => a.real_cents > 0);
  const [currency, setCurrency] = useState(() => initialAccount(withMoney)!.currency);
  const account = withMoney.find((a) => a.currency === currency) ?? withMoney[0]!;
  const methods = methodsFor(info, account.currency);
  const [methodId, setMethodId] = useState(() => methods[0]?.id ?? '');
  const method: PaymentMethod | undefined = methods.find((m) => m.id === methodId) ?? methods[0];
  const [amount, setAmount] = useState(() => amountInput(account.real_cents, account.subunits_to_unit));
  const [destination, setDestination] = useState(() => initialDestination(method));
  const [errors, setErrors] = useState<FieldErrors & { amountText?: string }>({});

  const chooseCurrency = (code: string) => {
    const next = withMoney.find((a) => a.currency === code)!;
    const nextMethod = methodsFor(info, code)[0];
    setCurrency(code);
    setMethodId(nextMethod?.id ?? '');
    setAmount(amountInput(next.real_cents, next.subunits_to_unit));
    setDestination(initialDestination(nextMethod));
    setErrors({});
  };
  const chooseMethod = (id: string) => {
    const next = methods.find((m) => m.id === id);
    setMethodId(id);
    // A typed IBAN stays for another bank method; a card's id never goes to a text field.
    if (
      !next ||
      !method ||
      next.type === 'card' ||
      method.type === 'card' ||
      destinationKey(next) !== destinationKey(method)
    )
      setDestination(initialDestination(next));
    setErrors({});
  };
  return {
    withMoney,
    account,
    methods,
    method,
    amount,
    setAmount,
    destination,
    setDestination,
    errors,
    setErrors,
    chooseCurrency,
    chooseMethod,
  };
}

/**
 * Checks the form (the amount against the method's limits and the balance, the destination) and
 * asks for the cashout; the answer is the payment, a problem with the link (expired, used), or
 * null (the errors are on the form).
 */
async function sendWithdrawal(
  event: FormEvent<HTMLFormElement>,
  form: {
    t: TFunction;
    locale: string;
    token: string;
    method: PaymentMethod;
    account: WithdrawalAccount;
    amount: string;
    destination: string;
    limits: { min: number; max: number; available: number };
  },
  setErrors: (errors: FieldErrors & { amountText?: string }) => void,
  setBusy: (busy: boolean) => void,
): Promise<{ payment: Payment } | { problem: TokenProblem } | null> {
  const { t, locale, token, method, account, amount, destination, limits } = form;
  event.preventDefault();
  const found: FieldErrors & { amountText?: string } = {};
  const unit = currencyOf(account);
  const checked = checkAmount(amount, unit, limits);
  if (checked.error) {
    const limit = 'limit' in checked.error ? formatMoney(checked.error.limit, unit, locale) : '';
    found.amountText = errorText(t, 'amount_cents', checked.error.code, { limit });
  }
  found.destination = destinationError(method, destination);
  if (found.amountText || found.destination) {
    setErrors(found);
    event.currentTarget
      .querySelector<HTMLElement>(found.amountText ? '[name="amount"]' : '[name="destination"]')
      ?.focus();
    return null;
  }
  setErrors({});
  setBusy(true);
  try {
    const payment = await withdrawalApi.withdraw({
      withdrawal_token: token,
      payment_method: method.id,
      amount_cents: checked.cents!,
      currency: account.currency,
      destination: destination.trim(),
    });
    return { payment };
  } catch (error) {
    const codes = errorCodeOf(error);
    const problem = tokenProblemOf(codes);
    if (problem) return { problem };
    setErrors(codes);
  } finally {
    setBusy(false);
  }
  return null;
}

/** The server's refusal of an amount, with the limit it broke (the balance, the method's most or least). */
function amountErrorText(
  t: TFunction,
  code: string,
  limits: { min: number; max: number; available: number },
  unit: CurrencyInfo,
  locale: string,
): string {
  const limit = refusedAmountLimit(code, limits);
  return errorText(t, 'amount_cents', code, { limit: formatMoney(limit, unit, locale) });
}

function WithdrawalForm({
  token,
  info,
  onDone,
  onTokenProblem,
}: {
  token: string;
  info: WithdrawalInfo;
  onDone: (payment: Payment) => void;
  onTokenProblem: (problem: TokenProblem) => void;
}) {
  const { t, locale } = useI18n();
  const choice = useWithdrawalChoice(info);
  const { withMoney, account, methods, method, amount, setAmount, destination, setDestination } = choice;
  const { errors, setErrors, chooseCurrency, chooseMethod } = choice;
  const [busy, setBusy] = useState(false);
  const unit = currencyOf(account);

  if (!method) return <Notice kind="info">{t('cashbox.noMethods')}</Notice>;
  const limits = { min: method.min_amount_cents, max: method.max_amount_cents, available: account.real_cents };
  const noCard = method.type === 'card' && method.saved_profiles.length === 0;

  const submit = (event: FormEvent<HTMLFormElement>) =>
    sendWithdrawal(event, { t, locale, token, method, account, amount, destination, limits }, setErrors, setBusy).then(
      (outcome) => {
        if (outcome && 'payment' in outcome) onDone(outcome.payment);
        else if (outcome) onTokenProblem(outcome.problem);
      },
    );

  const amountError =
    errors.amountText ?? (errors.amount_cents ? amountErrorText(t, errors.amount_cents, limits, unit, locale) : null);
  const key = destinationKey(method);
  const destError = errors.destination ? errorText(t, `destination.${key}`, errors.destination) : null;
  const other = Object.entries(errors).find(
    ([name, code]) => code && !['amount_cents', 'amountText', 'destination'].includes(name),
  );
  return (
    <section className="withdrawal__card" aria-labelledby="withdrawal-form-title">
      <h2 id="withdrawal-form-title">{t('withdrawal.form')}</h2>
      <form className="withdrawal__form" onSubmit={submit} noValidate aria-labelledby="withdrawal-form-title">
        <AccountAndMethod
          accounts={withMoney}
          account={account}
          methods={methods}
          method={method}
          onCurrency={chooseCurrency}
          onMethod={chooseMethod}
        />
        <AmountField
          currency={unit}
          value={amount}
          onChange={setAmount}
          error={amountError}
          limits={limits}
          limitsText="withdrawal.limits"
        />
        <DestinationField
          method={method}
          currency={account.currency}
          destination={destination}
          onChange={setDestination}
          error={destError}
        />
        {other ? <Notice kind="error">{errorText(t, other[0], other[1]!)}</Notice> : null}
        <button type="submit" className="button button--primary" disabled={busy || noCard} aria-busy={busy}>
          {busy ? t('auth.submitting') : t('withdrawal.submit')}
        </button>
        <p className="withdrawal__small">
          {t(`cashbox.processing.${method.processing_time}`, undefined, method.processing_time)}
        </p>
      </form>
    </section>
  );
}

/** The currency to cash out (an account with money) and the method offered for it. */
function AccountAndMethod({
  accounts,
  account,
  methods,
  method,
  onCurrency: chooseCurrency,
  onMethod: chooseMethod,
}: {
  accounts: WithdrawalAccount[];
  account: WithdrawalAccount;
  methods: PaymentMethod[];
  method: PaymentMethod;
  onCurrency: (currency: string) => void;
  onMethod: (id: string) => void;
}) {
  const { t } = useI18n();
  const brand = (b: string) => t(`cashbox.brands.${b}`, undefined, b);
  return (
    <>
      <Select label={t('withdrawal.currency')} name="currency" value={account.currency} onChange={chooseCurrency}>
        {accounts.map((a) => (
          <option key={a.currency} value={a.currency}>
            {currencyLabel(a.currency)}
          </option>
        ))}
      </Select>
      <Select label={t('withdrawal.method')} name="payment_method" value={method.id} onChange={chooseMethod}>
        {methods.map((m) => (
          <option key={m.id} value={m.id}>
            {brand(m.brand)}
          </option>
        ))}
      </Select>
    </>
  );
}

/** Where the money goes: a saved card (none saved: a word on it), or the method's text field (an IBAN, a wallet). */
function DestinationField({
  method,
  currency,
  destination,
  onChange: setDestination,
  error: destError,
}: {
  method: PaymentMethod;
  currency: string;
  destination: string;
  onChange: (destination: string) => void;
  error: string | null;
}) {
  const { t } = useI18n();
  const noCard = method.type === 'card' && method.saved_profiles.length === 0;
  const key = destinationKey(method);
  const brand = (b: string) => t(`cashbox.brands.${b}`, undefined, b);
  return (
    <>
      {noCard ? (
        <Notice kind="info">{t('cashbox.withdraw.noCard', { brand: brand(method.brand) })}</Notice>
      ) : method.type === 'card' ? (
        <fieldset className="withdrawal__cards" aria-describedby={destError ? 'withdrawal-card-error' : undefined}>
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
              {t('cashbox.savedCard', { brand: brand(saved.brand), last4: saved.last4 })}
            </label>
          ))}
          {destError ? (
            <p id="withdrawal-card-error" className="field__error">
              {destError}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <TextField
          label={t(`cashbox.destination.${key}`, { currency }, t('cashbox.destination.destination'))}
          name="destination"
          autoComplete="off"
          spellCheck={false}
          value={destination}
          onChange={(event) => setDestination(event.target.value)}
          error={destError}
        />
      )}
    </>
  );
}

function Select({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}
