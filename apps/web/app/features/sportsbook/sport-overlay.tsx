import { useEffect, useRef } from 'react';
import { useI18n } from '../../lib/i18n';
import { Icon } from '../../ui/icons';
import './sportsbook.css';

/**
 * The betting site in a frame over the casino's shell (docs/sportsbook.md): the frame fills the
 * viewport under a thin bar with the close button. Escape closes it too, unless a popup is open
 * over it (the popup's own Escape closes the popup first).
 */
export function SportOverlay({ src, onClose }: { src: string; onClose: () => void }) {
  const { t } = useI18n();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.body.classList.contains('has-modal')) close.current();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('has-sport');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('has-sport');
    };
  }, []);
  return (
    <section className="sport-overlay" aria-label={t('sportsbook.title')} data-testid="sport-overlay">
      <div className="sport-overlay__bar">
        <span className="sport-overlay__title">{t('sportsbook.title')}</span>
        <button type="button" className="sport-overlay__close" aria-label={t('sportsbook.close')} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <iframe className="sport-overlay__frame" title={t('sportsbook.title')} src={src} allow="fullscreen" />
    </section>
  );
}
