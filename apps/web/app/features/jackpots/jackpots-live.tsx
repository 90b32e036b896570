import type { Jackpot } from '@orbit/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { usePlayerCurrency } from '../../lib/player-currency';
import { useRealtime } from '../../realtime/client';
import {
  formatJackpotAmount,
  jackpotFor,
  jackpotList,
  liveWinner,
  mergeWinner,
  sliderView,
  timeAgo,
  type JackpotLevelView,
  type JackpotsView,
  type JackpotWinnerView,
  type WinnerLists,
} from './jackpots';

/** How long an amount takes to count up to a new value. */
const COUNT_UP_MS = 1_200;
/** How often "5 minutes ago" is brought up to date. */
const CLOCK_MS = 30_000;
const TABS = ['biggest', 'latest'] as const;
type Tab = (typeof TABS)[number];

/**
 * The lobby's jackpots: the slider (the visitor's jackpot, its levels Grand to Mini and the
 * games that feed it) and the winners board (biggest and latest wins). The server renders it
 * from the loader's view; in the browser it is an island of its own (`Jackpots` loads it once
 * the page is interactive) that keeps itself up to date from the realtime socket: amounts from
 * `jackpots_changes` (counting up), new winners from `wins`. A player whose account is in
 * another currency sees that currency's jackpot (`lib/player-currency`, set by the player's header).
 */
export default function JackpotsLive({ view }: { view: JackpotsView }) {
  const { t, locale } = useI18n();
  const [list, setList] = useState<Jackpot[] | null>(null);
  const [winners, setWinners] = useState<WinnerLists>(view.winners);
  const [fresh, setFresh] = useState<string | null>(null);
  // Null until mounted: the first render in the browser draws the server's "time ago" texts.
  const [now, setNow] = useState<number | null>(null);
  const pageCurrency = view.slider.currency;
  const wanted = usePlayerCurrency() ?? pageCurrency;

  const onJackpots = useCallback((data: unknown) => {
    const next = jackpotList(data);
    if (next) setList(next);
  }, []);
  const onWin = useCallback(
    (data: unknown) => {
      const at = Date.now();
      const win = liveWinner(data, at, locale);
      if (!win) return;
      setWinners((lists) => mergeWinner(lists, win));
      setFresh(win.key);
      setNow(at);
    },
    [locale],
  );
  useRealtime('jackpots_changes', onJackpots);
  useRealtime('wins', onWin);

  useEffect(() => {
    setNow(Date.now());
    const clock = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(clock);
  }, []);

  // A player's jackpot in another currency: the whole list once (then the live messages keep it).
  useEffect(() => {
    if (list || wanted === pageCurrency) return;
    let current = true;
    browserApi()
      .get<Jackpot[]>('/api/jackpots')
      .then(
        (answer) => current && setList((known) => known ?? jackpotList(answer)),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [list, wanted, pageCurrency]);

  const slider = useMemo(() => {
    const jackpot = list ? jackpotFor(list, wanted, pageCurrency) : null;
    return jackpot ? sliderView(jackpot, view.titles, locale) : view.slider;
  }, [list, wanted, pageCurrency, view, locale]);

  return (
    <section className="jackpots" aria-labelledby="jackpots-title">
      <div className="jackpot-slider" data-testid="jackpot-slider" data-currency={slider.currency}>
        <div className="jackpot-slider__head">
          <h2 id="jackpots-title" className="jackpot-slider__title">
            {t('jackpots.title')}
          </h2>
          <p className="jackpot-slider__name">{slider.name}</p>
        </div>
        <ul className="jackpot-slider__levels">
          {slider.levels.map((level) => (
            <li
              key={level.identifier}
              className={`jackpot-level jackpot-level--${level.identifier}`}
              data-testid={`jackpot-level-${level.identifier}`}
            >
              <span className="jackpot-level__name">{level.name}</span>
              <Amount key={slider.currency} level={level} currency={slider.currency} />
            </li>
          ))}
        </ul>
        {slider.games.length > 0 ? (
          <p className="jackpot-slider__games">
            {slider.games.map((game) => (
              <Link key={game.identifier} to={game.href} className="button button--primary">
                {game.title ? t('jackpots.play', { game: game.title }) : t('jackpots.playNow')}
              </Link>
            ))}
          </p>
        ) : null}
      </div>
      <WinnersBoard winners={winners} fresh={fresh} now={now} />
    </section>
  );
}

/** A level's amount: counts up to a new value (jumps down after a win, and with reduced motion). */
function Amount({ level, currency }: { level: JackpotLevelView; currency: string }) {
  const { locale } = useI18n();
  const shown = useCountUp(level.cents);
  return (
    <span className="jackpot-level__amount">
      {shown === level.cents ? level.text : formatJackpotAmount(shown, currency, locale)}
    </span>
  );
}

function useCountUp(target: number): number {
  const [shown, setShown] = useState(target);
  const current = useRef(target);
  useEffect(() => {
    const from = current.current;
    if (target <= from || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      current.current = target;
      setShown(target);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(time) {
      const progress = Math.min(1, (time - start) / COUNT_UP_MS);
      const value = Math.round(from + (target - from) * (1 - (1 - progress) ** 3));
      current.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

/** Biggest and latest wins: two columns on wide screens, one of them at a time (tabs) on small ones. */
function WinnersBoard({ winners, fresh, now }: { winners: WinnerLists; fresh: string | null; now: number | null }) {
  const { t, locale } = useI18n();
  const [tab, setTab] = useState<Tab>('biggest');
  return (
    <section
      className="jackpot-winners"
      data-testid="jackpot-winners"
      data-tab={tab}
      aria-labelledby="jackpot-winners-title"
    >
      <h2 id="jackpot-winners-title" className="jackpot-winners__title">
        {t('jackpots.winners.title')}
      </h2>
      <div className="jackpot-winners__tabs" role="group" aria-label={t('jackpots.winners.show')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            className="jackpot-winners__tab"
            aria-pressed={tab === name}
            aria-controls={`jackpot-winners-${name}`}
            onClick={() => setTab(name)}
          >
            {t(`jackpots.winners.${name}`)}
          </button>
        ))}
      </div>
      <div className="jackpot-winners__columns">
        {TABS.map((name) => (
          <div
            key={name}
            id={`jackpot-winners-${name}`}
            className={`jackpot-winners__panel jackpot-winners__panel--${name}`}
          >
            <h3 className="jackpot-winners__heading">{t(`jackpots.winners.${name}`)}</h3>
            {winners[name].length > 0 ? (
              <ol className="jackpot-winners__list">
                {winners[name].map((win) => (
                  <Winner
                    key={win.key}
                    win={win}
                    fresh={win.key === fresh}
                    ago={now === null ? win.ago : timeAgo(win.at, now, locale)}
                  />
                ))}
              </ol>
            ) : (
              <p className="jackpot-winners__empty">{t('jackpots.winners.empty')}</p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

function Winner({ win, fresh, ago }: { win: JackpotWinnerView; fresh: boolean; ago: string }) {
  return (
    <li className={fresh ? 'jackpot-winner jackpot-winner--fresh' : 'jackpot-winner'} data-testid="jackpot-winner">
      <span className="jackpot-winner__name">{win.name}</span>
      <span className="jackpot-winner__amount">{win.text}</span>
      <span className="jackpot-winner__level">{win.level}</span>
      <time className="jackpot-winner__ago" dateTime={win.at}>
        {ago}
      </time>
    </li>
  );
}
