/**
 * The identity forms, shared by the popups (`auth-popup.tsx`) and the full pages (/login,
 * /registration). They validate with the contract's rules, send a captcha token where the server
 * asks for one, keep what the player typed per autocomplete scope, and show the server's codes.
 */
import { currencyOptionLabel } from '../../lib/display-names';
import type { BonusOffer, CountriesResponse, CurrenciesResponse, CurrentIpResponse, Player } from '@orbit/contracts';
import {
  defaultCurrencyFor,
  emailAddressSchema,
  mustBeAcceptedSchema,
  newPasswordSchema,
  playerNicknameSchema,
} from '@orbit/contracts';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ApiError, browserApi } from '../../lib/api';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import {
  forgetValues,
  rememberedValues,
  rememberValues,
  type AutocompleteScope,
  type AutocompleteValues,
} from '../../lib/autocomplete';
import { captchaToken } from '../../lib/captcha';
import { captchaForCall, readPlayerSettings } from './captcha-gate';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { setPlayer } from '../../lib/session';
import { logFailure, reportConversion } from '../../lib/telemetry';
import { refreshPlayer } from '../../lib/session-client';
import { countryOptions, signUpCountry } from './sign-up-country';
import {
  check,
  CheckField,
  checkNewPassword,
  Field,
  NewPasswordFields,
  Notice,
  SelectField,
  useForm,
  type FieldErrors,
} from '../../ui/form';
import './auth.css';

/** Only same-site paths are followed after sign-in (`?redirect=/profile`), never another origin. */
export function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

/**
 * The captcha field for the calls that need one (sign-up, sign-in, reset): `captcha-gate.ts`.
 * No token after the solver's retries: the call is not sent and the form says so
 * (`errors.captcha_unavailable`), unless the operator runs without a captcha.
 */
function requireCaptcha(): Promise<string | undefined> {
  return captchaForCall(captchaToken, readPlayerSettings);
}

/**
 * The `dfpc` of sign-up and sign-in: a hash of the browser's stable traits, computed on the page
 * (lib/device-fingerprint.ts; docs/rules/fields.md "Device fingerprint"); the server keeps the
 * sign-up's with the registration for fraud checks.
 */
const deviceId = deviceFingerprint;

const CLEARED = ['captcha'] as const;
/**
 * The identity forms' state. The values are read from the form itself on submit, so what was
 * typed before the page became interactive counts too; a change also clears the captcha's code.
 * `name`: the form's name in the telemetry's validation reports.
 */
const useFormState = <T extends Record<string, unknown>>(initial: T, name: string) =>
  useForm(initial, { readForm: true, clears: CLEARED, report: name });

/**
 * Offers the remembered values of a scope once the form is in the browser (never during server
 * rendering: local storage is the browser's). A field the player already typed in is left alone;
 * `apply` gets what was filled (selects are controlled, so they are set through it).
 */
function usePrefill(
  form: RefObject<HTMLFormElement | null>,
  scope: AutocompleteScope,
  apply: (filled: AutocompleteValues) => void,
) {
  const applied = useRef(apply);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const filled: AutocompleteValues = {};
    for (const [name, value] of Object.entries(rememberedValues(scope))) {
      const field = element.elements.namedItem(name);
      if (field instanceof HTMLInputElement && !field.value && value) {
        field.value = value;
        filled[name] = value;
      } else if (field instanceof HTMLSelectElement && value) {
        filled[name] = value;
      }
    }
    applied.current(filled);
  }, [form, scope]);
}

export function Submit({ busy, label }: { busy: boolean; label: string }) {
  const { t } = useI18n();
  // Disabled until the page is interactive: a form sent before that would be sent by the
  // browser itself, without the rules, the CSRF header or the JSON body.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button type="submit" className="button button--primary" disabled={busy || !ready} aria-busy={busy}>
      {busy ? t('auth.submitting') : label}
    </button>
  );
}

/** Errors of fields the form does not show (base, captcha ...); the captcha's have their own texts. */
function BaseError({ errors, shown }: { errors: FieldErrors; shown: string[] }) {
  const { t } = useI18n();
  const found = Object.entries(errors).find(([field, value]) => value && !shown.includes(field));
  if (!found) return null;
  const key = found[0] === 'captcha' ? `errors.captcha_${found[1]}` : `errors.${found[1]}`;
  return <Notice kind="error">{t(key, undefined, t('errors.unknown'))}</Notice>;
}

