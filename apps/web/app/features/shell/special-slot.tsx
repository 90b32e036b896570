import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { Icon } from '../../ui/icons';
import { Modal } from '../../ui/modal';

/**
 * The special-slot menu item (docs/rules/page-shell.md "Game lists"): the house studio's games
 * (`/producers/orbit`, every round provably fair). Its first press opens the intro popup
 * (`popup-provider-new`) unless this browser has seen it (a local flag); the popup's button then
 * goes on to the games. Closing the popup also counts as seen: it is shown once.
 */
export const SPECIAL_SLOT_PROVIDER = 'orbit';
export const SPECIAL_SLOT_INTRO_FLAG = 'orbit_provider_intro_seen';
export const SPECIAL_SLOT_POPUP = 'popup-provider-new';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): FlagStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Whether a press shows the intro first (no flag yet; storage blocked: the intro, every time it is pressed). */
export function introDue(store: FlagStorage | null): boolean {
  try {
    return store?.getItem(SPECIAL_SLOT_INTRO_FLAG) !== '1';
  } catch {
    return true;
  }
}

export function markIntroSeen(store: FlagStorage | null): void {
  try {
    store?.setItem(SPECIAL_SLOT_INTRO_FLAG, '1');
  } catch {
    // storage blocked: nothing to remember
  }
}

/** The item as a menu link (`className` of the menu it stands in), and its popup while open. */
export function SpecialSlotItem({ locale, className }: { locale: Locale; className: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const href = localizePath(`/producers/${SPECIAL_SLOT_PROVIDER}`, locale);
  return (
    <>
      <Link
        to={href}
        className={className}
        data-testid="special-slot"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          if (!introDue(storage())) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Icon name="rocket" size={18} />
        {t('games.specialSlot.item')}
      </Link>
      {open
        ? createPortal(
            <Modal
              title={t('games.specialSlot.title')}
              onClose={() => {
                markIntroSeen(storage());
                setOpen(false);
              }}
            >
              <div className="special-slot-intro" data-popup={SPECIAL_SLOT_POPUP}>
                <p>{t('games.specialSlot.text')}</p>
                <p>
                  <Link to={localizePath('/fair', locale)} onClick={() => markIntroSeen(storage())}>
                    {t('games.specialSlot.fair')}
                  </Link>
                </p>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => {
                    markIntroSeen(storage());
                    setOpen(false);
                    void navigate(href);
                  }}
                >
                  {t('games.specialSlot.go')}
                </button>
              </div>
            </Modal>,
            document.body,
          )
        : null}
    </>
  );
}
