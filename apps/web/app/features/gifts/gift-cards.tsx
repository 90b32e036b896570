import type { PlayerBonus, PlayerFreespin } from '@orbit/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { firstMessage, useI18n, type TFunction } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { errorCodeOf, Notice } from '../../ui/form';
import type { MoneyFormat } from '../../lib/money-format';
import { GiftIcon } from './gift-icon';
import { giftsApi, putBonus, putFreespin } from './gifts-store';
import {
  bonusCountdown,
  daysAndHours,
  freespinCountdown,
  gameName,
  gamePathOf,
  isActualFreespin,
  isFinishedBonus,
  wagerPercent,
  type Countdown,
} from './rules';
import { useCountdownText, useDateTimeFormat } from './use-clock';

/** A refusal's code in words: the field's own message first (`gifts.errors.code.invalid`), then the gifts', then the shared one. */
export function giftErrorText(t: TFunction, code: string, field?: string): string {
  return firstMessage(t, [
    ...(field ? [`gifts.errors.${field}.${code}`] : []),
    `gifts.errors.${code}`,
    `errors.${code}`,
  ]);
}

/** A progress bar with its numbers for assistive technology (role=progressbar, aria-valuenow). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.floor(percent)));
  return (
    <div
      className="gift-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-label={label}
    >
      <span className="gift-bar__fill" style={{ width: `${value}%` }} />
    </div>
  );
}

/** What a card counts down to, ticking every second, with the moment itself. */
function CountdownLine({ countdown }: { countdown: Countdown | null }) {
  const { t } = useI18n();
  const format = useDateTimeFormat();
  const left = useCountdownText(countdown?.until ?? null);
  if (!countdown) return null;
  return (
    <p className="gift__countdown" data-testid="gift-countdown">
      {left ? (
        <>
          {t(`gifts.countdown.${countdown.kind}`)}{' '}
          <span className="gift__clock" role="timer">
            {left}
          </span>{' '}
          <span className="gift__muted">{t('gifts.countdown.until', { at: format(countdown.until) })}</span>
        </>
      ) : (
        <span className="gift__muted">{t('gifts.countdown.ended')}</span>
      )}
    </p>
  );
}

/** A stretch of time in words: "5 days 3 hours", "7 days", "2 hours", "less than an hour". */
function DurationText({ seconds }: { seconds: number }) {
  const { t } = useI18n();
  const { days, hours } = daysAndHours(seconds);
  const parts = [
    ...(days > 0 ? [t('gifts.queue.days', { count: days })] : []),
    ...(hours > 0 ? [t('gifts.queue.hours', { count: hours })] : []),
  ];
  return <>{parts.length > 0 ? parts.join(' ') : t('gifts.queue.underHour')}</>;
}

/** A card's action buttons (only those the server says the gift allows now) and the refusal of the last one. */
function Actions({
  title,
  activatable,
  cancelable,
  activate,
  onCancel,
}: {
  title: string;
  activatable: boolean;
  cancelable: boolean;
  activate: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!activatable && !cancelable) return null;
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await activate();
    } catch (failure) {
      const codes = errorCodeOf(failure);
      setError(codes.base ?? Object.values(codes).find(Boolean) ?? 'unknown');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="gift__actions">
        {activatable ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy}
            aria-label={t('gifts.activateLabel', { title })}
            onClick={() => void run()}
          >
            {busy ? t('gifts.activating') : t('gifts.activate')}
          </button>
        ) : null}
        {cancelable ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            aria-label={t('gifts.cancelLabel', { title })}
            onClick={onCancel}
          >
            {t('gifts.cancel.open')}
          </button>
        ) : null}
      </div>
      {error ? <Notice kind="error">{giftErrorText(t, error)}</Notice> : null}
    </>
  );
}

/**
 * One bonus: title, kind and stage, amount, the wagering's progress while it wagers, the
 * countdown, its terms, what it paid or lost once finished, Activate and Cancel.
 */
/** A bonus's icon, title, type and stage (a queued one: its place in line). */
function BonusHead({ bonus }: { bonus: PlayerBonus }) {
  const { t } = useI18n();
  const queued = bonus.queue === 'queued';
  return (
    <div className="gift__head">
      <span className="gift__icon">
        <GiftIcon name="gift" size={22} />
      </span>
      <div className="gift__name">
        <h3 className="gift__title">{bonus.title}</h3>
        <p className="gift__muted">{t(`gifts.type.${bonus.type}`, undefined, bonus.type)}</p>
      </div>
      <span className="gift__stage" data-stage={queued ? 'queued' : bonus.stage}>
        {queued
          ? t('gifts.queue.stage', { position: bonus.queue_position ?? 1 })
          : t(`gifts.stage.${bonus.stage}`, undefined, bonus.stage)}
      </span>
    </div>
  );
}

