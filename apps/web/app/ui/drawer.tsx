import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icons';
import './ui.css';

type DrawerProps = {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the panel. */
  label: string;
  closeLabel: string;
  id?: string;
  children: ReactNode;
};

/**
 * Side panel that slides in from the left. Closes on Escape and on a click outside it
 * (the dimmed backdrop); focus moves into it on open and back to the opener on close.
 */
export function Drawer({ open, onClose, label, closeLabel, id, children }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    // The page behind must not scroll while the panel covers it.
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
      opener?.focus?.();
    };
  }, [open, onClose]);

  return (
    <div className={`drawer ${open ? 'drawer--open' : ''}`} hidden={!open}>
      <div className="drawer__backdrop" onClick={onClose} data-testid="drawer-backdrop" />
      <div
        ref={panel}
        id={id}
        className="drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
      >
        <button type="button" className="icon-button drawer__close" onClick={onClose} aria-label={closeLabel}>
          <Icon name="close" />
        </button>
        {children}
      </div>
    </div>
  );
}
