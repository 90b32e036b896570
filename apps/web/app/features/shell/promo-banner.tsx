import { useEffect, useLayoutEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { backgroundOf, popupOf } from '../../lib/popups';
import { track } from '../../lib/telemetry';
import { Icon } from '../../ui/icons';
import { PROMO_OFF_ATTRIBUTE } from './promo-hint';
import { countdownText, PROMO_CLOSED_KEY, PROMO_REOPEN_MS, promoCookie, promoEndOf, promoShown } from './shell-content';

function closedAt(): number | null {
  try {
    const value = Number(sessionStorage.getItem(PROMO_CLOSED_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * The guest's promo banner under the header (docs/page-shell.md "Header"): the CMS snippet's
 * text and a countdown. The countdown's end is kept in the cookie `promo_tooltip_timer` (a day):
 * the first sight starts it, a reload keeps it. Closed, it comes back after two minutes; pressed,
 * it opens the sign-up popup. Loaded by the shell once the page runs, for guests only.
 */
export default function PromoBanner({ text, locale }: { text: string; locale: Locale }) {
  const { t } = useI18n();
  const location = useLocation();
  const [now, setNow] = useState(() => Date.now());
  const [end] = useState(() => {
    const stored = promoEndOf(document.cookie);
    if (stored !== null) return stored;
    const started = Date.now();
    document.cookie = promoCookie(started);
    return promoEndOf(promoCookie(started).split(';')[0]!)!;
  });
  const [closed, setClosed] = useState(closedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // Back after two minutes: the tick above re-renders; the stored time is dropped once it is due.
  useEffect(() => {
    if (closed !== null && now - closed >= PROMO_REOPEN_MS) {
      sessionStorage.removeItem(PROMO_CLOSED_KEY);
      setClosed(null);
    }
  }, [closed, now]);
  const shown = promoShown(end, closed, now);
  // Its slot under the header takes room only while it shows (promo-hint.ts, shell.css), in the
  // same frame as the banner comes or goes.
  useLayoutEffect(() => {
    document.documentElement.toggleAttribute(PROMO_OFF_ATTRIBUTE, !shown);
  }, [shown]);
  if (!shown) return null;
  const state = { background: popupOf(location.pathname) ? backgroundOf(location.state) : location };
  return (
    <div className="promo-banner" data-testid="promo-banner" role="region" aria-label={t('shell.promo.label')}>
      <Link
        to={localizePath('/sign-up', locale)}
        state={state}
        preventScrollReset
        className="promo-banner__link"
        onClick={() => track({ name: 'registration_click', source: 'promo_banner' })}
      >
        <Icon name="gift" size={18} />
        <span className="promo-banner__text">{text}</span>
        <span className="promo-banner__timer" aria-label={t('shell.promo.timeLeft')} role="timer">
          {countdownText(end, now)}
        </span>
      </Link>
      <button
        type="button"
        className="icon-button promo-banner__close"
        aria-label={t('shell.promo.close')}
        onClick={() => {
          const at = Date.now();
          try {
            sessionStorage.setItem(PROMO_CLOSED_KEY, String(at));
          } catch {
            // Without storage it stays closed for this page only.
          }
          setClosed(at);
        }}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
