/**
 * A player's bonus through its stages (docs/bonuses.md): issued from a template, activated (its
 * money into the bonus account), one wagering at a time with the others queued, and ended: paid out
 * within its max win, lost, canceled or expired (the sweep). Every money movement is a ledger
 * transfer keyed by the bonus (`bonus:<id>:<step>`), so a retried step moves nothing twice.
 */
import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BonusCancelInfo, GiftAction, PlayerBonus } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { isUniqueViolation, type Executor } from '../../platform/db/executor';
import { AppError, notFound, unprocessable } from '../../platform/errors';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { outboxEvents } from '../../platform/outbox/schema';
import { bonusSettingsOf } from '../identity';
import { InsufficientFundsError, playerBalances, TRANSFER_TOPIC, type Ledger, type TransferEvent } from '../wallet';
import {
  defaultMaxWin,
  maxWinOf,
  MIN_BET_CENTS,
  payout,
  resumedDeadline,
  termsIn,
  wagerMultiplierFor,
  wagerRequirement,
} from './rules';
import {
  ACTIVE_STAGES,
  BONUS_CHANGED_TOPIC,
  cashoutPayment,
  DAY_MS,
  lockPlayer,
  type BonusChangedEvent,
  type BonusRow,
  type Standing,
  type TemplateRow,
} from './rows';
import { playerBonuses } from './schema';
import { titlesInLocale } from './titles';

/** How a bonus ends. */
export type BonusEnd = 'wager_done' | 'lost' | 'canceled' | 'expired';

/** What a new bonus is issued with, beyond its template's terms. */
export type IssueTerms = {
  userId: number;
  currency: string;
  country: string | null;
  issueKey: string;
  stage: 'issued' | 'wait';
  amountCents?: number;
  paymentId?: number;
  /** Already decided (free spins' winnings carry their grant's multiplier). */
  multiplier?: number;
  /** The caller's cap instead of the template's. */
  maxWinCents?: number;
};

