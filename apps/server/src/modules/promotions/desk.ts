/**
 * The back office's door to the promotions (docs/backoffice.md "Promotions"): tournaments and
 * lotteries listed, read with what only an operator sees, created and changed with the operator
 * API's own rules (`storedPrizes`, `tournamentRow`, `lotteryRow`), and a running tournament
 * ended now through the end job's own `finish`. Each write runs its caller's audit hook in the
 * write's transaction, so a change and its audit entry stand or fall together.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  BACKOFFICE_LEADERBOARD_MAX,
  drawTickets,
  questIdentifier,
  QUEST_SIZES,
  type BackofficeLotteriesQuery,
  type BackofficeLottery,
  type BackofficeQuest,
  type BackofficeQuestLevels,
  type BackofficeQuestRequest,
  type BackofficeQuestsQuery,
  type BackofficeTournament,
  type BackofficeTournamentsQuery,
  type Lottery,
  type OperatorLotteryRequest,
  type OperatorPrize,
  type OperatorTournamentRequest,
  type Tournament,
} from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { isUniqueViolation, type Executor, type Tx } from '../../platform/db/executor';
import { AppError, notFound, unprocessable, ValidationError } from '../../platform/errors';
import type { BonusGrants } from '../bonuses';
import { publicNames } from '../identity';
import { nodeHmac, payoutCurrencies, type LotteryRow, type LotteryService } from './lotteries';
import { endsAhead, lotteryRow, storedPrizes, tournamentRow } from './operator';
import { kindOf, QUEST_THRESHOLDS_EUR, questLevels, questParts, type PromoKind } from './quests';
import { promoLotteries, promoLotteryTickets, promoPayouts, promoTournamentPlayers, promoTournaments } from './schema';
import type { StoredPrize } from './schema';
import { sortPromos, statusOf, type TournamentRow, type TournamentService } from './tournaments';

/** An audit hook: the promotion before (null for a new one) and after, in the write's transaction. */
export type PromotionChangeHook<T> = (tx: Executor, before: T | null, after: T) => Promise<void>;

/** Who was told of a finished tournament (the sweep's live pushes, shared with an early end). */
export type FinishedTell = (
  id: number,
  finished: Array<{ userId: number; tournament: TournamentRow }>,
) => Promise<void>;

/** A stored prize as the operator wrote it (the form's shape): comp points once, as they were given. */
const writtenPrize = (p: StoredPrize): OperatorPrize => ({
  award_place: p.award_place,
  money_award_cents: p.money_award_cents,
  bonus_template: p.bonus_template,
  freespins_template: p.freespins_template,
  comp_points: p.chargeable_comp_points,
});

const page = <T>(rows: T[], query: { page: number; per_page: number }) => ({
  data: rows.slice((query.page - 1) * query.per_page, query.page * query.per_page),
  total: rows.length,
});

