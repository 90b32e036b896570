/**
 * Pooled jackpots: each eligible bet feeds every level of its currency's jackpot with the level's
 * share (house `bets` → `jackpot_pool` through the ledger), and the bet's provably fair 32-bit
 * draw may hit one level: the level's amount goes to the player's real money and the level starts
 * again from its seed (house `promotions` → `jackpot_pool`). The sum of the levels' amounts
 * always equals the pool account's balance.
 */
import { and, arrayContains, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { JackpotsResponse, JackpotWinsResponse } from '@orbit/contracts';
import type { Executor, Tx } from '../../platform/db/executor';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { TtlCache } from '../../platform/cache';
import type { Ledger } from '../wallet';
import { jackpotLevels, jackpots, jackpotWins } from './schema';

export const JACKPOT_WON_TOPIC = 'jackpots.won';
export type JackpotWonEvent = { winId: number };
export const JACKPOT_CHANGED_TOPIC = 'jackpots.changed';

export type JackpotBet = {
  userId: number;
  userName: string;
  currency: string;
  /** Catalogue identifier of the game. */
  game: string;
  amountCents: number;
  /** Uniform in [0, 2^32): the round's jackpot draw; absent: the bet feeds the pool but cannot hit. */
  draw: number | undefined;
  /** Unique per bet: keys the ledger transfers. */
  reference: string;
  at: Date;
};
export type JackpotAmount = { games: string[]; currency: string; total: number };
type JackpotTarget = { id: number; levels: Array<{ id: number; identifier: string; name: string; contributionBp: number; hitWeight: number }> };
export type JackpotHit = { level: string; name: string; amountCents: number; winId: number };

/** Draws are uniform over [0, 2^32): a level with `hitWeight` w hits with probability w / 2^32. */
export const DRAW_RANGE = 2 ** 32;

/** The level a draw hits: slices of `hitWeight` values laid out from 0 in the order given (grand first). */
export function levelHit<L extends { hitWeight: number }>(levelsGrandFirst: L[], draw: number): L | null {
  let start = 0;
  for (const level of levelsGrandFirst) {
    if (draw < start + level.hitWeight) return level;
    start += level.hitWeight;
  }
  return null;
}

/** The level's share of a bet, rounded down (basis points). */
export const contribution = (amountCents: number, bp: number) => Math.floor((amountCents * bp) / 10_000);

/** Winner names on the public board: the first six characters, then `***`. */
export const maskedName = (name: string) => `${[...name].slice(0, 6).join('')}***`;

export class JackpotService {
  constructor(private readonly ledger: Ledger) {}

  /** Which jackpot a bet feeds: its levels (grand first) with their shares and slices; cached a few seconds. */
  private readonly targets = new TtlCache<JackpotTarget | null>(5_000);

  private target(tx: Executor, currency: string, game: string): Promise<JackpotTarget | null> {
    return this.targets.get(`${currency}:${game}`, async () => {
      const [jackpot] = await tx
        .select({ id: jackpots.id })
        .from(jackpots)
        .where(and(eq(jackpots.currency, currency), eq(jackpots.enabled, true), arrayContains(jackpots.games, [game])))
        .limit(1);
      if (!jackpot) return null;
      const levels = await tx
        .select({ id: jackpotLevels.id, identifier: jackpotLevels.identifier, name: jackpotLevels.name, contributionBp: jackpotLevels.contributionBp, hitWeight: jackpotLevels.hitWeight })
        .from(jackpotLevels)
        .where(eq(jackpotLevels.jackpotId, jackpot.id))
        .orderBy(desc(jackpotLevels.position));
      return { id: jackpot.id, levels };
    });
  }

  /**
   * Feeds the bet's jackpot and pays a hit, in the bet's transaction. The levels are updated in
   * one statement that also answers their new amounts (the rows stay locked until the commit).
   */
  async onBet(tx: Tx, bet: JackpotBet): Promise<JackpotHit | null> {
    const target = await this.target(tx, bet.currency, bet.game);
    if (!target || target.levels.length === 0) return null;
    const shares = target.levels.map((l) => contribution(bet.amountCents, l.contributionBp));
    const total = shares.reduce((a, b) => a + b, 0);
    if (total > 0) {
      await this.ledger.transferWithin(tx, {
        idempotencyKey: `jackpot:feed:${bet.reference}`,
        kind: 'jackpot',
        reference: bet.reference,
        currency: bet.currency,
        amount: total,
        from: { house: 'bets' },
        to: { house: 'jackpot_pool' },
      });
    }
    const planned = bet.draw === undefined ? null : levelHit(target.levels, bet.draw);
    if (total === 0 && !planned) return null;
    const cases = target.levels.map((l, i) => sql`when ${l.id} then ${shares[i]!}::bigint`);
    const updated = await tx.execute(
      sql`update ${jackpotLevels} set amount_cents = amount_cents + case id ${sql.join(cases, sql` `)} else 0 end
          where jackpot_id = ${target.id} returning id, amount_cents, seed_cents, resets`,
    );
    if (!planned) return null;
    const row = (updated.rows as Array<{ id: number; amount_cents: number | string; seed_cents: number | string; resets: number }>).find((r) => Number(r.id) === planned.id);
    if (!row || Number(row.amount_cents) <= 0) return null;
    const hit = { ...planned, amountCents: Number(row.amount_cents), seedCents: Number(row.seed_cents), resets: Number(row.resets) };

    await this.ledger.transferWithin(tx, {
      idempotencyKey: `jackpot:hit:${bet.reference}`,
      kind: 'jackpot',
      reference: bet.reference,
      currency: bet.currency,
      amount: hit.amountCents,
      from: { house: 'jackpot_pool' },
      to: { player: bet.userId, kind: 'real' },
    });
    await this.reseed(tx, hit, bet.currency);
    const [win] = await tx
      .insert(jackpotWins)
      .values({ levelId: hit.id, userId: bet.userId, userName: bet.userName, roundReference: bet.reference, currency: bet.currency, amountCents: hit.amountCents, createdAt: bet.at })
      .returning({ id: jackpotWins.id });
    await enqueueEvent(tx, JACKPOT_WON_TOPIC, { winId: win!.id } satisfies JackpotWonEvent, bet.at);
    return { level: hit.identifier, name: hit.name, amountCents: hit.amountCents, winId: win!.id };
  }

  /** Starts a level again from its seed, funded by the house's promotions account. */
  private async reseed(tx: Executor, level: { id: number; seedCents: number; resets: number }, currency: string): Promise<void> {
    await tx
      .update(jackpotLevels)
      .set({ amountCents: level.seedCents, resets: level.resets + 1 })
      .where(eq(jackpotLevels.id, level.id));
    if (level.seedCents > 0) {
      await this.ledger.transferWithin(tx, {
        idempotencyKey: `jackpot:seed:${level.id}:${level.resets + 1}`,
        kind: 'jackpot',
        reference: `jackpot_level:${level.id}`,
        currency,
        amount: level.seedCents,
        from: { house: 'promotions' },
        to: { house: 'jackpot_pool' },
      });
    }
  }

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
      .select()
      .from(jackpotLevels)
      .where(inArray(jackpotLevels.jackpotId, rows.map((r) => r.id)))
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
        .map((l) => ({ id: l.id, identifier: l.identifier, index: l.position, name: l.name, state: 'active', amount_cents: l.amountCents })),
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
      .orderBy(...(sort === 'biggest' ? [desc(jackpotWins.amountCents)] : []), desc(jackpotWins.createdAt), desc(jackpotWins.id))
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
      .select({ games: jackpots.games, currency: jackpots.currency, total: sql<number>`sum(${jackpotLevels.amountCents})`.mapWith(Number) })
      .from(jackpots)
      .innerJoin(jackpotLevels, eq(jackpotLevels.jackpotId, jackpots.id))
      .where(eq(jackpots.enabled, true))
      .groupBy(jackpots.id);
  }

  /** A published win: what `public:wins` and the winner's `jackpot_win_award` carry. */
  async win(db: Executor, winId: number) {
    const [row] = await db
      .select({ win: jackpotWins, levelName: jackpotLevels.name, levelIdentifier: jackpotLevels.identifier, jackpotName: jackpots.name })
      .from(jackpotWins)
      .innerJoin(jackpotLevels, eq(jackpotLevels.id, jackpotWins.levelId))
      .innerJoin(jackpots, eq(jackpots.id, jackpotLevels.jackpotId))
      .where(eq(jackpotWins.id, winId));
    return row ?? null;
  }
}

