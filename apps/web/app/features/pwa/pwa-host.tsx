import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { InNoticeStrip } from '../../ui/toast';
import { Modal } from '../../ui/modal';
import {
  installPrompt,
  isFramed,
  isStandalone,
  listenForInstallPrompt,
  promptInstall,
  registerServiceWorker,
  subscribeInstallPrompt,
} from './browser';
import { asksForInstall, INSTALL_DISMISSED_KEY, installNoticeAllowed } from './rules';
import './pwa.css';

const isIos = (): boolean =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

function readDismissed(): string | null {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The page's side of installing Orbit as an app (docs/rules/page-shell.md "Install as an app"):
 * registers the service worker, shows the install notice (Install where the browser offers its
 * prompt, the instructions on iOS), and opens the instructions for `?pwa=install`, leaving the
 * address at the lobby. `hidden`: the game page (the notice stays out of the game's way).
 */
export function PwaHost({ locale, hidden }: { locale: Locale; hidden: boolean }) {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const prompt = useSyncExternalStore(subscribeInstallPrompt, installPrompt, () => null);
  const [allowed, setAllowed] = useState(false);
  const [ios, setIos] = useState(false);
  const [instructions, setInstructions] = useState(false);

  useEffect(() => {
    registerServiceWorker();
    setIos(isIos());
    setAllowed(
      installNoticeAllowed({
        standalone: isStandalone(),
        framed: isFramed(),
        dismissedAt: readDismissed(),
        now: Date.now(),
      }),
    );
    return listenForInstallPrompt();
  }, []);

  useEffect(() => {
    if (!asksForInstall(location.search) || isFramed()) return;
    setInstructions(true);
    navigate(localizePath('/', locale), { replace: true });
  }, [location.search, locale, navigate]);

  const dismiss = useCallback(() => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
    } catch {
      // Private mode: the notice goes for this page only.
    }
    setAllowed(false);
  }, []);

  const install = useCallback(() => {
    void promptInstall().then((accepted) => {
      if (accepted) setAllowed(false);
    });
  }, []);

  return (
    <>
      {allowed && !hidden && (prompt || ios) ? (
        <InNoticeStrip>
          <section className="pwa-notice" aria-label={t('pwa.install.label')} data-pwa-notice>
            <p className="pwa-notice__text">{prompt ? t('pwa.install.text') : t('pwa.install.steps')}</p>
            {prompt ? (
              <button type="button" className="button button--primary pwa-notice__install" onClick={install}>
                {t('pwa.install.button')}
              </button>
            ) : null}
            <button type="button" className="button pwa-notice__dismiss" onClick={dismiss}>
              {t('pwa.install.dismiss')}
            </button>
          </section>
        </InNoticeStrip>
      ) : null}
      {instructions ? (
        <Modal title={t('pwa.install.label')} onClose={() => setInstructions(false)}>
          <div className="pwa-instructions" data-pwa-instructions>
            <p>{t('pwa.install.text')}</p>
            <p>{t('pwa.install.steps')}</p>
            <p>{t('pwa.install.otherSteps')}</p>
            {prompt ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  setInstructions(false);
                  install();
                }}
              >
                {t('pwa.install.button')}
              </button>
            ) : null}
          </div>
        </Modal>
      ) : null}
    </>
  );
}
