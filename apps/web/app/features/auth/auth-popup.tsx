import type { CountriesResponse, CurrenciesResponse, Player } from '@orbit/contracts';
import {
  DEFAULT_COUNTRY,
  defaultCurrencyFor,
  emailAddressSchema,
  mustBeAcceptedSchema,
  newPasswordSchema,
  playerNicknameSchema,
} from '@orbit/contracts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { GUEST_ONLY, type Background, type PopupName } from '../../lib/popups';
import { setPlayer, useSession } from '../../lib/session';
import { refreshPlayer } from '../../lib/session-client';
import { check, CheckField, checkNewPassword, errorCodeOf, Field, hasErrors, Notice, SelectField, type FieldErrors } from '../../ui/form';
import { Modal } from '../../ui/modal';
import './auth.css';

type PopupProps = { name: PopupName; locale: Locale; background: Background | null };

/** Only same-site paths are followed after sign-in (`?redirect=/profile`), never another origin. */
function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

const pathOf = (bg: Background) => bg.pathname + bg.search + bg.hash;

/**
 * The identity popups (sign-in, sign-up, remind, new-password, confirmation) in one modal.
 * Guest-only popups send a signed-in player to the lobby; closing returns to the page under
 * the popup (or the lobby when it was opened directly).
 */
export function AuthPopup({ name, locale, background }: PopupProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const lobby = localizePath('/', locale);
  const finished = useRef(false);
  const redirectTo = safeRedirect(new URLSearchParams(location.search).get('redirect'));

  const close = () => navigate(background ? pathOf(background) : lobby, { preventScrollReset: true });
  // After sign-in or registration: the redirect target, else the page under the popup, else the lobby.
  const done = () => {
    finished.current = true;
    navigate(redirectTo ?? (background ? pathOf(background) : lobby), { replace: true, preventScrollReset: true });
  };
  const popupLink = (to: PopupName, state: Record<string, unknown> = {}) => ({
    to: localizePath(`/${to}`, locale) + (redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : ''),
    state: { background, ...state },
    preventScrollReset: true,
    replace: true,
  });

  useEffect(() => {
    if (GUEST_ONLY.includes(name) && session.status === 'player' && !finished.current) navigate(lobby, { replace: true });
  }, [name, session.status, navigate, lobby]);

  const titles: Record<PopupName, string> = {
    'sign-in': t('auth.signInTitle'),
    'sign-up': t('auth.signUpTitle'),
    remind: t('auth.remindTitle'),
    'new-password': t('auth.newPasswordTitle'),
    confirmation: t('auth.confirmationTitle'),
  };
  const notice = (location.state as { notice?: string } | null)?.notice;
  let body: ReactNode;
  if (name === 'sign-in') {
    body = (
      <SignInForm onDone={done} notice={notice ? t(`auth.${notice}`) : null}>
        <Link {...popupLink('remind')}>{t('auth.forgot')}</Link>
        <span>
          {t('auth.noAccount')} <Link {...popupLink('sign-up')}>{t('auth.signUp')}</Link>
        </span>
      </SignInForm>
    );
  } else if (name === 'sign-up') {
    body = (
      <SignUpForm onDone={done} locale={locale}>
        <span>
          {t('auth.haveAccount')} <Link {...popupLink('sign-in')}>{t('auth.signIn')}</Link>
        </span>
      </SignUpForm>
    );
  } else if (name === 'remind') {
    body = <RemindForm />;
  } else if (name === 'new-password') {
    body = (
      <NewPasswordForm
        token={new URLSearchParams(location.search).get('reset_password_token')}
        onDone={() => {
          finished.current = true;
          navigate(localizePath('/sign-in', locale), { replace: true, state: { background, notice: 'passwordChanged' } });
        }}
      />
    );
  } else {
    body = <Confirmation token={new URLSearchParams(location.search).get('confirmation_token')} />;
  }
  return (
    <Modal title={titles[name]} onClose={close}>
      {body}
    </Modal>
  );
}