export class PromotionDesk {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tournaments: TournamentService,
    private readonly lotteries: LotteryService,
    private readonly bonuses: BonusGrants,
    private readonly tell: FinishedTell,
  ) {}

  // ---- tournaments ------------------------------------------------------------------------------

  /**
   * Every tournament, quest and achievement (test quests and group ones too), in the casino's
   * order; `kinds` narrows to some kinds (the quests' screen) when the query names none.
   */
  async tournamentList(
    query: BackofficeTournamentsQuery,
    kinds?: readonly PromoKind[],
  ): Promise<{ data: Tournament[]; total: number }> {
    const now = this.clock.now();
    const q = query.q?.toLowerCase();
    const wanted = query.kind === undefined ? kinds : [query.kind];
    const rows = sortPromos(await this.db.select().from(promoTournaments), now).filter(
      (t) =>
        (query.status === undefined || statusOf(t, now) === query.status) &&
        (wanted === undefined || wanted.includes(kindOf(t.frontendIdentifier))) &&
        (!q || t.title.toLowerCase().includes(q) || t.frontendIdentifier.includes(q)),
    );
    const shown = page(rows, query);
    return {
      data: await Promise.all(shown.data.map((t) => this.tournaments.present(this.db, t, null))),
      total: shown.total,
    };
  }

  private async tournamentRowOf(db: Executor, id: number): Promise<TournamentRow> {
    const [row] = await db.select().from(promoTournaments).where(eq(promoTournaments.id, id));
    if (!row) throw notFound();
    return row;
  }

  async tournament(id: number, db: Executor = this.db): Promise<BackofficeTournament> {
    return this.presentTournament(db, await this.tournamentRowOf(db, id));
  }

  private async presentTournament(db: Executor, t: TournamentRow): Promise<BackofficeTournament> {
    const p = promoTournamentPlayers;
    const rows = await db
      .select()
      .from(p)
      .where(and(eq(p.tournamentId, t.id), gt(p.score, 0)))
      .orderBy(desc(p.score), sql`${p.reachedAt} asc nulls last`, asc(p.userId))
      .limit(BACKOFFICE_LEADERBOARD_MAX);
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(and(eq(p.tournamentId, t.id), gt(p.score, 0)));
    const nameOf = await publicNames(
      db,
      rows.map((r) => r.userId),
    );
    return {
      ...(await this.tournaments.present(db, t, null)),
      translations: t.translations,
      prize_table: t.prizes.map(writtenPrize),
      players_count: count?.n ?? 0,
      leaderboard: rows.map((r, i) => ({
        place: r.finalPlace ?? i + 1,
        player_id: r.userId,
        nickname: nameOf(r.userId),
        score: r.score,
        bets: r.bets,
        bet_cents: r.betCents,
        wins: r.wins,
        win_cents: r.winCents,
        reached_at: r.reachedAt?.toISOString() ?? null,
      })),
      payouts: await this.payouts(db, 'tournament', t.id),
    };
  }

  private async payouts(db: Executor, kind: 'tournament' | 'lottery', id: number) {
    const rows = await db
      .select()
      .from(promoPayouts)
      .where(and(eq(promoPayouts.promoKind, kind), eq(promoPayouts.promoId, id)))
      .orderBy(asc(promoPayouts.awardPlace));
    return rows.map((r) => ({
      award_place: r.awardPlace,
      player_id: r.userId,
      outcome: r.outcome,
      currency: typeof r.detail.currency === 'string' ? r.detail.currency : null,
      paid_at: r.paidAt.toISOString(),
    }));
  }

  /** A new tournament by the operator API's rules; an identifier in use is 422 `taken`. */
  async createTournament(
    body: OperatorTournamentRequest,
    audit: PromotionChangeHook<BackofficeTournament>,
  ): Promise<BackofficeTournament> {
    const now = this.clock.now();
    endsAhead(body.end_at, now);
    const prizes = storedPrizes(body.prizes, await this.bonuses.templates(), body.currencies);
    return this.written('frontend_identifier', async (tx) => {
      const [row] = await tx
        .insert(promoTournaments)
        .values(tournamentRow(body, prizes, now))
        .returning();
      const after = await this.presentTournament(tx, row!);
      await audit(tx, null, after);
      return after;
    });
  }

  /**
   * The whole tournament written again, only while it has not started (no standing counts yet,
   * so nothing counted can disagree with the new rules): afterwards 422 `tournament_started`. The
   * new start must still be ahead (`must_start_in_future`): a start moved into the past would
   * claim rounds already counted elsewhere.
   */
  async updateTournament(
    id: number,
    body: OperatorTournamentRequest,
    audit: PromotionChangeHook<BackofficeTournament>,
  ): Promise<BackofficeTournament> {
    const now = this.clock.now();
    const prizes = storedPrizes(body.prizes, await this.bonuses.templates(), body.currencies);
    return this.written('frontend_identifier', async (tx) => {
      const [locked] = await tx.select().from(promoTournaments).where(eq(promoTournaments.id, id)).for('update');
      if (!locked) throw notFound();
      if (locked.finishedAt || statusOf(locked, now) !== 'future') throw unprocessable('tournament_started');
      if (Date.parse(body.start_at) <= now.getTime()) throw unprocessable('must_start_in_future', 'start_at');
      const before = await this.presentTournament(tx, locked);
      const { createdAt: _createdAt, ...values } = tournamentRow(body, prizes, now);
      const [row] = await tx.update(promoTournaments).set(values).where(eq(promoTournaments.id, id)).returning();
      const after = await this.presentTournament(tx, row!);
      await audit(tx, before, after);
      return after;
    });
  }

  /**
   * Ends a running tournament now with the rules' payout: the end job's own `finish`, asked to
   * end early. Only the call that finishes it writes its audit entry; every other (twenty at
   * once, or one after the end) answers the finished tournament and changes nothing. A
   * tournament not started yet is 422 `tournament_not_started`.
   */
  async endTournament(id: number, audit: PromotionChangeHook<BackofficeTournament>): Promise<BackofficeTournament> {
    const before = await this.tournament(id);
    const finished = await this.tournaments.finish(id, {
      early: true,
      within: async (tx, t) => audit(tx, before, await this.presentTournament(tx, t)),
    });
    const after = await this.tournament(id);
    if (after.finished_at === null) throw unprocessable('tournament_not_started');
    if (finished.length) await this.tell(id, finished);
    return after;
  }

  // ---- quests and achievements --------------------------------------------------------------------
  // Tournaments whose identifier says so (quests.ts): the tournaments' own reads and writes, with
  // the identifier spelled from the kind, size and slug, and the size's level table beside them.

  /** Quests and achievements only (the kind filter narrows to one of them). */
  questList(query: BackofficeQuestsQuery) {
    return this.tournamentList(query, ['quest', 'achievement']);
  }

  /** Each size's level table (whole EUR of bets per level). */
  questLevels(): BackofficeQuestLevels {
    return { sizes: QUEST_SIZES.map((size) => ({ size, thresholds_eur: [...QUEST_THRESHOLDS_EUR[size]] })) };
  }

  /** A quest or achievement (a plain tournament is not one: 404). */
  async quest(id: number, db: Executor = this.db): Promise<BackofficeQuest> {
    const row = await this.tournamentRowOf(db, id);
    if (kindOf(row.frontendIdentifier) === 'tournament') throw notFound();
    return this.questOf(await this.presentTournament(db, row));
  }

  /** The tournament's view with the size's levels and each ranked player's level (from their bets, as the casino counts it). */
  private questOf(t: BackofficeTournament): BackofficeQuest {
    const { size, slug } = questParts(t.frontend_identifier);
    const thresholds = QUEST_THRESHOLDS_EUR[size];
    return {
      ...t,
      size,
      slug,
      thresholds_eur: [...thresholds],
      standing: t.leaderboard.map((row) => ({
        player_id: row.player_id,
        nickname: row.nickname,
        bet_cents: row.bet_cents,
        level: questLevels(size, row.bet_cents).filter((l) => l.state === 'completed').length,
        levels_count: thresholds.length,
      })),
    };
  }

  /** The tournament's write asked for a quest; its audit hook sees the quest's view. */
  private questHook(audit: PromotionChangeHook<BackofficeQuest>): PromotionChangeHook<BackofficeTournament> {
    return (tx, before, after) => audit(tx, before && this.questOf(before), this.questOf(after));
  }

  private static questBody({ kind, size, slug, ...rest }: BackofficeQuestRequest): OperatorTournamentRequest {
    return { ...rest, frontend_identifier: questIdentifier({ kind, size, slug }) };
  }

  /** A new quest (`taken` on `slug` when its identifier is in use). */
  async createQuest(body: BackofficeQuestRequest, audit: PromotionChangeHook<BackofficeQuest>) {
    return this.questOf(
      await this.renamed(() => this.createTournament(PromotionDesk.questBody(body), this.questHook(audit))),
    );
  }

  /** The quest written again (its schedule, prizes …), only while it has not started, as a tournament. */
  async updateQuest(id: number, body: BackofficeQuestRequest, audit: PromotionChangeHook<BackofficeQuest>) {
    await this.quest(id);
    return this.questOf(
      await this.renamed(() => this.updateTournament(id, PromotionDesk.questBody(body), this.questHook(audit))),
    );
  }

  /** Ended now with the tournaments' own early end (paid once however often asked). */
  async endQuest(id: number, audit: PromotionChangeHook<BackofficeQuest>) {
    await this.quest(id);
    return this.questOf(await this.endTournament(id, this.questHook(audit)));
  }

  /** The identifier's refusals under the field the quest's form has (`slug`). */
  private async renamed<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const taken = error instanceof ValidationError ? error.errors.frontend_identifier : undefined;
      if (taken) throw AppError.validation({ slug: taken });
      throw error;
    }
  }

  // ---- lotteries --------------------------------------------------------------------------------

  async lotteryList(query: BackofficeLotteriesQuery): Promise<{ data: Lottery[]; total: number }> {
    const now = this.clock.now();
    const q = query.q?.toLowerCase();
    const rows = (await this.db.select().from(promoLotteries))
      .filter(
        (l) =>
          (query.status === undefined || statusOf(l, now) === query.status) &&
          (!q || l.title.toLowerCase().includes(q) || l.slug.includes(q)),
      )
      .sort((a, b) => b.id - a.id);
    const shown = page(rows, query);
    return {
      data: await Promise.all(shown.data.map((l) => this.lotteries.present(this.db, l, null))),
      total: shown.total,
    };
  }

  async lottery(id: number, db: Executor = this.db): Promise<BackofficeLottery> {
    const [row] = await db.select().from(promoLotteries).where(eq(promoLotteries.id, id));
    if (!row) throw notFound();
    return this.presentLottery(db, row);
  }

  private async presentLottery(db: Executor, l: LotteryRow): Promise<BackofficeLottery> {
    const shown = await this.lotteries.present(db, l, null);
    const winning = l.winningTickets ?? [];
    const owners = winning.length
      ? await db
          .select({ number: promoLotteryTickets.number, userId: promoLotteryTickets.userId })
          .from(promoLotteryTickets)
          .where(and(eq(promoLotteryTickets.lotteryId, l.id), inArray(promoLotteryTickets.number, winning)))
      : [];
    const ownerOf = new Map(owners.map((o) => [o.number, o.userId]));
    return {
      ...shown,
      prize_table: l.prizes.map(writtenPrize),
      winner_players: winning.flatMap((ticket, i) => {
        const player = ownerOf.get(ticket);
        return player === undefined ? [] : [{ award_place: i + 1, ticket_number: ticket, player_id: player }];
      }),
      payouts: await this.payouts(db, 'lottery', l.id),
      verification: l.finishedAt ? await verification(l, shown) : null,
    };
  }

  /** A new lottery by the operator API's rules; its seed is chosen now and only its fingerprint shown. */
  async createLottery(body: OperatorLotteryRequest, audit: PromotionChangeHook<BackofficeLottery>) {
    const now = this.clock.now();
    endsAhead(body.end_at, now);
    const currencies = payoutCurrencies({ currency: body.currency, depositScaleRules: body.deposit_scale_rules });
    const prizes = storedPrizes(body.prizes, await this.bonuses.templates(), currencies);
    return this.written('slug', async (tx) => {
      const [row] = await tx
        .insert(promoLotteries)
        .values(lotteryRow(body, prizes, now))
        .returning();
      const after = await this.presentLottery(tx, row!);
      await audit(tx, null, after);
      return after;
    });
  }

  /** A write in its own transaction; a unique identifier or slug already used is 422 `taken` on `field`. */
  private async written<T>(field: string, write: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(write);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.validation({ [field]: ['taken'] });
      throw error;
    }
  }
}

/**
 * The drawn lottery's published data, re-checked as `npm run verify-draw` checks it: the seed
 * against the hash published at creation, and the draw re-run from the published counts.
 */
async function verification(l: LotteryRow, shown: Lottery) {
  const places = Math.max(0, ...l.prizes.map((p) => p.award_place));
  const seed = shown.draw.server_seed ?? '';
  const rerun = await drawTickets(nodeHmac, seed, l.id, shown.draw.tickets_count, places);
  const winners = shown.draw.winning_tickets;
  return {
    lottery_id: l.id,
    server_seed: seed,
    server_seed_hash: shown.draw.server_seed_hash,
    tickets_count: shown.draw.tickets_count,
    places,
    winning_tickets: winners,
    seed_matches_hash: createHash('sha256').update(seed).digest('hex') === shown.draw.server_seed_hash,
    winners_match: rerun.length === winners.length && rerun.every((ticket, i) => ticket === winners[i]),
    command:
      `npm run verify-draw -- --seed ${seed} --lottery-id ${l.id} --tickets ${shown.draw.tickets_count}` +
      ` --places ${places} --hash ${shown.draw.server_seed_hash}` +
      (winners.length ? ` --winners ${winners.join(',')}` : ''),
  };
}
