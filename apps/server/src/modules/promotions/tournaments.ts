/**
 * Tournaments, quests and achievements (docs/promotions.md "Tournaments"): standings counted
 * from the wallet's bet and win transfers after they commit (an outbox batch handler, a few
 * statements per batch, never in the bet's own transaction), the leaderboard, and the end job
 * that ranks and pays each place once.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { localisedText, type Tournament, type TournamentStatus, type TopPlayer } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import type { BonusGrants } from '../bonuses';
import { settledPlays, type SettledPlay } from '../games';
import { membershipsOf, publicNames } from '../identity';
import { playsOf, referenceRatesNow, type ReferenceRates, type TransferEvent } from '../wallet';
import { payPrize, presentPrize } from './prizes';
import { isTestQuest, kindOf, questLevels, questParts } from './quests';
import { prizesFor, rank } from './ranking';
import { announceResults, promoPagePath } from './results';
import { promoCountedTransfers, promoTournamentPlayers, promoTournaments } from './schema';

export type TournamentRow = typeof promoTournaments.$inferSelect;
type PlayerRow = typeof promoTournamentPlayers.$inferSelect;

/** The leaderboard head the pages show (spec: 5 by default). */
export const LEADERBOARD_SIZE = 5;
/** How long finished tournaments stay in `/recent`. */
const RECENT_DAYS = 30;
/** Points strategy: a point per whole unit staked, and ten per whole multiple of the stake won. */
const POINTS_PER_WIN_MULTIPLE = 10;

export function statusOf(t: { startAt: Date; endAt: Date }, now: Date): 'future' | 'active' | 'archive' {
  if (now < t.startAt) return 'future';
  if (now < t.endAt) return 'active';
  return 'archive';
}
const STATUS_ORDER = { active: 0, future: 1, archive: 2 } as const;

/** Active before future before archive; within each, the sooner end first. */
export function sortPromos<T extends { startAt: Date; endAt: Date; id: number }>(rows: T[], now: Date): T[] {
  return [...rows].sort(
    (a, b) =>
      STATUS_ORDER[statusOf(a, now)] - STATUS_ORDER[statusOf(b, now)] ||
      a.endAt.getTime() - b.endAt.getTime() ||
      a.id - b.id,
  );
}

type Delta = {
  tournamentId: number;
  userId: number;
  bets: number;
  betCents: number;
  wins: number;
  winCents: number;
  rate: number;
  points: number;
  games: Set<string>;
  /** Rounds already counted as a bet (a stake paid from real and bonus money is two transfers). */
  rounds: Set<number>;
  /** Rounds already taken back as refunded (the refund of real and bonus money is two transfers). */
  refunded: Set<number>;
  at: Date;
};