function useFormState<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key as string]: undefined, base: undefined }));
  };
  /**
   * Runs a call when the client-side rules pass; the server's codes land on their fields.
   * The values are read from the form itself, so what was typed before the page became
   * interactive counts too.
   */
  const submit = (validate: (v: T) => FieldErrors, call: (v: T) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const current = { ...values };
    for (const key of Object.keys(current) as Array<keyof T & string>) {
      const field = form.elements.namedItem(key);
      if (field instanceof HTMLInputElement) current[key] = (field.type === 'checkbox' ? field.checked : field.value) as T[typeof key];
      else if (field instanceof HTMLSelectElement) current[key] = field.value as T[typeof key];
    }
    setValues(current);
    const found = validate(current);
    setErrors(found);
    if (hasErrors(found)) {
      const first = Object.keys(found).find((key) => found[key]);
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await call(current);
    } catch (error) {
      setErrors(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { values, set, errors, setErrors, busy, submit };
}

function Submit({ busy, label }: { busy: boolean; label: string }) {
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

/** Errors of fields the form does not show (base, captcha ...). */
function BaseError({ errors, shown }: { errors: FieldErrors; shown: string[] }) {
  const { t } = useI18n();
  const code = Object.entries(errors).find(([field, value]) => value && !shown.includes(field))?.[1];
  return code ? <Notice kind="error">{t(`errors.${code}`, undefined, t('errors.unknown'))}</Notice> : null;
}

function SignInForm({ onDone, notice, children }: { onDone: () => void; notice: string | null; children: ReactNode }) {
  const { t } = useI18n();
  const form = useFormState({ email: '', password: '' });
  const { errors } = form;
  const onSubmit = form.submit(
    (values) => ({ email: check(null, values.email.trim()), password: check(null, values.password) }),
    async (values) => {
      const player = await browserApi().post<Player>('/api/users/sign_in', { user: { email: values.email.trim(), password: values.password } });
      setPlayer(player);
      onDone();
    },
  );
  return (
    <form className="auth-form" method="post" noValidate onSubmit={onSubmit}>
      {notice ? <Notice kind="info">{notice}</Notice> : null}
      <BaseError errors={errors} shown={['email', 'password']} />
      <EmailField autoComplete="username" error={errors.email} onChange={(value) => form.set('email', value)} />
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

function SignUpForm({ onDone, locale, children }: { onDone: () => void; locale: Locale; children: ReactNode }) {
  const { t } = useI18n();
  const [currencies, setCurrencies] = useState<CurrenciesResponse>([]);
  const [countries, setCountries] = useState<CountriesResponse>([]);
  const currencyChosen = useRef(false);
  const form = useFormState({
    email: '',
    password: '',
    password_confirmation: '',
    country: DEFAULT_COUNTRY,
    currency: defaultCurrencyFor(DEFAULT_COUNTRY),
    nickname: '',
    terms_acceptance: false,
    receive_promos: false,
    receive_sms_promos: false,
  });
  const { values, errors } = form;
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
    return () => controller.abort();
  }, [locale]);

  const onSubmit = form.submit(
    (values) => ({
      email: check(emailAddressSchema, values.email.trim()),
      ...checkNewPassword(values, newPasswordSchema),
      nickname: values.nickname.trim() ? check(playerNicknameSchema, values.nickname) : undefined,
      terms_acceptance: check(mustBeAcceptedSchema, values.terms_acceptance, false),
      currency: check(null, values.currency),
      country: check(null, values.country),
    }),
    async (values) => {
      const player = await browserApi().post<Player>('/api/users', {
        user: {
          email: values.email.trim(),
          password: values.password,
          password_confirmation: values.password_confirmation,
          currency: values.currency,
          country: values.country,
          terms_acceptance: values.terms_acceptance,
          receive_promos: values.receive_promos,
          receive_sms_promos: values.receive_sms_promos,
          ...(values.nickname.trim() ? { nickname: values.nickname.trim() } : {}),
        },
      });
      setPlayer(player);
      onDone();
    },
  );
  const currencyOptions = (currencies.length ? currencies.map((c) => c.code) : [values.currency]).map((code) => ({ value: code, label: code }));
  const countryOptions = countries.length
    ? countries.map((c) => ({ value: c.code, label: c.name }))
    : [{ value: values.country, label: values.country }];
  const shown = ['email', 'password', 'password_confirmation', 'currency', 'country', 'nickname', 'terms_acceptance'];
  return (
    <form className="auth-form" method="post" noValidate onSubmit={onSubmit}>
      <BaseError errors={errors} shown={shown} />
      <EmailField autoComplete="email" error={errors.email} onChange={(value) => form.set('email', value)} />
      <NewPasswordFields
        label={t('auth.password')}
        errors={errors}
        onChange={(field, value) => form.set(field, value)}
      />
      <div className="auth-form__row">
        <SelectField
          name="country"
          label={t('auth.country')}
          value={values.country}
          options={countryOptions}
          error={errors.country}
          onChange={(country) => {
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
      <CheckField
        name="receive_promos"
        label={t('auth.receivePromos')}
        checked={values.receive_promos}
        onChange={(checked) => form.set('receive_promos', checked)}
      />
      <CheckField
        name="receive_sms_promos"
        label={t('auth.receiveSmsPromos')}
        checked={values.receive_sms_promos}
        onChange={(checked) => form.set('receive_sms_promos', checked)}
      />
      <Submit busy={form.busy} label={t('auth.signUp')} />
      <div className="auth-form__links">{children}</div>
    </form>
  );
}

function RemindForm() {
  const { t } = useI18n();
  const [sent, setSent] = useState(false);
  const form = useFormState({ email: '' });
  const { errors } = form;
  const onSubmit = form.submit(
    (values) => ({ email: check(emailAddressSchema, values.email.trim()) }),
    async (values) => {
      await browserApi().post('/api/users/password', { user: { email: values.email.trim() } });
      setSent(true);
    },
  );
  if (sent) return <Notice kind="info">{t('auth.remindSent')}</Notice>;
  return (
    <form className="auth-form" method="post" noValidate onSubmit={onSubmit}>
      <p>{t('auth.remindText')}</p>
      <BaseError errors={errors} shown={['email']} />
      <EmailField autoComplete="email" error={errors.email} onChange={(value) => form.set('email', value)} />
      <Submit busy={form.busy} label={t('auth.remindSubmit')} />
    </form>
  );
}

/** The email address field of the sign-in, sign-up and reminder forms. */
function EmailField({ autoComplete, error, onChange }: { autoComplete: string; error?: string; onChange: (value: string) => void }) {
  const { t } = useI18n();
  return (
    <Field name="email" type="email" autoComplete={autoComplete} label={t('auth.email')} onChange={(e) => onChange(e.target.value)} error={error} />
  );
}

/** A new password and its confirmation (registration, password reset). */
function NewPasswordFields({
  label,
  errors,
  onChange,
}: {
  label: string;
  errors: FieldErrors;
  onChange: (field: 'password' | 'password_confirmation', value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <Field
        name="password"
        type="password"
        autoComplete="new-password"
        label={label}
        onChange={(e) => onChange('password', e.target.value)}
        error={errors.password}
      />
      <Field
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        label={t('auth.passwordConfirmation')}
        onChange={(e) => onChange('password_confirmation', e.target.value)}
        error={errors.password_confirmation}
      />
    </>
  );
}

function NewPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const { t } = useI18n();
  const form = useFormState({ password: '', password_confirmation: '' });
  const { errors } = form;
  const onSubmit = form.submit(
    (values) => ({
      ...checkNewPassword(values, newPasswordSchema),
    }),
    async (values) => {
      await browserApi().put('/api/users/password', {
        user: { reset_password_token: token ?? '', password: values.password, password_confirmation: values.password_confirmation },
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

function Confirmation({ token }: { token: string | null }) {
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
  return <Notice kind={state === 'confirmed' ? 'info' : 'error'}>{t(state === 'confirmed' ? 'auth.confirmed' : 'auth.confirmationFailed')}</Notice>;
}
