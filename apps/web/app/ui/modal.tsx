import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { MODAL_CLOSE_DELAY_MS } from '../lib/route-rules';
import './form.css';

/**
 * A full-screen modal dialog: labelled by its title, closed by its button, Escape or the backdrop.
 * Without `onClose` it can only be left through its own content (a choice the player must make).
 * A close fades the modal out and calls `onClose` 100 ms later (docs/rules/page-shell.md "Timed
 * rules"); a second close meanwhile does nothing.
 */
export function Modal({
  title,
  onClose: onCloseNow,
  children,
}: {
  title: string;
  onClose?: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const [closing, setClosing] = useState(false);
  const latest = useRef(onCloseNow);
  latest.current = onCloseNow;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const closable = Boolean(onCloseNow);
  const onClose = useCallback(() => {
    if (timer.current) return;
    setClosing(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setClosing(false);
      latest.current?.();
    }, MODAL_CLOSE_DELAY_MS);
  }, []);
  // Before the browser paints the dialog: Escape works from the moment it can be seen.
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // Into the dialog, unless the player is already typing in it (before the page was interactive).
    if (!dialog.current?.contains(document.activeElement)) {
      (
        dialog.current?.querySelector<HTMLElement>('input, select, button:not(.modal__close)') ?? dialog.current
      )?.focus();
    }
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closable && onClose();
    document.addEventListener('keydown', onKey);
    document.body.classList.add('has-modal');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('has-modal');
      previous?.focus?.();
    };
  }, [onClose, closable]);
  return (
    <div
      className={closing ? 'modal modal--closing' : 'modal'}
      onMouseDown={(event) => event.target === event.currentTarget && closable && onClose()}
    >
      <div className="modal__dialog" role="dialog" aria-modal="true" aria-labelledby={id} ref={dialog} tabIndex={-1}>
        {closable ? (
          <button type="button" className="modal__close" aria-label={t('auth.close')} onClick={onClose}>
            ×
          </button>
        ) : null}
        <h2 id={id} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
