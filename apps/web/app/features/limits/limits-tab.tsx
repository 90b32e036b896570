import {
  AMOUNT_LIMIT_TYPES,
  COOLING_OFF_PERIODS,
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_PERIODS,
  SESSION_LIMIT_MAX_MINUTES,
  type AmountLimitType,
  type CreateUserLimitRequest,
  type ExclusionLimitType,
  type LimitPeriod,
  type Player,
  type PlayerAccount,
  type RealityCheckMinutes,
  type UserLimit,
} from '@orbit/contracts';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { setPlayer, signOutDone, signOutStarted } from '../../lib/session';
import { errorCodeOf, Notice, TextField, type FieldErrors } from '../../ui/form';
import { countdown, isRemovable, limitErrorKeys, limitsOfType, sessionMinutes, usageOf } from './limits-rules';
import { clearLimits, limitsApi, loadLimits, setLimits, useLimits } from './limits-store';
import type { LimitMoney } from './money';
import { useDateTimeFormat, useNow } from '../../lib/use-clock';
import './limits.css';

/** What the lobby's notice is told after a cooling-off or self-exclusion has signed the player out. */
export type ExclusionNoticeState = { limitsNotice: { type: ExclusionLimitType; until: string | null } };

/** The first message of a refusal's code that a language has (field's own, the code's, the generic one). */
function useErrorText() {
  const { t } = useI18n();
  return (field: string, code: string) => {
    for (const key of limitErrorKeys(field, code)) {
      const text = t(key, undefined, '\u0000');
      if (text !== '\u0000') return text;
    }
    return t('errors.unknown');
  };
}

/** Errors of a failed call as one message per field (the first code of each). */
function ErrorNotices({ errors }: { errors: FieldErrors }) {
  const text = useErrorText();
  const found = Object.entries(errors).filter(([, code]) => code);
  if (!found.length) return null;
  return (
    <>
      {found.map(([field, code]) => (
        <Notice key={field} kind="error">
          {text(field, code!)}
        </Notice>
      ))}
    </>
  );
}

/**
 * `/profile/limits` (docs/limits.md): a section per type with the player's limits (usage as a bar,
 * the period's end, a pending raise or removal with its countdown, remove) and the form that
 * sets one; cooling-off and self-exclusion explained and confirmed twice; the reality-check
 * interval. Every answer of a change is the whole list, which replaces the store.
 */
export function LimitsTab({ player, money, cashoutHref }: { player: Player; money: LimitMoney; cashoutHref: string }) {
  const { t } = useI18n();
  const { status, limits } = useLimits();
  const [accounts, setAccounts] = useState<string[] | null>(null);
  useEffect(() => {
    void loadLimits();
    let live = true;
    limitsApi.accounts().then(
      (list: PlayerAccount[]) => live && setAccounts(list.length ? list.map((a) => a.currency) : [player.currency]),
      () => live && setAccounts([player.currency]),
    );
    return () => {
      live = false;
    };
  }, [player.currency]);

  return (
    <div className="profile-tab limits" data-testid="limits-page">
      <p className="profile__hint">{t('limits.intro')}</p>
      {status === 'failed' && limits.length === 0 ? <Notice kind="error">{t('errors.unknown')}</Notice> : null}
      {AMOUNT_LIMIT_TYPES.map((type) => (
        <LimitSection key={type} type={type} limits={limitsOfType(limits, type)} money={money}>
          {accounts ? (
            <AmountLimitForm type={type} currencies={accounts} money={money} limits={limits} />
          ) : (
            <p className="profile__loading">{t('common.loading')}</p>
          )}
        </LimitSection>
      ))}
      <LimitSection type="session" limits={limitsOfType(limits, 'session')} money={money}>
        <SessionLimitForm limits={limits} />
      </LimitSection>
      <RealityCheckSection />
      {(['cooling_off', 'self_exclusion'] as const).map((type) => (
        <LimitSection key={type} type={type} limits={limitsOfType(limits, type)} money={money}>
          <ExclusionForm type={type} cashoutHref={cashoutHref} />
        </LimitSection>
      ))}
    </div>
  );
}

function LimitSection({
  type,
  limits,
  money,
  children,
}: {
  type: UserLimit['type'];
  limits: UserLimit[];
  money: LimitMoney;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <section className="profile-card limits__section" aria-labelledby={id} data-testid={`limits-${type}`}>
      <h2 id={id}>{t(`limits.types.${type}.title`)}</h2>
      <p className="profile__hint">{t(`limits.types.${type}.text`)}</p>
      {limits.length ? (
        <ul className="limits__list">
          {limits.map((limit) => (
            <LimitCard key={limit.id} limit={limit} money={money} />
          ))}
        </ul>
      ) : null}
      {children}
    </section>
  );
}

