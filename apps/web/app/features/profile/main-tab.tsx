import type { Player } from '@orbit/contracts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ApiError, browserApi } from '../../lib/api';
import { captchaToken } from '../../lib/captcha';
import { useI18n } from '../../lib/i18n';
import { errorCodeOf, Notice } from '../../ui/form';
import { Toast } from '../../ui/toast';
import { DetailsForm } from './details-form';
import { needsPersonalInfo } from './details-rules';
import { PersonalInfoModal } from './personal-info';
import { loadProfileInfo } from './profile-data';

/**
 * The profile's main tab: account facts, `session` (the route's: this session's time played and
 * net position), the details form (`edition`), promotion subscriptions.
 */
export function ProfileMain({ player, session }: { player: Player; session?: ReactNode }) {
  const { t } = useI18n();
  const [personalInfo, setPersonalInfo] = useState(false);
  const [missing, setMissing] = useState(false);
  // The popup saves through its own form: the edit form starts again from the saved player.
  const [detailsVersion, setDetailsVersion] = useState(0);
  // Stable, so the modal does not set up its focus and keys again on every render.
  const closePersonalInfo = useCallback(() => setPersonalInfo(false), []);
  const personalInfoSaved = useCallback(() => {
    setPersonalInfo(false);
    setDetailsVersion((n) => n + 1);
  }, []);
  useEffect(() => {
    let live = true;
    void loadProfileInfo().then(
      (info) =>
        live &&
        setMissing(needsPersonalInfo(player, info.currencies.find((c) => c.code === player.currency)?.fiat ?? true)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [player]);

  return (
    <div className="profile-tab">
      <section className="profile-card" aria-labelledby="profile-account">
        <h2 id="profile-account">{t('profile.account')}</h2>
        <dl className="profile-facts">
          <dt>{t('auth.email')}</dt>
          <dd data-testid="profile-email">{player.email}</dd>
          <dt>{t('profile.fields.nickname')}</dt>
          <dd>{player.nickname ?? t('auth.nicknameNone')}</dd>
          <dt>{t('auth.currency')}</dt>
          <dd>{player.currency}</dd>
          <dt>{t('auth.account')}</dt>
          <dd data-testid="profile-confirmed">
            {player.confirmed_at ? t('auth.emailConfirmed') : t('auth.emailNotConfirmed')}
          </dd>
        </dl>
        {player.confirmed_at ? null : <ResendConfirmation email={player.email} />}
        {missing ? (
          <div>
            <button type="button" className="button button--secondary" onClick={() => setPersonalInfo(true)}>
              {t('profile.personalInfo.open')}
            </button>
          </div>
        ) : null}
      </section>
      {session}
      <section className="profile-card" aria-labelledby="profile-details">
        <h2 id="profile-details">{t('profile.details')}</h2>
        <DetailsForm
          key={`${player.id}-${detailsVersion}`}
          context="edition"
          player={player}
          submitLabel={t('profile.save')}
        />
      </section>
      <Subscriptions />
      {personalInfo ? (
        <PersonalInfoModal player={player} onClose={closePersonalInfo} onSaved={personalInfoSaved} />
      ) : null}
    </div>
  );
}

/** Resend the confirmation mail (with a captcha token, as the API asks of anonymous-looking calls). */
function ResendConfirmation({ email }: { email: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | { error: string }>('idle');
  const dismiss = useCallback(() => setState('idle'), []);
  const resend = async () => {
    setState('busy');
    try {
      const captcha = await captchaToken().catch(() => undefined);
      // No token after the solver's retries: the call would be refused anyway.
      if (!captcha) throw new ApiError(422, 'captcha', { captcha: ['unavailable'] });
      await browserApi().post('/api/users/confirmation', { user: { email, captcha } });
      setState('sent');
    } catch (error) {
      const codes = errorCodeOf(error);
      setState({ error: codes.captcha ? `captcha_${codes.captcha}` : (codes.email ?? codes.base ?? 'unknown') });
    }
  };
  return (
    <div className="profile-card__actions">
      <button
        type="button"
        className="button button--secondary"
        disabled={state === 'busy'}
        onClick={() => void resend()}
      >
        {t('auth.resendConfirmation')}
      </button>
      {/* The answer is a notice in the strip (docs/rules/page-shell.md "Notices"): the sent mail, or
          the first code the server gave for the address (a captcha failure, else a general one). */}
      {state === 'sent' ? (
        <Toast testId="resend-confirmation-toast" onClose={dismiss}>
          {t('auth.confirmationSent')}
        </Toast>
      ) : null}
      {typeof state === 'object' ? (
        <Toast testId="resend-confirmation-toast" tone="warning" onClose={dismiss}>
          {t(`errors.${state.error}`, undefined, t('errors.unknown'))}
        </Toast>
      ) : null}
    </div>
  );
}

type SubscriptionState = { receive_promos: boolean; receive_sms_promos: boolean };
const CHANNELS = ['receive_promos', 'receive_sms_promos'] as const;

/**
 * Promotion subscriptions (docs/rules/page-shell.md "Profile"): a channel the player already
 * receives shows a message (and a way out), never a subscribe button that would send a request
 * for nothing.
 */
function Subscriptions() {
  const { t } = useI18n();
  const [state, setState] = useState<SubscriptionState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    browserApi()
      .get<SubscriptionState>('/api/subscriptions')
      .then(
        (loaded) => live && setState(loaded),
        (failure: unknown) => live && setError(errorCodeOf(failure).base ?? 'unknown'),
      );
    return () => {
      live = false;
    };
  }, []);
  const change = async (channel: (typeof CHANNELS)[number], on: boolean) => {
    if (!state) return;
    setBusy(true);
    setError(null);
    try {
      setState(await browserApi().put<SubscriptionState>('/api/subscriptions', { ...state, [channel]: on }));
    } catch (failure) {
      setError(errorCodeOf(failure).base ?? 'unknown');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="profile-card" aria-labelledby="profile-subscriptions">
      <h2 id="profile-subscriptions">{t('profile.subscriptions.title')}</h2>
      {error ? <Notice kind="error">{t(`errors.${error}`, undefined, t('errors.unknown'))}</Notice> : null}
      {state
        ? CHANNELS.map((channel) => (
            <div key={channel} className="profile-subscription" data-testid={`subscription-${channel}`}>
              {state[channel] ? (
                <>
                  <p role="status">{t(`profile.subscriptions.${channel}.on`)}</p>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busy}
                    onClick={() => void change(channel, false)}
                  >
                    {t('profile.subscriptions.unsubscribe')}
                  </button>
                </>
              ) : (
                <>
                  <p>{t(`profile.subscriptions.${channel}.off`)}</p>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    onClick={() => void change(channel, true)}
                  >
                    {t('profile.subscriptions.subscribe')}
                  </button>
                </>
              )}
            </div>
          ))
        : null}
    </section>
  );
}