export class TournamentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bonuses: BonusGrants,
  ) {}

  // ---- reading ----------------------------------------------------------------------------------

  async list(options: { testQuests: boolean; groupIds: number[] | null }): Promise<TournamentRow[]> {
    const rows = await this.db.select().from(promoTournaments);
    return sortPromos(
      rows.filter((t) => this.visible(t, options)),
      this.clock.now(),
    );
  }

  /** Test quests hidden unless asked; a tournament for groups shows only to their players. */
  private visible(t: TournamentRow, options: { testQuests: boolean; groupIds: number[] | null }) {
    if (isTestQuest(t.frontendIdentifier) && !options.testQuests) return false;
    if (t.groupIds.length === 0) return true;
    return options.groupIds !== null && t.groupIds.some((g) => options.groupIds!.includes(g));
  }

  async one(idOrSlug: string): Promise<TournamentRow | undefined> {
    const byId = /^\d+$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647;
    const rows = await this.db
      .select()
      .from(promoTournaments)
      .where(
        byId
          ? eq(promoTournaments.id, Number(idOrSlug))
          : sql`${promoTournaments.frontendIdentifier} = ${idOrSlug} or split_part(${promoTournaments.frontendIdentifier}, '--', 2) = ${idOrSlug} or split_part(${promoTournaments.frontendIdentifier}, '--', 3) = ${idOrSlug}`,
      )
      .limit(1);
    return rows[0];
  }

  async recent(): Promise<TournamentRow[]> {
    const since = new Date(this.clock.now().getTime() - RECENT_DAYS * 86_400_000);
    return this.db
      .select()
      .from(promoTournaments)
      .where(and(lte(promoTournaments.endAt, this.clock.now()), gt(promoTournaments.endAt, since)))
      .orderBy(desc(promoTournaments.endAt));
  }

  /** The leaderboard head, players with a score, ties broken by who got there first. */
  async top(db: Executor, tournamentId: number, viewer: number | null, limit = LEADERBOARD_SIZE): Promise<TopPlayer[]> {
    const rows = await db
      .select()
      .from(promoTournamentPlayers)
      .where(and(eq(promoTournamentPlayers.tournamentId, tournamentId), gt(promoTournamentPlayers.score, 0)))
      .orderBy(
        desc(promoTournamentPlayers.score),
        sql`${promoTournamentPlayers.reachedAt} asc nulls last`,
        asc(promoTournamentPlayers.userId),
      )
      .limit(limit);
    const nameOf = await publicNames(
      db,
      rows.map((r) => r.userId),
    );
    return rows.map((r, i) => ({
      award_place: r.finalPlace ?? i + 1,
      nickname: nameOf(r.userId),
      points: r.score,
      me: r.userId === viewer,
    }));
  }

  /** The tournament as the page of `locale` shows it: its title and description in that locale (docs/localisation.md). */
  async present(db: Executor, t: TournamentRow, viewer: number | null, locale = 'en'): Promise<Tournament> {
    const now = this.clock.now();
    const status = statusOf(t, now);
    const kind = kindOf(t.frontendIdentifier);
    const quest = kind === 'tournament' ? null : questParts(t.frontendIdentifier);
    return {
      id: t.id,
      title: localisedText(t.translations, 'title', locale, t.title),
      description: localisedText(t.translations, 'description', locale, t.description),
      frontend_identifier: t.frontendIdentifier,
      status,
      in_progress: status === 'active',
      user_confirmation_required: t.confirmationRequired,
      strategy: t.strategy,
      currencies: t.currencies,
      currency: t.currency,
      game_categories: t.gameCategories,
      providers: t.providers,
      start_at: t.startAt.toISOString(),
      end_at: t.endAt.toISOString(),
      finished_at: t.finishedAt?.toISOString() ?? null,
      money_budget_cents: t.moneyBudgetCents,
      group_ids: t.groupIds,
      prizes: t.prizes.map(presentPrize),
      top_players: await this.top(db, t.id, viewer),
      questSize: quest?.size ?? null,
      questSlug: quest?.slug ?? null,
      kind,
    };
  }

  async standing(db: Executor, t: TournamentRow, userId: number): Promise<TournamentStatus> {
    const [row] = await db
      .select()
      .from(promoTournamentPlayers)
      .where(and(eq(promoTournamentPlayers.tournamentId, t.id), eq(promoTournamentPlayers.userId, userId)));
    const nameOf = await publicNames(db, [userId]);
    return this.statusFrom(db, t, row, userId, nameOf(userId));
  }

  private async statusFrom(
    db: Executor,
    t: TournamentRow,
    row: PlayerRow | undefined,
    userId: number,
    nickname: string,
  ): Promise<TournamentStatus> {
    let place: number | null = row?.finalPlace ?? null;
    if (row && place === null && row.score > 0) {
      // Those ahead: a higher score, or the same one reached earlier.
      const [ahead] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(promoTournamentPlayers)
        .where(
          and(
            eq(promoTournamentPlayers.tournamentId, t.id),
            sql`(${promoTournamentPlayers.score} > ${row.score} or (${promoTournamentPlayers.score} = ${row.score} and (${promoTournamentPlayers.reachedAt} < ${row.reachedAt} or (${promoTournamentPlayers.reachedAt} = ${row.reachedAt} and ${promoTournamentPlayers.userId} < ${userId}))))`,
          ),
        );
      place = (ahead?.n ?? 0) + 1;
    }
    const kind = kindOf(t.frontendIdentifier);
    return {
      tournament_id: t.id,
      nickname,
      user_confirmed: row ? row.confirmed || !t.confirmationRequired : !t.confirmationRequired,
      bets: row?.bets ?? 0,
      bet_cents: row?.betCents ?? 0,
      wins: row?.wins ?? 0,
      win_cents: row?.winCents ?? 0,
      rate: row?.rate ?? 0,
      games_taken: row?.games.length ?? 0,
      award_place: place,
      points: row?.score ?? 0,
      levels: kind === 'tournament' ? [] : questLevels(questParts(t.frontendIdentifier).size, row?.betCents ?? 0),
    };
  }

  /** The player's standings in the tournaments they take part in, running or recent. */
  async playerStandings(userId: number): Promise<TournamentStatus[]> {
    const rows = await this.db
      .select({ t: promoTournaments, p: promoTournamentPlayers })
      .from(promoTournamentPlayers)
      .innerJoin(promoTournaments, eq(promoTournaments.id, promoTournamentPlayers.tournamentId))
      .where(eq(promoTournamentPlayers.userId, userId))
      .orderBy(desc(promoTournaments.endAt));
    const nickname = (await publicNames(this.db, [userId]))(userId);
    return Promise.all(rows.map(({ t, p }) => this.statusFrom(this.db, t, p, userId, nickname)));
  }

  // ---- joining ----------------------------------------------------------------------------------

  async confirm(t: TournamentRow, userId: number): Promise<void> {
    const now = this.clock.now();
    await this.db
      .insert(promoTournamentPlayers)
      .values({ tournamentId: t.id, userId, confirmed: true, updatedAt: now })
      .onConflictDoUpdate({
        target: [promoTournamentPlayers.tournamentId, promoTournamentPlayers.userId],
        set: { confirmed: true, updatedAt: now },
      });
  }

  async eligible(db: Executor, t: TournamentRow, userId: number, currency: string): Promise<boolean> {
    if (!t.currencies.includes(currency)) return false;
    if (t.groupIds.length === 0) return true;
    const groups = (await membershipsOf(db, userId)).map((g) => g.id);
    return t.groupIds.some((g) => groups.includes(g));
  }

  // ---- counting bets ----------------------------------------------------------------------------

  /**
   * Counts a batch of transfers into the running tournaments: each transfer once (the counted
   * table's key), each round by its time, game, provider and currency. A refunded bet (a
   * `rollback` paid back to the player) takes back what its bet counted, never below zero: a
   * player can cause refunds (a bet the crash table took too late), so a refunded stake must
   * not score. Answers the standings that changed, for the live push after commit.
   */
  async count(tx: Tx, transfers: ReadonlyArray<{ transfer: TransferEvent; at: Date }>, at: Date): Promise<PlayerRow[]> {
    const moves = playsOf(transfers);
    if (moves.length === 0) return [];
    // Shared locks on the running tournaments: an end job finishing one waits for this batch to
    // commit, so no standing moves after the final places are written. A tournament being
    // finished right now is skipped, never waited for: this batch may already hold rows the end
    // job's payouts need (a bonus's, comp points'), and waiting would be a deadlock.
    const running = await tx
      .select()
      .from(promoTournaments)
      .where(and(isNull(promoTournaments.finishedAt), lte(promoTournaments.startAt, at)))
      .orderBy(asc(promoTournaments.id))
      .for('share', { skipLocked: true });
    if (running.length === 0) return [];
    const fresh = await tx
      .insert(promoCountedTransfers)
      .values(moves.map((m) => ({ transferId: m.transferId, countedAt: at })))
      .onConflictDoNothing()
      .returning({ id: promoCountedTransfers.transferId });
    const freshIds = new Set(fresh.map((f) => f.id));
    if (freshIds.size === 0) return [];
    const counted = (await settledPlays(tx, transfers)).filter((m) => freshIds.has(m.transferId));
    const needRates = counted.some((m) => running.some((t) => t.currency !== m.currency));
    const rates = needRates ? await referenceRatesNow(tx) : undefined;
    const counts = await this.whoCounts(tx, running, [...new Set(counted.map((m) => m.userId))]);
    return this.writeStandings(tx, running, standingDeltas(counted, running, counts, rates, at));
  }

  /** Which players each running tournament counts: its groups' members, and for one that needs it, those who joined. */
  private async whoCounts(tx: Tx, running: readonly TournamentRow[], userIds: number[]): Promise<Counts> {
    const groupsOf = new Map<number, number[]>();
    if (running.some((t) => t.groupIds.length > 0))
      for (const userId of userIds)
        groupsOf.set(
          userId,
          (await membershipsOf(tx, userId)).map((g) => g.id),
        );
    // Confirmation-required tournaments count only the players who joined.
    const confirmable = running.filter((t) => t.confirmationRequired).map((t) => t.id);
    const joined = new Set(
      confirmable.length
        ? (
            await tx
              .select({ t: promoTournamentPlayers.tournamentId, u: promoTournamentPlayers.userId })
              .from(promoTournamentPlayers)
              .where(
                and(
                  inArray(promoTournamentPlayers.tournamentId, confirmable),
                  inArray(promoTournamentPlayers.userId, userIds),
                  eq(promoTournamentPlayers.confirmed, true),
                ),
              )
          ).map((r) => `${r.t}:${r.u}`)
        : [],
    );
    return (t, userId) =>
      (!t.groupIds.length || t.groupIds.some((g) => groupsOf.get(userId)?.includes(g))) &&
      (!t.confirmationRequired || joined.has(`${t.id}:${userId}`));
  }

  /** The batch's changes on top of the standings, each score by its tournament's strategy; answers the rows written. */
  private async writeStandings(tx: Tx, running: readonly TournamentRow[], deltas: Map<string, Delta>) {
    if (deltas.size === 0) return [];
    const strategyOf = new Map(running.map((t) => [t.id, t.strategy]));
    const rows = [...deltas.values()].map((d) => {
      const strategy = strategyOf.get(d.tournamentId)!;
      const score =
        strategy === 'bet_sum'
          ? d.betCents
          : strategy === 'bet_count'
            ? d.bets
            : strategy === 'win_rate'
              ? d.rate
              : d.points;
      return {
        tournamentId: d.tournamentId,
        userId: d.userId,
        confirmed: false,
        bets: d.bets,
        betCents: d.betCents,
        wins: d.wins,
        winCents: d.winCents,
        rate: d.rate,
        points: d.points,
        games: [...d.games],
        score: Math.max(0, score),
        reachedAt: score > 0 ? d.at : null,
        updatedAt: d.at,
      };
    });
    const p = promoTournamentPlayers;
    // A standing that only takes back gets its row first, so that the taking back below is an
    // update (never below zero), not a new row holding a negative sum.
    const takesBack = rows.filter((r) => r.bets < 0 || r.betCents < 0 || r.points < 0);
    if (takesBack.length)
      await tx
        .insert(p)
        .values(takesBack.map((r) => ({ tournamentId: r.tournamentId, userId: r.userId, updatedAt: r.updatedAt })))
        .onConflictDoNothing();
    // The new score by the tournament's strategy, from the old row and this batch's changes.
    const newScore = sql`case (select ${promoTournaments.strategy} from ${promoTournaments} where ${promoTournaments.id} = ${p.tournamentId})
      when 'bet_sum' then greatest(0, ${p.betCents} + excluded.bet_cents)
      when 'bet_count' then greatest(0, ${p.bets} + excluded.bets)
      when 'win_rate' then greatest(${p.rate}, excluded.rate)
      else greatest(0, ${p.points} + excluded.points) end`;
    return tx
      .insert(p)
      .values(rows)
      .onConflictDoUpdate({
        target: [p.tournamentId, p.userId],
        set: {
          bets: sql`greatest(0, ${p.bets} + excluded.bets)`,
          betCents: sql`greatest(0, ${p.betCents} + excluded.bet_cents)`,
          wins: sql`${p.wins} + excluded.wins`,
          winCents: sql`${p.winCents} + excluded.win_cents`,
          rate: sql`greatest(${p.rate}, excluded.rate)`,
          points: sql`greatest(0, ${p.points} + excluded.points)`,
          games: sql`array(select distinct unnest(${p.games} || excluded.games) order by 1)`,
          reachedAt: sql`case when ${newScore} > ${p.score} then excluded.updated_at else ${p.reachedAt} end`,
          score: newScore,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning();
  }

  // ---- the end --------------------------------------------------------------------------------

  /** Tournaments past their end and not yet finished (the sweep's work). */
  async due(): Promise<number[]> {
    const rows = await this.db
      .select({ id: promoTournaments.id })
      .from(promoTournaments)
      .where(and(isNull(promoTournaments.finishedAt), lte(promoTournaments.endAt, this.clock.now())))
      .orderBy(asc(promoTournaments.endAt));
    return rows.map((r) => r.id);
  }

  /**
   * Ranks and pays one tournament, in one transaction guarded by `finished_at is null`: two
   * sweepers, or a sweep after a crash, finish it once. Answers the players to notify.
   *
   * `early` (an operator's "end now", docs/backoffice.md "Promotions"): a running tournament
   * ends at this moment through the very same guarded update, ranking and payouts, so an early
   * end pays exactly as the normal one and, however many ask at once, once. `within` runs in the
   * finishing transaction after the payouts, only in the call that finished it (its audit entry).
   */
  async finish(
    id: number,
    options: { early?: boolean; within?: (tx: Tx, t: TournamentRow) => Promise<void> } = {},
  ): Promise<Array<{ userId: number; tournament: TournamentRow }>> {
    const at = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [t] = await tx
        .update(promoTournaments)
        .set(
          options.early
            ? { finishedAt: at, endAt: sql`least(${promoTournaments.endAt}, ${at.toISOString()}::timestamptz)` }
            : { finishedAt: at },
        )
        .where(
          and(
            eq(promoTournaments.id, id),
            isNull(promoTournaments.finishedAt),
            options.early ? lte(promoTournaments.startAt, at) : lte(promoTournaments.endAt, at),
          ),
        )
        .returning();
      if (!t) return [];
      const players = await tx.select().from(promoTournamentPlayers).where(eq(promoTournamentPlayers.tournamentId, id));
      const ranked = rank(
        players
          .filter((p) => !t.confirmationRequired || p.confirmed)
          .map((p) => ({ userId: p.userId, score: p.score, reachedAt: p.reachedAt })),
      );
      if (ranked.length)
        await tx.execute(sql`
          update ${promoTournamentPlayers} p set final_place = r.place
          from unnest(${`{${ranked.map((r) => r.userId).join(',')}}`}::bigint[], ${`{${ranked.map((r) => r.place).join(',')}}`}::int[]) as r(user_id, place)
          where p.tournament_id = ${id} and p.user_id = r.user_id`);
      for (const { prize, userId } of prizesFor(ranked, t.prizes))
        await payPrize(tx, this.bonuses, { kind: 'tournament', id }, prize, userId, t.currency, t.currencies, at);
      // Each ranked player's result, told by the notifications (docs/notifications.md).
      const info = {
        kind: 'tournament' as const,
        id,
        title: t.title,
        translations: t.translations,
        identifier: t.frontendIdentifier,
      };
      const places = new Map(ranked.map((r) => [r.userId, [r.place]]));
      await announceResults(
        tx,
        { ...info, path: promoPagePath(t.frontendIdentifier) },
        t.prizes,
        t.currency,
        places,
        at,
      );
      await options.within?.(tx, t);
      return ranked.map((r) => ({ userId: r.userId, tournament: t }));
    });
  }
}