/** One limit: its amounts and usage this period, when the period ends, a pending change, remove. */
function LimitCard({ limit, money }: { limit: UserLimit; money: LimitMoney }) {
  const { t } = useI18n();
  const formatDate = useDateTimeFormat();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const exclusion = limit.type === 'cooling_off' || limit.type === 'self_exclusion';
  const remove = async () => {
    setBusy(true);
    setErrors({});
    try {
      setLimits(await limitsApi.remove(limit.id));
    } catch (error) {
      setErrors(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };
  const amount = (value: number, currency: string | null) =>
    currency === null
      ? t('limits.duration', { hours: Math.floor(value / 60), minutes: value % 60 })
      : money.format(value, currency);
  return (
    <li className="limits__card" data-testid={`limit-${limit.type}-${limit.period}`}>
      <div className="limits__card-head">
        <strong>
          {exclusion
            ? t(`limits.periods.${limit.period}`, undefined, limit.period)
            : t(`limits.perPeriod.${limit.period}`, undefined, limit.period)}
        </strong>
        {limit.status === 'pending' ? <span className="profile-badge">{t('limits.status.pending')}</span> : null}
      </div>
      {exclusion ? (
        <p>
          {limit.disable_at
            ? t('limits.exclusionUntil', { until: formatDate(limit.disable_at) })
            : t('limits.exclusionPermanent')}
        </p>
      ) : null}
      {usageOf(limit).map((usage) => (
        <UsageLine key={usage.currency ?? 'minutes'} usage={usage} amount={amount} />
      ))}
      {limit.pending_change ? <PendingChange limit={limit} /> : null}
      {isRemovable(limit) ? (
        <div>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void remove()}
          >
            {t('limits.remove')}
          </button>
        </div>
      ) : null}
      <ErrorNotices errors={errors} />
    </li>
  );
}

/** How much of a limit is used this period (a bar), when the period ends and a raise waiting. */
function UsageLine({
  usage,
  amount,
}: {
  usage: ReturnType<typeof usageOf>[number];
  amount: (value: number, currency: string | null) => string;
}) {
  const { t } = useI18n();
  const formatDate = useDateTimeFormat();
  const label = t('limits.usage', {
    used: amount(usage.used, usage.currency),
    amount: amount(usage.amount, usage.currency),
  });
  return (
    <div className="limits__usage">
      <div className="limits__usage-text">
        <span>{label}</span>
        {usage.periodEnd ? (
          <span className="limits__muted">{t('limits.periodEnds', { until: formatDate(usage.periodEnd) })}</span>
        ) : null}
      </div>
      <progress
        className={`limits__bar${usage.ratio >= 1 ? ' limits__bar--reached' : ''}`}
        max={1}
        value={usage.ratio}
        aria-label={label}
      />
      {usage.pending !== null ? (
        <p className="limits__muted">{t('limits.pendingRaise', { amount: amount(usage.pending, usage.currency) })}</p>
      ) : null}
    </div>
  );
}

/** A raise or removal waiting: the countdown to when it may be confirmed, then the mail to look for. */
function PendingChange({ limit }: { limit: UserLimit }) {
  const { t } = useI18n();
  const formatDate = useDateTimeFormat();
  const change = limit.pending_change!;
  const now = useNow();
  const left = countdown(change.confirmable_at, now);
  return (
    <div className="limits__pending" data-testid="limit-pending">
      <p>{t(`limits.pending.${change.action}`)}</p>
      {left ? (
        <p>
          {t('limits.pending.countdown')}{' '}
          <span className="limits__clock" role="timer">
            {left}
          </span>
          <br />
          <span className="limits__muted">{t('limits.pending.mailAt', { at: formatDate(change.confirmable_at) })}</span>
        </p>
      ) : (
        <p className="limits__muted">
          {change.confirm_until
            ? t('limits.pending.mailSent', { until: formatDate(change.confirm_until) })
            : t('limits.pending.mailSoon')}
        </p>
      )}
    </div>
  );
}

/** What the answer of a change means for the player: in force now, or waiting for its 24 hours. */
function savedMessage(limits: readonly UserLimit[], type: string, period: string): 'pending' | 'saved' {
  const limit = limits.find((l) => l.type === type && l.period === period);
  return limit?.pending_change?.action === 'raise' ? 'pending' : 'saved';
}

function PeriodSelect({
  value,
  onChange,
  error,
}: {
  value: LimitPeriod;
  onChange: (period: LimitPeriod) => void;
  error?: string;
}) {
  const { t } = useI18n();
  const id = useId();
  const text = useErrorText();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('limits.period')}
      </label>
      <select
        id={id}
        name="period"
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value as LimitPeriod)}
        aria-invalid={error ? true : undefined}
      >
        {LIMIT_PERIODS.map((period) => (
          <option key={period} value={period}>
            {t(`limits.periods.${period}`)}
          </option>
        ))}
      </select>
      {error ? <p className="field__error">{text('period', error)}</p> : null}
    </div>
  );
}

