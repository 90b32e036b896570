import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useI18n } from '../lib/i18n';
import './toast.css';

/** Notices close by themselves after 10 s (docs/rules/page-shell.md "Notices"). */
export const TOAST_MS = 10_000;

/**
 * The id of the shell's notice strip: the row under the header (sticky with it) where every
 * notice is drawn, in the page's flow, so that none covers the page or a game (docs/page-shell.md
 * "Layers").
 */
export const NOTICE_STRIP_ID = 'notice-strip';

const noSubscription = () => () => {};

/** The notice strip, once the page runs in the browser (null on the server and during hydration). */
function useNoticeStrip(): HTMLElement | null {
  return useSyncExternalStore(
    noSubscription,
    () => document.getElementById(NOTICE_STRIP_ID),
    () => null,
  );
}

/**
 * Draws `children` in the shell's notice strip. Without a strip (a page outside the shell) they
 * are drawn where they stand, as a floating notice.
 */
export function InNoticeStrip({ children }: { children: ReactNode }) {
  const strip = useNoticeStrip();
  if (strip) return createPortal(children, strip);
  return <div className="ui-toast-float">{children}</div>;
}

/**
 * A short notice in the notice strip (`role="status"`: read out without taking the focus),
 * closed by its button or after `ms`. `tone="celebrate"`: a win (a glow and a small pop, still
 * when the visitor prefers reduced motion). `tone="warning"` without `onClose`: a persistent
 * warning (the limit-reached one), with no close button and no timer, shown as long as its owner
 * draws it; its owner may give it an `action` of its own (a button that folds it to a tab).
 * Wherever a feature renders it, it is drawn in the strip.
 */
export function Toast({
  children,
  onClose,
  ms = TOAST_MS,
  tone = 'info',
  testId,
  className,
  action,
}: {
  children: ReactNode;
  onClose?: () => void;
  ms?: number;
  tone?: 'info' | 'celebrate' | 'warning';
  testId?: string;
  /** A class of the owner's (its own look). */
  className?: string;
  /** A control of the owner's in the close button's place (the limit notice's Hide). */
  action?: ReactNode;
}) {
  const { t } = useI18n();
  useEffect(() => {
    if (!onClose) return;
    const timer = setTimeout(onClose, ms);
    return () => clearTimeout(timer);
  }, [onClose, ms]);
  return (
    <InNoticeStrip>
      <div
        className={`ui-toast ui-toast--${tone}${className ? ` ${className}` : ''}`}
        role="status"
        data-testid={testId}
      >
        <div className="ui-toast__body">{children}</div>
        {action}
        {onClose ? (
          <button type="button" className="ui-toast__close" aria-label={t('auth.close')} onClick={onClose}>
            ×
          </button>
        ) : null}
      </div>
    </InNoticeStrip>
  );
}