/** Whether a running tournament counts a player's plays (its groups, its confirmation). */
type Counts = (t: TournamentRow, userId: number) => boolean;

/**
 * What a batch's plays change in each running tournament's standings, per tournament and player:
 * each round by its time, game, provider and currency; a refund takes back its stake and points.
 */
function standingDeltas(
  counted: readonly SettledPlay[],
  running: readonly TournamentRow[],
  counts: Counts,
  rates: ReferenceRates | undefined,
  at: Date,
): Map<string, Delta> {
  const deltas = new Map<string, Delta>();
  for (const m of counted) {
    const round = m.round;
    if (!round) continue;
    const userId = round.userId;
    const provider = round.game.split('/')[0] ?? '';
    for (const t of running) {
      if (round.createdAt < t.startAt || round.createdAt >= t.endAt) continue;
      if (!t.currencies.includes(m.currency)) continue;
      if (t.gameCategories.length && !t.gameCategories.some((c) => round.categories.includes(c))) continue;
      if (t.providers.length && !t.providers.includes(provider)) continue;
      if (!counts(t, userId)) continue;
      const cents = m.currency === t.currency ? m.cents : rates!.convert(m.cents, m.currency, t.currency, 'down');
      const key = `${t.id}:${userId}`;
      const d = deltas.get(key) ?? {
        tournamentId: t.id,
        userId,
        bets: 0,
        betCents: 0,
        wins: 0,
        winCents: 0,
        rate: 0,
        points: 0,
        games: new Set<string>(),
        rounds: new Set<number>(),
        refunded: new Set<number>(),
        at,
      };
      if (m.kind === 'refund') {
        // The stake and its points back; the bet itself once the whole round was refunded.
        if (round.status === 'rolled_back' && !d.refunded.has(round.roundId)) d.bets -= 1;
        d.refunded.add(round.roundId);
        d.betCents -= cents;
        d.points -= Math.floor(cents / 100);
        deltas.set(key, d);
        continue;
      }
      d.games.add(round.game);
      if (m.kind === 'stake') {
        if (!d.rounds.has(round.roundId)) d.bets += 1;
        d.rounds.add(round.roundId);
        d.betCents += cents;
        d.points += Math.floor(cents / 100);
      } else {
        d.wins += 1;
        d.winCents += cents;
        const stake = round.betCents + round.betBonusCents;
        const stakeIn =
          m.currency === t.currency || stake === 0 ? stake : rates!.convert(stake, m.currency, t.currency, 'down');
        if (stakeIn > 0) {
          d.rate = Math.max(d.rate, Math.floor((cents * 100) / stakeIn));
          d.points += POINTS_PER_WIN_MULTIPLE * Math.floor(cents / stakeIn);
        }
      }
      deltas.set(key, d);
    }
  }
  return deltas;
}
