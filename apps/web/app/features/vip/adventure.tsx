import type { AdventureDay, Manager, PlayerAdventure } from '@orbit/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { track } from '../../lib/telemetry';
import { useLoyaltyChanges } from '../../lib/shell-loyalty';
import { useSession } from '../../lib/session';
import { timeLeft, useNow } from '../../lib/use-clock';
import { Modal } from '../../ui/modal';
import type { MoneyFormat } from '../../lib/money-format';
import { adventureFinished, dayActions, prizeTitleParts, type AdventureButton } from './rules';

const adventureApi = {
  state: () => browserApi().get<{ adventure: PlayerAdventure | null }>('/api/player/adventure'),
};

/** The day's condition amount in the player's currency, else EUR's (the server's EUR-equivalent). */
function amountIn(amounts: Record<string, number>, currency: string): { cents: number; currency: string } | null {
  if (amounts[currency] !== undefined) return { cents: amounts[currency], currency };
  if (amounts.EUR !== undefined) return { cents: amounts.EUR, currency: 'EUR' };
  return null;
}

/**
 * The adventure calendar (docs/rules/vip-club.md "Adventures", docs/loyalty.md): the player's run
 * of days (from the day they joined) as a row of prize cards with their status (super prize,
 * completed, today, lost, to come), each day's buttons and timer; today's card scrolled into view.
 * Loaded again when a payment or a gift changes (a deposit completes today).
 */