/** What the wagering bonus has bet of what it must, and its balance. */
function WagerProgress({ bonus, money }: { bonus: PlayerBonus; money: MoneyFormat }) {
  const { t } = useI18n();
  const amount = (cents: number) => money(cents, bonus.currency);
  const percent = wagerPercent(bonus);
  return (
    <div className="gift__wager">
      <div className="gift__wager-text">
        <span>
          {t('gifts.wager.progress', {
            done: amount(bonus.amount_wager_cents),
            required: amount(bonus.amount_wager_requirement_cents),
          })}
        </span>
        <strong>{t('gifts.wager.percent', { percent })}</strong>
      </div>
      <ProgressBar percent={percent} label={t('gifts.wager.label', { title: bonus.title, percent })} />
      <p className="gift__muted">{t('gifts.wager.balance', { amount: amount(bonus.balance_cents) })}</p>
    </div>
  );
}

/** A bonus's terms: the wager, the most a bet and a win may be. */
function BonusTerms({ bonus, money }: { bonus: PlayerBonus; money: MoneyFormat }) {
  const { t } = useI18n();
  const amount = (cents: number) => money(cents, bonus.currency);
  return (
    <ul className="gift__terms" aria-label={t('gifts.terms.label')}>
      {bonus.wager_multiplier > 0 ? (
        <li>{t('gifts.terms.wager', { multiplier: bonus.wager_multiplier })}</li>
      ) : (
        <li>{t('gifts.terms.noWager')}</li>
      )}
      {bonus.max_bet_cents !== null ? (
        <li>{t('gifts.terms.maxBet', { amount: amount(bonus.max_bet_cents) })}</li>
      ) : null}
      {bonus.max_win_cents !== null ? (
        <li>{t('gifts.terms.maxWin', { amount: amount(bonus.max_win_cents) })}</li>
      ) : null}
    </ul>
  );
}

export function BonusCard({
  bonus,
  money,
  runningTitle,
  onCancel,
  onChanged,
}: {
  bonus: PlayerBonus;
  money: MoneyFormat;
  /** The bonus that wagers now, which a queued gift waits for. */
  runningTitle?: string | undefined;
  onCancel: (bonus: PlayerBonus) => void;
  onChanged: () => void;
}) {
  const { t } = useI18n();
  const format = useDateTimeFormat();
  const finished = isFinishedBonus(bonus);
  const wagering = bonus.stage === 'handle_bets';
  const queued = bonus.queue === 'queued';
  const amount = (cents: number) => money(cents, bonus.currency);
  const activate = async () => {
    putBonus(await giftsApi.activateBonus(bonus.id));
    onChanged();
  };
  return (
    <li className={`gift gift--${bonus.stage}${finished ? ' gift--finished' : ''}`} data-testid={`bonus-${bonus.id}`}>
      <BonusHead bonus={bonus} />
      {/* A deposit bonus waiting for its deposit has no amount yet (a share of that deposit). */}
      {bonus.stage === 'wait' && bonus.amount_cents === 0 ? (
        bonus.percent !== null ? (
          <p className="gift__amount">
            {bonus.max_amount_cents !== null
              ? t('cashbox.bonus.percentUpTo', { percent: bonus.percent, max: amount(bonus.max_amount_cents) })
              : t('cashbox.bonus.percent', { percent: bonus.percent })}
          </p>
        ) : null
      ) : (
        <p className="gift__amount">{amount(bonus.amount_cents)}</p>
      )}
      {wagering ? <WagerProgress bonus={bonus} money={money} /> : null}
      {queued ? (
        <p className="gift__queue" data-testid="gift-queue-note">
          {t('gifts.queue.next', { title: runningTitle ?? '' })}{' '}
          {bonus.activation_seconds !== null ? (
            <>
              {t('gifts.queue.window')} <DurationText seconds={bonus.activation_seconds} />.
            </>
          ) : null}
        </p>
      ) : null}
      {finished || queued ? null : <CountdownLine countdown={bonusCountdown(bonus)} />}
      <BonusTerms bonus={bonus} money={money} />
      {bonus.stage === 'wait' ? <p className="gift__muted">{t('gifts.waitText')}</p> : null}
      {finished ? (
        <p className="gift__outcome">
          {bonus.stage === 'wager_done'
            ? t('gifts.outcome.converted', { amount: amount(bonus.converted_cents) })
            : bonus.forfeited_cents > 0
              ? t('gifts.outcome.forfeited', { amount: amount(bonus.forfeited_cents) })
              : null}{' '}
          <span className="gift__muted">{t('gifts.received', { at: format(bonus.created_at) })}</span>
        </p>
      ) : null}
      {finished ? null : (
        <Actions
          title={bonus.title}
          activatable={bonus.actions.includes('activate')}
          cancelable={bonus.actions.includes('cancel')}
          activate={activate}
          onCancel={() => onCancel(bonus)}
        />
      )}
    </li>
  );
}

