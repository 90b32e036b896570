import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { Link } from 'react-router';
import { firstMessage, useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { SignUpLink } from '../../ui/sign-up-link';
import { setPlayer, useSession } from '../../lib/session';
import { errorCodeOf, Notice } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { CoinMark, putPoints } from '../../lib/shell-loyalty';
import type { MoneyFormat } from '../../lib/money-format';
import { RewardArt } from './reward-art';
import {
  clampQuantity,
  confirmationsBefore,
  exchangeRequest,
  exchangeStep,
  rewardPlace,
  type Confirmation,
  type RewardCard,
} from './rules';
import { shopApi } from './shop-data';
import type { ExchangeResponse } from './types';

export type ExchangeOutcome =
  { ok: true; card: RewardCard; answer: ExchangeResponse } | { ok: false; card: RewardCard; code: string };

/** A new key for one press of the exchange button (a retry of that press spends nothing more). */
function clickKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `x-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The exchange of `quantity` of a card: the confirmations to ask first (a multi-account warning,
 * bonuses to turn on), then the call with a new key for this press; its outcome goes to `onDone`.
 */
function useExchange(card: RewardCard, quantity: number, onDone: (outcome: ExchangeOutcome) => void) {
  const { player } = useSession();
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmed = useRef(false);

  const send = async (key: string) => {
    setBusy(true);
    const { path, body } = exchangeRequest(card, quantity, { confirmed: confirmed.current, key });
    try {
      const answer = await shopApi.exchange(path, body);
      if (answer?.comp_points) putPoints(answer.comp_points);
      onDone({ ok: true, card, answer });
    } catch (failure) {
      const codes = errorCodeOf(failure);
      onDone({ ok: false, card, code: codes.base ?? Object.values(codes).find(Boolean) ?? 'unknown' });
    }
  };

  /** The next confirmation still to ask after `done`, else the call (one key for this press). */
  const proceed = (done: Confirmation | null) => {
    if (!player) return;
    const asks = confirmationsBefore(player, card);
    const next = done === null ? asks[0] : asks[asks.indexOf(done) + 1];
    if (next) setAsking(next);
    else {
      setAsking(null);
      void send(clickKey());
    }
  };

  const enableBonuses = async () => {
    if (!player) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await shopApi.enableBonuses();
      setPlayer({ ...player, ...answer });
      setBusy(false);
      proceed('enableBonuses');
    } catch (failure) {
      setBusy(false);
      setError(errorCodeOf(failure).base ?? 'unknown');
    }
  };
  const confirmMultiAccount = () => {
    confirmed.current = true;
    proceed('multiAccount');
  };
  return { asking, busy, error, proceed, confirmMultiAccount, enableBonuses: () => void enableBonuses() };
}

/**
 * The exchange dialog of a card (spec section 4 "Exchange flow"; docs/rules/comp-points.md): a
 * guest gets the registration button; a player short of points the missing amount with the ways
 * to play or back to the shop; otherwise the quantity (1 … floor(balance / cost)) and Exchange.
 * Before the call a multi-account player confirms a warning, and a player with bonuses off turns
 * them on for a bonus reward. The call's outcome goes to `onDone` (the shop closes this dialog
 * and shows the result, success or failure).
 */
export function ExchangeDialog({
  card,
  money,
  balance,
  onClose,
  onDone,
}: {
  card: RewardCard;
  money: MoneyFormat;
  balance: number | null;
  onClose: () => void;
  onDone: (outcome: ExchangeOutcome) => void;
}) {
  const { t } = useI18n();
  const { player } = useSession();
  const step = exchangeStep(player ? balance : null, card.points);
  const [quantity, setQuantity] = useState(1);
  const { asking, busy, error, proceed, confirmMultiAccount, enableBonuses } = useExchange(card, quantity, onDone);

  const title = asking ? t(`loyalty.exchange.confirm.${asking}.title`) : card.title;

  return (
    <Modal title={title} onClose={busy ? undefined : onClose}>
      <div className="exchange" data-testid="exchange-dialog">
        {asking === 'multiAccount' ? (
          <MultiAccountConfirm onYes={confirmMultiAccount} onClose={onClose} />
        ) : asking === 'enableBonuses' ? (
          <EnableBonusesConfirm error={error} busy={busy} onYes={enableBonuses} onClose={onClose} />
        ) : (
          <>
            <CardSummary card={card} money={money} />

            {step.kind === 'register' ? (
              <div className="exchange__actions">
                <p>{t('loyalty.exchange.guest')}</p>
                <SignUpLink testId="exchange-register" onClick={onClose} />
              </div>
            ) : step.kind === 'short' ? (
              <ShortOfPoints missing={step.missing} onClose={onClose} />
            ) : (
              <QuantityForm
                card={card}
                balance={balance}
                max={step.max}
                quantity={quantity}
                onQuantity={setQuantity}
                busy={busy}
                onSubmit={() => proceed(null)}
              />
            )}
          </>
        )}
      </div>
    </Modal>
  );
}

/** The card being exchanged: its art, what it is worth and what it costs. */
function CardSummary({ card, money }: { card: RewardCard; money: MoneyFormat }) {
  const { t } = useI18n();
  return (
    <div className="exchange__card">
      <RewardArt card={card} />
      <div>
        {card.description ? <p className="exchange__description">{card.description}</p> : null}
        {card.money ? (
          <p>
            {t('loyalty.exchange.worth', { amount: money(card.money.amount_cents, card.money.currency) })}{' '}
            {card.wager ? t('loyalty.shop.wager', { wager: card.wager }) : t('loyalty.shop.realMoney')}
          </p>
        ) : card.freespinsCount ? (
          <p>{t('loyalty.shop.spins', { count: card.freespinsCount })}</p>
        ) : null}
        <p className="exchange__cost">
          <CoinMark />
          {t('loyalty.exchange.cost', { count: card.points })}
        </p>
      </div>
    </div>
  );
}

/** A player short of points: how many are missing, the way to play or back to the shop. */
function ShortOfPoints({ missing, onClose }: { missing: number; onClose: () => void }) {
  const { t, locale } = useI18n();
  return (
    <div className="exchange__short" data-testid="exchange-short">
      <p>{t('loyalty.exchange.missing', { count: missing })}</p>
      <div className="exchange__actions">
        <Link to={localizePath('/', locale)} className="button button--primary">
          {t('loyalty.exchange.play')}
        </Link>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('loyalty.exchange.backToShop')}
        </button>
      </div>
    </div>
  );
}

/** The quantity (1 … what the balance buys) with its total in points, and Exchange. */
function QuantityForm({
  card,
  balance,
  max,
  quantity,
  onQuantity: setQuantity,
  busy,
  onSubmit,
}: {
  card: RewardCard;
  balance: number | null;
  max: number;
  quantity: number;
  onQuantity: Dispatch<SetStateAction<number>>;
  busy: boolean;
  onSubmit: () => void;
}) {
  const { t } = useI18n();
  const total = card.points * quantity;
  return (
    <form
      className="exchange__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      <div className="stepper" role="group" aria-label={t('loyalty.exchange.quantity')}>
        <button
          type="button"
          className="stepper__button"
          aria-label={t('loyalty.exchange.less')}
          disabled={busy || quantity <= 1}
          onClick={() => setQuantity((q) => clampQuantity(q - 1, balance ?? 0, card.points))}
        >
          −
        </button>
        <input
          className="stepper__value"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={quantity}
          aria-label={t('loyalty.exchange.quantity')}
          onChange={(event) => setQuantity(clampQuantity(Number(event.target.value), balance ?? 0, card.points))}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label={t('loyalty.exchange.more')}
          disabled={busy || quantity >= max}
          onClick={() => setQuantity((q) => clampQuantity(q + 1, balance ?? 0, card.points))}
        >
          +
        </button>
      </div>
      <p className="exchange__total" data-testid="exchange-total">
        {t('loyalty.exchange.total', { count: total })}
      </p>
      <div className="exchange__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? t('loyalty.exchange.sending') : t('loyalty.exchange.submit')}
        </button>
      </div>
    </form>
  );
}

/** The multi-account warning to confirm before the exchange. */
function MultiAccountConfirm({ onYes, onClose }: { onYes: () => void; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <>
      <p>{t('loyalty.exchange.confirm.multiAccount.text')}</p>
      <div className="exchange__actions">
        <button type="button" className="button button--primary" onClick={onYes}>
          {t('loyalty.exchange.confirm.multiAccount.yes')}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('loyalty.exchange.cancel')}
        </button>
      </div>
    </>
  );
}

/** Bonuses off: turn them on for a bonus reward before the exchange. */
function EnableBonusesConfirm({
  error,
  busy,
  onYes,
  onClose,
}: {
  error: string | null;
  busy: boolean;
  onYes: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <p>{t('loyalty.exchange.confirm.enableBonuses.text')}</p>
      {error ? <Notice kind="error">{firstMessage(t, [`loyalty.errors.${error}`, `errors.${error}`])}</Notice> : null}
      <div className="exchange__actions">
        <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={onYes}>
          {t('loyalty.exchange.confirm.enableBonuses.yes')}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={onClose}>
          {t('loyalty.exchange.cancel')}
        </button>
      </div>
    </>
  );
}

/** The exchange's result, success or failure: what it bought, or why not. */
export function ExchangeResult({
  outcome,
  money,
  onClose,
}: {
  outcome: ExchangeOutcome;
  money: MoneyFormat;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  if (!outcome.ok) {
    return (
      <Modal title={t('loyalty.result.failedTitle')} onClose={onClose}>
        <div className="exchange-result" data-testid="exchange-result" data-outcome="failed">
          <p>{firstMessage(t, [`loyalty.errors.${outcome.code}`, `errors.${outcome.code}`])}</p>
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('loyalty.result.close')}
          </button>
        </div>
      </Modal>
    );
  }
  const { answer, card } = outcome;
  const reward = answer.reward;
  // Each reward's own place: gifts, the lottery's page or the wheel (real money: the balance).
  const place = rewardPlace(reward);
  const bought =
    reward.kind === 'freespins'
      ? t('loyalty.result.freespins', { count: reward.freespins_count ?? 0 })
      : reward.amount_cents !== null && reward.currency
        ? t(`loyalty.result.${reward.kind}`, { amount: money(reward.amount_cents, reward.currency) })
        : card.title;
  return (
    <Modal title={t('loyalty.result.doneTitle')} onClose={onClose}>
      <div className="exchange-result" data-testid="exchange-result" data-outcome="done">
        <p>{t('loyalty.result.spent', { count: answer.points, title: card.title, quantity: answer.quantity })}</p>
        <p className="exchange-result__bought">{bought}</p>
        <div className="exchange__actions">
          {place ? (
            <Link to={localizePath(place.path, locale)} className="button button--primary" onClick={onClose}>
              {t(`loyalty.result.${place.label}`)}
            </Link>
          ) : null}
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('loyalty.result.close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