export function AdventureCalendar({ money, manager }: { money: MoneyFormat; manager: Manager | null }) {
  const { t, locale } = useI18n();
  const [adventure, setAdventure] = useState<PlayerAdventure | null | undefined>(undefined);
  const [open, setOpen] = useState<AdventureDay | null>(null);
  // A payment or a gift (heard by the player's header) may complete or issue a day.
  const version = useLoyaltyChanges();
  useEffect(() => {
    let live = true;
    void adventureApi.state().then(
      (answer) => live && setAdventure(answer?.adventure ?? null),
      () => live && setAdventure(null),
    );
    return () => {
      live = false;
    };
  }, [version]);
  const now = useNow(Boolean(adventure));
  const days = useRef<HTMLOListElement>(null);
  // Today's card in view: on a phone the row of cards scrolls sideways, today's may be the sixth.
  useEffect(() => {
    const list = days.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="date"]');
    if (!list || !current) return;
    list.scrollLeft = current.offsetLeft - list.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [adventure]);

  if (adventure === undefined || adventure === null) return null;
  const today = new Date(now).toISOString().slice(0, 10);
  const finished = adventure.finished || adventureFinished(adventure.days, today);
  const ahead = adventure.days.filter((d) => !d.isSuperPrize && (d.status === 'active' || d.status === 'future'));
  const first = adventure.days[0];
  // What the player can still win: the super prize is listed only while every day can still be won.
  const intro = finished
    ? t('vip.adventure.finished')
    : first && first.status === 'future' && !adventure.days.some((d) => d.isCompleted)
      ? t('vip.adventure.upcoming', {
          date: new Intl.DateTimeFormat(locale, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            timeZone: 'UTC',
          }).format(new Date(`${first.day}T12:00:00Z`)),
        })
      : adventure.days.some((d) => d.isSuperPrize)
        ? t('vip.adventure.intro')
        : t('vip.adventure.reachable', { count: ahead.length });
  return (
    <section className="vip-card adventure" id="adventure" aria-labelledby="adventure-title" data-testid="adventure">
      <div className="adventure__banner">
        <h2 id="adventure-title">{adventure.name}</h2>
        <p data-testid="adventure-intro">{intro}</p>
      </div>
      <ol className="adventure__days" data-testid="adventure-days" ref={days}>
        {adventure.days.map((day) => (
          <DayCard
            key={`${day.index}-${day.day}`}
            day={day}
            now={now}
            money={money}
            manager={manager}
            onDetails={setOpen}
          />
        ))}
      </ol>
      {open ? <DayDetails day={open} money={money} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

/** One of a day's actions: its details or terms, a deposit, the gifts, or the manager (support). */
function DayButton({
  kind,
  day,
  support,
  onDetails,
}: {
  kind: AdventureButton;
  day: AdventureDay;
  /** The manager's contact (mail first), null when none. */
  support: string | null;
  onDetails: (day: AdventureDay) => void;
}) {
  const { t, locale } = useI18n();
  const location = useLocation();
  switch (kind) {
    case 'details':
    case 'terms':
      return (
        <button type="button" className="button button--ghost" onClick={() => onDetails(day)}>
          {t(`vip.adventure.buttons.${kind}`)}
        </button>
      );
    case 'deposit':
      return (
        <Link
          to={localizePath('/deposit', locale)}
          state={{ background: location }}
          preventScrollReset
          className="button button--primary"
          onClick={() => track({ name: 'deposit_open', source: 'adventure' })}
        >
          {t('vip.adventure.buttons.deposit')}
        </Link>
      );
    case 'gifts':
      return (
        <Link to={localizePath('/profile/gifts', locale)} className="button button--primary">
          {t('vip.adventure.buttons.gifts')}
        </Link>
      );
    case 'support':
      return support ? (
        <a href={support} className="button button--ghost" rel="noopener noreferrer">
          {t('vip.adventure.buttons.support')}
        </a>
      ) : null;
  }
}

function DayCard({
  day,
  now,
  money,
  manager,
  onDetails,
}: {
  day: AdventureDay;
  now: number;
  money: MoneyFormat;
  manager: Manager | null;
  onDetails: (day: AdventureDay) => void;
}) {
  const { t, locale } = useI18n();
  const { buttons, timer } = dayActions(day, now);
  const left = timer ? timeLeft(timer, now) : null;
  const { player } = useSession();
  const worth = day.prize.amount_cents ? amountIn(day.prize.amount_cents, player?.currency ?? 'EUR') : null;
  const date = new Date(`${day.day}T12:00:00Z`);
  const support = manager?.email ? `mailto:${manager.email}` : (manager?.telegramLink ?? manager?.whatsAppLink ?? null);
  return (
    <li
      className={`adventure-day is-${day.status}${day.isSuperPrize ? ' is-super' : ''}`}
      data-status={day.status}
      data-testid="adventure-day"
      aria-current={day.today ? 'date' : undefined}
    >
      <p className="adventure-day__date">
        {day.isSuperPrize
          ? t('vip.adventure.superPrize')
          : new Intl.DateTimeFormat(locale, {
              weekday: 'short',
              day: 'numeric',
              month: 'short',
              timeZone: 'UTC',
            }).format(date)}
      </p>
      <p className="adventure-day__step">
        {day.isSuperPrize
          ? t('vip.adventure.everyDay')
          : t('vip.adventure.step', { step: day.step, total: day.stepTotal })}
      </p>
      <p className="adventure-day__prize">{day.prize.title}</p>
      {worth ? <p className="adventure-day__worth">{money(worth.cents, worth.currency)}</p> : null}
      <p className={`adventure-day__status adventure-day__status--${day.status}`}>
        {t(`vip.adventure.status.${day.status}`)}
      </p>
      {left ? (
        <p className="adventure-day__timer">
          {t(buttons.includes('gifts') ? 'vip.adventure.activateWithin' : 'vip.adventure.endsIn')}{' '}
          <span role="timer">
            {left.days > 0 ? t('vip.adventure.days', { count: left.days, clock: left.clock }) : left.clock}
          </span>
        </p>
      ) : null}
      {buttons.length > 0 ? (
        <div className="adventure-day__actions">
          {buttons.map((kind) => (
            <DayButton key={kind} kind={kind} day={day} support={support} onDetails={onDetails} />
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** A day's terms: what completes it and how long its gift can be activated. */
function DayDetails({ day, money, onClose }: { day: AdventureDay; money: MoneyFormat; onClose: () => void }) {
  const { t } = useI18n();
  const { player } = useSession();
  const currency = player?.currency ?? 'EUR';
  const deposit = amountIn(day.condition.minDep, currency);
  const wager = amountIn(day.condition.wager, currency);
  // The prize title names the adventure, the step and the day (name__step/total__DD/MM/YYYY).
  const { step, day: date } = prizeTitleParts(day.prize.prize_title);
  return (
    <Modal title={day.prize.title} onClose={onClose}>
      {step && date ? <p>{t('vip.adventure.titled', { step, date })}</p> : null}
      <ul className="adventure-terms" data-testid="adventure-terms">
        {deposit && deposit.cents > 0 ? (
          <li>{t('vip.adventure.terms.deposit', { amount: money(deposit.cents, deposit.currency) })}</li>
        ) : null}
        {wager && wager.cents > 0 ? (
          <li>{t('vip.adventure.terms.wager', { amount: money(wager.cents, wager.currency) })}</li>
        ) : null}
        <li>{t('vip.adventure.terms.activation', { count: day.condition.periodActivationDays })}</li>
      </ul>
      <button type="button" className="button button--primary" onClick={onClose}>
        {t('vip.adventure.close')}
      </button>
    </Modal>
  );
}
