import type { TopPlayer, Tournament, TournamentStatus } from '@orbit/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import type { MoneyFormat } from '../../lib/money-format';
import { useSession } from '../../lib/session';
import { useTournamentMessage } from '../../lib/shell-loyalty';
import { useNow } from '../../lib/use-clock';
import { SignUpLink } from '../../ui/sign-up-link';
import { isStatusesMessage, loadStatuses, tournamentsApi } from './data';
import { PrizeList } from './prizes';
import { PromoHero } from './promo-hero';
import {
  leaderboardRows,
  levelProgress,
  parseQuestIdentifier,
  promoKind,
  promoStatus,
  questLevelStates,
} from './rules';
import './tournaments.css';

/**
 * A tournament's page (/tournaments/{slug}) and a quest's or achievement's (/action/{slug})
 * (docs/rules/promotions.md): status and countdown, the way to take part (join when the
 * tournament asks a confirmation), the rules, the prizes, the live leaderboard (its first five
 * and the player's own place) and, for a quest, its levels. The player's standing comes through
 * `/batch` and then live from `tournaments_statuses` (a bet moves it within a second or two).
 */
export function TournamentPage({ tournament, money }: { tournament: Tournament; money: MoneyFormat }) {
  const { t } = useI18n();
  const { player } = useSession();
  const kind = promoKind(tournament.frontend_identifier);
  const standing = useStanding(tournament, player?.id ?? null);
  const quest = kind !== 'tournament';
  const size = quest ? (tournament.questSize ?? parseQuestIdentifier(tournament.frontend_identifier).size) : null;

  return (
    <div className="page promo-page" data-testid={quest ? 'quest-page' : 'tournament-page'} data-kind={kind}>
      <PromoHero promo={tournament} kind={kind} money={money}>
        <TakePart tournament={tournament} status={standing.status} onJoined={standing.setStatus} />
      </PromoHero>

      {quest && size ? (
        <QuestLevels
          status={standing.status}
          size={size}
          currency={tournament.currency}
          money={money}
          signedIn={player !== null}
        />
      ) : null}

      {!quest ? (
        <Leaderboard tournament={tournament} status={standing.status} top={standing.top} money={money} />
      ) : null}

      <section className="promo-section" aria-labelledby="prizes-title" data-testid="prizes">
        <h2 id="prizes-title">{t('promotions.prizes.title')}</h2>
        <PrizeList prizes={tournament.prizes} currency={tournament.currency} money={money} />
      </section>

      <TournamentRules tournament={tournament} />
    </div>
  );
}

/**
 * The player's standing in a tournament and its leaderboard's head: through `/batch` and the
 * tournament asked again as this player (their own row is marked: the page's first HTML is a
 * guest's), then live from the `tournaments_statuses` the player's header hears.
 */
function useStanding(tournament: Tournament, playerId: number | null) {
  const [status, setStatus] = useState<TournamentStatus | null>(null);
  const [top, setTop] = useState<TopPlayer[]>(tournament.top_players);
  const id = tournament.id;

  useEffect(() => setTop(tournament.top_players), [tournament]);
  const reload = useCallback(() => {
    if (playerId === null) return setStatus(null);
    void loadStatuses([id]).then((statuses) => setStatus(statuses.get(id) ?? null));
    // The head as this player sees it (their own row is marked): the page's first HTML is a guest's.
    void tournamentsApi.one(id).then(
      (fresh) => Array.isArray(fresh?.top_players) && setTop(fresh.top_players),
      () => undefined,
    );
  }, [id, playerId]);
  useEffect(reload, [reload]);

  // Live: the player's header hears `tournaments_statuses` (lib/shell-loyalty); a bet moves the board.
  const message = useTournamentMessage(id);
  useEffect(() => {
    if (!isStatusesMessage(message) || message.tournament_id !== id) return;
    setStatus(message.status);
    setTop(message.top_players);
  }, [message, id]);
  return { status, setStatus, top };
}

