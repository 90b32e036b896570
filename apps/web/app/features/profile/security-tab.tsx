import type {
  Player,
  PlayerSession,
  TwoFactorEnableResponse,
  TwoFactorRecoveryCodes,
  TwoFactorRecoveryCodesLeft,
  TwoFactorSetup,
} from '@orbit/contracts';
import { newPasswordSchema } from '@orbit/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { refreshPlayer } from '../../lib/session-client';
import { check, CheckField, checkNewPassword, errorCodeOf, Field, NewPasswordFields, Notice } from '../../ui/form';
import { deviceLabel } from './device-label';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesClipboard, recoveryCodesText } from './recovery-codes';
import { OtherErrors, SubmitButton, useProfileForm } from './use-form';

/** The security tab: password, two-factor sign-in, active sessions. */
export function ProfileSecurity({ player }: { player: Player }) {
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <div className="profile-tab">
      {/* A new password ends the other sessions: the list is read again. */}
      <ChangePassword onChanged={() => setSessionsVersion((n) => n + 1)} />
      <TwoFactor enabled={player.two_factor_enabled} />
      <Sessions version={sessionsVersion} />
    </div>
  );
}

function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { t } = useI18n();
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const form = useProfileForm(empty, { 'current_password.invalid': 'wrong_password' });
  const [done, setDone] = useState(false);
  const { errors } = form;
  const onSubmit = form.submit(
    (v) => ({ current_password: check(null, v.current_password), ...checkNewPassword(v, newPasswordSchema) }),
    async (v) => {
      await browserApi().put('/api/player/password', { user: v });
      form.setValues(empty);
      setDone(true);
      onChanged();
    },
  );
  const shown = ['current_password', 'password', 'password_confirmation'];
  return (
    <section className="profile-card" aria-labelledby="profile-password">
      <h2 id="profile-password">{t('profile.password.title')}</h2>
      <form
        className="profile-form"
        method="post"
        noValidate
        onSubmit={(event) => (setDone(false), void onSubmit(event))}
      >
        <OtherErrors errors={errors} shown={shown} />
        <Field
          name="current_password"
          type="password"
          autoComplete="current-password"
          label={t('profile.password.current')}
          value={form.values.current_password}
          onChange={(e) => form.set('current_password', e.target.value)}
          error={errors.current_password}
        />
        <NewPasswordFields
          label={t('auth.newPassword')}
          errors={errors}
          values={form.values}
          onChange={(field, value) => form.set(field, value)}
        />
        {done ? <Notice kind="info">{t('profile.password.changed')}</Notice> : null}
        <SubmitButton busy={form.busy} label={t('profile.password.submit')} />
      </form>
    </section>
  );
}

/**
 * Two-factor sign-in (TOTP). Turning it on: the server hands out a new secret with its QR code
 * (nothing stored yet); the player scans it, or types the secret, and proves it with a code; the
 * answer carries 10 recovery codes, shown here once. While on: how many recovery codes are left,
 * new ones for a current code, and turning it off (a current code or a recovery code).
 */
function TwoFactor({ enabled }: { enabled: boolean }) {
  const { t } = useI18n();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Recovery codes just handed out: shown until the player says they saved them. */
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const form = useProfileForm({ authentication_code: '' }, { 'authentication_code.invalid': 'invalid_code' });

  const start = async () => {
    setLoadError(null);
    setNotice(null);
    try {
      const answer = await browserApi().get<TwoFactorSetup | undefined>('/api/v2/player/two_factor');
      // 204: already on (another tab turned it on).
      if (!answer) await refreshPlayer();
      else setSetup(answer);
    } catch (error) {
      setLoadError(errorCodeOf(error).base ?? 'unknown');
    }
  };
  const enable = form.submit(
    (v) => ({ authentication_code: check(null, v.authentication_code.trim()) }),
    async (v) => {
      if (!setup) return;
      const answer = await browserApi().post<TwoFactorEnableResponse>('/api/v2/player/two_factor', {
        two_factor: { otp_secret: setup.otp_secret, authentication_code: v.authentication_code.trim() },
      });
      setSetup(null);
      form.setValues({ authentication_code: '' });
      setNotice('profile.twoFactor.enabled');
      setFreshCodes(answer.recovery_codes);
      await refreshPlayer();
    },
  );
  const disable = form.submit(
    (v) => ({ authentication_code: check(null, v.authentication_code.trim()) }),
    async (v) => {
      await browserApi().delete('/api/v2/player/two_factor', {
        body: { two_factor: { authentication_code: v.authentication_code.trim() } },
      });
      form.setValues({ authentication_code: '' });
      setNotice('profile.twoFactor.disabled');
      await refreshPlayer();
    },
  );
  let body;
  if (enabled && freshCodes) {
    body = <FreshRecoveryCodes codes={freshCodes} onClose={() => (setFreshCodes(null), setNotice(null))} />;
  } else if (enabled) {
    body = (
      <>
        <RecoveryCodesLeft />
        <RenewRecoveryCodes onRenewed={(codes) => (setNotice(null), setFreshCodes(codes))} />
        <DisableTwoFactor form={form} onSubmit={disable} />
      </>
    );
  } else if (setup) {
    body = <EnableTwoFactor setup={setup} form={form} onSubmit={enable} />;
  } else {
    body = (
      <div className="profile-card__actions">
        <p>{t('profile.twoFactor.offText')}</p>
        <button type="button" className="button button--primary" onClick={() => void start()}>
          {t('profile.twoFactor.start')}
        </button>
      </div>
    );
  }
  return (
    <section className="profile-card" aria-labelledby="profile-2fa">
      <h2 id="profile-2fa">{t('profile.twoFactor.title')}</h2>
      {notice ? <Notice kind="info">{t(notice)}</Notice> : null}
      {loadError ? <Notice kind="error">{t(`errors.${loadError}`, undefined, t('errors.unknown'))}</Notice> : null}
      {body}
    </section>
  );
}

