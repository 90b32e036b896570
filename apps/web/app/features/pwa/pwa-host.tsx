import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
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
import { isIos } from './install-hint';
import { asksForInstall, INSTALL_DISMISSED_KEY, installNoticeAllowed } from './rules';
import './pwa.css';

function readDismissed(): string | null {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The page's side of installing Orbit as an app (docs/rules/page-shell.md "Install as an app"):
 * registers the service worker, listens for the browser's install prompt, and opens the
 * instructions for `?pwa=install`, leaving the address at the lobby. The install notice itself
 * is `PwaNotice`, drawn by the shell in its notice strip.
 */
export function PwaHost({ locale }: { locale: Locale }) {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const prompt = useSyncExternalStore(subscribeInstallPrompt, installPrompt, () => null);
  const [instructions, setInstructions] = useState(false);

  useEffect(() => {
    registerServiceWorker();
    return listenForInstallPrompt();
  }, []);

  useEffect(() => {
    if (!asksForInstall(location.search) || isFramed()) return;
    setInstructions(true);
    navigate(localizePath('/', locale), { replace: true });
  }, [location.search, locale, navigate]);

  return instructions ? (
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
              void promptInstall();
            }}
          >
            {t('pwa.install.button')}
          </button>
        ) : null}
      </div>
    </Modal>
  ) : null;
}

/**
 * The install notice (Install where the browser offers its prompt, the instructions on iOS), drawn
 * by the shell first in its notice strip. It is in the server's HTML as the iOS instructions,
 * marked `data-pending` and hidden unless the head script expects it (`data-install-hint`,
 * install-hint.ts): an iPhone then shows it from the first paint, and when the page runs the same
 * element stays (the mark goes) or goes (docs/page-shell.md "Layers"). `hidden`: the game page
 * (the notice stays out of the game's way).
 */
export function PwaNotice({ hidden }: { hidden: boolean }) {
  const { t } = useI18n();
  const prompt = useSyncExternalStore(subscribeInstallPrompt, installPrompt, () => null);
  // Null until the page runs: what the server drew stands meanwhile.
  const [situation, setSituation] = useState<{ allowed: boolean; ios: boolean } | null>(null);

  useEffect(() => {
    setSituation({
      ios: isIos(),
      allowed: installNoticeAllowed({
        standalone: isStandalone(),
        framed: isFramed(),
        dismissedAt: readDismissed(),
        now: Date.now(),
      }),
    });
  }, []);

  const dismiss = useCallback(() => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
    } catch {
      // Private mode: the notice goes for this page only.
    }
    setSituation((s) => (s ? { ...s, allowed: false } : s));
  }, []);

  const install = useCallback(() => {
    void promptInstall().then((accepted) => {
      if (accepted) setSituation((s) => (s ? { ...s, allowed: false } : s));
    });
  }, []);

  if (hidden) return null;
  const pending = situation === null;
  if (!pending && !(situation.allowed && (prompt || situation.ios))) return null;
  return (
    <section
      className="pwa-notice"
      aria-label={t('pwa.install.label')}
      data-pwa-notice
      data-pending={pending ? '' : undefined}
    >
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
  );
}
