import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../ui/modal';
import { useI18n } from './i18n';
import { localizePath, parseLocalePath, type Locale } from './locale';
import {
  escapePopupDue,
  hashTargetId,
  HASH_SCROLL_RETRY_MS,
  HASH_SCROLL_STEP_MS,
  IOS_ESCAPE_DELAY_MS,
  IOS_ESCAPE_FIRST_VISIT_KEY,
  IOS_ESCAPE_RECHECK_MS,
  IOS_ESCAPE_SHOWN_KEY,
  isIosInAppBrowser,
  LOCAL_TIME_REFRESH_MS,
  promotionPageOf,
  SURVEY_DELAY_MS,
  SURVEY_DONE_KEY,
  SURVEY_START_MS,
  SURVEY_STARTED_KEY,
  surveyDue,
  type PromotionPage,
} from './route-rules';
import { useSession } from './session';
import { useNow } from './use-clock';
import { telemetry } from './telemetry';

/** A modal is open (ui/modal.tsx marks the body): the timed popups wait. */
const modalOpen = () => document.body.classList.contains('has-modal');

function readNumber(storage: Storage, key: string): number | null {
  const value = Number(storage.getItem(key));
  return storage.getItem(key) !== null && Number.isFinite(value) ? value : null;
}

/** The first moment of this browser session under `key` (kept across reloads). */
function sessionStart(key: string): number {
  try {
    const kept = readNumber(sessionStorage, key);
    if (kept !== null) return kept;
    const now = Date.now();
    sessionStorage.setItem(key, String(now));
    return now;
  } catch {
    return Date.now();
  }
}

/**
 * A deep-link hash (`/vip-club#adventure`) scrolls to its element once it is drawn: looked for
 * every 200 ms for up to 5 s after each change of page or hash.
 */
export function useHashScroll(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const id = hashTargetId(hash);
    if (!id) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const attempt = () => {
      const element = document.getElementById(id);
      if (element) {
        element.scrollIntoView({ block: 'start' });
        return;
      }
      if (Date.now() - started + HASH_SCROLL_STEP_MS <= HASH_SCROLL_RETRY_MS)
        timer = setTimeout(attempt, HASH_SCROLL_STEP_MS);
    };
    attempt();
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [pathname, hash]);
}

/**
 * Promotion pages the operator switched off (`manage-promotion-pages`) are the lobby: a client
 * navigation to one is replaced by the lobby (a direct load is redirected by the shell's loader).
 */
export function usePromotionPagesOff(off: readonly PromotionPage[], locale: Locale): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const page = promotionPageOf(parseLocalePath(pathname).path);
    if (page && off.includes(page)) navigate(localizePath('/', locale), { replace: true });
  }, [pathname, off, locale, navigate]);
}

/** The local time, hh:mm in the page's language, renewed every 15 seconds. */
export function LocalTime() {
  const { locale, t } = useI18n();
  const now = useNow(true, LOCAL_TIME_REFRESH_MS);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // Drawn in the browser only: the server's clock and zone are not the player's.
  if (!ready) return null;
  const text = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(now);
  return (
    <time
      className="local-time"
      dateTime={new Date(now).toISOString()}
      aria-label={t('routeRules.localTime')}
      data-testid="local-time"
    >
      {text}
    </time>
  );
}

/**
 * The iOS in-app browser's escape popup (`ios-webview-exit`): once a browser session, 5 minutes
 * after the first visit, postponed while a modal (the cashbox's) is open or a game is on the page,
 * at once when the player signs out.
 */
function IosEscape({ onGamePage }: { onGamePage: boolean }) {
  const { t } = useI18n();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [inApp, setInApp] = useState(false);
  const wasPlayer = useRef(false);
  const game = useRef(onGamePage);
  game.current = onGamePage;
  useEffect(() => setInApp(isIosInAppBrowser(navigator.userAgent)), []);
  const check = (loggedOut: boolean) => {
    let shown = false;
    try {
      shown = sessionStorage.getItem(IOS_ESCAPE_SHOWN_KEY) === '1';
    } catch {
      /* storage off: once this page */
    }
    const due = escapePopupDue({
      shown,
      firstVisit: sessionStart(IOS_ESCAPE_FIRST_VISIT_KEY),
      now: Date.now(),
      loggedOut,
      cashboxOpen: modalOpen(),
      onGamePage: game.current,
    });
    if (due !== 'show') return due;
    try {
      sessionStorage.setItem(IOS_ESCAPE_SHOWN_KEY, '1');
    } catch {
      /* storage off */
    }
    setOpen(true);
    return 'never';
  };
  useEffect(() => {
    if (!inApp) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const schedule = () => {
      if (check(false) !== 'wait') return;
      const left = sessionStart(IOS_ESCAPE_FIRST_VISIT_KEY) + IOS_ESCAPE_DELAY_MS - Date.now();
      timer = setTimeout(schedule, left > 0 ? Math.min(left, IOS_ESCAPE_RECHECK_MS) : IOS_ESCAPE_RECHECK_MS);
    };
    schedule();
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [inApp]);
  // A sign-out shows it at once.
  useEffect(() => {
    if (session.status === 'player') wasPlayer.current = true;
    else if (session.status === 'guest' && wasPlayer.current) {
      wasPlayer.current = false;
      if (inApp) check(true);
    }
  }, [session.status, inApp]);
  if (!open) return null;
  const href = typeof window === 'undefined' ? '' : window.location.href;
  return (
    <Modal title={t('routeRules.iosEscapeTitle')} onClose={() => setOpen(false)}>
      <div className="auth-form" data-testid="ios-webview-exit">
        <p>{t('routeRules.iosEscapeText')}</p>
        <a className="button button--primary" href={`x-safari-${href}`} data-testid="ios-webview-exit-open">
          {t('routeRules.iosEscapeOpen')}
        </a>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void navigator.clipboard?.writeText(href).catch(() => undefined)}
        >
          {t('routeRules.iosEscapeCopy')}
        </button>
      </div>
    </Modal>
  );
}