/** The two-factor code field of a form. Turning it off takes a recovery code too (letters): no digits-only keyboard then. */
function CodeField({ form, numeric }: { form: CodeForm; numeric: boolean }) {
  const { t } = useI18n();
  return (
    <Field
      name="authentication_code"
      label={t('profile.twoFactor.code')}
      inputMode={numeric ? 'numeric' : 'text'}
      autoComplete="one-time-code"
      value={form.values.authentication_code}
      onChange={(e) => form.set('authentication_code', e.target.value)}
      error={form.errors.authentication_code}
    />
  );
}

/** Turning two-factor on: the QR code and the secret to type, then a code to prove it. */
function EnableTwoFactor({
  setup,
  form,
  onSubmit: enable,
}: {
  setup: TwoFactorSetup;
  form: CodeForm;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}) {
  const { t } = useI18n();
  return (
    <form className="profile-form" method="post" noValidate onSubmit={enable} data-testid="two-factor-enable">
      <p>{t('profile.twoFactor.scan')}</p>
      <img className="profile-2fa__qr" src={setup.data} alt={t('profile.twoFactor.qrAlt')} width={200} height={200} />
      <p>
        {t('profile.twoFactor.manual')} <code data-testid="two-factor-secret">{setup.otp_secret}</code>
      </p>
      <OtherErrors errors={form.errors} shown={['authentication_code']} />
      <CodeField form={form} numeric />
      <SubmitButton busy={form.busy} label={t('profile.twoFactor.enable')} />
    </form>
  );
}

/** Turning two-factor off: a current code or a recovery code. */
function DisableTwoFactor({
  form,
  onSubmit: disable,
}: {
  form: CodeForm;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}) {
  const { t } = useI18n();
  return (
    <form className="profile-form" method="post" noValidate onSubmit={disable} data-testid="two-factor-disable">
      <p>
        {t('profile.twoFactor.onText')} {t('profile.recoveryCodes.disableHint')}
      </p>
      <OtherErrors errors={form.errors} shown={['authentication_code']} />
      <CodeField form={form} numeric={false} />
      <SubmitButton busy={form.busy} label={t('profile.twoFactor.disable')} className="button button--secondary" />
    </form>
  );
}

type CodeForm = ReturnType<typeof useProfileForm<{ authentication_code: string }>>;

/**
 * Recovery codes just handed out (after turning two-factor on, or new ones): the list, copy,
 * download as .txt, and closing only once the player ticks that they saved them. They are not
 * shown again.
 */
function FreshRecoveryCodes({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t, locale } = useI18n();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesClipboard(codes));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const download = () => {
    const issued = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date());
    const text = recoveryCodesText(
      {
        title: t('profile.recoveryCodes.fileTitle'),
        intro: t('profile.recoveryCodes.fileIntro'),
        issued: t('profile.recoveryCodes.fileIssued', { date: issued }),
      },
      codes,
    );
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="profile-card__actions profile-recovery" data-testid="recovery-codes">
      <h3>{t('profile.recoveryCodes.title')}</h3>
      <p>{t('profile.recoveryCodes.intro')}</p>
      <ol className="profile-recovery__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="profile-recovery__buttons">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copied === 'yes' ? t('profile.recoveryCodes.copied') : t('profile.recoveryCodes.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={download}>
          {t('profile.recoveryCodes.download')}
        </button>
      </div>
      {copied === 'failed' ? <Notice kind="error">{t('profile.recoveryCodes.copyFailed')}</Notice> : null}
      <CheckField
        name="recovery_codes_saved"
        label={t('profile.recoveryCodes.saved')}
        checked={saved}
        onChange={setSaved}
      />
      <button type="button" className="button button--primary" disabled={!saved} onClick={onClose}>
        {t('profile.recoveryCodes.close')}
      </button>
    </div>
  );
}