/** A deposit, loss or wager limit: the period and an amount per currency account (empty: not limited in that currency). */
/** The amounts typed, one a currency (an empty field is none), and each wrong one's error code. */
function typedAccounts(currencies: string[], amounts: Record<string, string>, money: LimitMoney) {
  const accounts: Array<{ currency: string; amount_cents: number }> = [];
  const wrong: Record<string, string> = {};
  for (const currency of currencies) {
    const typed = amounts[currency] ?? '';
    if (typed.trim() === '') continue;
    const parsed = money.parse(typed, currency);
    if (parsed.error !== undefined) wrong[currency] = parsed.error;
    else if (parsed.cents <= 0) wrong[currency] = 'greater_than_zero';
    else accounts.push({ currency, amount_cents: parsed.cents });
  }
  return { accounts, wrong };
}

function AmountLimitForm({
  type,
  currencies,
  money,
  limits,
}: {
  type: AmountLimitType;
  currencies: string[];
  money: LimitMoney;
  limits: readonly UserLimit[];
}) {
  const { t } = useI18n();
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'pending' | 'saved' | null>(null);
  const text = useErrorText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const { accounts, wrong } = typedAccounts(currencies, amounts, money);
    setFieldErrors(wrong);
    if (Object.keys(wrong).length) return setErrors({});
    if (!accounts.length) return setErrors({ accounts: 'required' });
    setErrors({});
    setBusy(true);
    try {
      const answer = await limitsApi.create({ type, period, accounts });
      setLimits(answer);
      setDone(savedMessage(answer, type, period));
      setAmounts({});
    } catch (error) {
      setErrors(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };
  const current = limits.find((l) => l.type === type && l.period === period);
  return (
    <form
      className="profile-form limits__form"
      onSubmit={submit}
      noValidate
      aria-label={t(`limits.types.${type}.form`)}
    >
      <div className="profile-form__grid">
        <PeriodSelect value={period} onChange={(next) => (setPeriod(next), setDone(null))} error={errors.period} />
        {currencies.map((currency) => (
          <TextField
            key={currency}
            label={t('limits.amount', { currency })}
            inputMode="decimal"
            autoComplete="off"
            value={amounts[currency] ?? ''}
            placeholder={
              current?.accounts.find((a) => a.currency === currency)
                ? money.input(current.accounts.find((a) => a.currency === currency)!.amount_cents, currency)
                : ''
            }
            error={fieldErrors[currency] ? text('amount_cents', fieldErrors[currency]) : undefined}
            onChange={(event) => {
              const value = event.target.value;
              setAmounts((all) => ({ ...all, [currency]: value }));
            }}
          />
        ))}
      </div>
      <p className="limits__muted">{t('limits.changeRule')}</p>
      <p className="limits__muted">{t('limits.currencyRule')}</p>
      <ErrorNotices errors={{ ...errors, period: undefined }} />
      {done ? <Notice kind="info">{t(`limits.done.${done}`)}</Notice> : null}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {t(`limits.types.${type}.submit`)}
      </button>
    </form>
  );
}

/** A session limit: hours and minutes signed in per period (at most the period's length). */
/** A session's length: hours and minutes (the error under the minutes); the current limit as placeholders. */
function DurationFields({
  hours,
  minutes,
  onHours,
  onMinutes,
  current,
  error,
}: {
  hours: string;
  minutes: string;
  onHours: (hours: string) => void;
  onMinutes: (minutes: string) => void;
  /** The current limit's minutes, if any. */
  current: number | null | undefined;
  error: string | undefined;
}) {
  const { t } = useI18n();
  const text = useErrorText();
  const hoursId = useId();
  const minutesId = useId();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={hoursId}>
          {t('limits.hours')}
        </label>
        <input
          id={hoursId}
          className="field__input"
          inputMode="numeric"
          value={hours}
          placeholder={current ? String(Math.floor(current / 60)) : ''}
          onChange={(e) => onHours(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={minutesId}>
          {t('limits.minutes')}
        </label>
        <input
          id={minutesId}
          className="field__input"
          inputMode="numeric"
          value={minutes}
          placeholder={current ? String(current % 60) : ''}
          onChange={(e) => onMinutes(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${minutesId}-error` : undefined}
        />
        {error ? (
          <p id={`${minutesId}-error`} className="field__error">
            {text('minutes', error)}
          </p>
        ) : null}
      </div>
    </>
  );
}

function SessionLimitForm({ limits }: { limits: readonly UserLimit[] }) {
  const { t } = useI18n();
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [hours, setHours] = useState('');
  const [minutes, setMinutes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'pending' | 'saved' | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const total = sessionMinutes(hours, minutes);
    if (total === null) return setErrors({ minutes: hours || minutes ? 'invalid' : 'required' });
    if (total > SESSION_LIMIT_MAX_MINUTES[period]) return setErrors({ minutes: 'too_long' });
    setErrors({});
    setBusy(true);
    try {
      const answer = await limitsApi.create({ type: 'session', period, minutes: total });
      setLimits(answer);
      setDone(savedMessage(answer, 'session', period));
      setHours('');
      setMinutes('');
    } catch (error) {
      setErrors(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };
  const current = limits.find((l) => l.type === 'session' && l.period === period);
  return (
    <form
      className="profile-form limits__form"
      onSubmit={submit}
      noValidate
      aria-label={t('limits.types.session.form')}
    >
      <div className="profile-form__grid">
        <PeriodSelect value={period} onChange={(next) => (setPeriod(next), setDone(null))} error={errors.period} />
        <DurationFields
          hours={hours}
          minutes={minutes}
          onHours={setHours}
          onMinutes={setMinutes}
          current={current?.minutes}
          error={errors.minutes}
        />
      </div>
      <p className="limits__muted">{t('limits.changeRule')}</p>
      <ErrorNotices errors={{ ...errors, period: undefined, minutes: undefined }} />
      {done ? <Notice kind="info">{t(`limits.done.${done}`)}</Notice> : null}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {t('limits.types.session.submit')}
      </button>
    </form>
  );
}

/**
 * Cooling-off or self-exclusion: what it means (signed out at once, no sign-in, deposit or
 * play until it ends, cannot be shortened or cancelled, no promotional mail, withdrawals stay
 * possible — the server mails a withdrawal link at once and on every sign-in attempt while it
 * lasts (`/withdrawal`) —: withdraw first), the length, and a second step that asks again before sending.
 * The server ends every session of the player, this one included: the page then turns into a
 * guest's and the lobby explains what happened.
 */
function ExclusionForm({ type, cashoutHref }: { type: ExclusionLimitType; cashoutHref: string }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const periods = type === 'cooling_off' ? COOLING_OFF_PERIODS : SELF_EXCLUSION_PERIODS;
  const [period, setPeriod] = useState<string>(periods[0]);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const id = useId();

  const start = async () => {
    setBusy(true);
    setErrors({});
    // A sign-out as far as the page is concerned: the server ends every session of the player as
    // it starts the limit, so a 401 of a request sent meanwhile (the lobby's, the balance's) must
    // not open the sign-in popup over the notice (a slow machine showed it).
    signOutStarted();
    try {
      const answer = await limitsApi.create({ type, period } as CreateUserLimitRequest);
      const started = answer.find((l) => l.type === type);
      const state: ExclusionNoticeState = { limitsNotice: { type, until: started?.disable_at ?? null } };
      // Off the profile first (its guard would send a guest to sign-up), then the guest state:
      // the session cookie is dead already, so no sign-out call (it would answer 401).
      await navigate(localizePath('/', locale), { state });
      clearLimits();
      setPlayer(null);
    } catch (error) {
      setErrors(errorCodeOf(error));
      setBusy(false);
    } finally {
      signOutDone();
    }
  };

  return (
    <div className="limits__form limits__exclusion">
      <ul className="limits__consequences">
        {(['signedOut', 'noAccess', 'final', 'noPromotions', 'withdrawals', 'withdrawalLink'] as const).map((key) => (
          <li key={key}>{t(`limits.exclusion.${key}`)}</li>
        ))}
      </ul>
      <Notice kind="info">
        {t('limits.exclusion.withdrawFirst')}{' '}
        <Link
          to={cashoutHref}
          state={{ background: { pathname: location.pathname, search: location.search, hash: '' } }}
          preventScrollReset
        >
          {t('limits.exclusion.withdrawLink')}
        </Link>
      </Notice>
      {step === 'choose' ? (
        <PeriodChoice
          type={type}
          id={id}
          periods={periods}
          period={period}
          onPeriod={setPeriod}
          onChosen={() => setStep('confirm')}
        />
      ) : (
        <ExclusionConfirm
          type={type}
          id={id}
          period={period}
          errors={errors}
          busy={busy}
          onConfirm={() => void start()}
          onCancel={() => (setStep('choose'), setErrors({}))}
        />
      )}
    </div>
  );
}

/** How long the cooling-off or self-exclusion lasts. */
function PeriodChoice({
  type,
  id,
  periods,
  period,
  onPeriod: setPeriod,
  onChosen,
}: {
  type: ExclusionLimitType;
  id: string;
  periods: readonly string[];
  period: string;
  onPeriod: (period: string) => void;
  onChosen: () => void;
}) {
  const { t } = useI18n();
  return (
    <form
      className="profile-form"
      noValidate
      aria-label={t(`limits.types.${type}.form`)}
      onSubmit={(event) => {
        event.preventDefault();
        onChosen();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('limits.length')}
        </label>
        <select id={id} className="field__input" value={period} onChange={(event) => setPeriod(event.target.value)}>
          {periods.map((p) => (
            <option key={p} value={p}>
              {t(`limits.periods.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary">
        {t(`limits.types.${type}.submit`)}
      </button>
    </form>
  );
}

/** The last word before it starts: what it means, confirm or cancel. */
function ExclusionConfirm({
  type,
  id,
  period,
  errors,
  busy,
  onConfirm,
  onCancel,
}: {
  type: ExclusionLimitType;
  id: string;
  period: string;
  errors: FieldErrors;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className="limits__confirm" role="group" aria-labelledby={`${id}-confirm`} data-testid={`confirm-${type}`}>
      <p id={`${id}-confirm`} className="limits__confirm-title">
        {t(`limits.types.${type}.confirm`, { period: t(`limits.periods.${period}`) })}
      </p>
      <p>{t('limits.exclusion.confirmText')}</p>
      <ErrorNotices errors={errors} />
      <div className="limits__actions">
        <button
          type="button"
          className="button button--primary limits__danger"
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {t(`limits.types.${type}.confirmButton`)}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
          {t('limits.exclusion.cancel')}
        </button>
      </div>
    </div>
  );
}

/** The reality-check interval (off, 15, 30, 60 minutes; docs/limits.md): a pause in play showing time and money. */
function RealityCheckSection() {
  const { t } = useI18n();
  const id = useId();
  const [saved, setSaved] = useState<RealityCheckMinutes | null>(null);
  const [value, setValue] = useState<RealityCheckMinutes>(0);
  const [state, setState] = useState<'idle' | 'busy' | 'saved' | { error: string }>('idle');
  useEffect(() => {
    let live = true;
    limitsApi.responsibleGaming().then(
      (answer) => {
        if (!live) return;
        const minutes = answer.reality_check_minutes as RealityCheckMinutes;
        setSaved(minutes);
        setValue(minutes);
      },
      (error: unknown) => live && setState({ error: errorCodeOf(error).base ?? 'unknown' }),
    );
    return () => {
      live = false;
    };
  }, []);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setState('busy');
    try {
      const answer = await limitsApi.setRealityCheck(value);
      setSaved(answer.reality_check_minutes as RealityCheckMinutes);
      setState('saved');
    } catch (error) {
      const codes = errorCodeOf(error);
      setState({ error: codes.reality_check_minutes ?? codes.base ?? 'unknown' });
    }
  };
  return (
    <section className="profile-card limits__section" aria-labelledby={id} data-testid="limits-reality-check">
      <h2 id={id}>{t('limits.realityCheck.title')}</h2>
      <p className="profile__hint">{t('limits.realityCheck.text')}</p>
      <form className="profile-form limits__form" onSubmit={save} noValidate>
        <fieldset className="limits__choices" disabled={saved === null}>
          <legend className="field__label">{t('limits.realityCheck.interval')}</legend>
          {REALITY_CHECK_MINUTES.map((minutes) => (
            <label key={minutes} className="limits__choice">
              <input
                type="radio"
                name="reality_check_minutes"
                value={minutes}
                checked={value === minutes}
                onChange={() => (setValue(minutes), setState('idle'))}
              />
              {minutes === 0 ? t('limits.realityCheck.off') : t('limits.realityCheck.every', { count: minutes })}
            </label>
          ))}
        </fieldset>
        {state === 'saved' ? <Notice kind="info">{t('limits.realityCheck.saved')}</Notice> : null}
        {typeof state === 'object' ? (
          <Notice kind="error">{t(`errors.${state.error}`, undefined, t('errors.unknown'))}</Notice>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={saved === null || state === 'busy' || value === saved}
          aria-busy={state === 'busy'}
        >
          {t('limits.realityCheck.save')}
        </button>
      </form>
    </section>
  );
}
