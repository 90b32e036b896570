import type { GameRoundsResponse } from '@orbit/contracts';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiNetworkError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { Notice } from '../../ui/form';
import type { MoneyFormat } from '../../lib/money-format';
import { roundsApi, useLoaded } from './rounds-api';
import { parseRoundsFilter, roundsApiPath, roundsSearch, roundStatus, type RoundsFilter } from './rounds-query';
import './rounds.css';

/** A round's time in the page's language ("12 Mar 2025, 14:05:09"). */
export function formatTime(iso: string | null, locale: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

/**
 * The profile's games history (`/profile/games-history`): the player's rounds, newest
 * first, 20 a page, filtered by game, result (won / lost) and dates. The filter and the page
 * live in the address (`?game=…&result=won&from=…&to=…&page=2`); each row opens the round.
 */
export function GamesHistory({ money }: { money: MoneyFormat }) {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const filter = parseRoundsFilter(location.search);
  const path = roundsApiPath(filter);
  const rounds = useLoaded(path, (signal) => roundsApi.rounds(path, signal));
  const games = useLoaded('played', (signal) => roundsApi.playedGames(signal));
  const filtered = Boolean(filter.game || filter.result || filter.from || filter.to);

  const setFilter = (change: Partial<RoundsFilter>) =>
    navigate({ search: roundsSearch({ ...filter, ...change, page: 1 }) }, { preventScrollReset: true });

  const gameChoices = [...(games.data ?? []).map((g) => ({ identifier: g.identifier, title: g.title }))];
  if (filter.game && !gameChoices.some((g) => g.identifier === filter.game))
    gameChoices.unshift({ identifier: filter.game, title: filter.game });
  const list = rounds.data;
  const pagination = list?.pagination;

  return (
    <section className="profile-card rounds" aria-labelledby="rounds-title">
      <h2 id="rounds-title">{t('rounds.title')}</h2>
      <RoundsFilters filter={filter} games={gameChoices} filtered={filtered} onChange={setFilter} />

      {rounds.error ? (
        <div className="rounds__error">
          <Notice kind="error">
            {t(rounds.error instanceof ApiNetworkError ? 'errors.network' : 'errors.unknown')}
          </Notice>
          <button type="button" className="button button--secondary" onClick={rounds.reload}>
            {t('rounds.retry')}
          </button>
        </div>
      ) : null}
      {!list && rounds.loading ? (
        <p className="profile__loading" role="status">
          {t('common.loading')}
        </p>
      ) : null}
      {list && list.data.length === 0 ? (
        <p className="profile__hint">{t(filtered ? 'rounds.emptyFiltered' : 'rounds.empty')}</p>
      ) : null}
      {list && list.data.length > 0 ? <RoundsTable rounds={list.data} busy={rounds.loading} money={money} /> : null}
      {pagination && pagination.total_pages > 1 ? <RoundsPager filter={filter} pagination={pagination} /> : null}
    </section>
  );
}

/** The history's filters: game, result, dates (each change goes to the address, page 1). */
function RoundsFilters({
  filter,
  games: gameChoices,
  filtered,
  onChange: setFilter,
}: {
  filter: RoundsFilter;
  games: Array<{ identifier: string; title: string }>;
  filtered: boolean;
  onChange: (change: Partial<RoundsFilter>) => void;
}) {
  const { t } = useI18n();
  return (
    <form
      className="rounds__filters"
      role="search"
      aria-label={t('rounds.filters')}
      onSubmit={(event) => event.preventDefault()}
    >
      <label className="field">
        <span className="field__label">{t('rounds.filter.game')}</span>
        <select
          className="field__input"
          value={filter.game}
          onChange={(event) => setFilter({ game: event.target.value })}
          data-testid="rounds-filter-game"
        >
          <option value="">{t('rounds.filter.allGames')}</option>
          {gameChoices.map((g) => (
            <option key={g.identifier} value={g.identifier}>
              {g.title}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('rounds.filter.result')}</span>
        <select
          className="field__input"
          value={filter.result}
          onChange={(event) => setFilter({ result: event.target.value as RoundsFilter['result'] })}
          data-testid="rounds-filter-result"
        >
          <option value="">{t('rounds.filter.allResults')}</option>
          <option value="won">{t('rounds.filter.won')}</option>
          <option value="lost">{t('rounds.filter.lost')}</option>
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('rounds.filter.from')}</span>
        <input
          type="date"
          className="field__input"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(event) => setFilter({ from: event.target.value })}
          data-testid="rounds-filter-from"
        />
      </label>
      <label className="field">
        <span className="field__label">{t('rounds.filter.to')}</span>
        <input
          type="date"
          className="field__input"
          value={filter.to}
          min={filter.from || undefined}
          onChange={(event) => setFilter({ to: event.target.value })}
          data-testid="rounds-filter-to"
        />
      </label>
      {filtered ? (
        <Link to={{ search: '' }} className="button button--ghost rounds__reset" preventScrollReset>
          {t('rounds.filter.reset')}
        </Link>
      ) : null}
    </form>
  );
}

/** A page of rounds; a row opens the round (its time is the row's link). */
function RoundsTable({
  rounds,
  busy,
  money,
}: {
  rounds: GameRoundsResponse['data'];
  busy: boolean;
  money: MoneyFormat;
}) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  const detailHref = (id: number) => localizePath(`/profile/games-history/${id}`, locale);
  const openRow = (event: MouseEvent<HTMLTableRowElement>, id: number) => {
    // The row's own link handles its clicks (and modified clicks keep their meaning).
    if ((event.target as HTMLElement).closest('a, button')) return;
    navigate(detailHref(id), { state: { back: here } });
  };
  return (
    <div className="stack-table-box">
      <table className="rounds__table stack-table" data-testid="rounds-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('rounds.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rounds.column.time')}</th>
            <th scope="col">{t('rounds.column.game')}</th>
            <th scope="col" className="num">
              {t('rounds.column.bet')}
            </th>
            <th scope="col" className="num">
              {t('rounds.column.win')}
            </th>
            <th scope="col">{t('rounds.column.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((round) => {
            const status = roundStatus(round);
            return (
              <tr
                key={round.id}
                className="rounds__row"
                data-testid="round-row"
                data-round={round.id}
                onClick={(event) => openRow(event, round.id)}
              >
                <td data-label={t('rounds.column.time')}>
                  <Link
                    to={detailHref(round.id)}
                    state={{ back: here }}
                    aria-label={t('rounds.open', {
                      game: round.game.title,
                      time: formatTime(round.created_at, locale),
                    })}
                  >
                    {formatTime(round.created_at, locale)}
                  </Link>
                </td>
                <td data-label={t('rounds.column.game')}>{round.game.title}</td>
                <td className="num" data-label={t('rounds.column.bet')}>
                  {money(round.bet_cents, round.currency)}
                </td>
                <td className="num" data-label={t('rounds.column.win')}>
                  {money(round.win_cents, round.currency)}
                </td>
                <td data-label={t('rounds.column.status')}>
                  <span className={`rounds__status rounds__status--${status}`}>{t(`rounds.status.${status}`)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The pages of the history: previous, "page n of m", next (links keeping the filter). */
function RoundsPager({
  filter,
  pagination,
}: {
  filter: RoundsFilter;
  pagination: NonNullable<GameRoundsResponse['pagination']>;
}) {
  const { t } = useI18n();
  return (
    <nav className="rounds__pager" aria-label={t('rounds.pages')}>
      {pagination.prev_page !== null ? (
        <Link
          to={{ search: roundsSearch({ ...filter, page: pagination.prev_page }) }}
          className="button button--ghost"
          rel="prev"
          data-testid="rounds-prev-page"
        >
          {t('rounds.previousPage')}
        </Link>
      ) : null}
      <span className="rounds__page">
        {t('rounds.pageOf', { page: pagination.current_page, total: pagination.total_pages })}
      </span>
      {pagination.next_page !== null ? (
        <Link
          to={{ search: roundsSearch({ ...filter, page: pagination.next_page }) }}
          className="button button--secondary"
          rel="next"
          data-testid="rounds-next-page"
        >
          {t('rounds.nextPage')}
        </Link>
      ) : null}
    </nav>
  );
}
