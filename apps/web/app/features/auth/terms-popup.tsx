import type { Player } from '@orbit/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { setPlayer } from '../../lib/session';
import { signOut } from '../../lib/session-client';
import { errorCodeOf, Notice } from '../../ui/form';
import { Modal } from '../../ui/modal';
import './auth.css';

/**
 * A signed-in player whose `auth_fields_missed` lists `terms_acceptance` (terms never accepted,
 * or changed since) must accept them to go on — or decline, which signs out. The popup has no
 * close button: one of the two choices ends it (docs/rules/routes-and-guards.md "Terms acceptance").
 */
export function TermsPopup({ locale }: { locale: Locale }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      setPlayer(
        await browserApi().patch<Player>('/api/player', {
          context: 'terms_acceptance',
          user: { terms_acceptance: true },
        }),
      );
    } catch (failure) {
      const codes = errorCodeOf(failure);
      setError(codes.base ?? 'unknown');
    } finally {
      setBusy(false);
    }
  };
  const decline = async () => {
    setBusy(true);
    await signOut().catch(() => undefined);
  };
  return (
    <Modal title={t('auth.termsTitle')}>
      <div className="auth-form">
        <p>{t('auth.termsText')}</p>
        <p>
          <Link to={localizePath('/terms-and-conditions', locale)} target="_blank" rel="noopener">
            {t('auth.termsLink')}
          </Link>
        </p>
        {error ? <Notice kind="error">{t(`errors.${error}`, undefined, t('errors.unknown'))}</Notice> : null}
        <div className="terms-popup__actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void accept()}>
            {t('auth.termsAccept')}
          </button>
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => void decline()}>
            {t('auth.termsDecline')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
