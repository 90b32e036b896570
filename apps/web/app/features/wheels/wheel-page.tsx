import type { Lootbox, WheelTerms } from '@orbit/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PlayThroughRules } from '../../lib/deposit-playthrough';
import { useI18n } from '../../lib/i18n';
import type { MoneyFormat } from '../../lib/money-format';
import { useHeardLootbox } from '../../lib/shell-loyalty';
import { useSession } from '../../lib/session';
import { SignUpLink } from '../../ui/sign-up-link';
import { lootboxesApi, prizeLabel } from './lootboxes';
import { lootboxShown, wheelTier, wonIndex } from './rules';
import { useWheelTerms, WheelPrizeRules, WheelTiers } from './terms';
import { WheelDisc } from './wheel-disc';
import { SpinButton, SpinOutcome, useWheelSpin } from './wheel-spin';
import './wheels.css';

/**
 * The loot-box wheel (route spinWheelPage, /wheel; docs/rules/promotions.md "Loot-box wheel"): the
 * player's boxes that show (not expired; opened only today's), the tiers' costs and top prizes
 * with the prize rules (`GET /api/wheel`), the chosen box as a wheel of its
 * items, and Spin: the server opens the box (`POST …/activation`) and draws the item; the wheel
 * turns (a CSS transform) and lands on the drawn item; its prize is then in the gifts. The
 * boxes are asked again after a payment is heard (a deposit played through may bring one); the
 * rules say that a deposit counts once played through, and what the player's still need.
 */
export function WheelPage({ money }: { money: MoneyFormat }) {
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const terms = useWheelTerms(playerId);
  if (!player) return <GuestWheelPage terms={terms} money={money} />;
  return (
    <div className="page wheel-page" data-testid="wheel-page">
      <PlayerWheel playerId={player.id} terms={terms} money={money} />
      {terms ? (
        <WheelPrizeRules terms={terms} money={money}>
          <PlayThroughRules playerId={playerId} money={money} />
        </WheelPrizeRules>
      ) : null}
    </div>
  );
}

/** A guest's wheel page: the tiers and rules, and the way to sign up. */
function GuestWheelPage({ terms, money }: { terms: WheelTerms | null; money: MoneyFormat }) {
  const { t } = useI18n();
  return (
    <div className="page wheel-page" data-testid="wheel-page">
      <h1>{t('promotions.wheel.title')}</h1>
      <p>{t('promotions.wheel.guest')}</p>
      {terms ? <WheelTiers terms={terms} money={money} /> : null}
      {terms ? (
        <WheelPrizeRules terms={terms} money={money}>
          <PlayThroughRules playerId={null} money={money} />
        </WheelPrizeRules>
      ) : null}
      <SignUpLink />
    </div>
  );
}

/**
 * The player's loot boxes (null: not known yet), asked again when a `lootboxes_changes` message
 * is heard (`useHeardLootbox`).
 */
function useLootboxes(playerId: number | null) {
  const [boxes, setBoxes] = useState<Lootbox[] | null>(null);
  const load = useCallback(() => {
    if (playerId === null) return setBoxes(null);
    lootboxesApi.list().then(
      (list) => setBoxes(Array.isArray(list) ? list : []),
      () => setBoxes((known) => known ?? []),
    );
  }, [playerId]);
  useEffect(load, [load]);
  // A box issued, opened or expired is pushed once committed: asked for at once.
  const heard = useHeardLootbox();
  const known = useRef(heard);
  useEffect(() => {
    if (heard === known.current) return;
    known.current = heard;
    load();
  }, [heard, load]);
  return [boxes, setBoxes] as const;
}

/** The signed-in player's part: the title, the tiers, the boxes to choose from and the chosen box's wheel. */
function PlayerWheel({ playerId, terms, money }: { playerId: number; terms: WheelTerms | null; money: MoneyFormat }) {
  const { t } = useI18n();
  const [boxes, setBoxes] = useLootboxes(playerId);
  const [chosen, setChosen] = useState<number | null>(null);
  const wheel = useWheelSpin<Lootbox>();
  const label = (item: Lootbox['items'][number]) => prizeLabel(item, t, money);

  const now = Date.now();
  const shown = (boxes ?? []).filter((box) => lootboxShown(box, now));
  const box = shown.find((b) => b.id === chosen) ?? shown.find((b) => b.stage === 'issued') ?? shown[0] ?? null;

  const spin = () => {
    if (!box) return;
    wheel.spin(box, (opened) => {
      setBoxes((list) => (list ?? []).map((b) => (b.id === opened.id ? opened : b)));
      setChosen(opened.id);
      return { index: Math.max(0, wonIndex(opened)), segments: opened.items.length, won: () => opened };
    });
  };
  const prize = wheel.won ? wheel.won.items[wonIndex(wheel.won)] : undefined;

  return (
    <>
      <h1>{t('promotions.wheel.title')}</h1>
      {terms ? <WheelTiers terms={terms} money={money} /> : null}
      {boxes === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : shown.length === 0 ? (
        <p data-testid="wheel-empty">
          {terms?.tiers[0]
            ? t('promotions.wheel.emptyFrom', { amount: money(terms.tiers[0].pay_cents, terms.tiers[0].currency) })
            : t('promotions.wheel.empty')}
        </p>
      ) : (
        <>
          {shown.length > 1 ? (
            <BoxChoice boxes={shown} active={box} onChoose={(id) => !wheel.spinning && setChosen(id)} />
          ) : null}
          {box ? (
            <section className="wheel" aria-labelledby="wheel-title" data-testid="wheel" data-box={box.id}>
              <h2 id="wheel-title">
                {box.title}
                <TierBadge box={box} />
              </h2>
              <WheelDisc labels={box.items.map(label)} angle={wheel.angle} onStopped={wheel.onStopped} />
              <ol className="visually-hidden" aria-label={t('promotions.wheel.segments')}>
                {box.items.map((item) => (
                  <li key={item.id}>{label(item)}</li>
                ))}
              </ol>
              {box.stage === 'issued' ? <SpinButton spinning={wheel.spinning} onSpin={spin} /> : null}
              <SpinOutcome refusal={wheel.refusal} prize={wheel.won && prize ? label(prize) : null} />
              <p className="wheel__fair">
                {t('promotions.wheel.fair')} <code>{box.fairness.server_seed_hash}</code>
              </p>
            </section>
          ) : null}
        </>
      )}
    </>
  );
}

/** The player's boxes to choose the wheel from (more than one shown). */
function BoxChoice({
  boxes,
  active,
  onChoose,
}: {
  boxes: Lootbox[];
  active: Lootbox | null;
  onChoose: (id: number) => void;
}) {
  const { t } = useI18n();
  return (
    <ul className="wheel-boxes" aria-label={t('promotions.wheel.boxes')}>
      {boxes.map((b) => (
        <li key={b.id}>
          <button
            type="button"
            className={`wheel-boxes__box ${b.id === active?.id ? 'is-active' : ''}`}
            aria-pressed={b.id === active?.id}
            onClick={() => onChoose(b.id)}
          >
            {b.title}
            <TierBadge box={b} />
            <span className="wheel-boxes__stage">{t(`promotions.wheel.stage.${b.stage}`)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The wheel's tier (LITE, PRO, MAX) beside its title, unless the title already names it. */
function TierBadge({ box }: { box: Lootbox }) {
  const tier = wheelTier(box.group_key);
  if (!tier || box.title.includes(tier)) return null;
  return <span className="wheel-tier">{tier}</span>;
}
