import { useEffect, useRef, type ReactNode, type TouchEvent } from 'react';
import { Icon } from './icons';
import './ui.css';

/** How far a swipe must travel towards the edge to close the drawer. */
export const SWIPE_CLOSE_PX = 60;

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
 * Side panel that slides in from the left. Closes on Escape, on a click outside it (the dimmed
 * backdrop) and on a swipe to the left; focus moves into it on open and back to the opener on close.
 */
export function Drawer({ open, onClose, label, closeLabel, id, children }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  // A swipe towards the panel's edge (left, at least 60 px, more sideways than up or down) closes it.
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    swipe.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = swipe.current;
    const touch = event.changedTouches[0];
    swipe.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (dx <= -SWIPE_CLOSE_PX && Math.abs(dx) > Math.abs(dy)) onClose();
  };

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
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <button type="button" className="icon-button drawer__close" onClick={onClose} aria-label={closeLabel}>
          <Icon name="close" />
        </button>
        {children}
      </div>
    </div>
  );
}
