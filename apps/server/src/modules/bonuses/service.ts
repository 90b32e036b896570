/**
 * The bonus engine (docs/bonuses.md): templates, issuing (registration, deposit, promo codes,
 * coupons, operators), the player's activation and cancellation, wagering from the ledger's bet
 * events, payout or forfeit at the end, and the expiry sweep. Every money movement is a ledger
 * transfer keyed by the bonus (`bonus:<id>:<step>`), so a retried step moves nothing twice.
 */
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  BonusCancelInfo,
  BonusKind,
  GiftAction,
  BonusOffer,
  BonusTemplate,
  BonusTemplateInput,
  CouponResponse,
  PlayerBonus,
  PlayerFreespin,
  PromoCodeResponse,
} from '@orbit/contracts';
import { localisedText } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import {
  bigintArray,
  isUniqueViolation,
  subjectLock,
  trySubjectLock,
  type Executor,
  type Tx,
} from '../../platform/db/executor';
import { AppError, notFound, unprocessable } from '../../platform/errors';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { outboxEvents } from '../../platform/outbox/schema';
import { succeededDeposits, depositFacts } from '../cashbox';
import { roundFacts, hasOpenBonusRound } from '../games';
import { bonusSettingsOf, changeBonusSettings, membershipsOf } from '../identity';
import {
  InsufficientFundsError,
  playerBalances,
  playersBalances,
  TRANSFER_TOPIC,
  type Ledger,
  type TransferEvent,
} from '../wallet';
import {
  defaultMaxWin,
  depositBonusAmount,
  maxWinOf,
  MIN_BET_CENTS,
  MULTI_ACCOUNT_GROUP,
  payout,
  resumedDeadline,
  termsIn,
  wagerMultiplierFor,
  wagerRequirement,
  wageredOf,
  wageringSharePercent,
} from './rules';
import type { FreespinRow, FreespinsService } from './freespins';
import { bonusTemplates, playerBonuses } from './schema';
import { titlesInLocale } from './titles';

export type TemplateRow = typeof bonusTemplates.$inferSelect;
export type BonusRow = typeof playerBonuses.$inferSelect;

/** Every change of a player's bonus: its whole state goes to the player's `bonuses_changes`. */
export const BONUS_CHANGED_TOPIC = 'bonuses.changed';
export type BonusChangedEvent = { bonusId: number; userId: number };

const DAY_MS = 86_400_000;
const ACTIVE_STAGES = ['issued', 'wait', 'handle_bets'] as const;

/**
 * Where a player's gifts stand (docs/bonuses.md "The queue"): the bonus that wagers, the gifts
 * waiting to be activated in the order given, and whether the player takes bonuses at all.
 */
export type Standing = { running: BonusRow | null; waiting: readonly number[]; canIssue: boolean };

export class BonusesService {
  /** The free spins (set once by the module: they issue their winnings as bonuses here). */
  freespins: FreespinsService | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ---- templates (operator) -------------------------------------------------------------------

  async templates(): Promise<BonusTemplate[]> {
    const rows = await this.db.select().from(bonusTemplates).orderBy(asc(bonusTemplates.id));
    return rows.map(presentTemplate);
  }

