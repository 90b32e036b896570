/**
 * Lotteries (docs/promotions.md "Lotteries"): tickets from deposits by the deposit scale and from
 * comp points (the shop's door), numbered 1..n in issue order, capped per player; a draw at
 * `end_at` from the server seed committed to at creation (its SHA-256 public from the start),
 * winners by `drawTickets`, the seed revealed, each place paid once.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { drawTickets, localisedText, LOTTERY_DRAW_ALGORITHM, type Lottery, type LotteryStatus } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import { unprocessable } from '../../platform/errors';
import type { BonusGrants } from '../bonuses';
import { publicNames } from '../identity';
import { referenceRatesNow } from '../wallet';
import { payPrize, presentPrize } from './prizes';
import { announceResults, announceTickets } from './results';
import { promoLotteries, promoLotteryTickets, type StoredPrize } from './schema';
import { sortPromos, statusOf } from './tournaments';

export type LotteryRow = typeof promoLotteries.$inferSelect;
type ScaleRule = { from_amount_cents: number; price_cents: number };

export const nodeHmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
export const seedHash = (seed: string) => createHash('sha256').update(seed).digest('hex');
export const newServerSeed = () => randomBytes(32).toString('hex');

/**
 * Tickets a deposit buys: the rule with the highest `from_amount_cents` the deposit reaches
 * gives the price of one ticket; the deposit buys floor(amount / price). None below the lowest rule.
 */
export function ticketsForDeposit(rules: readonly ScaleRule[], amountCents: number): number {
  const rule = [...rules]
    .filter((r) => amountCents >= r.from_amount_cents)
    .sort((a, b) => b.from_amount_cents - a.from_amount_cents)[0];
  return rule ? Math.floor(amountCents / rule.price_cents) : 0;
}

/** The currencies a lottery pays prizes in: its own and those its deposit scale takes. */
export const payoutCurrencies = (l: Pick<LotteryRow, 'currency' | 'depositScaleRules'>): string[] => [
  ...new Set([l.currency, ...Object.keys(l.depositScaleRules)]),
];

