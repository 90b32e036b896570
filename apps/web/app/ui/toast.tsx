import { useEffect, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import './toast.css';

/** Notices close by themselves after 10 s (docs/rules/page-shell.md "Notices"). */
export const TOAST_MS = 10_000;

/**
 * A short notice in a corner of the page (`role="status"`: read out without taking the focus),
 * closed by its button or after `ms`. `tone="celebrate"`: a win (a glow and a small pop, still
 * when the visitor prefers reduced motion). `tone="warning"` without `onClose`: a persistent
 * warning (the limit-reached one), with no close button and no timer, shown as long as its owner
 * draws it. Fixed to the window: render it where no ancestor
 * has a transform or filter (the sticky header's backdrop filter would hold it inside the header;
 * the shell layout draws the player's notices in the page for that reason).
 */
export function Toast({
  children,
  onClose,
  ms = TOAST_MS,
  tone = 'info',
  testId,
  className,
}: {
  children: ReactNode;
  onClose?: () => void;
  ms?: number;
  tone?: 'info' | 'celebrate' | 'warning';
  testId?: string;
  /** A class of the owner's (its own place on the page, clear of the other notices). */
  className?: string;
}) {
  const { t } = useI18n();
  useEffect(() => {
    if (!onClose) return;
    const timer = setTimeout(onClose, ms);
    return () => clearTimeout(timer);
  }, [onClose, ms]);
  return (
    <div className={`ui-toast ui-toast--${tone}${className ? ` ${className}` : ''}`} role="status" data-testid={testId}>
      <div className="ui-toast__body">{children}</div>
      {onClose ? (
        <button type="button" className="ui-toast__close" aria-label={t('auth.close')} onClick={onClose}>
          ×
        </button>
      ) : null}
    </div>
  );
}
