/**
 * Pooled jackpots: each eligible bet feeds every level of its currency's jackpot with the level's
 * share (taken from the stake straight into `jackpot_pool` through the ledger, `sql/jackpot_bet.sql`), and the bet's provably fair 32-bit
 * draw may hit one level: the level's amount goes to the player's real money and the level starts
 * again from its seed (house `promotions` → `jackpot_pool`). The sum of the levels' amounts
 * always equals the pool account's balance. The ledger moves whole cents: the part of a cent a
 * share leaves over is carried to the player's next bet (`jackpot_carries`), so small bets feed
 * the levels too. The feeding and the hit happen inside a bet's own
 * statement (`jackpot_bet()`, `sql/jackpot_bet.sql`); this service reads and seeds.
 */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { JackpotsResponse, JackpotWinsResponse } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import type { Ledger } from '../wallet';
import { jackpotLevelFeeds, jackpotLevels, jackpots, jackpotWins } from './schema';

export const JACKPOT_WON_TOPIC = 'jackpots.won';
export type JackpotWonEvent = { winId: number };

export type JackpotAmount = { games: string[]; currency: string; total: number };

/** Winner names on the public board: the first six characters, then `***`. */
export const maskedName = (name: string) => `${[...name].slice(0, 6).join('')}***`;

/** What a level pays now: its amount and what bets fed it since (`jackpot_level_feeds`). */
const levelAmount =
  sql<number>`(${jackpotLevels.amountCents} + coalesce((select sum(${jackpotLevelFeeds.amountCents}) from ${jackpotLevelFeeds} where ${jackpotLevelFeeds.levelId} = ${jackpotLevels.id}), 0))::bigint`.mapWith(
    Number,
  );

export class JackpotService {
  constructor(private readonly ledger: Ledger) {}

  /** Funds a new level's seed once (the seed; idempotent by the level's reset count 0). */
  async fundSeed(tx: Executor, levelId: number, currency: string, seedCents: number): Promise<void> {
    if (seedCents <= 0) return;
    await this.ledger.transfer(tx, {
      idempotencyKey: `jackpot:seed:${levelId}:0`,
      kind: 'jackpot',
      reference: `jackpot_level:${levelId}`,
      currency,
      amount: seedCents,
      from: { house: 'promotions' },
      to: { house: 'jackpot_pool' },
    });
  }

  async list(db: Executor): Promise<JackpotsResponse> {
    const rows = await db.select().from(jackpots).where(eq(jackpots.enabled, true)).orderBy(asc(jackpots.id));
    if (rows.length === 0) return [];
    const levels = await db
      .select({
        id: jackpotLevels.id,
        jackpotId: jackpotLevels.jackpotId,
        identifier: jackpotLevels.identifier,
        position: jackpotLevels.position,
        name: jackpotLevels.name,
        amountCents: levelAmount,
      })
      .from(jackpotLevels)
      .where(
        inArray(
          jackpotLevels.jackpotId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(jackpotLevels.position));
    return rows.map((j) => ({
      id: j.id,
      name: j.name,
      identifier: j.identifier,
      currency: j.currency,
      state: 'active',
      games: j.games,
      levels: levels
        .filter((l) => l.jackpotId === j.id)
        .map((l) => ({
          id: l.id,
          identifier: l.identifier,
          index: l.position,
          name: l.name,
          state: 'active',
          amount_cents: l.amountCents,
        })),
    }));
  }

  async wins(db: Executor, limit: number, sort: 'latest' | 'biggest' = 'latest'): Promise<JackpotWinsResponse> {
    const rows = await db
      .select({
        amountCents: jackpotWins.amountCents,
        currency: jackpotWins.currency,
        userName: jackpotWins.userName,
        createdAt: jackpotWins.createdAt,
        levelName: jackpotLevels.name,
        jackpotName: jackpots.name,
      })
      .from(jackpotWins)
      .innerJoin(jackpotLevels, eq(jackpotLevels.id, jackpotWins.levelId))
      .innerJoin(jackpots, eq(jackpots.id, jackpotLevels.jackpotId))
      .orderBy(
        ...(sort === 'biggest' ? [desc(jackpotWins.amountCents)] : []),
        desc(jackpotWins.createdAt),
        desc(jackpotWins.id),
      )
      .limit(limit);
    return rows.map((r) => ({
      amount_cents: r.amountCents,
      jackpot_name: r.jackpotName,
      jackpot_level_name: r.levelName,
      created_at: r.createdAt.toISOString(),
      user_name: maskedName(r.userName),
      jackpot_original_currency: r.currency,
      jackpot_original_amount_cents: r.amountCents,
    }));
  }

  /** Each enabled jackpot's games, currency and what it holds now (the sum of its levels). */
  async amounts(db: Executor): Promise<JackpotAmount[]> {
    return db
      .select({
        games: jackpots.games,
        currency: jackpots.currency,
        total: sql<number>`sum(${levelAmount})`.mapWith(Number),
      })
      .from(jackpots)
      .innerJoin(jackpotLevels, eq(jackpotLevels.jackpotId, jackpots.id))
      .where(eq(jackpots.enabled, true))
      .groupBy(jackpots.id);
  }

  /** A published win: what `public:wins` and the winner's `jackpot_win_award` carry. */
  async win(db: Executor, winId: number) {
    const [row] = await db
      .select({
        win: jackpotWins,
        levelName: jackpotLevels.name,
        levelIdentifier: jackpotLevels.identifier,
        jackpotName: jackpots.name,
      })
      .from(jackpotWins)
      .innerJoin(jackpotLevels, eq(jackpotLevels.id, jackpotWins.levelId))
      .innerJoin(jackpots, eq(jackpots.id, jackpotLevels.jackpotId))
      .where(eq(jackpotWins.id, winId));
    return row ?? null;
  }
}
