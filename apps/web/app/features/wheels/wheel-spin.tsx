import type { Lootbox } from '@orbit/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { lootboxesApi } from './lootboxes';
import { wheelLandingAngle } from './rules';
import { useWheelStop } from './wheel-disc';

/** Where the drawn item lands on the disc, and what the player is told they won once it stops. */
export type Landing<Won> = { index: number; segments: number; won: () => Won };

/**
 * A wheel page's spin: the server opens the box and draws the item (`POST …/activation`), the
 * disc turns onto it, and the prize is told when the disc's transition ends (`useWheelStop`). A
 * refusal is the server's first `base` code (else `failed`).
 */
export function useWheelSpin<Won>() {
  const [angle, setAngle] = useState(0);
  const { whenStopped, onStopped } = useWheelStop();
  const [spinning, setSpinning] = useState(false);
  const [won, setWon] = useState<Won | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const spin = (box: Lootbox, landing: (opened: Lootbox) => Landing<Won>) => {
    if (spinning) return;
    setSpinning(true);
    setRefusal(null);
    setWon(null);
    lootboxesApi.open(box.id).then(
      (opened) => {
        const land = landing(opened);
        setAngle((from) => wheelLandingAngle(land.index, land.segments, from));
        // The prize is told when the wheel stops.
        whenStopped(() => {
          setSpinning(false);
          setWon(land.won());
        });
      },
      (error: unknown) => {
        setSpinning(false);
        setRefusal((error instanceof ApiError && error.errors.base?.[0]) || 'failed');
      },
    );
  };
  return { angle, onStopped, spinning, won, refusal, spin };
}

export function SpinButton({ spinning, onSpin }: { spinning: boolean; onSpin: () => void }) {
  const { t } = useI18n();
  return (
    <button type="button" className="button button--primary wheel__spin" onClick={onSpin} disabled={spinning}>
      {spinning ? t('promotions.wheel.spinning') : t('promotions.wheel.spin')}
    </button>
  );
}

/** The spin's outcome under the wheel: the refusal, or the prize won (null: none) with the way to the gifts. */
export function SpinOutcome({ refusal, prize }: { refusal: string | null; prize: string | null }) {
  const { t, locale } = useI18n();
  return (
    <>
      {refusal ? (
        <p role="alert" className="promo-hero__refusal">
          {t(`promotions.wheel.errors.${refusal}`, undefined, t('promotions.errors.failed'))}
        </p>
      ) : null}
      {prize !== null ? (
        <div className="wheel__prize" role="status" data-testid="wheel-prize">
          <p>{t('promotions.wheel.won', { prize })}</p>
          <Link to={localizePath('/profile/gifts', locale)} className="button button--primary">
            {t('promotions.wheel.toGifts')}
          </Link>
        </div>
      ) : null}
    </>
  );
}
