/**
 * The back office's door to loyalty (`app.orbitLoyaltyDesk`, docs/backoffice.md "Loyalty"): the
 * shop's cards, the accrual rules and the VIP managers with their players, listed, read and
 * written through the very writers the operator API uses (`checkedRateValues`, `saveAccrualRule`,
 * the managers' functions). Each write runs in one transaction with its caller's audit hook,
 * after a lock that takes the desk's writes one at a time: of twenty identical calls at once the
 * first changes, the others find the change made (a card's group taken, nothing left to change)
 * and write nothing, no audit entry either.
 */
import { isDeepStrictEqual } from 'node:util';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type {
  AccrualRule,
  BackofficeAccrualRule,
  BackofficeCompPointRate,
  BackofficeCompPointRateCreate,
  BackofficeCompPointRatesQuery,
  BackofficeManager,
  CompPointRateInput,
  ManagerInput,
} from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import { AppError, notFound } from '../../platform/errors';
import { playerExists, publicNames } from '../identity';
import { assignManager, createManager, presentOperatorManager, updateManager } from './managers';
import { saveAccrualRule } from './points';
import { compPointAccrualRules, compPointRates, loyaltyManagers, playerManagers } from './schema';
import { checkedRateValues, presentRate, type RateRow } from './shop';

/** An audit hook: the record before (null for a new one) and after, in the write's transaction. */
export type LoyaltyChangeHook<T> = (tx: Executor, before: T | null, after: T) => Promise<void>;

type Paging = { page: number; per_page: number };
const page = <T>(rows: T[], query: Paging) => ({
  data: rows.slice((query.page - 1) * query.per_page, query.page * query.per_page),
  total: rows.length,
});

const cardOf = (row: RateRow): BackofficeCompPointRate => ({ id: row.group, ...presentRate(row) });
const ruleOf = (row: typeof compPointAccrualRules.$inferSelect): BackofficeAccrualRule => ({
  id: row.currency,
  currency: row.currency,
  cents_per_point: row.centsPerPoint,
  contributions: row.contributions,
});

/** A player's manager as the back office names it. */
export type PlayerManager = { id: number; manager_id: number | null };

