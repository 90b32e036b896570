/**
 * Manual adjustments (docs/backoffice.md "Manual adjustments"): an operator credits or debits a
 * player's real balance through the ledger, with a category and a reason. Above the four-eyes
 * amount (BACKOFFICE_FOUR_EYES_UNITS euros at the reference rate) it waits for a second
 * operator; nobody decides their own. The ledger refuses a debit past the balance, so a balance
 * never goes below zero.
 */
import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type {
  BackofficeAdjustment,
  BackofficeAdjustmentCreateRequest,
  BackofficeDecisionRequest,
} from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { conflict, forbidden, unprocessable } from '../../platform/errors';
import { Ledger, listAccounts, referenceRatesNow } from '../wallet';
import { appendAudit, type Actor } from './audit';
import { subunitsByCurrency } from './cashout-queue';
import type { PlayerDesk } from './player-desk';
import { balanceAdjustments, operators } from './schema';

type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

const DAY_MS = 86_400_000;

export class Adjustments {
  private readonly ledger: Ledger;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly desk: PlayerDesk,
    /** Euro cents above which a second operator approves. */
    private readonly fourEyesEurCents: number,
  ) {
    this.ledger = new Ledger(clock);
  }

  async create(by: Actor, input: BackofficeAdjustmentCreateRequest): Promise<BackofficeAdjustment> {
    await this.desk.requirePlayer(input.user_id);
    if (!(await listAccounts(this.db, input.user_id)).some((a) => a.currency === input.currency))
      throw unprocessable('no_account', 'currency');
    const eurCents = (await referenceRatesNow(this.db)).convert(input.amount_cents, input.currency, 'EUR', 'up');
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      // One operator's adjustments of one player are counted together over a day, so that a
      // large amount split into small ones still waits for a second operator.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('orbit.adjustments'), ${input.user_id}::int)`);
      const fourEyes = (await this.appliedAlone(tx, by, input.user_id, now)) + eurCents > this.fourEyesEurCents;
      const [created] = await tx
        .insert(balanceAdjustments)
        .values({
          userId: input.user_id,
          currency: input.currency,
          direction: input.direction,
          amount: input.amount_cents,
          eurCents,
          category: input.category,
          reason: input.reason,
          state: fourEyes ? 'pending' : 'applied',
          createdBy: by.operatorId,
          createdAt: now,
        })
        .returning();
      const applied = fourEyes ? created! : await this.apply(tx, created!, by.operatorId, now);
      await appendAudit(tx, now, by, {
        action: 'adjustment.create',
        targetType: 'player',
        targetId: input.user_id,
        after: { adjustment_id: applied.id, ...summary(applied) },
        reason: input.reason,
      });
      return applied;
    });
    return this.present(row);
  }

  /**
   * The second operator's decision on a waiting adjustment: 403 `own_adjustment` for its
   * creator, 409 `not_pending` once decided (two approvals at once: one wins, the row's lock
   * makes the other find it decided), 422 `insufficient_funds` for a debit the balance no longer
   * covers (it stays waiting).
   */
  async decide(by: Actor, id: number, { decision, reason }: BackofficeDecisionRequest): Promise<BackofficeAdjustment> {
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
      if (!before) throw conflict('not_pending');
      if (before.createdBy !== null && before.createdBy === by.operatorId) throw forbidden('own_adjustment');
      const [decided] = await tx
        .update(balanceAdjustments)
        .set({
          state: decision === 'approve' ? 'applied' : 'rejected',
          decidedBy: by.operatorId,
          decidedAt: now,
          decisionReason: reason,
        })
        .where(and(eq(balanceAdjustments.id, id), eq(balanceAdjustments.state, 'pending')))
        .returning();
      if (!decided) throw conflict('not_pending');
      const after = decision === 'approve' ? await this.apply(tx, decided, by.operatorId, now) : decided;
      await appendAudit(tx, now, by, {
        action: decision === 'approve' ? 'adjustment.approve' : 'adjustment.reject',
        targetType: 'player',
        targetId: decided.userId,
        before: { adjustment_id: id, ...summary(before) },
        after: { adjustment_id: id, ...summary(after) },
        reason,
      });
      return after;
    });
    return this.present(row);
  }

  /** Euro cents of what this operator applied to this player without a second operator in the last 24 hours. */
  private async appliedAlone(tx: Executor, by: Actor, userId: number, now: Date): Promise<number> {
    if (by.operatorId === null) return 0;
    const [row] = await tx
      .select({ eur: sql<string>`coalesce(sum(${balanceAdjustments.eurCents}), 0)` })
      .from(balanceAdjustments)
      .where(
        and(
          eq(balanceAdjustments.userId, userId),
          eq(balanceAdjustments.createdBy, by.operatorId),
          eq(balanceAdjustments.decidedBy, by.operatorId),
          eq(balanceAdjustments.state, 'applied'),
          gt(balanceAdjustments.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    return Number(row?.eur ?? 0);
  }

  /** The money moves: one ledger transfer keyed by the adjustment, so it can never move twice. */
  private async apply(tx: Executor, row: AdjustmentRow, decidedBy: number | null, at: Date): Promise<AdjustmentRow> {
    const player = { player: row.userId, kind: 'real' as const };
    const house = { house: 'adjustments' as const };
    const { transfer } = await this.ledger.transfer(tx, {
      idempotencyKey: `adjustment:${row.id}`,
      kind: 'adjustment',
      reference: `adjustment:${row.id}`,
      currency: row.currency,
      amount: row.amount,
      from: row.direction === 'credit' ? house : player,
      to: row.direction === 'credit' ? player : house,
    });
    const [applied] = await tx
      .update(balanceAdjustments)
      .set({
        state: 'applied',
        transferId: transfer.id,
        decidedBy: row.decidedBy ?? decidedBy,
        decidedAt: row.decidedAt ?? at,
      })
      .where(eq(balanceAdjustments.id, row.id))
      .returning();
    return applied!;
  }

  async page(filter: { state?: string | undefined; user_id?: number | undefined }, page: number, perPage: number) {
    const conditions: SQL[] = [];
    if (filter.state) conditions.push(eq(balanceAdjustments.state, filter.state));
    if (filter.user_id) conditions.push(eq(balanceAdjustments.userId, filter.user_id));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(balanceAdjustments)
        .where(where)
        .orderBy(desc(balanceAdjustments.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(balanceAdjustments).where(where),
    ]);
    const units = await subunitsByCurrency(this.db);
    const data: BackofficeAdjustment[] = [];
    for (const row of rows) data.push(await this.present(row, units));
    return { data, total: Number(total?.n ?? 0) };
  }

  async one(id: number): Promise<BackofficeAdjustment | undefined> {
    const [row] = await this.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
    return row && this.present(row);
  }

  private async present(row: AdjustmentRow, units?: Map<string, number>): Promise<BackofficeAdjustment> {
    const subunits = (units ?? (await subunitsByCurrency(this.db))).get(row.currency) ?? 100;
    const [names] = row.createdBy
      ? await this.db.select({ name: operators.name }).from(operators).where(eq(operators.id, row.createdBy))
      : [];
    return {
      id: row.id,
      user_id: row.userId,
      currency: row.currency,
      direction: row.direction as BackofficeAdjustment['direction'],
      amount_cents: row.amount,
      subunits_to_unit: subunits,
      eur_cents: row.eurCents,
      category: row.category as BackofficeAdjustment['category'],
      reason: row.reason,
      state: row.state as BackofficeAdjustment['state'],
      four_eyes: row.decidedBy === null ? row.state === 'pending' : row.decidedBy !== row.createdBy,
      created_by: row.createdBy,
      created_by_name: names?.name ?? null,
      created_at: row.createdAt.toISOString(),
      decided_by: row.decidedBy,
      decided_at: row.decidedAt?.toISOString() ?? null,
      decision_reason: row.decisionReason,
      transfer_id: row.transferId,
    };
  }
}

const summary = (row: AdjustmentRow) => ({
  state: row.state,
  direction: row.direction,
  amount_cents: row.amount,
  currency: row.currency,
  category: row.category,
  transfer_id: row.transferId,
});
