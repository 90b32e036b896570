import { setBonusCodeRequestSchema, type BonusOffer } from '@orbit/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { formatMoney, type CurrencyInfo } from '../../lib/money';
import { useSession } from '../../lib/session';
import { errorCodeOf, Notice, TextField } from '../../ui/form';
import { applySettings, cashboxApi, cashboxKeys, queryClient, useDepositOffers, type BonusSettings } from './data';
import { contractErrors, errorText } from './parts';
import { chosenOffer } from './rules';

/** What an offer gives: "100% up to €200.00", "€10.00", "50 free spins". */
function OfferHeadline({ offer, currency }: { offer: BonusOffer; currency: CurrencyInfo }) {
  const { t, locale } = useI18n();
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const parts: string[] = [];
  if (offer.percent !== null)
    parts.push(
      offer.max_amount_cents !== null
        ? t('cashbox.bonus.percentUpTo', { percent: offer.percent, max: money(offer.max_amount_cents) })
        : t('cashbox.bonus.percent', { percent: offer.percent }),
    );
  else if (offer.amount_cents !== null) parts.push(money(offer.amount_cents));
  if (offer.freespins_count) parts.push(t('cashbox.bonus.freespins', { count: offer.freespins_count }));
  return <span className="cashbox__offer-headline">{parts.join(' + ')}</span>;
}

/**
 * The offer a new player is entitled to with the first deposit (the welcome bonus): an offer of
 * the next deposit that is for the first one. Preselected on the deposit step until declined.
 */
export function welcomeOffer(offers: readonly BonusOffer[]): BonusOffer | null {
  return offers.find((o) => o.code !== null && o.deposit_numbers?.includes(1)) ?? null;
}

/** Where the browser remembers that this player declined the welcome bonus ("No bonus"): it is not preselected again. */
const declinedKey = (playerId: number) => `orbit_welcome_bonus_declined:${playerId}`;
function welcomeDeclined(playerId: number): boolean {
  try {
    return window.localStorage.getItem(declinedKey(playerId)) === '1';
  } catch {
    return false;
  }
}
function noteWelcomeDeclined(playerId: number): void {
  try {
    window.localStorage.setItem(declinedKey(playerId), '1');
  } catch {
    // Storage refused (private mode): the offer may be preselected again next time.
  }
}

/**
 * The welcome bonus chosen for the player on either deposit step (`/deposit` and
 * `/deposit-bonus`) when nothing is chosen, bonuses are on and the player has not declined it
 * ("No bonus"): once per mounted step. Answers the welcome offer (null: none to take).
 */
function useWelcomePreselect(offers: readonly BonusOffer[]): BonusOffer | null {
  const player = useSession().player;
  const welcome = welcomeOffer(offers);
  const preselected = useRef(false);
  const preselect =
    player && player.can_issue_bonuses && !player.deposit_bonus_code && welcome?.code ? welcome.code : null;
  useEffect(() => {
    if (!preselect || !player || preselected.current || welcomeDeclined(player.id)) return;
    preselected.current = true;
    void cashboxApi.setBonusCode(preselect).then(applySettings, () => undefined);
  }, [preselect, player]);
  return welcome;
}

/**
 * A call that changes the player's bonus settings (the answer goes to the session's player); a
 * refusal is `error` unless `onRefused` takes it (a field's own code). Answers whether it went.
 */
function useBonusCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (
    call: () => Promise<BonusSettings>,
    onRefused?: (codes: Record<string, string | undefined>) => boolean,
  ) => {
    setBusy(true);
    setError(null);
    try {
      applySettings(await call());
      return true;
    } catch (failure) {
      const codes = errorCodeOf(failure);
      if (!onRefused?.(codes)) setError(codes.base ?? Object.values(codes).find(Boolean) ?? 'unknown');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/**
 * The deposit step's bonus choice (`/deposit-bonus`, docs/rules/gifts.md "Deposit"): the offers
 * of the next deposit as cards and "No bonus"; choosing one sets its code as the player's deposit
 * bonus code (`PATCH /api/player/set_bonus_code`), "No bonus" clears it; a typed code is set the
 * same way (an unknown one is the field's error). A player who has bonuses off sees the offers
 * and a button that turns them on. The welcome bonus (the first deposit's offer) stands out and is
 * chosen for the player when nothing is chosen and they have not declined it ("No bonus").
 */
export function BonusChoice({ currency }: { currency: CurrencyInfo }) {
  const { t } = useI18n();
  const player = useSession().player;
  const offers = useDepositOffers(currency.code);
  const { busy, error, run } = useBonusCall();
  const list = offers.data ?? [];
  const welcome = useWelcomePreselect(list);
  if (!player) return null;
  const enabled = player.can_issue_bonuses;
  const chosen = chosenOffer(list, player.deposit_bonus_code);

  const choose = (offer: BonusOffer | null) => {
    if (!offer && welcome) noteWelcomeDeclined(player.id);
    void run(() => (offer?.code ? cashboxApi.setBonusCode(offer.code) : cashboxApi.clearBonusCode()));
  };
  const turnOn = () =>
    void run(() => cashboxApi.bonusSettings(true)).then((done) => {
      if (done) void queryClient.invalidateQueries({ queryKey: cashboxKeys.depositOffers(currency.code) });
    });

  return (
    <section className="cashbox__bonus" aria-labelledby="deposit-bonus-title" data-testid="deposit-bonus">
      <h3 id="deposit-bonus-title" className="cashbox__bonus-title">
        {t('cashbox.bonus.title')}
      </h3>
      {!enabled ? (
        <div className="cashbox__bonus-off">
          <Notice kind="info">{t('cashbox.bonus.off')}</Notice>
          <button type="button" className="button button--primary" disabled={busy} onClick={turnOn}>
            {t('cashbox.bonus.turnOn')}
          </button>
        </div>
      ) : null}
      {offers.isPending ? (
        <p role="status" className="cashbox__small">
          {t('common.loading')}
        </p>
      ) : (
        <ul className="cashbox__offers" aria-label={t('cashbox.bonus.offers')}>
          {list.map((offer) => (
            <li key={offer.id}>
              <OfferButton
                offer={offer}
                currency={currency}
                welcome={welcome?.id === offer.id}
                chosen={chosen?.id === offer.id}
                disabled={busy || !enabled || !offer.code}
                onChoose={() => choose(offer)}
              />
            </li>
          ))}
          <li>
            <button
              type="button"
              className="cashbox__offer cashbox__offer--none"
              aria-pressed={!player.deposit_bonus_code}
              disabled={busy || !enabled}
              onClick={() => choose(null)}
              data-testid="deposit-offer-none"
            >
              <span className="cashbox__offer-title">{t('cashbox.bonus.none')}</span>
            </button>
          </li>
        </ul>
      )}
      {player.deposit_bonus_code && !chosen ? (
        <p className="cashbox__small" data-testid="deposit-bonus-code">
          {t('cashbox.bonus.codeSet', { code: player.deposit_bonus_code })}
        </p>
      ) : null}
      <BonusCodeForm enabled={enabled} busy={busy} run={run} />
      {error ? <Notice kind="error">{errorText(t, 'base', error)}</Notice> : null}
    </section>
  );
}

/** An offer to choose: its title, what it gives and its terms (the welcome bonus stands out). */
function OfferButton({
  offer,
  currency,
  welcome,
  chosen,
  disabled,
  onChoose,
}: {
  offer: BonusOffer;
  currency: CurrencyInfo;
  welcome: boolean;
  chosen: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { t, locale } = useI18n();
  const money = (cents: number) => formatMoney(cents, currency, locale);
  return (
    <button
      type="button"
      className={`cashbox__offer${welcome ? ' cashbox__offer--welcome' : ''}`}
      aria-pressed={chosen}
      disabled={disabled}
      onClick={onChoose}
      data-testid={`deposit-offer-${offer.id}`}
    >
      {welcome ? <span className="cashbox__offer-badge">{t('cashbox.bonus.welcomeBadge')}</span> : null}
      <span className="cashbox__offer-title">{offer.title}</span>
      <OfferHeadline offer={offer} currency={currency} />
      <span className="cashbox__small">
        {[
          offer.min_deposit_cents !== null
            ? t('cashbox.bonus.minDeposit', { amount: money(offer.min_deposit_cents) })
            : null,
          offer.wager_multiplier > 0 ? t('cashbox.bonus.wager', { multiplier: offer.wager_multiplier }) : null,
          offer.max_bet_cents !== null ? t('cashbox.bonus.maxBet', { amount: money(offer.max_bet_cents) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {offer.description ? <span className="cashbox__small">{offer.description}</span> : null}
    </button>
  );
}

/** A typed bonus code, set like an offer's (an unknown one is the field's error). */
function BonusCodeForm({
  enabled,
  busy,
  run,
}: {
  enabled: boolean;
  busy: boolean;
  run: (
    call: () => Promise<BonusSettings>,
    onRefused?: (codes: Record<string, string | undefined>) => boolean,
  ) => Promise<boolean>;
}) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const body = { deposit_bonus_code: code.trim() };
    const found = contractErrors(setBonusCodeRequestSchema, body);
    if (found.deposit_bonus_code) {
      setCodeError(found.deposit_bonus_code);
      return;
    }
    setCodeError(null);
    const done = await run(
      () => cashboxApi.setBonusCode(body.deposit_bonus_code),
      (codes) => {
        if (!codes.deposit_bonus_code) return false;
        setCodeError(codes.deposit_bonus_code);
        return true;
      },
    );
    if (done) setCode('');
  };

  return (
    <form className="cashbox__bonus-code" onSubmit={(event) => void submitCode(event)} noValidate>
      <TextField
        label={t('cashbox.bonus.codeLabel')}
        name="deposit_bonus_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        value={code}
        disabled={!enabled}
        onChange={(event) => {
          setCode(event.target.value);
          setCodeError(null);
        }}
        error={codeError ? errorText(t, 'deposit_bonus_code', codeError) : null}
      />
      <button type="submit" className="button button--ghost" disabled={busy || !enabled}>
        {t('cashbox.bonus.codeSubmit')}
      </button>
    </form>
  );
}

/**
 * The plain deposit step's line about the bonus: the offer chosen (or the code set) with a link
 * to change it, or a link to choose one when the next deposit has offers. The welcome bonus is
 * chosen here too (`useWelcomePreselect`) and stands out: what it gives, the way to change it and
 * "No bonus" to decline it in one press; declined, it stays in view with the way back to it.
 */
export function ChosenBonusLine({
  currency,
  changeLink,
}: {
  currency: CurrencyInfo;
  changeLink: { to: string; state: unknown; replace: true; preventScrollReset: true };
}) {
  const { t } = useI18n();
  const player = useSession().player;
  const offers = useDepositOffers(currency.code);
  const welcome = useWelcomePreselect(offers.data ?? []);
  const [busy, setBusy] = useState(false);
  if (!player || !offers.data) return null;
  const chosen = chosenOffer(offers.data, player.deposit_bonus_code);
  const code = player.deposit_bonus_code;
  if (!code && (offers.data.length === 0 || !player.can_issue_bonuses)) return null;
  const decline = () => {
    noteWelcomeDeclined(player.id);
    setBusy(true);
    void cashboxApi
      .clearBonusCode()
      .then(applySettings, () => undefined)
      .finally(() => setBusy(false));
  };
  if (welcome && (!code || chosen?.id === welcome.id))
    return (
      <div className="cashbox__welcome" data-testid="welcome-bonus">
        <span className="cashbox__offer-badge">{t('cashbox.bonus.welcomeBadge')}</span>
        <p className="cashbox__welcome-text">
          <strong>{welcome.title}</strong> <OfferHeadline offer={welcome} currency={currency} />
        </p>
        {code ? (
          <>
            <p className="cashbox__small" data-testid="chosen-bonus">
              {t('cashbox.bonus.welcomeChosen')}
            </p>
            <div className="cashbox__welcome-actions">
              <Link {...changeLink} className="button button--ghost">
                {t('cashbox.bonus.change')}
              </Link>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                onClick={decline}
                data-testid="welcome-decline"
              >
                {t('cashbox.bonus.none')}
              </button>
            </div>
          </>
        ) : (
          <Link {...changeLink} className="button button--primary">
            {t('cashbox.bonus.takeWelcome')}
          </Link>
        )}
      </div>
    );
  return (
    <p className="cashbox__bonus-line" data-testid="chosen-bonus">
      <span>
        {chosen
          ? t('cashbox.bonus.chosen', { title: chosen.title })
          : code
            ? t('cashbox.bonus.codeSet', { code })
            : t('cashbox.bonus.available')}
      </span>{' '}
      <Link {...changeLink}>{code ? t('cashbox.bonus.change') : t('cashbox.bonus.choose')}</Link>
    </p>
  );
}
