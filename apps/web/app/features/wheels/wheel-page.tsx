import type { Lootbox } from '@orbit/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, browserApi } from '../../lib/api';
import { PlayThroughRules } from '../../lib/deposit-playthrough';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { useLoyaltyChanges } from '../../lib/loyalty';
import { useSession } from '../../lib/session';
import { lootboxShown, wheelLandingAngle, wheelTier, wonIndex } from './rules';
import { useWheelTerms, WheelPrizeRules, WheelTiers, type MoneyFormat } from './terms';
import { useWheelStop, WheelDisc } from './wheel-disc';
import './wheels.css';

export const lootboxesApi = {
  list: () => browserApi().get<Lootbox[]>('/api/player/lootboxes'),
  open: (id: number) => browserApi().post<Lootbox>(`/api/player/lootboxes/${id}/activation`, {}),
};

type Translate = ReturnType<typeof useI18n>['t'];

/**
 * An item's label in the page's language: a bonus's amount in the box's money, or the number of
 * free spins; the server's title when the item says neither.
 */
export function prizeLabel(item: Lootbox['items'][number], t: Translate, money: MoneyFormat): string {
  const bonus = item.bonuses[0];
  if (!bonus) return '';
  const value = (field: string) => bonus.attributes.find((a) => a.field === field)?.value;
  if (bonus.type === 'freespins') {
    const count = value('freespins_count');
    return typeof count === 'number' ? t('promotions.wheel.spinsPrize', { count }) : bonus.title;
  }
  const amount = (value('bonus_amount') as Array<{ currency: string; amount_cents: number }> | undefined)?.[0];
  return amount
    ? t('promotions.wheel.bonusPrize', { amount: money(amount.amount_cents, amount.currency) })
    : bonus.title;
}

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
  const { t, locale } = useI18n();
  const { player } = useSession();
  const location = useLocation();
  const [boxes, setBoxes] = useState<Lootbox[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [angle, setAngle] = useState(0);
  const { whenStopped, onStopped } = useWheelStop();
  const [spinning, setSpinning] = useState(false);
  const [won, setWon] = useState<Lootbox | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const playerId = player?.id ?? null;
  const terms = useWheelTerms(playerId);
  const label = (item: Lootbox['items'][number]) => prizeLabel(item, t, money);

  const load = useCallback(() => {
    if (playerId === null) return setBoxes(null);
    lootboxesApi.list().then(
      (list) => setBoxes(Array.isArray(list) ? list : []),
      () => setBoxes((known) => known ?? []),
    );
  }, [playerId]);
  useEffect(load, [load]);
  const changes = useLoyaltyChanges();
  const first = useRef(changes);
  useEffect(() => {
    if (changes === first.current) return;
    const soon = setTimeout(load, 1_000);
    const later = setTimeout(load, 4_000);
    return () => {
      clearTimeout(soon);
      clearTimeout(later);
    };
  }, [changes, load]);

  const now = Date.now();
  const shown = (boxes ?? []).filter((box) => lootboxShown(box, now));
  const box = shown.find((b) => b.id === chosen) ?? shown.find((b) => b.stage === 'issued') ?? shown[0] ?? null;

  const spin = () => {
    if (!box || spinning) return;
    setSpinning(true);
    setRefusal(null);
    setWon(null);
    lootboxesApi.open(box.id).then(
      (opened) => {
        const index = wonIndex(opened);
        setBoxes((list) => (list ?? []).map((b) => (b.id === opened.id ? opened : b)));
        setChosen(opened.id);
        setAngle((from) => wheelLandingAngle(Math.max(0, index), opened.items.length, from));
        // The prize is told when the wheel stops.
        whenStopped(() => {
          setSpinning(false);
          setWon(opened);
        });
      },
      (error: unknown) => {
        setSpinning(false);
        setRefusal((error instanceof ApiError && error.errors.base?.[0]) || 'failed');
      },
    );
  };

  if (!player) {
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
        <Link
          to={localizePath('/sign-up', locale)}
          state={{ background: location }}
          preventScrollReset
          className="button button--primary"
        >
          {t('auth.signUp')}
        </Link>
      </div>
    );
  }

  const prize = won ? won.items[wonIndex(won)] : undefined;

  return (
    <div className="page wheel-page" data-testid="wheel-page">
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
            <ul className="wheel-boxes" aria-label={t('promotions.wheel.boxes')}>
              {shown.map((b) => (
                <li key={b.id}>
                  <button
                    type="button"
                    className={`wheel-boxes__box ${b.id === box?.id ? 'is-active' : ''}`}
                    aria-pressed={b.id === box?.id}
                    onClick={() => !spinning && setChosen(b.id)}
                  >
                    {b.title}
                    <TierBadge box={b} />
                    <span className="wheel-boxes__stage">{t(`promotions.wheel.stage.${b.stage}`)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {box ? (
            <section className="wheel" aria-labelledby="wheel-title" data-testid="wheel" data-box={box.id}>
              <h2 id="wheel-title">
                {box.title}
                <TierBadge box={box} />
              </h2>
              <WheelDisc labels={box.items.map(label)} angle={angle} onStopped={onStopped} />
              <ol className="visually-hidden" aria-label={t('promotions.wheel.segments')}>
                {box.items.map((item) => (
                  <li key={item.id}>{label(item)}</li>
                ))}
              </ol>
              {box.stage === 'issued' ? (
                <button type="button" className="button button--primary wheel__spin" onClick={spin} disabled={spinning}>
                  {spinning ? t('promotions.wheel.spinning') : t('promotions.wheel.spin')}
                </button>
              ) : null}
              {refusal ? (
                <p role="alert" className="promo-hero__refusal">
                  {t(`promotions.wheel.errors.${refusal}`, undefined, t('promotions.errors.failed'))}
                </p>
              ) : null}
              {won && prize ? (
                <div className="wheel__prize" role="status" data-testid="wheel-prize">
                  <p>{t('promotions.wheel.won', { prize: label(prize) })}</p>
                  <Link to={localizePath('/profile/gifts', locale)} className="button button--primary">
                    {t('promotions.wheel.toGifts')}
                  </Link>
                </div>
              ) : null}
              <p className="wheel__fair">
                {t('promotions.wheel.fair')} <code>{box.fairness.server_seed_hash}</code>
              </p>
            </section>
          ) : null}
        </>
      )}
      {terms ? (
        <WheelPrizeRules terms={terms} money={money}>
          <PlayThroughRules playerId={playerId} money={money} />
        </WheelPrizeRules>
      ) : null}
    </div>
  );
}

/** The wheel's tier (LITE, PRO, MAX) beside its title, unless the title already names it. */
function TierBadge({ box }: { box: Lootbox }) {
  const tier = wheelTier(box.group_key);
  if (!tier || box.title.includes(tier)) return null;
  return <span className="wheel-tier">{tier}</span>;
}
