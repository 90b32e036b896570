import { useI18n } from '../../lib/i18n';
import type { OutcomeSummary, SlotScreen, SlotWin } from './outcome';

/** Wins and stakes of an outcome in the round's currency. */
type Money = (cents: number) => string;

/** An exact decimal of the outcome ("42.17") as the page's language writes it ("42,17"), every digit kept. */
export function localDecimal(decimal: string, locale: string): string {
  const digits = decimal.split('.')[1]?.length ?? 0;
  try {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      decimal as `${number}`,
    );
  } catch {
    return decimal;
  }
}

/**
 * The replay of a round: what the player saw, in words (roulette's pocket and bets, the dice
 * roll against its target, the crash point against the cash-out, a slot's symbols and winning
 * lines), or the stored JSON when the game is not one the page knows.
 */
export function OutcomeView({ summary, money }: { summary: OutcomeSummary; money: Money }) {
  const { t } = useI18n();
  switch (summary.kind) {
    case 'none':
      return <p className="profile__hint">{t('rounds.outcome.none')}</p>;
    case 'roulette':
      return <RouletteOutcome summary={summary} money={money} />;
    case 'dice':
      return <DiceOutcome summary={summary} />;
    case 'crash':
      return <CrashOutcome summary={summary} />;
    case 'slot':
      return <SlotOutcome summary={summary} money={money} />;
    case 'plinko':
      return <PlinkoOutcome summary={summary} />;
    case 'keno':
      return <KenoOutcome summary={summary} />;
    case 'poker':
      return <PokerOutcome summary={summary} />;
    case 'blackjack':
      return <BlackjackOutcome summary={summary} money={money} />;
    case 'json':
      // Another studio's game the page cannot draw: its data stays behind "Show raw data".
      return (
        <div className="outcome outcome--json">
          <p className="profile__hint">{t('rounds.outcome.unknown')}</p>
        </div>
      );
  }
}

/** One kind of outcome's summary. */
type Of<K extends OutcomeSummary['kind']> = Extract<OutcomeSummary, { kind: K }>;