/** How many recovery codes are still unused (read when two-factor is on and no new codes are shown). */
function RecoveryCodesLeft() {
  const { t } = useI18n();
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    browserApi()
      .get<TwoFactorRecoveryCodesLeft>('/api/v2/player/two_factor/recovery_codes')
      .then((answer) => live && setLeft(answer.left))
      // Only a hint: without it the tab works as before.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (left === null) return null;
  if (left === 0) return <Notice kind="error">{t('profile.recoveryCodes.noneLeft')}</Notice>;
  return <p data-testid="recovery-codes-left">{t('profile.recoveryCodes.left', { count: left })}</p>;
}

/** "New recovery codes": a current code (or a recovery code) replaces them all; the new ones are then shown once. */
function RenewRecoveryCodes({ onRenewed }: { onRenewed: (codes: string[]) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const form = useProfileForm({ authentication_code: '' }, { 'authentication_code.invalid': 'invalid_code' });
  const renew = form.submit(
    (v) => ({ authentication_code: check(null, v.authentication_code.trim()) }),
    async (v) => {
      const answer = await browserApi().post<TwoFactorRecoveryCodes>('/api/v2/player/two_factor/recovery_codes', {
        two_factor: { authentication_code: v.authentication_code.trim() },
      });
      form.setValues({ authentication_code: '' });
      setOpen(false);
      onRenewed(answer.recovery_codes);
    },
  );
  if (!open) {
    return (
      <div>
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('profile.recoveryCodes.renew')}
        </button>
      </div>
    );
  }
  return (
    <form className="profile-form" method="post" noValidate onSubmit={renew} data-testid="recovery-codes-renew">
      <p>{t('profile.recoveryCodes.renewText')}</p>
      <OtherErrors errors={form.errors} shown={['authentication_code']} />
      <Field
        name="authentication_code"
        label={t('profile.twoFactor.code')}
        autoComplete="one-time-code"
        value={form.values.authentication_code}
        onChange={(e) => form.set('authentication_code', e.target.value)}
        error={form.errors.authentication_code}
      />
      <div className="profile-recovery__buttons">
        <SubmitButton busy={form.busy} label={t('profile.recoveryCodes.renewSubmit')} />
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          {t('profile.recoveryCodes.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Active sessions, newest first, and "sign out everywhere else". */
function Sessions({ version }: { version: number }) {
  const { t, locale } = useI18n();
  const [sessions, setSessions] = useState<PlayerSession[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const load = useCallback(async () => {
    try {
      setSessions(await browserApi().get<PlayerSession[]>('/api/player/sessions'));
    } catch (failure) {
      setError(errorCodeOf(failure).base ?? 'unknown');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load, version]);
  const endOthers = async () => {
    setBusy(true);
    setError(null);
    try {
      await browserApi().delete('/api/player/sessions');
      setEnded(true);
      await load();
    } catch (failure) {
      setError(errorCodeOf(failure).base ?? 'unknown');
    } finally {
      setBusy(false);
    }
  };
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const others = sessions?.some((s) => !s.current) ?? false;
  return (
    <section className="profile-card" aria-labelledby="profile-sessions">
      <h2 id="profile-sessions">{t('profile.sessions.title')}</h2>
      {error ? <Notice kind="error">{t(`errors.${error}`, undefined, t('errors.unknown'))}</Notice> : null}
      {sessions ? (
        <ul className="profile-sessions" data-testid="profile-sessions">
          {sessions.map((session) => (
            <li key={session.id} className="profile-session" data-current={session.current || undefined}>
              <strong>
                {deviceLabel(session.user_agent, {
                  on: (browser, system) => t('profile.sessions.device', { browser, system }),
                  unknown: t('profile.sessions.unknownDevice'),
                })}
              </strong>
              {session.current ? <span className="profile-badge">{t('profile.sessions.current')}</span> : null}
              <span>
                {[session.ip, session.country, when.format(new Date(session.created_at))].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="profile__loading">{t('common.loading')}</p>
      )}
      {ended ? <Notice kind="info">{t('profile.sessions.ended')}</Notice> : null}
      <div>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || !others}
          onClick={() => void endOthers()}
        >
          {t('profile.sessions.endOthers')}
        </button>
      </div>
    </section>
  );
}
