import type { ResponsibleGamingResponse } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { formatClock } from './limits-rules';
import { limitsApi } from './limits-store';
import type { LimitMoney } from './money';
import './limits.css';

/** Net position as the player reads it: "+€5.00" up, "−€5.00" down. */
export function signedMoney(cents: number, currency: string, format: LimitMoney['format']): string {
  if (cents === 0) return format(0, currency);
  return `${cents > 0 ? '+' : '−'}${format(Math.abs(cents), currency)}`;
}

/** The figures of this sign-in session (`GET /api/responsible_gaming`), or null while loading / on failure. */
export function useSessionFigures(refresh = 0): ResponsibleGamingResponse | null | 'failed' {
  const [figures, setFigures] = useState<ResponsibleGamingResponse | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    limitsApi.responsibleGaming().then(
      (answer) => live && setFigures(answer),
      () => live && setFigures('failed'),
    );
    return () => {
      live = false;
    };
  }, [refresh]);
  return figures;
}

/**
 * The profile's main tab: time played and net position since this sign-in (docs/limits.md
 * "Reality checks and session facts").
 */
export function SessionFacts({ money }: { money: Pick<LimitMoney, 'format'> }) {
  const { t } = useI18n();
  const figures = useSessionFigures();
  return (
    <section className="profile-card" aria-labelledby="profile-session" data-testid="session-facts">
      <h2 id="profile-session">{t('limits.session.title')}</h2>
      {figures === null ? (
        <p className="profile__loading">{t('common.loading')}</p>
      ) : figures === 'failed' ? (
        <p className="profile__hint">{t('errors.unknown')}</p>
      ) : (
        <dl className="profile-facts">
          <dt>{t('limits.session.timePlayed')}</dt>
          <dd data-testid="session-time-played">{formatClock(figures.session.seconds_played)}</dd>
          <dt>{t('limits.session.bets')}</dt>
          <dd>{money.format(figures.session.bets_cents, figures.session.currency)}</dd>
          <dt>{t('limits.session.wins')}</dt>
          <dd>{money.format(figures.session.wins_cents, figures.session.currency)}</dd>
          <dt>{t('limits.session.net')}</dt>
          <dd data-testid="session-net" className={figures.session.net_cents < 0 ? 'limits__down' : undefined}>
            {signedMoney(figures.session.net_cents, figures.session.currency, money.format)}
          </dd>
        </dl>
      )}
    </section>
  );
}