function RouletteOutcome({ summary, money }: { summary: Of<'roulette'>; money: Money }) {
  const { t } = useI18n();
  return (
    <div className="outcome outcome--roulette">
      <p className="outcome__headline">
        <span className={`outcome__pocket outcome__pocket--${summary.colour}`}>{summary.pocket}</span>
        {t('rounds.outcome.roulette.landed', {
          pocket: summary.pocket,
          colour: t(`rounds.outcome.roulette.colour.${summary.colour}`),
        })}
      </p>
      {summary.positions.length > 0 ? (
        <table className="rounds__table">
          <caption className="visually-hidden">{t('rounds.outcome.roulette.bets')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rounds.outcome.roulette.bet')}</th>
              <th scope="col" className="num">
                {t('rounds.outcome.stake')}
              </th>
              <th scope="col" className="num">
                {t('rounds.outcome.win')}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.positions.map((p, i) => (
              <tr key={i} className={p.win > 0 ? 'outcome__won' : undefined}>
                <td>
                  {t(`rounds.outcome.roulette.type.${p.type}`, undefined, p.type)}
                  {p.numbers.length > 0 && p.numbers.length <= 6 ? ` (${p.numbers.join(', ')})` : ''}
                </td>
                <td className="num">{money(p.stake)}</td>
                <td className="num">{money(p.win)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function DiceOutcome({ summary }: { summary: Of<'dice'> }) {
  const { t, locale } = useI18n();
  const n = (decimal: string) => localDecimal(decimal, locale);
  return (
    <div className="outcome outcome--dice">
      <p className="outcome__headline">
        <span className="outcome__big">{n(summary.roll)}</span>
        {t(`rounds.outcome.dice.${summary.direction}`, { target: n(summary.target) })}
        {' — '}
        <strong>{t(summary.won ? 'rounds.outcome.won' : 'rounds.outcome.lost')}</strong>
      </p>
      {summary.chance !== null || summary.multiplier !== null ? (
        <p className="profile__hint">
          {summary.chance !== null ? t('rounds.outcome.dice.chance', { chance: n(summary.chance) }) : null}
          {summary.chance !== null && summary.multiplier !== null ? ' · ' : null}
          {summary.multiplier !== null
            ? t('rounds.outcome.dice.multiplier', { multiplier: n(summary.multiplier) })
            : null}
        </p>
      ) : null}
    </div>
  );
}

function CrashOutcome({ summary }: { summary: Of<'crash'> }) {
  const { t, locale } = useI18n();
  const n = (decimal: string) => localDecimal(decimal, locale);
  return (
    <div className="outcome outcome--crash">
      <p className="outcome__headline">
        <span className="outcome__big">×{n(summary.crashPoint)}</span>
        {t('rounds.outcome.crash.summary', { crash: n(summary.crashPoint), cashout: n(summary.cashoutAt) })}
        {' — '}
        <strong>{t(summary.won ? 'rounds.outcome.won' : 'rounds.outcome.lost')}</strong>
      </p>
    </div>
  );
}

function SlotOutcome({ summary, money }: { summary: Of<'slot'>; money: Money }) {
  const { t, locale } = useI18n();
  const n = (decimal: string) => localDecimal(decimal, locale);
  return (
    <div className="outcome outcome--slot" data-testid="outcome-slot">
      {summary.screens.map((screen, i) => (
        <SlotScreenView key={i} screen={screen} titled={summary.screens.length > 1} money={money} />
      ))}
      {summary.facts.length > 0 ? (
        <dl className="profile-facts outcome__facts">
          {summary.facts.map((f) => (
            <div key={f.key} className="outcome__fact">
              <dt>{t(`rounds.outcome.fact.${f.key}`)}</dt>
              <dd>
                {f.unit === 'money'
                  ? money(f.value)
                  : f.unit === 'times'
                    ? `×${n(String(f.value))}`
                    : n(String(f.value))}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

function PlinkoOutcome({ summary }: { summary: Of<'plinko'> }) {
  const { t, locale } = useI18n();
  const n = (decimal: string) => localDecimal(decimal, locale);
  return (
    <div className="outcome outcome--plinko">
      <p className="outcome__headline">
        {t('rounds.outcome.plinko.landed', {
          rows: String(summary.rows),
          risk: t(`rounds.outcome.plinko.risk.${summary.risk}`, undefined, summary.risk),
          slot: String(summary.slot + 1),
          multiplier: `×${n(summary.multiplier)}`,
        })}
      </p>
    </div>
  );
}

function KenoOutcome({ summary }: { summary: Of<'keno'> }) {
  const { t, locale } = useI18n();
  const n = (decimal: string) => localDecimal(decimal, locale);
  const hit = new Set(summary.hits);
  return (
    <div className="outcome outcome--keno">
      <p className="outcome__headline">
        {t('rounds.outcome.keno.hits', {
          hits: String(summary.hits.length),
          picks: String(summary.picks.length),
          multiplier: `×${n(summary.multiplier)}`,
        })}
      </p>
      <dl className="profile-facts outcome__facts">
        <div className="outcome__fact">
          <dt>{t('rounds.outcome.keno.picks')}</dt>
          <dd>
            {summary.picks.map((p, i) => (
              <span key={p} className={hit.has(p) ? 'outcome__won' : undefined}>
                {i > 0 ? ', ' : ''}
                {p}
              </span>
            ))}
          </dd>
        </div>
        <div className="outcome__fact">
          <dt>{t('rounds.outcome.keno.drawn')}</dt>
          <dd>{summary.drawn.join(', ')}</dd>
        </div>
      </dl>
    </div>
  );
}

function PokerOutcome({ summary }: { summary: Of<'poker'> }) {
  const { t, locale } = useI18n();
  const n = (decimal: string) => localDecimal(decimal, locale);
  return (
    <div className="outcome outcome--cards">
      <p className="outcome__headline">
        <strong>
          {summary.hand
            ? t(`rounds.outcome.poker.hand.${summary.hand}`, undefined, summary.hand)
            : t('rounds.outcome.poker.none')}
        </strong>
        {summary.pays ? ` — ${t('rounds.outcome.poker.pays', { pays: `×${n(String(summary.pays))}` })}` : null}
      </p>
      <dl className="profile-facts outcome__facts">
        <div className="outcome__fact">
          <dt>{t('rounds.outcome.poker.dealt')}</dt>
          <dd className="outcome__cards">
            {summary.dealt.map((card, i) => (
              <span key={i} className={summary.held?.[i] ? 'outcome__held' : undefined}>
                {card}
                {summary.held?.[i] ? <small> {t('rounds.outcome.poker.held')}</small> : null}
              </span>
            ))}
          </dd>
        </div>
        {summary.final ? (
          <div className="outcome__fact">
            <dt>{t('rounds.outcome.poker.final')}</dt>
            <dd className="outcome__cards">
              {summary.final.map((card, i) => (
                <span key={i}>{card}</span>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

function BlackjackOutcome({ summary, money }: { summary: Of<'blackjack'>; money: Money }) {
  const { t } = useI18n();
  return (
    <div className="outcome outcome--cards">
      <dl className="profile-facts outcome__facts">
        <div className="outcome__fact">
          <dt>{t('rounds.outcome.blackjack.dealer')}</dt>
          <dd className="outcome__cards">
            {summary.dealer.cards.map((card, i) => (
              <span key={i}>{card}</span>
            ))}
            <span className="outcome__total">
              {t('rounds.outcome.blackjack.total', { total: String(summary.dealer.total) })}
            </span>
          </dd>
        </div>
        {summary.hands.map((hand, h) => (
          <div key={h} className="outcome__fact">
            <dt>{t('rounds.outcome.blackjack.hand', { n: String(h + 1) })}</dt>
            <dd className="outcome__cards">
              {hand.cards.map((card, i) => (
                <span key={i}>{card}</span>
              ))}
              <span className="outcome__total">
                {t('rounds.outcome.blackjack.total', { total: String(hand.total) })}
              </span>
              {hand.doubled ? <span>{t('rounds.outcome.blackjack.doubled')}</span> : null}
              {hand.result ? (
                <strong className={hand.win ? 'outcome__won' : undefined}>
                  {t(`rounds.outcome.blackjack.result.${hand.result}`, undefined, hand.result)}
                  {hand.win !== null ? ` — ${money(hand.win)}` : ''}
                </strong>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * A slot symbol in the page's language: the house games' names have their words
 * (`rounds.symbol.<camelCase>`, "Ringed Planet" → `ringedPlanet`), a wild's multiplier kept
 * ("Wild×2"); another studio's symbol is shown as it names it.
 */
export function symbolName(t: ReturnType<typeof useI18n>['t'], name: string): string {
  const [, base = name, times = ''] = /^(.*?)(×\d+)?$/.exec(name) ?? [];
  const words = base.split(' ');
  const key =
    base === base.toUpperCase()
      ? base.toLowerCase()
      : words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  return `${t(`rounds.symbol.${key}`, undefined, base)}${times}`;
}

/** A slot win in words: "Line 5: 4 × Seven (×2) — €250.00", "Comet on 5 reels, 18 ways — €10.80". */
function slotWinText(w: SlotWin, t: ReturnType<typeof useI18n>['t'], n: (decimal: string) => string): string {
  const symbol = w.symbol === null ? '' : symbolName(t, w.symbol);
  const count = w.count === null ? '' : String(w.count);
  switch (w.kind) {
    case 'line':
      return w.line === null
        ? t('rounds.outcome.slot.middleLine', { count, symbol })
        : w.count === null
          ? t('rounds.outcome.slot.lineSymbol', { line: String(w.line), symbol })
          : t('rounds.outcome.slot.lineWin', { line: String(w.line), count, symbol });
    case 'ways':
      return t('rounds.outcome.slot.waysWin', {
        symbol,
        reels: String(w.reels ?? ''),
        ways: n(String(w.ways ?? '')),
      });
    case 'count':
    case 'cluster':
      return t('rounds.outcome.slot.countWin', { count, symbol });
    case 'scatter':
      return t('rounds.outcome.slot.scatterWin', { count });
    case 'freeSpins':
      return t('rounds.outcome.slot.freeSpinsWon', { count });
    case 'wheel':
      return t('rounds.outcome.slot.wheelWin', { coins: count });
    case 'coins':
      return t('rounds.outcome.slot.coinsWin', { count });
    case 'grand':
      return t('rounds.outcome.slot.grand');
    default:
      return `${t(`rounds.outcome.slot.kind.${w.kind}`, undefined, t('rounds.outcome.slot.kind.win'))}${
        w.symbol !== null ? `: ${count ? `${count} × ` : ''}${symbol}` : count ? `: ${count}` : ''
      }`;
  }
}

/** One screen of a slot round: its symbols as a grid, what paid, and what it paid. */
function SlotScreenView({ screen, titled, money }: { screen: SlotScreen; titled: boolean; money: Money }) {
  const { t, locale } = useI18n();
  const n = (decimal: string) => localDecimal(decimal, locale);
  const title = t(`rounds.outcome.slot.stage.${screen.stage}`, { n: String(screen.index) });
  return (
    <section className="outcome__screen" data-testid="slot-screen">
      {titled ? <h4 className="outcome__screen-title">{title}</h4> : null}
      <table className="outcome__grid">
        <caption className="visually-hidden">{titled ? title : t('rounds.outcome.slot.grid')}</caption>
        <tbody>
          {screen.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => {
                const note = screen.notes?.[r]?.[c] ?? null;
                return (
                  <td
                    key={c}
                    className={
                      cell === ''
                        ? 'outcome__cell--empty'
                        : screen.expanded.includes(c)
                          ? 'outcome__cell--wild'
                          : undefined
                    }
                  >
                    {cell === '' ? '' : symbolName(t, cell)}
                    {note ? (
                      <small className="outcome__note">
                        {note.unit === 'money' ? money(note.value) : `×${n(String(note.value))}`}
                      </small>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {screen.expanded.length > 0 ? (
        <p className="profile__hint">
          {t('rounds.outcome.slot.expanded', { reels: screen.expanded.map((reel) => String(reel + 1)).join(', ') })}
        </p>
      ) : null}
      {screen.wins.length > 0 ? (
        <ul className="outcome__wins">
          {screen.wins.map((w, i) => (
            <li key={i}>
              {slotWinText(w, t, n)}
              {w.multiplier !== null ? ` (×${n(String(w.multiplier))})` : ''}
              {w.win !== null ? ` — ${money(w.win)}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="profile__hint">{t('rounds.outcome.slot.noWins')}</p>
      )}
      {screen.multiplier !== null || (titled && screen.win !== null) ? (
        <p className="outcome__screen-total">
          {screen.multiplier !== null
            ? t('rounds.outcome.slot.multiplied', { multiplier: `×${n(String(screen.multiplier))}` })
            : null}
          {screen.multiplier !== null && titled && screen.win !== null ? ' · ' : null}
          {titled && screen.win !== null ? t('rounds.outcome.slot.screenWin', { win: money(screen.win) }) : null}
        </p>
      ) : null}
    </section>
  );
}