export type SurveyConfig = { surveyId: string; collectorId: string | null };

/**
 * The survey (`survey-config`): Orbit's own short form, opened for a signed-in player 5 minutes
 * into the browser session, not over a game and not over another modal, 500 ms after it is due.
 * The answer goes to the casino's own log (`PUT /log`, message `survey_answer`); answered or
 * dismissed, it is not asked again in this browser.
 */
function Survey({ survey, onGamePage }: { survey: SurveyConfig; onGamePage: boolean }) {
  const { t } = useI18n();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const game = useRef(onGamePage);
  game.current = onGamePage;
  const doneKey = `${SURVEY_DONE_KEY}:${survey.surveyId}`;
  const signedIn = session.status === 'player';
  useEffect(() => {
    if (!signedIn) return;
    let done = false;
    try {
      done = localStorage.getItem(doneKey) === '1';
    } catch {
      /* storage off: ask */
    }
    if (done) return;
    const startedAt = sessionStart(SURVEY_STARTED_KEY);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const tick = () => {
      const due = surveyDue({
        enabled: true,
        done: false,
        signedIn: true,
        startedAt,
        now: Date.now(),
        onGamePage: game.current,
        modalOpen: modalOpen(),
      });
      if (due) {
        timer = setTimeout(() => setOpen(true), SURVEY_START_MS);
        return;
      }
      const left = startedAt + SURVEY_DELAY_MS - Date.now();
      timer = setTimeout(tick, left > 1_000 ? left : 1_000);
    };
    tick();
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [signedIn, doneKey]);
  if (!open || !signedIn) return null;
  const finish = () => {
    try {
      localStorage.setItem(doneKey, '1');
    } catch {
      /* storage off */
    }
  };
  const close = () => {
    finish();
    setOpen(false);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rating = Number(form.get('rating'));
    if (!(rating >= 1 && rating <= 5)) return;
    const comment = String(form.get('comment') ?? '')
      .trim()
      .slice(0, 500);
    telemetry.log({
      level: 'info',
      message: 'survey_answer',
      context: { survey_id: survey.surveyId, collector_id: survey.collectorId, rating, comment },
    });
    finish();
    setSent(true);
  };
  return (
    <Modal title={t('routeRules.surveyTitle')} onClose={close}>
      {sent ? (
        <p data-testid="survey-thanks">{t('routeRules.surveyThanks')}</p>
      ) : (
        <form className="auth-form" data-testid="survey" onSubmit={submit}>
          <fieldset className="survey__rating">
            <legend>{t('routeRules.surveyQuestion')}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n}>
                <input type="radio" name="rating" value={n} required /> {n}
              </label>
            ))}
          </fieldset>
          <label>
            {t('routeRules.surveyComment')}
            <textarea name="comment" maxLength={500} rows={3} />
          </label>
          <button type="submit" className="button button--primary" data-testid="survey-send">
            {t('routeRules.surveySend')}
          </button>
        </form>
      )}
    </Modal>
  );
}

/**
 * The shell's timed and address rules (docs/rules/routes-and-guards.md, docs/rules/page-shell.md
 * "Timed rules"): the deep-link scroll, switched-off promotion pages, the iOS escape popup and
 * the survey. Drawn once by the shell layout.
 */
export function RouteRules({
  locale,
  promotionPagesOff,
  survey,
  onGamePage,
}: {
  locale: Locale;
  promotionPagesOff: readonly PromotionPage[];
  survey: SurveyConfig | null;
  onGamePage: boolean;
}) {
  useHashScroll();
  usePromotionPagesOff(promotionPagesOff, locale);
  return (
    <>
      <IosEscape onGamePage={onGamePage} />
      {survey ? <Survey survey={survey} onGamePage={onGamePage} /> : null}
    </>
  );
}
