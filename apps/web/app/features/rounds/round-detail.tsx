import type { GameRoundDetail } from '@orbit/contracts';
import { Link } from 'react-router';
import { ApiError, ApiNetworkError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { Notice } from '../../ui/form';
import type { MoneyFormat } from '../../lib/money-format';
import { formatTime } from './games-history';
import { gameSlug, summarizeOutcome, verifyHref } from './outcome';
import { OutcomeView } from './outcome-view';
import { roundsApi, useLoaded } from './rounds-api';
import { roundStatus } from './rounds-query';
import './rounds.css';

/**
 * One round for recall (`GET /api/player/game_rounds/{id}`): the figures, the replay of the
 * stored outcome, the money movements, and the provably fair inputs with "Verify this round"
 * (`/fair`, where the studio's own code recomputes it in the browser).
 */
export function RoundDetail({ id, money, backHref }: { id: number; money: MoneyFormat; backHref: string }) {
  const { t } = useI18n();
  const loaded = useLoaded(`round-${id}`, (signal) => roundsApi.round(id, signal));
  const back = (
    <Link to={backHref} className="button button--ghost rounds__back">
      {t('rounds.back')}
    </Link>
  );

  if (loaded.error) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <section className="profile-card rounds" data-testid="round-detail">
        <Notice kind="error">
          {t(
            notFound
              ? 'rounds.notFound'
              : loaded.error instanceof ApiNetworkError
                ? 'errors.network'
                : 'errors.unknown',
          )}
        </Notice>
        {back}
      </section>
    );
  }
  const round = loaded.data;
  if (!round) {
    return (
      <p className="profile__loading" role="status">
        {t('common.loading')}
      </p>
    );
  }

  const inCurrency = (cents: number) => money(cents, round.currency);
  return (
    <article className="profile-card rounds round" data-testid="round-detail" aria-labelledby="round-title">
      {back}
      <h2 id="round-title">{t('rounds.detailTitle', { game: round.game.title })}</h2>
      <RoundFacts round={round} money={inCurrency} />

      <section aria-labelledby="round-outcome">
        <h3 id="round-outcome">{t('rounds.outcome.title')}</h3>
        <OutcomeView summary={summarizeOutcome(round.outcome, gameSlug(round.game))} money={inCurrency} />
        {round.outcome !== null && round.outcome !== undefined ? (
          <details className="outcome__raw" data-testid="round-raw">
            <summary>{t('rounds.outcome.showRaw')}</summary>
            <pre className="outcome__json">{JSON.stringify(round.outcome, null, 2)}</pre>
          </details>
        ) : null}
      </section>

      <RoundTransactions round={round} money={inCurrency} />

      <RoundFairness round={round} />
    </article>
  );
}

/** The round's figures: time, id, bet, win, a jackpot won, status. */
function RoundFacts({ round, money: inCurrency }: { round: GameRoundDetail; money: (cents: number) => string }) {
  const { t, locale } = useI18n();
  const status = roundStatus(round);
  return (
    <dl className="profile-facts">
      <dt>{t('rounds.column.time')}</dt>
      <dd>{formatTime(round.created_at, locale)}</dd>
      <dt>{t('rounds.roundId')}</dt>
      <dd>
        <code>{round.round_id}</code>
      </dd>
      <dt>{t('rounds.column.bet')}</dt>
      <dd>{inCurrency(round.bet_cents)}</dd>
      <dt>{t('rounds.column.win')}</dt>
      <dd>{inCurrency(round.win_cents)}</dd>
      {round.jackpot_win_cents > 0 ? (
        <>
          <dt>{t('rounds.jackpot')}</dt>
          <dd>{inCurrency(round.jackpot_win_cents)}</dd>
        </>
      ) : null}
      <dt>{t('rounds.column.status')}</dt>
      <dd>
        <span className={`rounds__status rounds__status--${status}`}>{t(`rounds.status.${status}`)}</span>
      </dd>
    </dl>
  );
}

/** The round's money movements (bets, wins, refunds) with their real and bonus parts. */
function RoundTransactions({ round, money: inCurrency }: { round: GameRoundDetail; money: (cents: number) => string }) {
  const { t, locale } = useI18n();
  return (
    <section aria-labelledby="round-transactions">
      <h3 id="round-transactions">{t('rounds.transactions.title')}</h3>
      {round.transactions.length === 0 ? (
        <p className="profile__hint">{t('rounds.transactions.empty')}</p>
      ) : (
        <div className="rounds__scroll">
          <table className="rounds__table">
            <thead>
              <tr>
                <th scope="col">{t('rounds.column.time')}</th>
                <th scope="col">{t('rounds.transactions.kind')}</th>
                <th scope="col" className="num">
                  {t('rounds.transactions.amount')}
                </th>
                <th scope="col" className="num">
                  {t('rounds.transactions.real')}
                </th>
                <th scope="col" className="num">
                  {t('rounds.transactions.bonus')}
                </th>
              </tr>
            </thead>
            <tbody>
              {round.transactions.map((tx, i) => (
                <tr key={i}>
                  <td>{formatTime(tx.created_at, locale)}</td>
                  <td>{t(`rounds.transactions.kinds.${tx.kind}`)}</td>
                  <td className="num">{inCurrency(tx.amount_cents)}</td>
                  <td className="num">{inCurrency(tx.real_cents)}</td>
                  <td className="num">{inCurrency(tx.bonus_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The provably fair inputs and the way to verify the round on /fair. */
function RoundFairness({ round }: { round: GameRoundDetail }) {
  const { t, locale } = useI18n();
  const verify = verifyHref(round, locale);
  return (
    <section aria-labelledby="round-fair">
      <h3 id="round-fair">{t('rounds.fair.title')}</h3>
      {round.fair ? (
        <>
          <dl className="profile-facts">
            <dt>{t('rounds.fair.serverSeedHash')}</dt>
            <dd>
              <code>{round.fair.server_seed_hash}</code>
            </dd>
            <dt>{t('rounds.fair.clientSeed')}</dt>
            <dd>
              <code>{round.fair.client_seed}</code>
            </dd>
            <dt>{t('rounds.fair.nonce')}</dt>
            <dd>
              <code>{round.fair.nonce}</code>
            </dd>
          </dl>
          <p className="profile__hint">{t('rounds.fair.hint')}</p>
          {verify ? (
            <Link to={verify} className="button button--secondary rounds__verify" data-testid="round-verify-link">
              {t('rounds.fair.verify')}
            </Link>
          ) : null}
        </>
      ) : (
        <p className="profile__hint">{t('rounds.fair.none')}</p>
      )}
    </section>
  );
}