  /** Creates the template, or changes the one with that key (its bonuses already given keep their terms). */
  async saveTemplate(input: BonusTemplateInput): Promise<BonusTemplate> {
    const values = templateValues(input);
    try {
      const [row] = await this.db
        .insert(bonusTemplates)
        .values({ ...values, createdAt: this.clock.now() })
        .onConflictDoUpdate({ target: bonusTemplates.key, set: { ...values, retiredAt: null } })
        .returning();
      return presentTemplate(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw unprocessable('taken', 'code');
      throw error;
    }
  }

  /** A retired template is offered no more; bonuses already given go on. */
  async retireTemplate(key: string): Promise<BonusTemplate> {
    const [row] = await this.db
      .update(bonusTemplates)
      .set({ retiredAt: this.clock.now() })
      .where(and(eq(bonusTemplates.key, key), isNull(bonusTemplates.retiredAt)))
      .returning();
    if (!row) throw notFound();
    return presentTemplate(row);
  }

  // ---- offers ---------------------------------------------------------------------------------

  /** The registration gifts a new player in this currency would get. */
  async registrationOffers(currency: string, locale = 'en'): Promise<BonusOffer[]> {
    const rows = await this.offered(this.db, 'registration', currency, []);
    return rows.map((t) => presentOffer(t, currency, locale));
  }

  /** The deposit offers for the player's next deposit in their active currency. */
  async depositOffers(userId: number, currency: string, groupIds: number[], locale = 'en'): Promise<BonusOffer[]> {
    if (groupIds.includes(MULTI_ACCOUNT_GROUP)) return [];
    const next = (await succeededDeposits(this.db, userId)) + 1;
    const rows = await this.offered(this.db, 'deposit', currency, groupIds);
    return rows
      .filter((t) => t.code !== null && (t.depositNumbers === null || t.depositNumbers.includes(next)))
      .map((t) => presentOffer(t, currency, locale));
  }

  /** Templates of a kind on offer now in a currency to a player of these groups. */
  private async offered(db: Executor, kind: BonusKind, currency: string, groupIds: number[]): Promise<TemplateRow[]> {
    const now = this.clock.now();
    const rows = await db
      .select()
      .from(bonusTemplates)
      .where(
        and(
          eq(bonusTemplates.kind, kind),
          isNull(bonusTemplates.retiredAt),
          or(isNull(bonusTemplates.startsAt), lte(bonusTemplates.startsAt, now)),
          or(isNull(bonusTemplates.endsAt), sql`${bonusTemplates.endsAt} > ${now.toISOString()}`),
        ),
      )
      .orderBy(asc(bonusTemplates.id));
    return rows.filter((t) => termsIn(t.money, currency) && forGroups(t, groupIds));
  }

  // ---- the player's bonuses -------------------------------------------------------------------

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

  /** The player gives the bonus up: its bonus money and winnings are forfeited. */
  async cancel(userId: number, id: number): Promise<PlayerBonus> {
    return this.db.transaction(async (tx) => {
      const row = await this.lockBonus(tx, userId, id);
      if (!(ACTIVE_STAGES as readonly string[]).includes(row.stage)) throw unprocessable('not_cancelable');
      await this.finish(tx, row, 'canceled');
      return this.one(tx, userId, id);
    });
  }

  // ---- settings and codes ---------------------------------------------------------------------

  async settings(userId: number) {
    const s = await bonusSettingsOf(this.db, userId);
    if (!s) throw notFound();
    return { deposit_bonus_code: s.depositBonusCode, can_issue_bonuses: s.canIssueBonuses };
  }

  /** Chooses the deposit offer with this code for the next deposit (refused when no offer has it). */
  async setDepositCode(userId: number, currency: string, groupIds: number[], code: string) {
    const wanted = code.toUpperCase();
    const offers = await this.depositOffers(userId, currency, groupIds);
    if (!offers.some((o) => o.code === wanted)) throw unprocessable('invalid', 'deposit_bonus_code');
    await changeBonusSettings(this.db, userId, { depositBonusCode: wanted });
    return this.settings(userId);
  }

  async clearDepositCode(userId: number) {
    await changeBonusSettings(this.db, userId, { depositBonusCode: null });
    return this.settings(userId);
  }

  async changeCanIssue(userId: number, canIssue: boolean) {
    await changeBonusSettings(this.db, userId, {
      canIssueBonuses: canIssue,
      ...(canIssue ? {} : { depositBonusCode: null }),
    });
    return this.settings(userId);
  }

  /**
   * A gift by its promo code: a coupon, registration or manual template is issued (activatable);
   * a deposit template waits (`wait`) for the next deposit that qualifies.
   */
  async promoCode(userId: number, currency: string, groupIds: number[], code: string): Promise<PromoCodeResponse> {
    const settings = await bonusSettingsOf(this.db, userId);
    if (!settings?.canIssueBonuses) throw unprocessable('bonuses_disabled', 'code');
    const template = await this.templateByCode(code, currency, groupIds);
    if (!template) throw unprocessable('invalid', 'code');
    if (template.kind === 'freespins') {
      const spins = await this.db.transaction((tx) =>
        this.freespins!.issue(tx, template, {
          userId,
          currency,
          country: settings.country,
          issueKey: `code:${template.id}:${userId}`,
        }),
      );
      if (!spins.created) throw unprocessable('already_used', 'code');
      return { bonus_id: spins.row.id, name: spins.row.title, bonus_type: 'freespins' };
    }
    if (template.kind === 'deposit' && groupIds.includes(MULTI_ACCOUNT_GROUP)) throw unprocessable('invalid', 'code');
    const issued = await this.db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      // A template is taken once, whichever way: a deposit offer already given, a code already used.
      const [taken] = await tx
        .select({ id: playerBonuses.id })
        .from(playerBonuses)
        .where(and(eq(playerBonuses.userId, userId), eq(playerBonuses.templateId, template.id)))
        .limit(1);
      if (taken) throw unprocessable('already_used', 'code');
      // A deposit code waits for a deposit its template is for: refused when none of them can come any more.
      if (template.kind === 'deposit' && template.depositNumbers !== null) {
        const next = (await succeededDeposits(tx, userId)) + 1;
        if (!template.depositNumbers.some((n) => n >= next)) throw unprocessable('invalid', 'code');
      }
      return this.issue(tx, template, {
        userId,
        currency,
        country: settings.country,
        issueKey: `code:${template.id}:${userId}`,
        stage: template.kind === 'deposit' ? 'wait' : 'issued',
      });
    });
    if (!issued.created) throw unprocessable('already_used', 'code');
    return { bonus_id: issued.row.id, name: issued.row.title, bonus_type: 'bonus' };
  }

  /** A coupon: issued and, when no other bonus wagers, put to wagering at once. */
  async coupon(userId: number, currency: string, groupIds: number[], code: string): Promise<CouponResponse> {
    const settings = await bonusSettingsOf(this.db, userId);
    const template = await this.templateByCode(code, currency, groupIds);
    if (!settings?.canIssueBonuses || !template || template.kind !== 'coupon') return { status: 'failed_to_activate' };
    const issued = await this.db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      const result = await this.issue(tx, template, {
        userId,
        currency,
        country: settings.country,
        issueKey: `code:${template.id}:${userId}`,
        stage: 'issued',
      });
      if (result.created && !(await this.wagering(tx, userId))) await this.startWagering(tx, result.row);
      return result;
    });
    return { status: issued.created ? 'successfully_activated' : 'already_activated' };
  }

  /**
   * A gift from a template (an operator's, the shop's, an adventure day's): a retried call with
   * the same key grants once. `db`: the caller's transaction, to grant with what it writes.
   * `maxWinCents`: the cap on what its wagering pays out, instead of the template's (the wheel's
   * page states its own).
   */
  async grant(
    userId: number,
    templateKey: string,
    currency: string,
    idempotencyKey: string,
    amountCents?: number,
    db: Executor = this.db,
    maxWinCents?: number,
  ): Promise<PlayerBonus> {
    const { template, settings } = await this.grantable(db, userId, templateKey, currency, 'bonus');
    const issued = await db.transaction((tx) =>
      this.issue(tx, template, {
        userId,
        currency,
        country: settings.country,
        issueKey: `grant:${idempotencyKey}`,
        stage: 'issued',
        ...(amountCents !== undefined ? { amountCents } : {}),
        ...(maxWinCents !== undefined ? { maxWinCents } : {}),
      }),
    );
    return this.one(db, userId, issued.row.id);
  }

  /**
   * Free spins from a `freespins` template (a retried call with the same key grants once); `db` as
   * for `grant`; `maxWinCents` caps what their winnings' bonus pays out, instead of the template's.
   */
  async grantFreespins(
    userId: number,
    templateKey: string,
    currency: string,
    idempotencyKey: string,
    db: Executor = this.db,
    maxWinCents?: number,
  ): Promise<PlayerFreespin> {
    const { template, settings } = await this.grantable(db, userId, templateKey, currency, 'freespins');
    const issued = await db.transaction((tx) =>
      this.freespins!.issue(tx, template, {
        userId,
        currency,
        country: settings.country,
        issueKey: `grant:${idempotencyKey}`,
        ...(maxWinCents !== undefined ? { maxWinCents } : {}),
      }),
    );
    return this.freespins!.present(issued.row);
  }

  /** The template a grant names and the player's settings, or the refusal: no player, bonuses off, no such template or currency. */
  private async grantable(
    db: Executor,
    userId: number,
    templateKey: string,
    currency: string,
    kind: 'bonus' | 'freespins',
  ) {
    const settings = await bonusSettingsOf(db, userId);
    if (!settings) throw notFound();
    if (!settings.canIssueBonuses) throw unprocessable('bonuses_disabled');
    const [template] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.key, templateKey));
    if (!template || template.retiredAt || (template.kind === 'freespins') !== (kind === 'freespins'))
      throw unprocessable('invalid', 'template_key');
    if (!termsIn(template.money, currency)) throw unprocessable('invalid', 'currency');
    return { template, settings };
  }

  /** The wins of finished free spins become one bonus with their wagering; it starts at once when nothing else wagers. */
  async issueWinnings(tx: Tx, spins: FreespinRow): Promise<BonusRow> {
    await lockPlayer(tx, spins.userId);
    const [template] = await tx.select().from(bonusTemplates).where(eq(bonusTemplates.id, spins.templateId));
    const issued = await this.issue(tx, template!, {
      userId: spins.userId,
      currency: spins.currency,
      country: null,
      issueKey: `freespins:${spins.id}`,
      stage: 'issued',
      amountCents: spins.winCents,
      multiplier: spins.wagerMultiplier,
      ...(spins.maxWinCents !== null ? { maxWinCents: spins.maxWinCents } : {}),
    });
    if (issued.created && !(await this.wagering(tx, spins.userId))) await this.startWagering(tx, issued.row);
    return issued.row;
  }

  private async templateByCode(code: string, currency: string, groupIds: number[]): Promise<TemplateRow | undefined> {
    const now = this.clock.now();
    const [template] = await this.db
      .select()
      .from(bonusTemplates)
      .where(and(eq(bonusTemplates.code, code.trim().toUpperCase()), isNull(bonusTemplates.retiredAt)));
    if (!template || !termsIn(template.money, currency) || !forGroups(template, groupIds)) return undefined;
    if ((template.startsAt && template.startsAt > now) || (template.endsAt && template.endsAt <= now)) return undefined;
    return template;
  }

  // ---- issuing from events --------------------------------------------------------------------

  /** A new player gets the registration gifts of their currency (activatable). */
  async onRegistered(tx: Tx, userId: number, currency: string): Promise<void> {
    const settings = await bonusSettingsOf(tx, userId);
    if (!settings?.canIssueBonuses) return;
    const groupIds = (await membershipsOf(tx, userId)).map((g) => g.id);
    for (const template of await this.offered(tx, 'registration', currency, groupIds))
      await this.issue(tx, template, {
        userId,
        currency,
        country: settings.country,
        issueKey: `registration:${userId}:${template.id}`,
        stage: 'issued',
      });
  }

  /**
   * The player declines a registration gift still waiting to be activated. Declined before it is
   * given (the gift comes just after the registration commits): it is written as declined under
   * its issue key, so the gift is never given.
   */
  async declineRegistration(userId: number, templateId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const issueKey = `registration:${userId}:${templateId}`;
      const [row] = await tx.select().from(playerBonuses).where(eq(playerBonuses.issueKey, issueKey)).for('update');
      if (row) {
        if (row.stage === 'issued') await this.finish(tx, row, 'canceled');
        return;
      }
      const [template] = await tx.select().from(bonusTemplates).where(eq(bonusTemplates.id, templateId));
      const settings = await bonusSettingsOf(tx, userId);
      if (!template || template.kind !== 'registration' || !settings || !termsIn(template.money, settings.currency))
        return;
      const declined = await this.issue(tx, template, {
        userId,
        currency: settings.currency,
        country: settings.country,
        issueKey,
        stage: 'issued',
      });
      if (declined.created) {
        await this.finish(tx, declined.row, 'canceled');
        return;
      }
      // The gift was being given at this very moment (its row not yet committed when looked for
      // above; the insert waited for it): it is there now, and declined all the same.
      const [given] = await tx.select().from(playerBonuses).where(eq(playerBonuses.issueKey, issueKey)).for('update');
      if (given?.stage === 'issued') await this.finish(tx, given, 'canceled');
    });
  }

  /**
   * A succeeded deposit: a bonus waiting for a deposit takes it, else the chosen deposit offer
   * (the player's deposit bonus code) is issued. Never for held money, a player who turned
   * bonuses off, or a multi-account player. One bonus per deposit (`deposit:<payment>`).
   */
  async onDeposit(tx: Tx, paymentId: number): Promise<void> {
    const deposit = await depositFacts(tx, paymentId);
    if (!deposit?.succeeded || deposit.held) return;
    const settings = await bonusSettingsOf(tx, deposit.userId);
    if (!settings?.canIssueBonuses) return;
    const groupIds = (await membershipsOf(tx, deposit.userId)).map((g) => g.id);
    if (groupIds.includes(MULTI_ACCOUNT_GROUP)) return;
    // In the outbox's batch, which may hold other players' locks: never wait here (the event is
    // delivered again a moment later).
    if (!(await tryLockPlayer(tx, deposit.userId)))
      throw new Error(`the bonuses of player ${deposit.userId} are being changed; the deposit bonus waits`);
    // A bonus waiting for a deposit takes only a deposit its template is for (1 = the first).
    const [found] = await tx
      .select({ waiting: playerBonuses })
      .from(playerBonuses)
      .innerJoin(bonusTemplates, eq(bonusTemplates.id, playerBonuses.templateId))
      .where(
        and(
          eq(playerBonuses.userId, deposit.userId),
          eq(playerBonuses.currency, deposit.currency),
          eq(playerBonuses.stage, 'wait'),
          lte(playerBonuses.minDepositCents, deposit.amountCents),
          or(isNull(bonusTemplates.depositNumbers), sql`${deposit.number} = any(${bonusTemplates.depositNumbers})`),
        ),
      )
      .orderBy(asc(playerBonuses.id))
      .limit(1)
      .for('update', { of: playerBonuses });
    const waiting = found?.waiting;
    if (waiting) {
      const amount = depositBonusAmount(deposit.amountCents, waiting.percent ?? 0, waiting.maxAmountCents);
      if (amount <= 0) return;
      const [row] = await tx
        .update(playerBonuses)
        .set({
          stage: 'issued',
          amountCents: amount,
          wagerRequirementCents: wagerRequirement(amount, waiting.wagerMultiplier),
          maxWinCents: waiting.maxWinCents ?? defaultMaxWin(amount),
          paymentId,
          activatableUntil: new Date(this.clock.now().getTime() + waiting.activationDays * DAY_MS),
        })
        .where(and(eq(playerBonuses.id, waiting.id), eq(playerBonuses.stage, 'wait')))
        .returning();
      if (row && !(await this.wagering(tx, deposit.userId))) await this.startWagering(tx, row);
      else if (row) await this.changed(tx, row);
      return;
    }
    if (!settings.depositBonusCode) return;
    const [template] = (await this.offered(tx, 'deposit', deposit.currency, groupIds)).filter(
      (t) =>
        t.code === settings.depositBonusCode &&
        (t.depositNumbers === null || t.depositNumbers.includes(deposit.number)),
    );
    await changeBonusSettings(tx, deposit.userId, { depositBonusCode: null });
    const terms = template && termsIn(template.money, deposit.currency);
    if (!template || !terms || deposit.amountCents < (terms.min_deposit_cents ?? 0)) return;
    const amount = depositBonusAmount(deposit.amountCents, template.percent ?? 0, terms.max_amount_cents ?? null);
    if (amount <= 0) return;
    const issued = await this.issue(tx, template, {
      userId: deposit.userId,
      currency: deposit.currency,
      country: settings.country,
      issueKey: `deposit:${paymentId}`,
      stage: 'issued',
      amountCents: amount,
      paymentId,
    });
    if (issued.created && !(await this.wagering(tx, deposit.userId))) await this.startWagering(tx, issued.row);
  }

  /**
   * A cashout forfeits every deposit bonus of its currency still waiting to be activated whose
   * deposit came before it (the cashout may have taken that deposit's money): they end `canceled`,
   * no money moved (docs/bonuses.md "Cashouts"). Told by the ledger's `cashout_reserve` transfers,
   * written in the cashout's own transaction. It never waits for a bonus row another transaction
   * holds (the batch may hold other players' locks): it fails instead, and the outbox delivers the
   * event again a moment later.
   */
  async onCashouts(tx: Tx, transfers: readonly TransferEvent[]): Promise<void> {
    // The latest cashout per player and currency (payment ids grow), the rest being covered by it.
    const latest = new Map<string, { userId: number; currency: string; paymentId: number }>();
    for (const transfer of transfers) {
      if (transfer.kind !== 'cashout_reserve' || !('player' in transfer.from)) continue;
      const paymentId = cashoutPayment(transfer);
      const key = `${transfer.from.player}:${transfer.currency}`;
      const known = latest.get(key);
      if (!known || paymentId > known.paymentId)
        latest.set(key, { userId: transfer.from.player, currency: transfer.currency, paymentId });
    }
    const cashouts = [...latest.values()].sort((a, b) => a.userId - b.userId || a.currency.localeCompare(b.currency));
    for (const { userId, currency, paymentId } of cashouts) {
      const forfeited = await tx
        .select()
        .from(playerBonuses)
        .where(
          and(
            eq(playerBonuses.userId, userId),
            eq(playerBonuses.currency, currency),
            eq(playerBonuses.kind, 'deposit'),
            eq(playerBonuses.stage, 'issued'),
            lt(playerBonuses.paymentId, paymentId),
          ),
        )
        .orderBy(asc(playerBonuses.id))
        .for('update', { noWait: true });
      for (const row of forfeited) await this.finish(tx, row, 'canceled');
    }
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

  /** Writes a new bonus from a template (or finds the one already issued under this key). */
  private async issue(
    tx: Executor,
    template: TemplateRow,
    what: {
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
    },
  ): Promise<{ row: BonusRow; created: boolean }> {
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

  // ---- wagering -------------------------------------------------------------------------------

  /**
   * The ledger's movements of a batch (outbox, after the bets' own commits, never on their path):
   * each stake of a player whose bonus wagers adds its contribution; a bonus that reached its
   * requirement pays out, one whose money fell under the minimum bet is lost; bonus money won
   * after its bonus ended is paid out or forfeited as that bonus ended.
   */
  async onTransfers(
    tx: Tx,
    events: ReadonlyArray<{ transfer: TransferEvent; at: Date }>,
  ): Promise<Array<{ userId: number; templateId: number; title: string; bonus: PlayerBonus }>> {
    const players = new Set<number>();
    for (const { transfer } of events) {
      if (!['bet', 'win', 'rollback', 'jackpot'].includes(transfer.kind)) continue;
      if ('player' in transfer.from) players.add(transfer.from.player);
      if ('player' in transfer.to) players.add(transfer.to.player);
    }
    if (players.size === 0) return [];
    const wagering = await tx
      .select()
      .from(playerBonuses)
      .where(and(inArray(playerBonuses.userId, [...players]), eq(playerBonuses.stage, 'handle_bets')))
      .for('update');
    const byPlayer = new Map(wagering.map((b) => [b.userId, b]));
    // Stakes (and refunds) per bonus, by round; the rounds' games decide the contribution.
    const stakes = new Map<number, Array<{ round: number; cents: number }>>();
    const leftovers = new Set<string>();
    // Only bonus money leaving can make a bonus run out: players whose bonus account paid something.
    const spentBonus = new Set<number>();
    for (const { transfer, at } of events) {
      if ('player' in transfer.from && transfer.from.kind === 'bonus') spentBonus.add(transfer.from.player);
      const stake =
        transfer.kind === 'bet' && 'player' in transfer.from
          ? { userId: transfer.from.player, cents: transfer.amount }
          : transfer.kind === 'rollback' && 'player' in transfer.to
            ? { userId: transfer.to.player, cents: -transfer.amount }
            : null;
      const round = /^round:(\d+)/.exec(transfer.reference);
      const bonus = stake && byPlayer.get(stake.userId);
      if (
        stake &&
        round &&
        bonus &&
        bonus.currency === transfer.currency &&
        bonus.activatedAt &&
        at >= bonus.activatedAt
      ) {
        const list = stakes.get(bonus.id) ?? [];
        list.push({ round: Number(round[1]), cents: stake.cents });
        stakes.set(bonus.id, list);
      }
      // Bonus money arriving with no bonus wagering (a round's win after its bonus ended).
      if ('player' in transfer.to && transfer.to.kind === 'bonus' && !byPlayer.has(transfer.to.player))
        leftovers.add(`${transfer.to.player}:${transfer.currency}`);
    }
    const rounds = await roundFacts(tx, [...new Set([...stakes.values()].flat().map((s) => s.round))]);
    // The batch's progress in one statement (the rows are locked above), and the balances of the
    // players it concerns in one read: per batch, not per bonus (docs/performance.md "bench:wallet").
    const progressed: BonusRow[] = [];
    for (const bonus of wagering) {
      // Stake × share in percent: a bet's parts add up exactly as the whole bet (rules.ts `wageredOf`).
      let added = 0;
      for (const { round, cents } of stakes.get(bonus.id) ?? [])
        added += cents * wageringSharePercent(bonus.contributions, rounds.get(round)?.categories ?? []);
      if (added === 0) continue;
      const basis = Math.max(0, bonus.wageredBasis + added);
      progressed.push({ ...bonus, wageredBasis: basis, wageredCents: wageredOf(basis) });
    }
    if (progressed.length > 0)
      await tx.execute(sql`update ${playerBonuses} set wagered_basis = p.basis, wagered_cents = p.cents
        from unnest(${bigintArray(progressed.map((b) => b.id))}, ${bigintArray(progressed.map((b) => b.wageredBasis))},
          ${bigintArray(progressed.map((b) => b.wageredCents))}) as p (id, basis, cents)
        where ${playerBonuses.id} = p.id`);
    const progressedById = new Map(progressed.map((b) => [b.id, b]));
    const balances = await playersBalances(tx, [
      ...new Set([
        ...progressed.map((b) => b.userId),
        ...wagering.filter((b) => spentBonus.has(b.userId)).map((b) => b.userId),
      ]),
    ]);
    const bonusMoney = (row: BonusRow) =>
      balances.get(row.userId)?.find((b) => b.currency === row.currency)?.bonus ?? 0;
    // With the template and title, so the push can name the bonus in its player's locale.
    const changed: Array<{ userId: number; templateId: number; title: string; bonus: PlayerBonus }> = [];
    for (const bonus of wagering) {
      const row = progressedById.get(bonus.id) ?? bonus;
      if (row.wageredCents >= row.wagerRequirementCents) await this.finish(tx, row, 'wager_done');
      else if (spentBonus.has(row.userId) && (await this.outOfMoney(tx, row, bonusMoney(row))))
        await this.finish(tx, row, 'lost');
      else if (progressedById.has(row.id))
        changed.push({
          userId: row.userId,
          templateId: row.templateId,
          title: row.title,
          bonus: this.present(row, bonusMoney(row), { running: row, waiting: [], canIssue: true }),
        });
    }
    for (const key of leftovers) {
      const [userId, currency] = key.split(':') as [string, string];
      await this.settleLeftover(tx, Number(userId), currency);
    }
    return changed;
  }

  /** A round lost with bonus money (no transfer tells of it): the player's bonus may have run out. */
  async onRoundLost(tx: Tx, roundId: number): Promise<void> {
    const facts = (await roundFacts(tx, [roundId])).get(roundId);
    if (!facts) return;
    const [bonus] = await tx
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.userId, facts.userId), eq(playerBonuses.stage, 'handle_bets')))
      .for('update');
    if (bonus && (await this.outOfMoney(tx, bonus))) await this.finish(tx, bonus, 'lost');
    // The last open round of an ended bonus: bonus money its earlier wins left behind is settled now.
    if (!bonus) await this.settleLeftover(tx, facts.userId, facts.currency);
  }

  /** The bonus money cannot make a bet any more and no round with bonus money is still to be won. */
  private async outOfMoney(tx: Executor, bonus: BonusRow, bonusMoney?: number): Promise<boolean> {
    const money = bonusMoney ?? (await playerBalances(tx, bonus.userId, [bonus.currency]))[0]?.bonus ?? 0;
    if (money >= bonus.minBetCents) return false;
    return !(await hasOpenBonusRound(tx, bonus.userId, bonus.currency, bonus.activatedAt ?? bonus.createdAt));
  }

  /** Bonus money with no bonus wagering: paid out as its last bonus ended (within its max win), else forfeited. */
  private async settleLeftover(tx: Tx, userId: number, currency: string): Promise<void> {
    const [balance] = await playerBalances(tx, userId, [currency], { lock: true });
    const amount = balance?.bonus ?? 0;
    if (amount <= 0) return;
    if (await hasOpenBonusRound(tx, userId, currency, new Date(0))) return;
    const [last] = await tx
      .select()
      .from(playerBonuses)
      .where(
        and(
          eq(playerBonuses.userId, userId),
          eq(playerBonuses.currency, currency),
          inArray(playerBonuses.stage, ['wager_done', 'lost', 'canceled', 'expired']),
        ),
      )
      .orderBy(desc(playerBonuses.finishedAt), desc(playerBonuses.id))
      .limit(1)
      .for('update');
    if (!last) return;
    const split =
      last.stage === 'wager_done'
        ? payout(amount, maxWinOf(last), last.convertedCents)
        : { toReal: 0, forfeit: amount };
    // Keyed by the amount already settled for the bonus, so each late arrival is its own movement.
    const step = `${last.convertedCents + last.forfeitedCents}`;
    await this.moveOut(tx, last, split, `late:${step}`);
  }

  // ---- ending ---------------------------------------------------------------------------------

  /** Puts an issued bonus to wagering: its money into the bonus account, the wagering window starts. */
  private async startWagering(tx: Executor, row: BonusRow): Promise<void> {
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
  async finish(tx: Executor, row: BonusRow, stage: 'wager_done' | 'lost' | 'canceled' | 'expired'): Promise<void> {
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
  private async moveOut(
    tx: Executor,
    row: BonusRow,
    split: { toReal: number; forfeit: number },
    step: string,
  ): Promise<void> {
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

  private changed(tx: Executor, row: BonusRow): Promise<void> {
    return enqueueEvent(
      tx,
      BONUS_CHANGED_TOPIC,
      { bonusId: row.id, userId: row.userId } satisfies BonusChangedEvent,
      this.clock.now(),
    );
  }
}

/**
 * Serialises the changes of one player's bonuses: every transaction that may put a bonus of the
 * player to wagering (an activation, a coupon, a deposit's bonus, free spins' winnings) or take a
 * template by code takes it first, before any bonus row, so two of them never lock the player's
 * rows, rules version and one-wagering index entry in opposite orders (a deadlock: docs/bonuses.md
 * "One at a time").
 */
async function lockPlayer(tx: Executor, userId: number): Promise<void> {
  await tx.execute(subjectLock('bonuses.player', userId));
}

/** `lockPlayer` for the outbox's batches, which must not wait: false when another transaction holds it. */
async function tryLockPlayer(tx: Executor, userId: number): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(trySubjectLock('bonuses.player', userId));
  return result.rows[0]?.locked === true;
}

/** The payment of a cashout's ledger transfer (`payment:<id>`); unknown: later than every deposit. */
function cashoutPayment(transfer: Pick<TransferEvent, 'reference'>): number {
  const id = /^payment:(\d+)$/.exec(transfer.reference);
  return id ? Number(id[1]) : Number.MAX_SAFE_INTEGER;
}

/** Whether a template is for a player of these groups (none named: everyone). */
const forGroups = (t: TemplateRow, groupIds: number[]) =>
  t.groupIds.length === 0 || t.groupIds.some((g) => groupIds.includes(g));

function templateValues(input: BonusTemplateInput) {
  return {
    key: input.key,
    kind: input.kind,
    title: input.title,
    description: input.description,
    translations: input.translations,
    code: input.code ? input.code.toUpperCase() : null,
    percent: input.percent,
    depositNumbers: input.deposit_numbers,
    money: input.money,
    wagerMultiplier: input.wager_multiplier,
    contributions: input.contributions,
    games: input.games,
    freespinsCount: input.freespins_count,
    activationDays: input.activation_days,
    wageringDays: input.wagering_days,
    groupIds: input.group_ids,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
  };
}

export function presentTemplate(t: TemplateRow): BonusTemplate {
  return {
    id: t.id,
    key: t.key,
    kind: t.kind,
    title: t.title,
    description: t.description,
    translations: t.translations,
    code: t.code,
    percent: t.percent,
    deposit_numbers: t.depositNumbers,
    money: t.money,
    wager_multiplier: t.wagerMultiplier,
    contributions: t.contributions,
    games: t.games,
    freespins_count: t.freespinsCount,
    activation_days: t.activationDays,
    wagering_days: t.wageringDays,
    group_ids: t.groupIds,
    starts_at: t.startsAt?.toISOString() ?? null,
    ends_at: t.endsAt?.toISOString() ?? null,
    retired_at: t.retiredAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
  };
}

function presentOffer(t: TemplateRow, currency: string, locale: string): BonusOffer {
  const terms = termsIn(t.money, currency)!;
  return {
    id: t.id,
    title: localisedText(t.translations, 'title', locale, t.title),
    description: localisedText(t.translations, 'description', locale, t.description),
    kind: t.kind,
    code: t.kind === 'deposit' ? t.code : null,
    currency,
    amount_cents: terms.amount_cents ?? null,
    percent: t.percent,
    max_amount_cents: terms.max_amount_cents ?? null,
    min_deposit_cents: terms.min_deposit_cents ?? null,
    deposit_numbers: t.depositNumbers,
    freespins_count: t.freespinsCount,
    wager_multiplier: t.wagerMultiplier,
    max_bet_cents: terms.max_bet_cents ?? null,
    max_win_cents: terms.max_win_cents ?? (terms.amount_cents ? defaultMaxWin(terms.amount_cents) : null),
    activation_days: t.activationDays,
    wagering_days: t.wageringDays,
    group_key: t.key,
  };
}
