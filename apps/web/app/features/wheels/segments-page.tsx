import type { Lootbox, WheelSegment, WheelSegmentSets } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, browserApi } from '../../lib/api';
import { PlayThroughRules } from '../../lib/deposit-playthrough';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { segmentChances, segmentSetFor, wheelLandingAngle, wonIndex } from './rules';
import { useWheelTerms, WheelPrizeRules, WheelTiers, type MoneyFormat } from './terms';
import { useWheelStop, WheelDisc } from './wheel-disc';
import { lootboxesApi, prizeLabel } from './wheel-page';
import './wheels.css';

/**
 * The segments wheel (route spinWheelSegmentsPage, /wheel/segments; docs/rules/promotions.md
 * "Segments wheel"): the tiers with the deposit each needs and its top prize (`GET /api/wheel`),
 * the segment set of the player's group (from `wheel-config-segments`) with each segment's
 * chance, and, for a player holding a wheel, Spin: the server opens the wheel and the disc lands
 * on the segment it drew (the wheel's items are the player's segment set, in order).
 */
export function SegmentsWheelPage({ money }: { money: MoneyFormat }) {
  const { t, locale } = useI18n();
  const { player } = useSession();
  const location = useLocation();
  const [sets, setSets] = useState<WheelSegmentSets | null>(null);
  const [box, setBox] = useState<Lootbox | null>(null);
  const [angle, setAngle] = useState(0);
  const { whenStopped, onStopped } = useWheelStop();
  const [spinning, setSpinning] = useState(false);
  const [won, setWon] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const playerId = player?.id ?? null;
  const terms = useWheelTerms(playerId);

  useEffect(() => {
    void browserApi()
      .get<WheelSegmentSets>('/api/fe/config/wheel-config-segments')
      .then(setSets, () => undefined);
  }, []);
  useEffect(() => {
    if (playerId === null) return setBox(null);
    void lootboxesApi.list().then(
      (list) =>
        setBox(
          (Array.isArray(list) ? list : []).find(
            (b) => b.stage === 'issued' && /^(manual_wheel|wheel)/.test(b.group_key),
          ) ?? null,
        ),
      () => undefined,
    );
  }, [playerId]);

  const segments = sets ? segmentSetFor(sets.segments_by_group, (player?.groups ?? []).map(Number)) : [];
  const chances = segmentChances(segments.map((s) => s.weight));
  // A segment's prize in words and the player's money (the box's currency, else the tiers'):
  // "€1.00 bonus", "10 free spins"; the config's own title only when it says neither.
  const prizeCurrency = box?.currency ?? terms?.tiers[0]?.currency ?? 'EUR';
  const segmentLabel = (segment: WheelSegment): string =>
    segment.type === 'bonus' && segment.bonus_amount_cents > 0
      ? t('promotions.wheel.bonusPrize', { amount: money(segment.bonus_amount_cents, prizeCurrency) })
      : segment.type === 'freespins' && segment.freespins_count > 0
        ? t('promotions.wheel.spinsPrize', { count: segment.freespins_count })
        : segment.title;

  const spin = () => {
    if (!box || spinning) return;
    setSpinning(true);
    setRefusal(null);
    setWon(null);
    lootboxesApi.open(box.id).then(
      (opened) => {
        const index = Math.max(0, wonIndex(opened));
        setAngle((from) => wheelLandingAngle(index, segments.length || opened.items.length, from));
        whenStopped(() => {
          setSpinning(false);
          setBox(null);
          const item = opened.items[index];
          const segment = segments[index];
          setWon(item ? prizeLabel(item, t, money) : segment ? segmentLabel(segment) : '');
        });
      },
      (error: unknown) => {
        setSpinning(false);
        setRefusal((error instanceof ApiError && error.errors.base?.[0]) || 'failed');
      },
    );
  };

  return (
    <div className="page wheel-page" data-testid="segments-wheel-page">
      <h1>{t('promotions.wheel.segmentsTitle')}</h1>
      {terms ? <WheelTiers terms={terms} money={money} /> : null}
      {segments.length > 0 ? (
        <section className="wheel" aria-labelledby="segments-title" data-testid="wheel">
          <h2 id="segments-title">{t('promotions.wheel.segments')}</h2>
          <WheelDisc labels={segments.map(segmentLabel)} angle={angle} onStopped={onStopped} />
          <ol className="wheel-chances" data-testid="wheel-chances">
            {segments.map((s, i) => (
              <li key={i}>
                <span>{segmentLabel(s)}</span>
                <span>{t('promotions.wheel.chance', { percent: chances[i] ?? '0' })}</span>
              </li>
            ))}
          </ol>
          {!player ? (
            <Link
              to={localizePath('/sign-up', locale)}
              state={{ background: location }}
              preventScrollReset
              className="button button--primary"
            >
              {t('auth.signUp')}
            </Link>
          ) : box ? (
            <button type="button" className="button button--primary wheel__spin" onClick={spin} disabled={spinning}>
              {spinning ? t('promotions.wheel.spinning') : t('promotions.wheel.spin')}
            </button>
          ) : won === null ? (
            <p data-testid="wheel-empty">{t('promotions.wheel.empty')}</p>
          ) : null}
          {refusal ? (
            <p role="alert" className="promo-hero__refusal">
              {t(`promotions.wheel.errors.${refusal}`, undefined, t('promotions.errors.failed'))}
            </p>
          ) : null}
          {won !== null ? (
            <div className="wheel__prize" role="status" data-testid="wheel-prize">
              <p>{t('promotions.wheel.won', { prize: won })}</p>
              <Link to={localizePath('/profile/gifts', locale)} className="button button--primary">
                {t('promotions.wheel.toGifts')}
              </Link>
            </div>
          ) : null}
        </section>
      ) : null}
      {terms ? (
        <WheelPrizeRules terms={terms} money={money}>
          <PlayThroughRules playerId={playerId} money={money} />
        </WheelPrizeRules>
      ) : null}
    </div>
  );
}
