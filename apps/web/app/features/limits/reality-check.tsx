import type { ResponsibleGamingResponse } from '@orbit/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { formatClock, nextRealityCheck } from './limits-rules';
import { limitsApi } from './limits-store';
import type { LimitMoney } from './money';
import { signedMoney } from './session-facts';
import { TICK_MS } from '../../lib/use-clock';
import './limits.css';

const KEEP_ALIVE_MS = 60_000;

/**
 * The reality check on the game page (signed-in real play): when the player chose an interval
 * on /profile/limits, every N minutes of play a panel covers the game (the iframe stays loaded
 * underneath, but takes no clicks), with the time played and the net position of this sign-in
 * session (`GET /api/responsible_gaming`), and Continue or Leave (the lobby). Rendered inside the
 * game's stage, so it shows in full screen too. `playing`: the game is open (the clock counts
 * from the first time it is).
 */
export function RealityCheck({
  playing,
  lobbyHref,
  money,
}: {
  playing: boolean;
  lobbyHref: string;
  money: Pick<LimitMoney, 'format'>;
}) {
  const { t } = useI18n();
  const id = useId();
  const [minutes, setMinutes] = useState(0);
  const [shown, setShown] = useState<ResponsibleGamingResponse | null>(null);
  const due = useRef<number | null>(null);
  const continueButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    limitsApi.responsibleGaming().then(
      (answer) => live && setMinutes(answer.reality_check_minutes),
      // No setting known: no checks (the server's pre-bet checks still hold every limit).
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  useKeepAlive(playing);

  useEffect(() => {
    if (!playing || minutes <= 0 || shown) return;
    due.current ??= nextRealityCheck(Date.now(), minutes);
    let asking = false;
    const timer = setInterval(() => {
      if (asking || due.current === null || Date.now() < due.current) return;
      asking = true;
      limitsApi.responsibleGaming().then(
        (figures) => setShown(figures),
        // The figures could not be read: pause anyway, with the time this page has counted.
        () =>
          setShown({
            reality_check_minutes: minutes,
            session: { started_at: '', seconds_played: -1, currency: '', bets_cents: 0, wins_cents: 0, net_cents: 0 },
            time_zone: '',
          }),
      );
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, minutes, shown]);

  useEffect(() => {
    if (shown) continueButton.current?.focus();
  }, [shown]);

  if (!shown) return null;
  const known = shown.session.seconds_played >= 0;
  const resume = () => {
    due.current = nextRealityCheck(Date.now(), minutes);
    setShown(null);
  };
  return (
    <div className="reality-check" role="dialog" aria-modal="true" aria-labelledby={id} data-testid="reality-check">
      <div className="reality-check__panel">
        <h2 id={id}>{t('limits.realityCheck.pauseTitle')}</h2>
        <p>{t('limits.realityCheck.pauseText', { count: minutes })}</p>
        {known ? <SessionFigures session={shown.session} money={money} /> : null}
        <div className="limits__actions">
          <button ref={continueButton} type="button" className="button button--primary" onClick={resume}>
            {t('limits.realityCheck.continue')}
          </button>
          <Link to={lobbyHref} className="button button--ghost">
            {t('limits.realityCheck.leave')}
          </Link>
        </div>
      </div>
    </div>
  );
}

/**
 * Play counts as activity (docs/rules/page-shell.md "Player protection"): while the game is open
 * the sign-in session is touched every minute, so it neither idles out nor stops counting toward
 * a session limit.
 */
function useKeepAlive(playing: boolean) {
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => void limitsApi.responsibleGaming().catch(() => undefined), KEEP_ALIVE_MS);
    return () => clearInterval(timer);
  }, [playing]);
}

/** The sign-in session's time played and net position. */
function SessionFigures({
  session,
  money,
}: {
  session: ResponsibleGamingResponse['session'];
  money: Pick<LimitMoney, 'format'>;
}) {
  const { t } = useI18n();
  return (
    <dl className="profile-facts reality-check__facts">
      <dt>{t('limits.session.timePlayed')}</dt>
      <dd>{formatClock(session.seconds_played)}</dd>
      <dt>{t('limits.session.net')}</dt>
      <dd className={session.net_cents < 0 ? 'limits__down' : undefined}>
        {signedMoney(session.net_cents, session.currency, money.format)}
      </dd>
    </dl>
  );
}