export class BonusLifecycle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ---- what the player sees -------------------------------------------------------------------

  async list(userId: number, locale = 'en'): Promise<PlayerBonus[]> {
    const rows = await titlesInLocale(
      this.db,
      await this.db
        .select()
        .from(playerBonuses)
        .where(eq(playerBonuses.userId, userId))
        .orderBy(desc(playerBonuses.createdAt), desc(playerBonuses.id)),
      locale,
    );
    const balances = await playerBalances(this.db, userId);
    const standing = await this.standing(this.db, userId);
    return rows.map((row) =>
      this.present(row, balances.find((b) => b.currency === row.currency)?.bonus ?? 0, standing),
    );
  }

  /** The player's queue as it stands now (what `present` needs to say what each gift allows). */
  async standing(executor: Executor, userId: number): Promise<Standing> {
    const rows = await executor
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.userId, userId), inArray(playerBonuses.stage, ['issued', 'handle_bets'])))
      .orderBy(asc(playerBonuses.id));
    const settings = await bonusSettingsOf(executor, userId);
    return {
      running: rows.find((r) => r.stage === 'handle_bets') ?? null,
      waiting: rows.filter((r) => r.stage === 'issued').map((r) => r.id),
      canIssue: settings?.canIssueBonuses ?? false,
    };
  }

  async one(executor: Executor, userId: number, id: number): Promise<PlayerBonus> {
    const [row] = await executor
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.id, id), eq(playerBonuses.userId, userId)));
    if (!row) throw notFound();
    const [balance] = await playerBalances(executor, userId, [row.currency]);
    return this.present(row, balance?.bonus ?? 0, await this.standing(executor, userId));
  }

  /**
   * A bonus as the player sees it, with what they may do with it now (`actions`) and its place in
   * the queue: a gift waiting while another bonus wagers is `queued`, its clock stopped (no
   * deadline shown, the time it will have instead), and offers no Activate, which would be refused.
   */
  present(row: BonusRow, bonusBalance: number, standing: Standing): PlayerBonus {
    const now = this.clock.now();
    const running = standing.running && standing.running.id !== row.id ? standing.running : null;
    const queue =
      row.stage === 'handle_bets' ? 'running' : row.stage === 'issued' ? (running ? 'queued' : 'ready') : null;
    const open = row.activatableUntil === null || row.activatableUntil > now;
    const actions: GiftAction[] = [];
    if (queue === 'ready' && open && standing.canIssue) actions.push('activate');
    if ((ACTIVE_STAGES as readonly string[]).includes(row.stage)) actions.push('cancel');
    const stoppedAt = running?.activatedAt && running.activatedAt > row.createdAt ? running.activatedAt : row.createdAt;
    const position = standing.waiting.indexOf(row.id);
    return {
      id: row.id,
      title: row.title,
      amount_cents: row.amountCents,
      currency: row.currency,
      stage: row.stage,
      strategy: row.kind,
      amount_wager_requirement_cents: row.wagerRequirementCents,
      amount_wager_cents: Math.min(row.wageredCents, row.wagerRequirementCents),
      created_at: row.createdAt.toISOString(),
      activatable_until: queue === 'queued' ? null : (row.activatableUntil?.toISOString() ?? null),
      valid_until: row.validUntil?.toISOString() ?? null,
      activatable: actions.includes('activate'),
      cancelable: actions.includes('cancel'),
      type: row.kind === 'deposit' ? 'deposit_bonus' : row.kind,
      group_key: row.groupKey,
      wager_multiplier: row.wagerMultiplier,
      max_bet_cents: row.maxBetCents,
      max_win_cents: maxWinOf(row),
      balance_cents: row.stage === 'handle_bets' ? bonusBalance : 0,
      converted_cents: row.convertedCents,
      forfeited_cents: row.forfeitedCents,
      percent: row.kind === 'deposit' ? row.percent : null,
      max_amount_cents: row.kind === 'deposit' ? row.maxAmountCents : null,
      min_deposit_cents: row.kind === 'deposit' ? row.minDepositCents : null,
      actions,
      queue,
      queue_position: queue === 'queued' && position >= 0 ? position + 1 : null,
      waits_for_id: queue === 'queued' ? running!.id : null,
      activation_seconds:
        queue === 'queued' && row.activatableUntil
          ? Math.max(
              0,
              Math.floor(
                (resumedDeadline(row.activatableUntil, stoppedAt, row.activationDays * DAY_MS, now).getTime() -
                  now.getTime()) /
                  1000,
              ),
            )
          : null,
    };
  }

  // ---- the player's requests ------------------------------------------------------------------

  /** Issued → wagering: the bonus money moves into the player's bonus account. One bonus wagers at a time. */
  async activate(userId: number, id: number): Promise<PlayerBonus> {
    const settings = await bonusSettingsOf(this.db, userId);
    if (!settings?.canIssueBonuses) throw unprocessable('bonuses_disabled');
    try {
      return await this.db.transaction(async (tx) => {
        await lockPlayer(tx, userId);
        const row = await this.lockBonus(tx, userId, id);
        if (row.stage !== 'issued' || (row.activatableUntil && row.activatableUntil <= this.clock.now()))
          throw unprocessable('not_activatable');
        if (await this.cashedOutSince(tx, row)) throw unprocessable('not_activatable');
        if (await this.wagering(tx, userId)) throw unprocessable('bonus_already_wagering');
        await this.startWagering(tx, row);
        return this.one(tx, userId, id);
      });
    } catch (error) {
      // Two activations at once: the one-wagering index lets one through.
      if (isUniqueViolation(error)) throw unprocessable('bonus_already_wagering');
      throw error;
    }
  }

  /** What cancelling would take, before the player confirms. */
  async cancelInfo(userId: number, id: number): Promise<BonusCancelInfo> {
    const bonus = await this.one(this.db, userId, id);
    const [balance] = await playerBalances(this.db, userId, [bonus.currency]);
    const real = balance?.real ?? 0;
    const bonusMoney = bonus.stage === 'handle_bets' ? (balance?.bonus ?? 0) : 0;
    return {
      id,
      total_withdrawal_amount: real + (balance?.held ?? 0),
      current_balance: real + (balance?.bonus ?? 0),
      cash_balance: real,
      bonus_balance: bonusMoney,
      bonus_winnings: Math.max(0, bonusMoney - bonus.amount_cents),
    };
  }

  /**
   * The player gives the bonus up (or an operator cancels it at the back office): its bonus money
   * and winnings are forfeited. `within` runs in the same transaction (the audit entry).
   */
  async cancel(
    userId: number,
    id: number,
    within?: (tx: Executor, stage: string) => Promise<void>,
  ): Promise<PlayerBonus> {
    return this.db.transaction(async (tx) => {
      const row = await this.lockBonus(tx, userId, id);
      if (!(ACTIVE_STAGES as readonly string[]).includes(row.stage)) throw unprocessable('not_cancelable');
      await this.finish(tx, row, 'canceled');
      await within?.(tx, row.stage);
      return this.one(tx, userId, id);
    });
  }

  /**
   * Whether a cashout of the deposit bonus's currency came after its deposit and is still on its
   * way to `onCashouts` (its ledger event not yet delivered): the bonus is being forfeited, so it
   * cannot be activated. The player's accounts are locked first: a cashout reserving money at
   * this moment has then committed, and its event is seen.
   */
  private async cashedOutSince(tx: Executor, row: BonusRow): Promise<boolean> {
    if (row.kind !== 'deposit' || row.paymentId === null) return false;
    await playerBalances(tx, row.userId, [row.currency], { lock: true });
    const waiting = await tx
      .select({ payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.topic, TRANSFER_TOPIC),
          sql`${outboxEvents.payload}->>'kind' = 'cashout_reserve'`,
          sql`${outboxEvents.payload}->>'currency' = ${row.currency}`,
          sql`${outboxEvents.payload}->'from'->>'player' = ${String(row.userId)}`,
        ),
      );
    return waiting.some((e) => cashoutPayment(e.payload as TransferEvent) > row.paymentId!);
  }

  // ---- issuing --------------------------------------------------------------------------------

  /** Writes a new bonus from a template (or finds the one already issued under this key). */
  async issue(tx: Executor, template: TemplateRow, what: IssueTerms): Promise<{ row: BonusRow; created: boolean }> {
    const terms = termsIn(template.money, what.currency)!;
    const now = this.clock.now();
    const multiplier = what.multiplier ?? wagerMultiplierFor(template.wagerMultiplier, what.country);
    const amount = what.stage === 'wait' ? 0 : (what.amountCents ?? terms.amount_cents ?? 0);
    const [row] = await tx
      .insert(playerBonuses)
      .values({
        userId: what.userId,
        templateId: template.id,
        issueKey: what.issueKey,
        kind: template.kind,
        title: template.title,
        currency: what.currency,
        stage: what.stage,
        amountCents: amount,
        percent: template.percent,
        maxAmountCents: terms.max_amount_cents ?? null,
        minDepositCents: terms.min_deposit_cents ?? 0,
        wagerMultiplier: multiplier,
        wagerRequirementCents: wagerRequirement(amount, multiplier),
        maxBetCents: terms.max_bet_cents ?? null,
        // Every bonus has a max win; a deposit bonus still waiting gets the default of its amount when filled.
        maxWinCents: what.maxWinCents ?? terms.max_win_cents ?? (what.stage === 'wait' ? null : defaultMaxWin(amount)),
        minBetCents: MIN_BET_CENTS,
        contributions: template.contributions,
        games: template.games,
        groupKey: template.key,
        activationDays: template.activationDays,
        wageringDays: template.wageringDays,
        activatableUntil: new Date(now.getTime() + template.activationDays * DAY_MS),
        paymentId: what.paymentId ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: playerBonuses.issueKey })
      .returning();
    if (row) {
      await this.changed(tx, row);
      return { row, created: true };
    }
    const [existing] = await tx.select().from(playerBonuses).where(eq(playerBonuses.issueKey, what.issueKey));
    return { row: existing!, created: false };
  }

  // ---- wagering and ending --------------------------------------------------------------------

  /** Puts an issued bonus to wagering: its money into the bonus account, the wagering window starts. */
  async startWagering(tx: Executor, row: BonusRow): Promise<void> {
    const now = this.clock.now();
    const [started] = await tx
      .update(playerBonuses)
      .set({
        stage: 'handle_bets',
        activatedAt: now,
        validUntil: new Date(now.getTime() + row.wageringDays * DAY_MS),
      })
      .where(and(eq(playerBonuses.id, row.id), eq(playerBonuses.stage, 'issued')))
      .returning();
    if (!started) return;
    if (started.amountCents > 0)
      await this.ledger.transfer(tx, {
        idempotencyKey: `bonus:${row.id}:credit`,
        kind: 'bonus',
        reference: `bonus:${row.id}`,
        currency: row.currency,
        amount: started.amountCents,
        from: { house: 'bonus_funding' },
        to: { player: row.userId, kind: 'bonus' },
      });
    // Nothing to wager (a x0 bonus): done at once.
    if (started.wagerRequirementCents === 0) await this.finish(tx, started, 'wager_done');
    else {
      await this.changed(tx, started);
      // The gifts waiting to be activated are queued now (their clocks stop): the page hears it.
      const queued = await tx
        .select()
        .from(playerBonuses)
        .where(and(eq(playerBonuses.userId, row.userId), eq(playerBonuses.stage, 'issued')));
      for (const waiting of queued) await this.changed(tx, waiting);
    }
  }

  /**
   * The running bonus ended: the gifts queued behind it can be activated again, each with the
   * activation time it had left when its clock stopped (a gift that came while the bonus wagered:
   * its whole window from now). Nothing starts by itself: a running bonus holds back cashouts and
   * caps bets, so the player chooses when (docs/bonuses.md "The queue").
   */
  private async resumeQueue(tx: Executor, ended: BonusRow): Promise<void> {
    const now = this.clock.now();
    const startedAt = ended.activatedAt ?? now;
    const waiting = await tx
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.userId, ended.userId), eq(playerBonuses.stage, 'issued')))
      .orderBy(asc(playerBonuses.id))
      .for('update');
    for (const gift of waiting) {
      if (!gift.activatableUntil) continue;
      const stoppedAt = gift.createdAt > startedAt ? gift.createdAt : startedAt;
      const [resumed] = await tx
        .update(playerBonuses)
        .set({
          activatableUntil: resumedDeadline(gift.activatableUntil, stoppedAt, gift.activationDays * DAY_MS, now),
        })
        .where(and(eq(playerBonuses.id, gift.id), eq(playerBonuses.stage, 'issued')))
        .returning();
      if (resumed) await this.changed(tx, resumed);
    }
  }

  /**
   * Ends a bonus. Wagering bonuses settle their bonus money: `wager_done` moves it to real money up
   * to the max win and forfeits the rest; every other end forfeits all of it.
   */
  async finish(tx: Executor, row: BonusRow, stage: BonusEnd): Promise<void> {
    const [ended] = await tx
      .update(playerBonuses)
      .set({ stage, finishedAt: this.clock.now() })
      .where(and(eq(playerBonuses.id, row.id), eq(playerBonuses.stage, row.stage)))
      .returning();
    if (!ended) return;
    if (row.stage === 'handle_bets') {
      const [balance] = await playerBalances(tx, row.userId, [row.currency], { lock: true });
      const amount = balance?.bonus ?? 0;
      const split = stage === 'wager_done' ? payout(amount, maxWinOf(row), 0) : { toReal: 0, forfeit: amount };
      await this.moveOut(tx, ended, split, 'end');
      await this.resumeQueue(tx, row);
    } else {
      await this.changed(tx, ended);
    }
  }

  /** Moves a bonus's money out of the bonus account: to real money, and forfeited to the house. */
  async moveOut(tx: Executor, row: BonusRow, split: { toReal: number; forfeit: number }, step: string): Promise<void> {
    const base = { reference: `bonus:${row.id}`, currency: row.currency, kind: 'bonus' as const };
    try {
      if (split.toReal > 0)
        await this.ledger.transfer(tx, {
          ...base,
          idempotencyKey: `bonus:${row.id}:${step}:real`,
          amount: split.toReal,
          from: { player: row.userId, kind: 'bonus' },
          to: { player: row.userId, kind: 'real' },
        });
      if (split.forfeit > 0)
        await this.ledger.transfer(tx, {
          ...base,
          idempotencyKey: `bonus:${row.id}:${step}:forfeit`,
          amount: split.forfeit,
          from: { player: row.userId, kind: 'bonus' },
          to: { house: 'bonus_funding' },
        });
    } catch (error) {
      // The balance moved under us (a bet at this instant): the caller's transaction fails and is retried.
      if (error instanceof InsufficientFundsError) throw new AppError(409, 'bonus_balance_moved');
      throw error;
    }
    const [updated] = await tx
      .update(playerBonuses)
      .set({
        convertedCents: sql`${playerBonuses.convertedCents} + ${split.toReal}`,
        forfeitedCents: sql`${playerBonuses.forfeitedCents} + ${split.forfeit}`,
      })
      .where(eq(playerBonuses.id, row.id))
      .returning();
    await this.changed(tx, updated!);
  }

  /** Ends what is due: activation windows passed (no money), wagering windows passed (forfeited). Each in its own transaction. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const due = await this.db
      .select({ id: playerBonuses.id, userId: playerBonuses.userId })
      .from(playerBonuses)
      .where(
        or(
          and(eq(playerBonuses.stage, 'wait'), lte(playerBonuses.activatableUntil, now)),
          // A queued gift's clock stands still while another bonus wagers.
          and(
            eq(playerBonuses.stage, 'issued'),
            lte(playerBonuses.activatableUntil, now),
            sql`not exists (select 1 from player_bonuses running where running.user_id = ${playerBonuses.userId} and running.stage = 'handle_bets')`,
          ),
          and(eq(playerBonuses.stage, 'handle_bets'), lte(playerBonuses.validUntil, now)),
        ),
      )
      .limit(500);
    let ended = 0;
    for (const { id, userId } of due) {
      try {
        await this.db.transaction(async (tx) => {
          const row = await this.lockBonus(tx, userId, id);
          const passed =
            row.stage === 'handle_bets'
              ? row.validUntil !== null && row.validUntil <= now
              : (row.stage === 'issued' || row.stage === 'wait') &&
                row.activatableUntil !== null &&
                row.activatableUntil <= now;
          if (!passed) return;
          if (row.stage === 'issued' && (await this.wagering(tx, userId))) return;
          await this.finish(tx, row, 'expired');
          ended++;
        });
      } catch (error) {
        this.log.warn({ err: error, bonus: id }, 'bonus expiry failed; the next sweep retries');
      }
    }
    return ended;
  }

  // ---- the doors ------------------------------------------------------------------------------

  /** The wagering bonus of a player, if any. */
  async wagering(executor: Executor, userId: number): Promise<BonusRow | undefined> {
    const [row] = await executor
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.userId, userId), eq(playerBonuses.stage, 'handle_bets')));
    return row;
  }

  private async lockBonus(tx: Executor, userId: number, id: number): Promise<BonusRow> {
    const [row] = await tx
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.id, id), eq(playerBonuses.userId, userId)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  /** Tells of a change of the bonus (its whole state goes to its player after the commit). */
  changed(tx: Executor, row: BonusRow): Promise<void> {
    return enqueueEvent(
      tx,
      BONUS_CHANGED_TOPIC,
      { bonusId: row.id, userId: row.userId } satisfies BonusChangedEvent,
      this.clock.now(),
    );
  }
}