/**
 * One free-spin gift: title and stage, the spins played of all, the games (each a link to its
 * game page), the stake of each spin, what they have won, the countdown, Activate and Cancel.
 */
export function FreespinCard({
  freespin,
  money,
  onCancel,
  onChanged,
}: {
  freespin: PlayerFreespin;
  money: MoneyFormat;
  onCancel: (freespin: PlayerFreespin) => void;
  onChanged: () => void;
}) {
  const { t } = useI18n();
  const format = useDateTimeFormat();
  const actual = isActualFreespin(freespin);
  const total = Math.max(0, freespin.freespins_total);
  const performed = Math.max(0, Math.min(total, freespin.freespins_performed));
  const percent = total > 0 ? Math.floor((performed * 100) / total) : 0;
  const amount = (cents: number) => money(cents, freespin.currency);
  const activate = async () => {
    putFreespin(await giftsApi.activateFreespin(freespin.id));
    onChanged();
  };
  return (
    <li
      className={`gift gift--freespins gift--${freespin.stage}${actual ? '' : ' gift--finished'}`}
      data-testid={`freespins-${freespin.id}`}
    >
      <div className="gift__head">
        <span className="gift__icon">
          <GiftIcon name="sparkles" size={22} />
        </span>
        <div className="gift__name">
          <h3 className="gift__title">{freespin.title}</h3>
          <p className="gift__muted">{t('gifts.type.freespins')}</p>
        </div>
        <span className="gift__stage" data-stage={freespin.stage}>
          {t(`gifts.freespinStage.${freespin.stage}`, undefined, freespin.stage)}
        </span>
      </div>
      <div className="gift__wager">
        <div className="gift__wager-text">
          <span>{t('gifts.spins.progress', { performed, total })}</span>
        </div>
        <ProgressBar percent={percent} label={t('gifts.spins.label', { title: freespin.title, performed, total })} />
      </div>
      {freespin.games.length > 0 ? <SpinGames games={freespin.games} playable={actual} /> : null}
      <ul className="gift__terms" aria-label={t('gifts.terms.label')}>
        <li>{t('gifts.spins.bet', { amount: amount(freespin.bet_level) })}</li>
        {freespin.wager_multiplier > 0 ? (
          <li>{t('gifts.terms.winWager', { multiplier: freespin.wager_multiplier })}</li>
        ) : null}
        {freespin.win_cents > 0 ? <li>{t('gifts.spins.won', { amount: amount(freespin.win_cents) })}</li> : null}
      </ul>
      {actual ? (
        <>
          <CountdownLine countdown={freespinCountdown(freespin)} />
          <Actions
            title={freespin.title}
            activatable={freespin.actions.includes('activate')}
            cancelable={freespin.actions.includes('cancel')}
            activate={activate}
            onCancel={() => onCancel(freespin)}
          />
        </>
      ) : (
        <p className="gift__outcome">
          <span className="gift__muted">{t('gifts.received', { at: format(freespin.created_at) })}</span>
        </p>
      )}
    </li>
  );
}

/** The games the free spins play (links while they can be played). */
function SpinGames({ games, playable }: { games: PlayerFreespin['games']; playable: boolean }) {
  const { t, locale } = useI18n();
  return (
    <p className="gift__games">
      {t('gifts.spins.games')}{' '}
      {games.map((game, index) => {
        const path = gamePathOf(game);
        return (
          <span key={game}>
            {index > 0 ? ', ' : null}
            {path && playable ? <Link to={localizePath(path, locale)}>{gameName(game)}</Link> : gameName(game)}
          </span>
        );
      })}
    </p>
  );
}