/** The way to take part: sign up, join (when the tournament asks a confirmation), or play. */
function TakePart({
  tournament,
  status,
  onJoined,
}: {
  tournament: Tournament;
  status: TournamentStatus | null;
  onJoined: (status: TournamentStatus) => void;
}) {
  const { t } = useI18n();
  const { player } = useSession();
  const [joining, setJoining] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const state = promoStatus(tournament, useNow());

  const join = () => {
    setJoining(true);
    setRefusal(null);
    tournamentsApi.confirm(tournament.id).then(
      (answer) => {
        onJoined(answer);
        setJoining(false);
      },
      (error: unknown) => {
        const code = error instanceof ApiError ? error.errors.base?.[0] : undefined;
        setRefusal(code ?? 'failed');
        setJoining(false);
      },
    );
  };

  return (
    <div className="promo-hero__take-part" data-testid="take-part">
      {state === 'archive' ? (
        <p>{t('promotions.page.ended')}</p>
      ) : !player ? (
        <SignUpLink>{t('promotions.page.signUp')}</SignUpLink>
      ) : status?.user_confirmed ? (
        <p className="promo-hero__joined" data-testid="joined">
          {t('promotions.page.joined')}
        </p>
      ) : tournament.user_confirmation_required ? (
        <button type="button" className="button button--primary" onClick={join} disabled={joining}>
          {t('promotions.page.join')}
        </button>
      ) : (
        <p>{t('promotions.page.playToJoin')}</p>
      )}
      {refusal ? (
        <p className="promo-hero__refusal" role="alert">
          {t(`promotions.errors.${refusal}`)}
        </p>
      ) : null}
    </div>
  );
}

