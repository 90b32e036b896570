import type { Lootbox, WheelSegment, WheelSegmentSets } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { PlayThroughRules } from '../../lib/deposit-playthrough';
import { useI18n } from '../../lib/i18n';
import type { MoneyFormat } from '../../lib/money-format';
import { useSession } from '../../lib/session';
import { SignUpLink } from '../../ui/sign-up-link';
import { lootboxesApi, prizeLabel } from './lootboxes';
import { segmentChances, segmentSetFor, wonIndex } from './rules';
import { useWheelTerms, WheelPrizeRules, WheelTiers } from './terms';
import { WheelDisc } from './wheel-disc';
import { SpinButton, SpinOutcome, useWheelSpin } from './wheel-spin';
import './wheels.css';

/**
 * The segments wheel (route spinWheelSegmentsPage, /wheel/segments; docs/rules/promotions.md
 * "Segments wheel"): the tiers with the deposit each needs and its top prize (`GET /api/wheel`),
 * the segment set of the player's group (from `wheel-config-segments`) with each segment's
 * chance, and, for a player holding a wheel, Spin: the server opens the wheel and the disc lands
 * on the segment it drew (the wheel's items are the player's segment set, in order).
 */
export function SegmentsWheelPage({ money }: { money: MoneyFormat }) {
  const { t } = useI18n();
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const terms = useWheelTerms(playerId);
  const sets = useSegmentSets();
  const [box, setBox] = useWheelBox(playerId);
  const wheel = useWheelSpin<string>();

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
    if (!box) return;
    wheel.spin(box, (opened) => {
      const index = Math.max(0, wonIndex(opened));
      return {
        index,
        segments: segments.length || opened.items.length,
        won: () => {
          setBox(null);
          const item = opened.items[index];
          const segment = segments[index];
          return item ? prizeLabel(item, t, money) : segment ? segmentLabel(segment) : '';
        },
      };
    });
  };

  return (
    <div className="page wheel-page" data-testid="segments-wheel-page">
      <h1>{t('promotions.wheel.segmentsTitle')}</h1>
      {terms ? <WheelTiers terms={terms} money={money} /> : null}
      {segments.length > 0 ? (
        <section className="wheel" aria-labelledby="segments-title" data-testid="wheel">
          <h2 id="segments-title">{t('promotions.wheel.segments')}</h2>
          <WheelDisc labels={segments.map(segmentLabel)} angle={wheel.angle} onStopped={wheel.onStopped} />
          <ol className="wheel-chances" data-testid="wheel-chances">
            {segments.map((s, i) => (
              <li key={i}>
                <span>{segmentLabel(s)}</span>
                <span>{t('promotions.wheel.chance', { percent: chances[i] ?? '0' })}</span>
              </li>
            ))}
          </ol>
          {!player ? (
            <SignUpLink />
          ) : box ? (
            <SpinButton spinning={wheel.spinning} onSpin={spin} />
          ) : wheel.won === null ? (
            <p data-testid="wheel-empty">{t('promotions.wheel.empty')}</p>
          ) : null}
          <SpinOutcome refusal={wheel.refusal} prize={wheel.won} />
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

/** The segment sets of the player groups (`wheel-config-segments`; null until they are here). */
function useSegmentSets(): WheelSegmentSets | null {
  const [sets, setSets] = useState<WheelSegmentSets | null>(null);
  useEffect(() => {
    void browserApi()
      .get<WheelSegmentSets>('/api/fe/config/wheel-config-segments')
      .then(setSets, () => undefined);
  }, []);
  return sets;
}

/** The player's wheel to spin: their first unopened box of a wheel group (null: none, or a guest). */
function useWheelBox(playerId: number | null) {
  const [box, setBox] = useState<Lootbox | null>(null);
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
  return [box, setBox] as const;
}