export class LotteryService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bonuses: BonusGrants,
  ) {}

  async list(groupIds: number[] | null): Promise<LotteryRow[]> {
    const rows = await this.db.select().from(promoLotteries);
    return sortPromos(
      rows.filter((l) => l.groupIds.length === 0 || (groupIds ?? []).some((g) => l.groupIds.includes(g))),
      this.clock.now(),
    );
  }

  async one(idOrSlug: string): Promise<LotteryRow | undefined> {
    const byId = /^\d+$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647;
    const [row] = await this.db
      .select()
      .from(promoLotteries)
      .where(byId ? eq(promoLotteries.id, Number(idOrSlug)) : eq(promoLotteries.slug, idOrSlug));
    return row;
  }

  /** The lottery as the page of `locale` shows it: its title and description in that locale (docs/localisation.md). */
  async present(db: Executor, l: LotteryRow, viewer: number | null, locale = 'en'): Promise<Lottery> {
    const status = statusOf(l, this.clock.now());
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(promoLotteryTickets)
      .where(eq(promoLotteryTickets.lotteryId, l.id));
    const winning = l.winningTickets ?? [];
    const owners = winning.length
      ? await db
          .select({ number: promoLotteryTickets.number, userId: promoLotteryTickets.userId })
          .from(promoLotteryTickets)
          .where(and(eq(promoLotteryTickets.lotteryId, l.id), inArray(promoLotteryTickets.number, winning)))
      : [];
    const ownerOf = new Map(owners.map((o) => [o.number, o.userId]));
    const nameOf = await publicNames(db, [...new Set(owners.map((o) => o.userId))]);
    return {
      id: l.id,
      title: localisedText(l.translations, 'title', locale, l.title),
      description: localisedText(l.translations, 'description', locale, l.description),
      currency: l.currency,
      frontend_identifier: `lottery--${l.slug}`,
      slug: l.slug,
      status,
      in_progress: status === 'active',
      start_at: l.startAt.toISOString(),
      end_at: l.endAt.toISOString(),
      finished_at: l.finishedAt?.toISOString() ?? null,
      comp_points_ticket_price: l.compPointsTicketPrice,
      money_budget_cents: l.moneyBudgetCents,
      group_ids: l.groupIds,
      prizes: l.prizes.map(presentPrize),
      deposit_scale_rules: l.depositScaleRules,
      max_tickets_count_to_player: l.maxTicketsPerPlayer,
      lottery_tickets_count: count?.n ?? 0,
      draw: {
        server_seed_hash: l.serverSeedHash,
        server_seed: l.finishedAt ? l.serverSeed : null,
        tickets_count: count?.n ?? 0,
        winning_tickets: winning,
        algorithm: LOTTERY_DRAW_ALGORITHM,
      },
      winners: winning.map((ticket, i) => {
        const userId = ownerOf.get(ticket) ?? 0;
        return {
          award_place: i + 1,
          ticket_number: ticket,
          nickname: nameOf(userId),
          me: userId === viewer,
        };
      }),
    };
  }

  async status(db: Executor, l: LotteryRow, userId: number): Promise<LotteryStatus> {
    const tickets = await db
      .select({
        id: promoLotteryTickets.id,
        number: promoLotteryTickets.number,
        source: promoLotteryTickets.source,
        createdAt: promoLotteryTickets.createdAt,
      })
      .from(promoLotteryTickets)
      .where(and(eq(promoLotteryTickets.lotteryId, l.id), eq(promoLotteryTickets.userId, userId)))
      .orderBy(asc(promoLotteryTickets.number));
    const numbers = tickets.map((t) => t.number);
    // The winning tickets in place order: place n is the ticket at index n - 1.
    const placeOf = new Map((l.winningTickets ?? []).map((ticket, i) => [ticket, i + 1]));
    const places = (l.winningTickets ?? []).flatMap((ticket, i) => (numbers.includes(ticket) ? [i + 1] : []));
    return {
      lottery_id: l.id,
      tickets_count: numbers.length,
      ticket_numbers: numbers,
      award_places: places,
      tickets: tickets.map((t) => ({
        id: t.id,
        number: t.number,
        source: t.source,
        award_place: placeOf.get(t.number) ?? null,
        created_at: t.createdAt.toISOString(),
      })),
    };
  }

  /**
   * Issues up to `count` tickets, within the player's cap, numbered after the last one (the
   * lottery's row is locked so numbers stay dense). `sourceKey` makes a retry issue nothing more.
   * Answers how many were issued now; when any, a `promotions.tickets` event goes with them.
   */
  async issue(
    tx: Tx,
    lotteryId: number,
    userId: number,
    count: number,
    source: 'deposit' | 'comp_points' | 'operator',
    sourceKey: string,
    at: Date,
  ): Promise<number> {
    const [l] = await tx.select().from(promoLotteries).where(eq(promoLotteries.id, lotteryId)).for('update');
    if (!l || statusOf(l, at) !== 'active' || l.finishedAt) return 0;
    const [{ held, last, repeated }] = (await tx
      .select({
        held: sql<number>`count(*) filter (where ${promoLotteryTickets.userId} = ${userId})::int`,
        last: sql<number>`coalesce(max(${promoLotteryTickets.number}), 0)::int`,
        repeated: sql<number>`count(*) filter (where ${promoLotteryTickets.sourceKey} like ${`${sourceKey}:%`})::int`,
      })
      .from(promoLotteryTickets)
      .where(eq(promoLotteryTickets.lotteryId, lotteryId))) as [{ held: number; last: number; repeated: number }];
    if (repeated > 0) return 0;
    const n = Math.min(count, l.maxTicketsPerPlayer - held);
    if (n <= 0) return 0;
    await tx.insert(promoLotteryTickets).values(
      Array.from({ length: n }, (_, i) => ({
        lotteryId,
        number: last + i + 1,
        userId,
        source,
        sourceKey: `${sourceKey}:${i}`,
        createdAt: at,
      })),
    );
    // Told to the player by the notifications (docs/notifications.md), in this transaction.
    await announceTickets(
      tx,
      { lotteryId, userId, title: l.title, slug: l.slug, count: n, total: held + n, sourceKey },
      at,
      l.translations,
    );
    return n;
  }

  /** A deposit's tickets in every running lottery of its currency (EUR rules, converted, otherwise). */
  async fromDeposit(tx: Tx, paymentId: number, userId: number, currency: string, amountCents: number, at: Date) {
    const running = (
      await tx
        .select()
        .from(promoLotteries)
        .where(and(isNull(promoLotteries.finishedAt), lte(promoLotteries.startAt, at)))
    ).filter((l) => statusOf(l, at) === 'active');
    const issued: Array<{ lotteryId: number; count: number }> = [];
    for (const l of running) {
      let rules = l.depositScaleRules[currency];
      let amount = amountCents;
      if (!rules && l.depositScaleRules.EUR) {
        rules = l.depositScaleRules.EUR;
        amount = (await referenceRatesNow(tx)).convert(amountCents, currency, 'EUR', 'down');
      }
      const tickets = rules ? ticketsForDeposit(rules, amount) : 0;
      if (tickets === 0) continue;
      const count = await this.issue(tx, l.id, userId, tickets, 'deposit', `deposit:${paymentId}`, at);
      if (count) issued.push({ lotteryId: l.id, count });
    }
    return issued;
  }

  /** Lotteries running now that sell tickets for points, with the price (the shop's card). */
  async selling(): Promise<Array<{ id: number; points: number }>> {
    const now = this.clock.now();
    const rows = await this.db
      .select()
      .from(promoLotteries)
      .where(and(isNull(promoLotteries.finishedAt), lte(promoLotteries.startAt, now)));
    return sortPromos(
      rows.filter((l) => statusOf(l, now) === 'active' && l.compPointsTicketPrice > 0),
      now,
    ).map((l) => ({ id: l.id, points: l.compPointsTicketPrice }));
  }

  /** Comp-point tickets (the shop's door): refused outside the running time or at the cap. */
  async buyWithPoints(tx: Tx, lotteryId: number, userId: number, count: number, key: string, at: Date) {
    const [l] = await tx.select().from(promoLotteries).where(eq(promoLotteries.id, lotteryId));
    if (!l) throw unprocessable('unknown_reward');
    if (statusOf(l, at) !== 'active' || l.finishedAt || l.compPointsTicketPrice <= 0)
      throw unprocessable('lottery_not_running');
    const issued = await this.issue(tx, l.id, userId, count, 'comp_points', `points:${userId}:${key}`, at);
    if (issued < count) throw unprocessable('ticket_limit_reached');
    return { points: l.compPointsTicketPrice * count };
  }

  async due(): Promise<number[]> {
    const rows = await this.db
      .select({ id: promoLotteries.id })
      .from(promoLotteries)
      .where(and(isNull(promoLotteries.finishedAt), lte(promoLotteries.endAt, this.clock.now())))
      .orderBy(asc(promoLotteries.endAt));
    return rows.map((r) => r.id);
  }

  /** The draw, in one transaction guarded by `finished_at is null` (once, also across a restart). */
  async draw(id: number): Promise<Array<{ userId: number; place: number }>> {
    const at = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [l] = await tx
        .select()
        .from(promoLotteries)
        .where(and(eq(promoLotteries.id, id), isNull(promoLotteries.finishedAt), lte(promoLotteries.endAt, at)))
        .for('update');
      if (!l) return [];
      const tickets = await tx
        .select({ number: promoLotteryTickets.number, userId: promoLotteryTickets.userId })
        .from(promoLotteryTickets)
        .where(eq(promoLotteryTickets.lotteryId, id))
        .orderBy(asc(promoLotteryTickets.number));
      const places = Math.max(0, ...l.prizes.map((p) => p.award_place));
      const winning = await drawTickets(nodeHmac, l.serverSeed, l.id, tickets.length, places);
      await tx.update(promoLotteries).set({ finishedAt: at, winningTickets: winning }).where(eq(promoLotteries.id, id));
      const ownerOf = new Map(tickets.map((t) => [t.number, t.userId]));
      const winners = winning.map((ticket, i) => ({ userId: ownerOf.get(ticket)!, place: i + 1 }));
      const prizeOf = new Map<number, StoredPrize>(l.prizes.map((p) => [p.award_place, p]));
      for (const w of winners) {
        const prize = prizeOf.get(w.place);
        if (prize)
          await payPrize(
            tx,
            this.bonuses,
            { kind: 'lottery', id },
            prize,
            w.userId,
            l.currency,
            payoutCurrencies(l),
            at,
          );
      }
      // Each winning player's result, told by the notifications (docs/notifications.md).
      const placesOf = new Map<number, number[]>();
      for (const w of winners) placesOf.set(w.userId, [...(placesOf.get(w.userId) ?? []), w.place]);
      const info = {
        kind: 'lottery' as const,
        id,
        title: l.title,
        translations: l.translations,
        identifier: `lottery--${l.slug}`,
      };
      await announceResults(
        tx,
        { ...info, path: `/lottery/${encodeURIComponent(l.slug)}` },
        l.prizes,
        l.currency,
        placesOf,
        at,
      );
      return winners;
    });
  }
}
