/**
 * The adventure calendar (docs/loyalty.md "Adventure calendar"): a run of days from the
 * `vip-adventures` config, each with a prize and conditions (a deposit of at least `minDep` and
 * bets of `wager` on that UTC day). Completing a day issues its gift once through the bonuses
 * module; completing every day also issues the super prize.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { adventureSchema, type Adventure, type AdventureDay, type PlayerAdventure } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import { AppError } from '../../platform/errors';
import type { BonusGrants } from '../bonuses';
import { adventureInLocale, CmsService } from '../cms';
import { referenceRatesNow } from '../wallet';
import { adventureDays, loyaltyDailyActivity } from './schema';

const DAY_MS = 86_400_000;
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The run's first day: the configured one, or this week's Monday for a weekly run. */
export function firstDay(adventure: Adventure, at: Date): string {
  if (adventure.start_date) return adventure.start_date;
  const weekday = (at.getUTCDay() + 6) % 7;
  return addDays(dayOf(at), -weekday);
}

export class AdventureService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cms: CmsService,
    private readonly bonuses: BonusGrants,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The adventure open to a player of these groups (the config's first that fits), if any. Inside
   * a transaction the config is read through it (one connection: PGlite has no other). Its name
   * and prize titles are in `locale` (its `translations`, docs/localisation.md "Config documents").
   */
  async adventureFor(db: Executor, groupIds: readonly number[], locale = 'en'): Promise<Adventure | undefined> {
    const config = (await this.cms.feConfig('vip-adventures', 'en', db === this.db ? undefined : db)) as {
      enabled?: boolean;
      adventures?: unknown[];
    };
    if (!config?.enabled) return undefined;
    for (const raw of config.adventures ?? []) {
      const parsed = adventureSchema.safeParse(adventureInLocale(raw, locale));
      if (!parsed.success) continue;
      const a = parsed.data;
      if (a.group_ids.length === 0 || a.group_ids.some((g) => groupIds.includes(g))) return a;
    }
    return undefined;
  }

  /**
   * The player's days with their statuses (GET /api/player/adventure). A player's calendar starts
   * on the day they can first take part (their sign-up day, `joinedAt`): a run's days before it
   * are left out, never "lost". The super prize is listed only while it can still be won (every
   * day of the run completed or still ahead) or once won. A weekly run with nothing left for the
   * player (no day completed, none still to play: a player joining on its last days) shows the
   * next week's run instead, all of it ahead. Names and prize titles are in `locale` (the page's).
   */
  async state(
    db: Executor,
    userId: number,
    groupIds: readonly number[],
    joinedAt?: Date,
    locale = 'en',
  ): Promise<PlayerAdventure | null> {
    const adventure = await this.adventureFor(db, groupIds, locale);
    if (!adventure) return null;
    const now = this.clock.now();
    const joined = joinedAt ? dayOf(joinedAt) : null;
    const start = firstDay(adventure, now);
    const current = await this.run(db, userId, adventure, start, joined, now);
    const playable = current.days.some((d) => d.status === 'active' || d.status === 'future');
    if (adventure.start_date || playable || current.days.some((d) => d.isCompleted)) return current;
    return this.run(db, userId, adventure, addDays(start, 7), joined, now);
  }

  /** One run of the adventure as the player sees it (see `state`). */
  private async run(
    db: Executor,
    userId: number,
    adventure: Adventure,
    start: string,
    joined: string | null,
    now: Date,
  ): Promise<PlayerAdventure> {
    const today = dayOf(now);
    const rows = await db
      .select()
      .from(adventureDays)
      .where(and(eq(adventureDays.userId, userId), eq(adventureDays.adventure, runKey(adventure, start))));
    const done = new Map(rows.map((r) => [r.day, r]));
    const total = adventure.days.length;
    const days: AdventureDay[] = [];
    // The super prize asks for every day: one before the player joined, or lost, puts it out of reach.
    let reachable = true;
    adventure.days.forEach((d, i) => {
      const day = addDays(start, i);
      const row = done.get(day);
      if (!row && joined !== null && day < joined) {
        reachable = false;
        return;
      }
      const status = row ? 'completed' : day < today ? 'lost' : day === today ? 'active' : 'future';
      if (status === 'lost') reachable = false;
      days.push(this.present(adventure, day, i, total, status, d.prize, d.condition, row, now));
    });
    if (adventure.super_prize) {
      const day = addDays(start, total);
      const row = done.get(day);
      const last = adventure.days[total - 1]!;
      if (row || reachable)
        days.push(
          this.present(adventure, day, total, total, 'superb', { ...adventure.super_prize }, last.condition, row, now),
        );
    }
    // Over once no day is left to play (a run still going, or one the player may still join, is not).
    const finished = !days.some((d) => d.status === 'active' || d.status === 'future');
    return { identifier: adventure.identifier, name: adventure.name, finished, days };
  }

  private present(
    adventure: Adventure,
    day: string,
    index: number,
    total: number,
    status: AdventureDay['status'],
    prize: Adventure['days'][number]['prize'],
    condition: Adventure['days'][number]['condition'],
    row: typeof adventureDays.$inferSelect | undefined,
    now: Date,
  ): AdventureDay {
    const date = new Date(`${day}T00:00:00Z`);
    const superb = status === 'superb';
    return {
      day,
      index,
      month: date.getUTCMonth() + 1,
      weekday: date.getUTCDay(),
      step: index + 1,
      stepTotal: total,
      isCompleted: row !== undefined,
      today: day === dayOf(now),
      isSuperPrize: superb,
      status,
      prize: {
        ...prize,
        type: superb ? 'superb' : prize.type,
        prize_title: `${adventure.name}__${Math.min(index + 1, total)}/${total}__${ddmmyyyy(day)}`,
      },
      condition,
      gift:
        row?.giftKind && row.giftId !== null
          ? { kind: row.giftKind, id: row.giftId, activatable_until: row.activatableUntil?.toISOString() ?? null }
          : null,
      expires_at: row?.activatableUntil
        ? row.activatableUntil.toISOString()
        : status === 'active'
          ? new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString()
          : null,
    };
  }

  /** Records today's bets and deposits of players (the outbox handlers). */
  async record(
    tx: Executor,
    rows: ReadonlyArray<{ userId: number; currency: string; betCents: number; depositCents: number }>,
    at: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    const day = dayOf(at);
    await tx
      .insert(loyaltyDailyActivity)
      .values(
        // In one order for every batch (player, then currency): concurrent batches then wait for each
        // other's rows instead of deadlocking.
        [...rows]
          .sort((a, b) => a.userId - b.userId || a.currency.localeCompare(b.currency))
          .map((r) => ({
            userId: r.userId,
            day,
            currency: r.currency,
            betCents: r.betCents,
            maxDepositCents: r.depositCents,
          })),
      )
      .onConflictDoUpdate({
        target: [loyaltyDailyActivity.userId, loyaltyDailyActivity.day, loyaltyDailyActivity.currency],
        set: {
          betCents: sql`${loyaltyDailyActivity.betCents} + excluded.bet_cents`,
          maxDepositCents: sql`greatest(${loyaltyDailyActivity.maxDepositCents}, excluded.max_deposit_cents)`,
        },
      });
  }

  /**
   * Completes today's day when its conditions are met (a deposit of at least minDep in one
   * payment, bets of at least wager, both today), issuing its gift once; the last day's
   * completion with every day done issues the super prize too.
   */
  async tryComplete(tx: Tx, userId: number, groupIds: readonly number[], currency: string, at: Date): Promise<boolean> {
    const adventure = await this.adventureFor(tx, groupIds);
    if (!adventure) return false;
    const today = dayOf(at);
    const start = firstDay(adventure, at);
    const index = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
    const spec = adventure.days[index];
    if (index < 0 || !spec) return false;
    const activity = await tx
      .select()
      .from(loyaltyDailyActivity)
      .where(and(eq(loyaltyDailyActivity.userId, userId), eq(loyaltyDailyActivity.day, today)));
    const rates = await referenceRatesNow(tx);
    const inCurrency = (per: Record<string, number>) =>
      per[currency] ?? (per.EUR !== undefined ? rates.convert(per.EUR, 'EUR', currency, 'up') : 0);
    const inOwn = (cents: number, from: string) =>
      from === currency ? cents : rates.convert(cents, from, currency, 'down');
    const deposit = Math.max(0, ...activity.map((a) => inOwn(a.maxDepositCents, a.currency)));
    const bets = activity.reduce((sum, a) => sum + inOwn(a.betCents, a.currency), 0);
    const minDep = inCurrency(spec.condition.minDep);
    if (deposit <= 0 || deposit < minDep || bets < inCurrency(spec.condition.wager)) return false;
    const run = runKey(adventure, start);
    const completed = await this.complete(
      tx,
      userId,
      run,
      today,
      spec.prize,
      currency,
      spec.condition.periodActivationDays,
      at,
    );
    if (completed && adventure.super_prize && index === adventure.days.length - 1) {
      const all = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(adventureDays)
        .where(and(eq(adventureDays.userId, userId), eq(adventureDays.adventure, run)));
      if ((all[0]?.n ?? 0) >= adventure.days.length)
        await this.complete(
          tx,
          userId,
          run,
          addDays(start, adventure.days.length),
          adventure.super_prize,
          currency,
          spec.condition.periodActivationDays,
          at,
        );
    }
    return completed;
  }

  private async complete(
    tx: Tx,
    userId: number,
    run: string,
    day: string,
    prize: Adventure['days'][number]['prize'],
    currency: string,
    activationDays: number,
    at: Date,
  ): Promise<boolean> {
    // Once per player and day: the key makes a second deposit (or a redelivery) find it done.
    const [created] = await tx
      .insert(adventureDays)
      .values({ userId, adventure: run, day, completedAt: at })
      .onConflictDoNothing()
      .returning();
    if (!created) return false;
    try {
      const key = `adventure:${run}:${day}:${userId}`;
      const gift =
        prize.type === 'bonus'
          ? await this.bonuses.grant(userId, prize.template_key, currency, key, prize.amount_cents?.[currency], tx)
          : await this.bonuses.grantFreespins(userId, prize.template_key, currency, key, tx);
      const until = gift.activatable_until
        ? new Date(gift.activatable_until)
        : new Date(at.getTime() + activationDays * DAY_MS);
      await tx
        .update(adventureDays)
        .set({ giftKind: prize.type === 'bonus' ? 'bonus' : 'freespins', giftId: gift.id, activatableUntil: until })
        .where(and(eq(adventureDays.userId, userId), eq(adventureDays.adventure, run), eq(adventureDays.day, day)));
    } catch (error) {
      // Bonuses switched off, or the template not offered in the currency: the day is done without a gift (support button).
      if (!(error instanceof AppError)) throw error;
      this.log.info({ userId, run, day, code: error.code }, 'adventure day completed without gift');
    }
    return true;
  }
}

/** One run of an adventure (a weekly one is a new run each week). */
function runKey(adventure: Adventure, start: string): string {
  return `${adventure.identifier}:${start}`;
}
