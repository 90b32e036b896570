import { drawTickets, type Lottery, type LotteryStatus } from '@orbit/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { browserApi } from '../../lib/api';
import { PlayThroughRules } from '../../lib/deposit-playthrough';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { track } from '../../lib/telemetry';
import { SignUpLink } from '../../ui/sign-up-link';
import { useSession } from '../../lib/session';
import { useNow } from '../../lib/use-clock';
import { PROMO_NOTICE_EVENT } from '../../lib/events';
import type { MoneyFormat } from '../../lib/money-format';
import { PrizeList } from './prizes';
import { PromoHero } from './promo-hero';
import { checkDraw, depositScale, promoStatus, type DrawCheck } from './rules';
import './tournaments.css';

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const encode = (text: string) => new TextEncoder().encode(text);

/** The draw's crypto with the browser's WebCrypto: SHA-256 of the seed, HMAC-SHA256 keyed by it. */
const browserCrypto = {
  sha256: async (text: string) => hex(await crypto.subtle.digest('SHA-256', encode(text))),
  drawTickets: (seed: string, lotteryId: number, tickets: number, places: number) =>
    drawTickets(
      async (key, message) => {
        const k = await crypto.subtle.importKey('raw', encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
        return new Uint8Array(await crypto.subtle.sign('HMAC', k, encode(message)));
      },
      seed,
      lotteryId,
      tickets,
      places,
    ),
};

/**
 * A lottery's page (/lottery/{slug}; docs/rules/promotions.md "A lottery's page"): status and
 * countdown, the player's tickets and how to get more (deposits by the scale, each counting once
 * played through, with what the player's still need; comp points), the
 * prizes, and the draw: the server seed's hash before it; after it the winners, the seed and the
 * check that recomputes the winners in the browser. The tickets are asked again at once when the
 * player's `personal_notifications` brings one about this lottery (`lottery--{slug}`: new tickets
 * from a deposit or comp points, a win), told to `LotteryTicketsListener` by the player's header.
 */
export function LotteryPage({ lottery, money }: { lottery: Lottery; money: MoneyFormat }) {
  const { t } = useI18n();
  return (
    <div className="page promo-page" data-testid="lottery-page">
      <PromoHero promo={lottery} kind="lottery" money={money}>
        <p data-testid="lottery-tickets-total">
          {t('promotions.lottery.total', { count: lottery.lottery_tickets_count })}
        </p>
      </PromoHero>

      <TicketsSection lottery={lottery} money={money} />

      <section className="promo-section" aria-labelledby="prizes-title" data-testid="prizes">
        <h2 id="prizes-title">{t('promotions.prizes.title')}</h2>
        <PrizeList prizes={lottery.prizes} currency={lottery.currency} money={money} />
      </section>

      <DrawSection lottery={lottery} />
    </div>
  );
}

/** The player's tickets (a guest: the way to sign up) and how to get more while the lottery runs. */
function TicketsSection({ lottery, money }: { lottery: Lottery; money: MoneyFormat }) {
  const { t, locale } = useI18n();
  const { player } = useSession();
  const location = useLocation();
  const state = promoStatus(lottery, useNow());
  const [status, setStatus] = useState<LotteryStatus | null>(null);
  const playerId = player?.id ?? null;
  const id = lottery.id;

  const load = useCallback(() => {
    if (playerId === null) return setStatus(null);
    void browserApi()
      .get<LotteryStatus>(`/api/lotteries/${id}/status`)
      .then(setStatus, () => undefined);
  }, [id, playerId]);
  useEffect(load, [load]);

  return (
    <section className="promo-section" aria-labelledby="tickets-title" data-testid="lottery-tickets">
      <h2 id="tickets-title">{t('promotions.lottery.yours')}</h2>
      {!player ? (
        <SignUpLink>{t('promotions.page.signUp')}</SignUpLink>
      ) : (
        <>
          <LotteryTicketsListener identifier={lottery.frontend_identifier} onTickets={load} />
          <p data-testid="my-tickets">
            {t('promotions.lottery.mine', {
              count: status?.tickets_count ?? 0,
              max: lottery.max_tickets_count_to_player,
            })}
          </p>
          {status && status.ticket_numbers.length > 0 ? (
            <ul className="ticket-list" aria-label={t('promotions.lottery.numbers')}>
              {status.ticket_numbers.map((n) => (
                <li key={n} className={status.award_places.length > 0 && isWinning(lottery, n) ? 'is-winning' : ''}>
                  #{n}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      {state !== 'archive' ? (
        <>
          <TicketRules lottery={lottery} money={money} playerId={playerId} />
          {player && state === 'active' ? (
            <Link
              to={localizePath('/deposit', locale)}
              state={{ background: location }}
              preventScrollReset
              className="button button--primary"
              onClick={() => track({ name: 'deposit_open', source: 'lottery' })}
            >
              {t('promotions.lottery.deposit')}
            </Link>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** How tickets come: deposits by the scale (each counting once played through), comp points. */
function TicketRules({ lottery, money, playerId }: { lottery: Lottery; money: MoneyFormat; playerId: number | null }) {
  const { t } = useI18n();
  const { player } = useSession();
  const scale = depositScale(lottery.deposit_scale_rules, player?.currency ?? lottery.currency);
  return (
    <ul className="promo-rules">
      {scale.rules.map((rule) => (
        <li key={rule.from_amount_cents}>
          {t('promotions.lottery.scale', {
            from: money(rule.from_amount_cents, scale.currency),
            price: money(rule.price_cents, scale.currency),
          })}
        </li>
      ))}
      {lottery.comp_points_ticket_price > 0 ? (
        <li>{t('promotions.lottery.points', { count: lottery.comp_points_ticket_price })}</li>
      ) : null}
      {scale.rules.length > 0 ? <PlayThroughRules playerId={playerId} money={money} /> : null}
    </ul>
  );
}

/** The draw: before it the server seed's hash; after it the winners, the seed and the check. */
function DrawSection({ lottery }: { lottery: Lottery }) {
  const { t } = useI18n();
  const places = lottery.prizes.reduce((max, p) => Math.max(max, p.award_place), 0);
  const drawn = lottery.draw.server_seed !== null;
  return (
    <section className="promo-section" aria-labelledby="draw-title" data-testid="lottery-draw">
      <h2 id="draw-title">{t('promotions.lottery.draw')}</h2>
      {drawn ? <Winners lottery={lottery} /> : <p>{t('promotions.lottery.before')}</p>}
      <dl className="draw-facts">
        <dt>{t('promotions.lottery.hash')}</dt>
        <dd data-testid="seed-hash">
          <code>{lottery.draw.server_seed_hash}</code>
        </dd>
        {drawn ? (
          <>
            <dt>{t('promotions.lottery.seed')}</dt>
            <dd data-testid="seed">
              <code>{lottery.draw.server_seed}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {drawn ? <Verify lottery={lottery} places={places} /> : null}
      {lottery.description
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i} className="promo-section__text">
            {paragraph}
          </p>
        ))}
    </section>
  );
}

/**
 * The player's notifications about this lottery (its `identifier`: new tickets, a win), told by
 * the player's header (`PROMO_NOTICE_EVENT`, features/tournaments/tournaments-watcher.tsx), ask
 * the tickets again.
 */
function LotteryTicketsListener({ identifier, onTickets }: { identifier: string; onTickets: () => void }) {
  useEffect(() => {
    const heard = (event: Event) => {
      if ((event as CustomEvent<unknown>).detail === identifier) onTickets();
    };
    window.addEventListener(PROMO_NOTICE_EVENT, heard);
    return () => window.removeEventListener(PROMO_NOTICE_EVENT, heard);
  }, [identifier, onTickets]);
  return null;
}

function isWinning(lottery: Lottery, ticket: number): boolean {
  return lottery.draw.winning_tickets.includes(ticket);
}

function Winners({ lottery }: { lottery: Lottery }) {
  const { t } = useI18n();
  if (lottery.winners.length === 0) return <p>{t('promotions.lottery.noWinners')}</p>;
  return (
    <table className="leaderboard" data-testid="lottery-winners">
      <thead>
        <tr>
          <th scope="col">{t('promotions.leaderboard.place')}</th>
          <th scope="col">{t('promotions.lottery.ticket')}</th>
          <th scope="col">{t('promotions.leaderboard.player')}</th>
        </tr>
      </thead>
      <tbody>
        {[...lottery.winners]
          .sort((a, b) => a.award_place - b.award_place)
          .map((w) => (
            <tr key={w.award_place} className={w.me ? 'is-me' : ''}>
              <td>{w.award_place}</td>
              <td>#{w.ticket_number}</td>
              <td>{w.me ? t('promotions.leaderboard.you', { name: w.nickname }) : w.nickname}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

/** The draw checked in the browser, and the command that checks it anywhere. */
function Verify({ lottery, places }: { lottery: Lottery; places: number }) {
  const { t } = useI18n();
  const [check, setCheck] = useState<DrawCheck | 'running' | 'failed' | null>(null);
  const run = () => {
    setCheck('running');
    checkDraw(lottery.draw, lottery.id, places, browserCrypto).then(
      (result) => setCheck(result ?? 'failed'),
      () => setCheck('failed'),
    );
  };
  // The site's own address, once in the browser (the server's render has none to hydrate against).
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const ok = typeof check === 'object' && check !== null && check.hashMatches && check.winnersMatch;
  return (
    <div className="draw-verify">
      <button type="button" className="button button--ghost" onClick={run} disabled={check === 'running'}>
        {t('promotions.lottery.verify')}
      </button>
      {check === null || check === 'running' ? null : (
        <p role="status" className={ok ? 'draw-verify__ok' : 'draw-verify__bad'} data-testid="draw-check">
          {ok
            ? t('promotions.lottery.verified', { tickets: (check as DrawCheck).winners.map((n) => `#${n}`).join(', ') })
            : t('promotions.lottery.mismatch')}
        </p>
      )}
      <p className="draw-verify__command">
        {t('promotions.lottery.command')}{' '}
        <code>{`npm run verify-draw -- --url ${origin}/api/lotteries/${lottery.slug}`}</code>
      </p>
    </div>
  );
}