/** The live leaderboard: its first five, the player's own place and their standing. */
function Leaderboard({
  tournament,
  status,
  top,
  money,
}: {
  tournament: Tournament;
  status: TournamentStatus | null;
  top: TopPlayer[];
  money: MoneyFormat;
}) {
  const { t } = useI18n();
  const score = (points: number) => scoreText(tournament, points, money, t);
  const board = leaderboardRows(top, status ? { ...status, points: status.points } : null);
  return (
    <section className="promo-section" aria-labelledby="leaderboard-title" data-testid="leaderboard">
      <h2 id="leaderboard-title">{t('promotions.leaderboard.title')}</h2>
      {board.head.length === 0 ? (
        <p>{t('promotions.leaderboard.empty')}</p>
      ) : (
        <table className="leaderboard">
          <thead>
            <tr>
              <th scope="col">{t('promotions.leaderboard.place')}</th>
              <th scope="col">{t('promotions.leaderboard.player')}</th>
              <th scope="col">{t(`promotions.strategy.${tournament.strategy}`)}</th>
            </tr>
          </thead>
          <tbody>
            {board.head.map((row) => (
              <tr key={row.award_place} className={row.me ? 'is-me' : ''} data-testid="leaderboard-row">
                <td>{row.award_place}</td>
                <td>{row.me ? t('promotions.leaderboard.you', { name: row.nickname }) : row.nickname}</td>
                <td data-testid="leaderboard-score">{score(row.points)}</td>
              </tr>
            ))}
            {board.own ? (
              <tr className="is-me leaderboard__own" data-testid="leaderboard-own">
                <td>{board.own.award_place}</td>
                <td>{t('promotions.leaderboard.you', { name: board.own.nickname })}</td>
                <td>{score(board.own.points)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      )}
      {status ? (
        <p className="leaderboard__mine" data-testid="my-standing">
          {t('promotions.leaderboard.mine', {
            place: status.award_place ?? '—',
            bets: status.bets,
            amount: money(status.bet_cents, tournament.currency),
          })}
        </p>
      ) : null}
    </section>
  );
}

/** The tournament's rules: its description and what counts (strategy, currencies, providers, categories). */
function TournamentRules({ tournament }: { tournament: Tournament }) {
  const { t } = useI18n();
  return (
    <section className="promo-section" aria-labelledby="rules-title">
      <h2 id="rules-title">{t('promotions.rules.title')}</h2>
      {tournament.description
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      <ul className="promo-rules">
        <li>{t(`promotions.rules.strategy.${tournament.strategy}`)}</li>
        {tournament.currencies.length > 0 ? (
          <li>{t('promotions.rules.currencies', { list: tournament.currencies.join(', ') })}</li>
        ) : null}
        {tournament.providers.length > 0 ? (
          <li>{t('promotions.rules.providers', { list: tournament.providers.join(', ') })}</li>
        ) : null}
        {tournament.game_categories.length > 0 ? (
          <li>{t('promotions.rules.categories', { list: tournament.game_categories.join(', ') })}</li>
        ) : null}
        {tournament.user_confirmation_required ? <li>{t('promotions.rules.confirm')}</li> : null}
      </ul>
    </section>
  );
}

type T = ReturnType<typeof useI18n>['t'];

/** A score as its strategy counts it: staked money, a number of bets, a win/bet ratio, points. */
function scoreText(tournament: Tournament, points: number, money: MoneyFormat, t: T): string {
  switch (tournament.strategy) {
    case 'bet_sum':
      return money(points, tournament.currency);
    case 'win_rate':
      return `×${(points / 100).toFixed(2)}`;
    case 'bet_count':
      return t('promotions.score.bets', { count: points });
    default:
      return t('promotions.score.points', { count: points });
  }
}

/**
 * A quest's levels (docs/rules/promotions.md "Quest levels"): each level's threshold and its
 * state from the player's bets (completed, active, locked), with the way to the next level; a
 * guest (who has no standing, so no levels to count) gets the invitation to sign up or sign in.
 */
function QuestLevels({
  status,
  size,
  currency,
  money,
  signedIn,
}: {
  status: TournamentStatus | null;
  size: string;
  currency: string;
  money: MoneyFormat;
  signedIn: boolean;
}) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const levels = status?.levels ?? [];
  const thresholds = levels.map((level) => level.min_bets_cents);
  const bets = status?.bet_cents ?? 0;
  const states = questLevelStates(bets, thresholds);
  const progress = Math.round(levelProgress(bets, thresholds) * 100);
  return (
    <section className="promo-section" aria-labelledby="levels-title" data-testid="quest-levels" data-size={size}>
      {/* The levels come with the player's standing: without it (a guest), no count of them ("0 levels"). */}
      <h2 id="levels-title">
        {levels.length > 0 ? t('promotions.quest.levels', { count: levels.length }) : t('promotions.quest.title')}
      </h2>
      <p className="quest__size">{t('promotions.quest.size', { size: size.toUpperCase() })}</p>
      {!signedIn ? (
        <>
          <p>{t('promotions.quest.guest')}</p>
          <p>
            <Link
              to={localizePath('/sign-in', locale)}
              state={{ background: location }}
              preventScrollReset
              data-testid="quest-sign-in"
            >
              {t('promotions.quest.signIn')}
            </Link>
          </p>
        </>
      ) : levels.length === 0 ? null : (
        <>
          <p className="quest__bets" data-testid="quest-bets">
            {t('promotions.quest.bets', { amount: money(bets, currency) })}
          </p>
          <div
            className="quest__bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-label={t('promotions.quest.progress')}
          >
            <span style={{ width: `${progress}%` }} />
          </div>
          <ol className="quest-levels">
            {levels.map((level, i) => (
              <li
                key={level.position}
                className={`quest-level quest-level--${states[i]}`}
                data-testid="quest-level"
                data-state={states[i]}
              >
                <span className="quest-level__n">{t('promotions.quest.level', { n: level.position })}</span>
                <span className="quest-level__threshold">{money(level.min_bets_cents, currency)}</span>
                <span className="quest-level__state">{t(`promotions.quest.state.${states[i]}`)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