/**
 * Sign-in: email and password, then — when the player has two-factor on (the server answers
 * `otp_attempt: required` and keeps the half-done sign-in) — the code from the authenticator app.
 */
export function SignInForm({
  onDone,
  notice,
  children,
}: {
  onDone: () => void;
  notice: string | null;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [expired, setExpired] = useState(false);
  if (step === 'code') {
    return (
      <TwoFactorForm
        onDone={onDone}
        onExpired={() => {
          setExpired(true);
          setStep('password');
        }}
      />
    );
  }
  return (
    <PasswordSignInForm
      onDone={onDone}
      onCodeRequired={() => setStep('code')}
      notice={
        expired ? (
          <Notice kind="error">{t('errors.otp_expired')}</Notice>
        ) : notice ? (
          <Notice kind="info">{notice}</Notice>
        ) : null
      }
    >
      {children}
    </PasswordSignInForm>
  );
}

function PasswordSignInForm({
  onDone,
  onCodeRequired,
  notice,
  children,
}: {
  onDone: () => void;
  onCodeRequired: () => void;
  notice: ReactNode;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLFormElement>(null);
  const [remembered, setRemembered] = useState(false);
  const form = useFormState({ email: '', password: '' }, 'login');
  const { errors } = form;
  usePrefill(ref, 'login', (filled) => setRemembered(Boolean(filled.email)));
  const onSubmit = form.submit(
    (values) => ({ email: check(null, values.email.trim()), password: check(null, values.password) }),
    async (values) => {
      const email = values.email.trim();
      rememberValues('login', { email });
      const captcha = await requireCaptcha();
      try {
        const player = await browserApi().post<Player>('/api/users/sign_in', {
          user: { email, password: values.password, dfpc: deviceId(), captcha },
        });
        setPlayer(player);
        onDone();
      } catch (error) {
        if (error instanceof ApiError && error.errors.otp_attempt?.[0] === 'required') return onCodeRequired();
        logFailure('LOGIN_ERROR', error);
        throw error;
      }
    },
  );
  // On a shared computer the player can take their address off the form for good.
  const forget = () => {
    forgetValues('login');
    forgetValues('global');
    const field = ref.current?.elements.namedItem('email');
    if (field instanceof HTMLInputElement) {
      field.value = '';
      field.focus();
    }
    form.set('email', '');
    setRemembered(false);
  };
  return (
    <form ref={ref} className="auth-form" method="post" noValidate onSubmit={onSubmit}>
      {notice}
      <BaseError errors={errors} shown={['email', 'password']} />
      <EmailField autoComplete="username" error={errors.email} onChange={(value) => form.set('email', value)} />
      {remembered ? (
        <button type="button" className="auth-form__forget" onClick={forget}>
          {t('auth.forgetEmail')}
        </button>
      ) : null}
      <Field
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('auth.password')}
        onChange={(e) => form.set('password', e.target.value)}
        error={errors.password}
      />
      <Submit busy={form.busy} label={t('auth.signIn')} />
      <div className="auth-form__links">{children}</div>
    </form>
  );
}

/**
 * The second step of a two-factor sign-in: only the code (the server remembers the rest for a few
 * minutes). "Use a recovery code" turns the field into one for a saved recovery code
 * (`ABCDE-FGHJK`): the same `otp_attempt`, which the server also takes as a recovery code.
 */
function TwoFactorForm({ onDone, onExpired }: { onDone: () => void; onExpired: () => void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLFormElement>(null);
  const form = useFormState({ otp_attempt: '' }, 'two_factor');
  const [recovery, setRecovery] = useState(false);
  const { errors } = form;
  // The step replaces the password form, and the switch the field: the code field takes the focus.
  useEffect(() => ref.current?.querySelector<HTMLInputElement>('[name="otp_attempt"]')?.focus(), [recovery]);
  const onSubmit = form.submit(
    (values) => ({ otp_attempt: check(null, values.otp_attempt.trim()) }),
    async (values) => {
      try {
        const player = await browserApi().post<Player>('/api/users/sign_in', {
          user: { otp_attempt: values.otp_attempt.replace(/\s/g, '') },
        });
        setPlayer(player);
        onDone();
      } catch (error) {
        if (error instanceof ApiError && error.errors.otp_attempt?.[0] === 'expired') return onExpired();
        logFailure('LOGIN_TWO_FACTORS_ERROR', error);
        throw error;
      }
    },
  );
  // The server's `invalid` means a wrong code here, not a broken link.
  const codeError =
    errors.otp_attempt === 'invalid' ? (recovery ? 'recovery_invalid' : 'otp_invalid') : errors.otp_attempt;
  // The field is drawn anew (empty) for the other kind of code.
  const switchTo = (useRecovery: boolean) => {
    form.set('otp_attempt', '');
    setRecovery(useRecovery);
  };
  return (
    <form ref={ref} className="auth-form" method="post" noValidate onSubmit={onSubmit}>
      <p>{t(recovery ? 'auth.recoveryText' : 'auth.otpText')}</p>
      <BaseError errors={errors} shown={['otp_attempt']} />
      <Field
        // A new input for each kind: the keyboard and the browser's suggestions differ.
        key={recovery ? 'recovery' : 'otp'}
        name="otp_attempt"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize={recovery ? 'characters' : undefined}
        spellCheck={recovery ? false : undefined}
        maxLength={recovery ? 20 : 10}
        label={t(recovery ? 'auth.recoveryLabel' : 'auth.otpLabel')}
        onChange={(e) => form.set('otp_attempt', e.target.value)}
        error={codeError}
      />
      <button type="button" className="auth-form__switch" onClick={() => switchTo(!recovery)}>
        {t(recovery ? 'auth.useAppCode' : 'auth.useRecoveryCode')}
      </button>
      <Submit busy={form.busy} label={t('auth.signIn')} />
    </form>
  );
}

export function SignUpForm({ onDone, locale, children }: { onDone: () => void; locale: Locale; children: ReactNode }) {
  const { t } = useI18n();
  const ref = useRef<HTMLFormElement>(null);
  const currencyChosen = useRef(false);
  const countryChosen = useRef(false);
  const form = useFormState<SignUpValues>(signUpStart(locale), 'registration');
  const { values, errors } = form;
  // Remembered values: a country or currency offered counts as chosen.
  usePrefill(ref, 'registration', (filled) => prefillChoice(filled, form, countryChosen, currencyChosen));
  const { currencies, countries } = useSignUpLists(locale, form, countryChosen, currencyChosen);

  const welcome = useWelcomeGifts(values.currency);
  const onSubmit = form.submit(signUpErrors, async (values) => {
    const email = values.email.trim();
    const player = await registerPlayer(values, locale).catch((error: unknown) => {
      logFailure('REGISTRATION_ERROR', error);
      throw error;
    });
    // The account exists: registration's values are done with, the address is for signing in.
    forgetValues('registration');
    rememberValues('login', { email });
    // A welcome gift the player unticked is declined (as the new player; it goes on after the page moves on).
    welcome.declineUnwanted();
    // The conversion: the visit's campaign, if it has one (docs/telemetry.md "The page").
    reportConversion();
    setPlayer(player);
    onDone();
  });
  const shown = ['email', 'password', 'password_confirmation', 'currency', 'country', 'nickname', 'terms_acceptance'];
  return (
    <form ref={ref} className="auth-form" method="post" noValidate onSubmit={onSubmit}>
      <BaseError errors={errors} shown={shown} />
      <EmailField autoComplete="email" error={errors.email} onChange={(value) => form.set('email', value)} />
      <NewPasswordFields
        label={t('auth.password')}
        errors={errors}
        onChange={(field, value) => form.set(field, value)}
      />
      <CountryAndCurrency
        locale={locale}
        form={form}
        countries={countries}
        currencies={currencies}
        countryChosen={countryChosen}
        currencyChosen={currencyChosen}
      />
      <Field
        name="nickname"
        autoComplete="nickname"
        label={t('auth.nickname')}
        onChange={(e) => form.set('nickname', e.target.value)}
        error={errors.nickname}
      />
      <CheckField
        name="terms_acceptance"
        label={t('auth.terms')}
        checked={values.terms_acceptance}
        onChange={(checked) => form.set('terms_acceptance', checked)}
        error={errors.terms_acceptance}
      />
      {/* What is accepted, readable before accepting it (a new tab keeps the form as filled). */}
      <p className="auth-form__terms">
        <a href={localizePath('/terms-and-conditions', locale)} target="_blank" rel="noopener">
          {t('auth.termsLink')}
        </a>
      </p>
      {welcome.offers.map((offer) => (
        <CheckField
          key={`${welcome.loaded}-${offer.id}`}
          name={`welcome_gift_${offer.id}`}
          label={t('auth.welcomeGift', { title: offer.title })}
          checked
          onChange={(checked) => welcome.setWanted(offer.id, checked)}
        />
      ))}
      <PromoConsents values={values} onChange={(field, checked) => form.set(field, checked)} />
      <Submit busy={form.busy} label={t('auth.signUp')} />
      <div className="auth-form__links">{children}</div>
    </form>
  );
}

/** The sign-up's first values: the page's locale decides the country until the visitor's location is known (the same on the server and in the browser). */
function signUpStart(locale: Locale): SignUpValues {
  const country = signUpCountry(null, locale);
  return {
    email: '',
    password: '',
    password_confirmation: '',
    country,
    currency: defaultCurrencyFor(country),
    nickname: '',
    terms_acceptance: false,
    receive_promos: false,
    receive_sms_promos: false,
  };
}

/** The contract's rules for a sign-up (the server's own codes). */
function signUpErrors(values: SignUpValues): FieldErrors {
  return {
    email: check(emailAddressSchema, values.email.trim()),
    ...checkNewPassword(values, newPasswordSchema),
    nickname: values.nickname.trim() ? check(playerNicknameSchema, values.nickname) : undefined,
    terms_acceptance: check(mustBeAcceptedSchema, values.terms_acceptance, false),
    currency: check(null, values.currency),
    country: check(null, values.country),
  };
}

/** A remembered country or currency, set as if chosen (the currency follows a remembered country otherwise). */
function prefillChoice(
  filled: AutocompleteValues,
  form: { set: (field: 'country' | 'currency', value: string) => void },
  countryChosen: RefObject<boolean>,
  currencyChosen: RefObject<boolean>,
) {
  if (filled.country) {
    countryChosen.current = true;
    form.set('country', filled.country);
  }
  if (filled.currency) {
    currencyChosen.current = true;
    form.set('currency', filled.currency);
  } else if (filled.country) {
    form.set('currency', defaultCurrencyFor(filled.country));
  }
}

/** The promotions the player agrees to receive (mail, SMS). */
function PromoConsents({
  values,
  onChange,
}: {
  values: { receive_promos: boolean; receive_sms_promos: boolean };
  onChange: (field: 'receive_promos' | 'receive_sms_promos', checked: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <CheckField
        name="receive_promos"
        label={t('auth.receivePromos')}
        checked={values.receive_promos}
        onChange={(checked) => onChange('receive_promos', checked)}
      />
      <CheckField
        name="receive_sms_promos"
        label={t('auth.receiveSmsPromos')}
        checked={values.receive_sms_promos}
        onChange={(checked) => onChange('receive_sms_promos', checked)}
      />
    </>
  );
}

/** Creates the account (`POST /api/users`, with a captcha token and the browser's `dfpc`). */
async function registerPlayer(values: SignUpValues, locale: Locale): Promise<Player> {
  const email = values.email.trim();
  const nickname = values.nickname.trim();
  rememberValues('registration', { email, country: values.country, currency: values.currency, nickname });
  const captcha = await requireCaptcha();
  const player = await browserApi().post<Player>('/api/users', {
    user: {
      email,
      password: values.password,
      password_confirmation: values.password_confirmation,
      currency: values.currency,
      country: values.country,
      terms_acceptance: values.terms_acceptance,
      receive_promos: values.receive_promos,
      receive_sms_promos: values.receive_sms_promos,
      dfpc: deviceId(),
      captcha,
      // The player's mails are written in the language they signed up in.
      locale,
      ...(nickname ? { nickname } : {}),
    },
  });
  return player;
}

/** What the sign-up form holds. */
type SignUpValues = {
  email: string;
  password: string;
  password_confirmation: string;
  country: string;
  currency: string;
  nickname: string;
  terms_acceptance: boolean;
  receive_promos: boolean;
  receive_sms_promos: boolean;
};

/**
 * The sign-up's currencies and countries (in the page's language), and the visitor's country by
 * where they are, unless the player has already picked (or had remembered) one; the currency
 * follows it until the player picks one.
 */
function useSignUpLists(
  locale: Locale,
  form: { set: (field: 'country' | 'currency', value: string) => void },
  countryChosen: RefObject<boolean>,
  currencyChosen: RefObject<boolean>,
) {
  const [currencies, setCurrencies] = useState<CurrenciesResponse>([]);
  const [countries, setCountries] = useState<CountriesResponse>([]);
  useEffect(() => {
    const controller = new AbortController();
    const api = browserApi();
    Promise.all([
      api.get<CurrenciesResponse>(`/api/info/currencies`, { signal: controller.signal }),
      api.get<CountriesResponse>(`/api/info/countries?l=${locale}`, { signal: controller.signal }),
    ]).then(
      ([cur, cou]) => {
        setCurrencies(cur);
        setCountries(cou);
      },
      () => undefined,
    );
    // Where the visitor is, unless the player has already picked (or had remembered) a country.
    api.get<CurrentIpResponse>('/api/current_ip', { signal: controller.signal }).then(
      (ip) => {
        if (countryChosen.current) return;
        const country = signUpCountry(ip, locale);
        form.set('country', country);
        if (!currencyChosen.current) form.set('currency', defaultCurrencyFor(country));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [locale]);
  return { currencies, countries };
}

/** The sign-up's country and currency (the currency follows the country until the player picks one). */
function CountryAndCurrency({
  locale,
  form,
  countries,
  currencies,
  countryChosen,
  currencyChosen,
}: {
  locale: Locale;
  form: {
    values: { country: string; currency: string };
    errors: FieldErrors;
    set: (field: 'country' | 'currency', value: string) => void;
  };
  countries: CountriesResponse;
  currencies: CurrenciesResponse;
  countryChosen: RefObject<boolean>;
  currencyChosen: RefObject<boolean>;
}) {
  const { t } = useI18n();
  const { values, errors } = form;
  const currencyOptions = (currencies.length ? currencies.map((c) => c.code) : [values.currency]).map((code) => ({
    value: code,
    label: currencyOptionLabel(code, locale),
  }));
  const countryList = countries.length
    ? countryOptions(countries, locale)
    : [{ value: values.country, label: values.country }];
  return (
    <div className="auth-form__row">
      <SelectField
        name="country"
        label={t('auth.country')}
        value={values.country}
        options={countryList}
        error={errors.country}
        onChange={(country) => {
          countryChosen.current = true;
          form.set('country', country);
          // The currency follows the country until the player picks one.
          if (!currencyChosen.current) {
            const fromList = countries.find((c) => c.code === country)?.default_currency;
            form.set('currency', fromList ?? defaultCurrencyFor(country));
          }
        }}
      />
      <SelectField
        name="currency"
        label={t('auth.currency')}
        value={values.currency}
        options={currencyOptions}
        error={errors.currency}
        onChange={(currency) => {
          currencyChosen.current = true;
          form.set('currency', currency);
        }}
      />
    </div>
  );
}

/**
 * The registration offers for the chosen currency (`GET /api/bonuses/registration`, guests too),
 * each a box ticked by default; right after a successful sign-up each unticked one is declined
 * (`DELETE /api/bonuses/registration/{id}`, docs/rules/gifts.md "Registration"). A failed load
 * offers none.
 */
function useWelcomeGifts(currency: string) {
  const [offers, setOffers] = useState<BonusOffer[]>([]);
  // Bumped with every list: the boxes are drawn anew (ticked) for it.
  const [loaded, setLoaded] = useState(0);
  const unwanted = useRef(new Set<number>());
  useEffect(() => {
    if (!currency) return;
    const controller = new AbortController();
    browserApi()
      .get<BonusOffer[]>(`/api/bonuses/registration?currency=${encodeURIComponent(currency)}`, {
        signal: controller.signal,
      })
      .then(
        (list) => (Array.isArray(list) ? list : []),
        () => [],
      )
      .then((list) => {
        if (controller.signal.aborted) return;
        unwanted.current = new Set();
        setOffers(list);
        setLoaded((n) => n + 1);
      });
    return () => controller.abort();
  }, [currency]);
  const offersRef = useRef(offers);
  offersRef.current = offers;
  return {
    offers,
    loaded,
    setWanted: (id: number, wanted: boolean) => {
      if (wanted) unwanted.current.delete(id);
      else unwanted.current.add(id);
    },
    /** Declines the unticked offers of the list shown, in the background: the sign-up goes on. */
    declineUnwanted: () => {
      for (const offer of offersRef.current.filter((o) => unwanted.current.has(o.id))) void declineWelcomeGift(offer);
    },
  };
}

/**
 * Declines a registration gift right after the sign-up (`DELETE /api/bonuses/registration/{id}`).
 * The server gives the gift just after the registration commits; a decline that comes first is
 * kept under the gift's key, so the gift is never given (docs/bonuses.md). One try more on a
 * failed call (a network hiccup).
 */
async function declineWelcomeGift(offer: BonusOffer): Promise<void> {
  const api = browserApi();
  for (let attempt = 0; attempt < 2; attempt++) {
    const declined = await api.delete(`/api/bonuses/registration/${offer.id}`).then(
      () => true,
      () => false,
    );
    if (declined) return;
  }
}

export function RemindForm() {
  const { t } = useI18n();
  const ref = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState(false);
  const form = useFormState({ email: '' }, 'password_reminder');
  const { errors } = form;
  usePrefill(ref, 'global', () => undefined);
  const onSubmit = form.submit(
    (values) => ({ email: check(emailAddressSchema, values.email.trim()) }),
    async (values) => {
      const captcha = await requireCaptcha();
      await browserApi().post('/api/users/password', { user: { email: values.email.trim(), captcha } });
      setSent(true);
    },
  );
  if (sent) return <Notice kind="info">{t('auth.remindSent')}</Notice>;
  return (
    <form ref={ref} className="auth-form" method="post" noValidate onSubmit={onSubmit}>
      <p>{t('auth.remindText')}</p>
      <BaseError errors={errors} shown={['email']} />
      <EmailField autoComplete="email" error={errors.email} onChange={(value) => form.set('email', value)} />
      <Submit busy={form.busy} label={t('auth.remindSubmit')} />
    </form>
  );
}

/** The email address field of the sign-in, sign-up and reminder forms. */
function EmailField({
  autoComplete,
  error,
  onChange,
}: {
  autoComplete: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <Field
      name="email"
      type="email"
      autoComplete={autoComplete}
      label={t('auth.email')}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

export function NewPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const { t } = useI18n();
  const form = useFormState({ password: '', password_confirmation: '' }, 'new_password');
  const { errors } = form;
  const onSubmit = form.submit(
    (values) => ({
      ...checkNewPassword(values, newPasswordSchema),
    }),
    async (values) => {
      await browserApi().put('/api/users/password', {
        user: {
          reset_password_token: token ?? '',
          password: values.password,
          password_confirmation: values.password_confirmation,
        },
      });
      // The reset ends every session of the player (this one too).
      setPlayer(null);
      onDone();
    },
  );
  if (!token) return <Notice kind="error">{t('auth.missingToken')}</Notice>;
  return (
    <form className="auth-form" method="post" noValidate onSubmit={onSubmit}>
      <BaseError errors={errors} shown={['password', 'password_confirmation']} />
      <NewPasswordFields
        label={t('auth.newPassword')}
        errors={errors}
        onChange={(field, value) => form.set(field, value)}
      />
      <Submit busy={form.busy} label={t('auth.newPasswordSubmit')} />
    </form>
  );
}

export function Confirmation({ token }: { token: string | null }) {
  const { t } = useI18n();
  const [state, setState] = useState<'pending' | 'confirmed' | 'failed'>(token ? 'pending' : 'failed');
  const sent = useRef<string | null>(null);
  useEffect(() => {
    // A token is single-use: one request per token, even if the effect runs twice.
    if (!token || sent.current === token) return;
    sent.current = token;
    browserApi()
      .get(`/api/users/confirmation?confirmation_token=${encodeURIComponent(token)}`)
      .then(
        () => {
          setState('confirmed');
          void refreshPlayer();
        },
        () => setState('failed'),
      );
  }, [token]);
  if (state === 'pending') return <Notice kind="info">{t('auth.confirming')}</Notice>;
  return (
    <Notice kind={state === 'confirmed' ? 'info' : 'error'}>
      {t(state === 'confirmed' ? 'auth.confirmed' : 'auth.confirmationFailed')}
    </Notice>
  );
}