export class LoyaltyDesk {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The write with the desk's lock: one at a time, so a repeat finds the first one's result. */
  private write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('orbit.loyalty_desk'))`);
      return work(tx);
    });
  }

  /** Runs the hook unless nothing changed; answers `after`. */
  private async audited<T>(tx: Executor, before: T | null, after: T, hook: LoyaltyChangeHook<T>): Promise<T> {
    if (!isDeepStrictEqual(before, after)) await hook(tx, before, after);
    return after;
  }

  // ---- the shop's cards -------------------------------------------------------------------------

  /** Every card, active or not, in the shop's order (position, then group). */
  async rateList(query: BackofficeCompPointRatesQuery) {
    const rows = await this.db
      .select()
      .from(compPointRates)
      .orderBy(asc(compPointRates.position), asc(compPointRates.group));
    return page(
      rows
        .filter((r) => (query.type === undefined || r.type === query.type) && (query.active ?? r.active) === r.active)
        .map(cardOf),
      query,
    );
  }

  private async rateRow(db: Executor, group: string, lock = false): Promise<RateRow> {
    const select = db.select().from(compPointRates).where(eq(compPointRates.group, group));
    const [row] = await (lock ? select.for('update') : select);
    if (!row) throw notFound();
    return row;
  }

  async rate(group: string): Promise<BackofficeCompPointRate> {
    return cardOf(await this.rateRow(this.db, group));
  }

  /** A new card; a group in use is 422 `group: taken` (never overwritten). */
  async createRate(input: BackofficeCompPointRateCreate, hook: LoyaltyChangeHook<BackofficeCompPointRate>) {
    const { group, ...card } = input;
    const values = checkedRateValues(group, card);
    return this.write(async (tx) => {
      const [row] = await tx.insert(compPointRates).values(values).onConflictDoNothing().returning();
      if (!row) throw AppError.validation({ group: ['taken'] });
      return this.audited(tx, null, cardOf(row), hook);
    });
  }

  /** The whole card again (the operator API's PUT on a card that exists). */
  async updateRate(group: string, input: CompPointRateInput, hook: LoyaltyChangeHook<BackofficeCompPointRate>) {
    const values = checkedRateValues(group, input);
    return this.write(async (tx) => {
      const before = cardOf(await this.rateRow(tx, group, true));
      const [row] = await tx.update(compPointRates).set(values).where(eq(compPointRates.group, group)).returning();
      return this.audited(tx, before, cardOf(row!), hook);
    });
  }

  /** Switches a card on or off in the shop; asking for the state it is in writes nothing. */
  async setRateActive(group: string, active: boolean, hook: LoyaltyChangeHook<BackofficeCompPointRate>) {
    return this.write(async (tx) => {
      const before = cardOf(await this.rateRow(tx, group, true));
      if (before.active === active) return before;
      const [row] = await tx.update(compPointRates).set({ active }).where(eq(compPointRates.group, group)).returning();
      return this.audited(tx, before, cardOf(row!), hook);
    });
  }

  // ---- accrual rules ----------------------------------------------------------------------------

  /** Every rule, `*` (the default) first, then by currency. */
  async accrualList(query: Paging) {
    const rows = await this.db.select().from(compPointAccrualRules).orderBy(asc(compPointAccrualRules.currency));
    return page(rows.map(ruleOf), query);
  }

  private async ruleRow(db: Executor, currency: string) {
    const [row] = await db.select().from(compPointAccrualRules).where(eq(compPointAccrualRules.currency, currency));
    return row ? ruleOf(row) : null;
  }

  async accrualRule(currency: string): Promise<BackofficeAccrualRule> {
    const rule = await this.ruleRow(this.db, currency);
    if (!rule) throw notFound();
    return rule;
  }

  /** Creates or replaces the currency's rule. */
  async saveAccrualRule(currency: string, rule: AccrualRule, hook: LoyaltyChangeHook<BackofficeAccrualRule>) {
    return this.write(async (tx) => {
      const before = await this.ruleRow(tx, currency);
      const saved = await saveAccrualRule(tx, currency, rule);
      return this.audited(tx, before, { id: currency, currency, ...saved }, hook);
    });
  }

  // ---- VIP managers -----------------------------------------------------------------------------

  private async managerCounts(db: Executor): Promise<Map<number, number>> {
    const rows = await db
      .select({ managerId: playerManagers.managerId, n: count() })
      .from(playerManagers)
      .groupBy(playerManagers.managerId);
    return new Map(rows.map((r) => [r.managerId, r.n]));
  }

  async managerList(query: Paging) {
    const [rows, counts] = await Promise.all([
      this.db.select().from(loyaltyManagers).orderBy(asc(loyaltyManagers.id)),
      this.managerCounts(this.db),
    ]);
    return page(
      rows.map((r) => ({ ...presentOperatorManager(r), players_count: counts.get(r.id) ?? 0 })),
      query,
    );
  }

  private async managerAt(db: Executor, id: number, lock = false): Promise<BackofficeManager> {
    const select = db.select().from(loyaltyManagers).where(eq(loyaltyManagers.id, id));
    const [row] = await (lock ? select.for('update') : select);
    if (!row) throw notFound();
    const [counted] = await db.select({ n: count() }).from(playerManagers).where(eq(playerManagers.managerId, id));
    return { ...presentOperatorManager(row), players_count: counted?.n ?? 0 };
  }

  async manager(id: number): Promise<BackofficeManager> {
    return this.managerAt(this.db, id);
  }

  /** A new manager; one of the same name (any case) is 422 `name: taken`, so a repeated create adds none. */
  async createManager(input: ManagerInput, hook: LoyaltyChangeHook<BackofficeManager>) {
    return this.write(async (tx) => {
      const [same] = await tx
        .select({ id: loyaltyManagers.id })
        .from(loyaltyManagers)
        .where(sql`lower(${loyaltyManagers.name}) = lower(${input.name})`);
      if (same) throw AppError.validation({ name: ['taken'] });
      const created = await createManager(tx, input);
      return this.audited(tx, null, { ...created, players_count: 0 }, hook);
    });
  }

  async updateManager(id: number, input: ManagerInput, hook: LoyaltyChangeHook<BackofficeManager>) {
    return this.write(async (tx) => {
      const before = await this.managerAt(tx, id, true);
      const [same] = await tx
        .select({ id: loyaltyManagers.id })
        .from(loyaltyManagers)
        .where(sql`lower(${loyaltyManagers.name}) = lower(${input.name}) and ${loyaltyManagers.id} <> ${id}`);
      if (same) throw AppError.validation({ name: ['taken'] });
      const after = await updateManager(tx, id, input);
      return this.audited(tx, before, { ...after, players_count: before.players_count }, hook);
    });
  }

  /** The players assigned to the manager, the newest assignment first (404 for no such manager). */
  async managerPlayers(id: number, query: Paging) {
    await this.managerAt(this.db, id);
    const rows = await this.db
      .select()
      .from(playerManagers)
      .where(eq(playerManagers.managerId, id))
      .orderBy(desc(playerManagers.assignedAt), asc(playerManagers.userId));
    const shown = page(rows, query);
    const nameOf = await publicNames(
      this.db,
      shown.data.map((r) => r.userId),
    );
    return {
      total: shown.total,
      data: shown.data.map((r) => ({ id: r.userId, name: nameOf(r.userId), assigned_at: r.assignedAt.toISOString() })),
    };
  }

  /**
   * Assigns the player a manager (moving them from another), or none (null). 404 for no such
   * player, 422 `manager_id: invalid` for no such manager; the same assignment again writes nothing.
   */
  async assignPlayer(userId: number, managerId: number | null, hook: LoyaltyChangeHook<PlayerManager>) {
    return this.write(async (tx) => {
      if (!(await playerExists(tx, userId))) throw notFound();
      const [row] = await tx
        .select({ managerId: playerManagers.managerId })
        .from(playerManagers)
        .where(eq(playerManagers.userId, userId));
      const before = { id: userId, manager_id: row?.managerId ?? null };
      if (before.manager_id === managerId) return before;
      await assignManager(tx, userId, managerId, this.clock.now());
      return this.audited(tx, before, { id: userId, manager_id: managerId }, hook);
    });
  }
}
