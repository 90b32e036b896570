import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { setConsent } from '../../lib/telemetry';
import { asksForConsent } from './rules';
import './consent.css';

const isFramed = (): boolean => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
};

/**
 * The cookie question (docs/page-shell.md "Cookie banner"): a bar fixed at the bottom of the
 * viewport (above the phone's bottom bar), drawn once the page runs in the browser, so that the
 * server's page (shared by every guest through the page cache) never carries it and a visitor who
 * answered never sees it flash. Its text is the operator's snippet `cookie-banner` (`text`, trusted
 * CMS HTML), else the page's own words; "Accept all" sets `orbit_consent=all`, "Necessary only"
 * `necessary` (no analytics kept). While it is shown, its height is `--cookie-banner-h` on the
 * document: the page's scroll padding and the body's bottom padding keep content clear of it.
 */
export function CookieBanner({ locale, text, hidden }: { locale: Locale; text: string | null; hidden: boolean }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    setAsking(asksForConsent({ cookie: document.cookie, userAgent: navigator.userAgent, framed: isFramed() }));
  }, []);
  const shown = asking && !hidden;
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--cookie-banner-h', `${Math.ceil(element.offsetHeight)}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cookie-banner-h');
    };
  }, [shown]);
  if (!shown) return null;
  const answer = (choice: 'all' | 'necessary') => {
    setConsent(choice);
    setAsking(false);
  };
  return (
    <section ref={ref} className="cookie-banner" aria-label={t('consent.label')} data-testid="cookie-banner">
      {text ? (
        <div className="cookie-banner__text" dangerouslySetInnerHTML={{ __html: text }} />
      ) : (
        <p className="cookie-banner__text">{t('consent.text')}</p>
      )}
      <div className="cookie-banner__actions">
        <Link className="cookie-banner__policy" to={localizePath('/cookie-policy', locale)}>
          {t('consent.policy')}
        </Link>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => answer('necessary')}
          data-testid="cookie-necessary"
        >
          {t('consent.necessary')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => answer('all')}
          data-testid="cookie-accept"
        >
          {t('consent.acceptAll')}
        </button>
      </div>
    </section>
  );
}
