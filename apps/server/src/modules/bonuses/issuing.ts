/**
 * Issuing gifts (docs/bonuses.md): the player's promo codes and coupons, their bonus settings
 * (the deposit bonus code, bonuses on or off), and the gifts that events bring: a registration's
 * gifts, a deposit's bonus.
 */
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { CouponResponse, PromoCodeResponse } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Tx } from '../../platform/db/executor';
import { notFound, unprocessable } from '../../platform/errors';
import { succeededDeposits, depositFacts } from '../cashbox';
import { bonusSettingsOf, changeBonusSettings, membershipsOf } from '../identity';
import { defaultMaxWin, depositBonusAmount, MULTI_ACCOUNT_GROUP, termsIn, wagerRequirement } from './rules';
import type { FreespinsService } from './freespins';
import type { BonusLifecycle } from './lifecycle';
import { DAY_MS, lockPlayer, tryLockPlayer } from './rows';
import { bonusTemplates, playerBonuses } from './schema';
import type { BonusTemplates } from './templates';

export class BonusIssuing {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly templates: BonusTemplates,
    private readonly lifecycle: BonusLifecycle,
    private readonly freespins: FreespinsService,
  ) {}

  // ---- settings and codes ---------------------------------------------------------------------

  async settings(userId: number) {
    const s = await bonusSettingsOf(this.db, userId);
    if (!s) throw notFound();
    return { deposit_bonus_code: s.depositBonusCode, can_issue_bonuses: s.canIssueBonuses };
  }

  /** Chooses the deposit offer with this code for the next deposit (refused when no offer has it). */
  async setDepositCode(userId: number, currency: string, groupIds: number[], code: string) {
    const wanted = code.toUpperCase();
    const offers = await this.templates.depositOffers(userId, currency, groupIds);
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
    const template = await this.templates.templateByCode(code, currency, groupIds);
    if (!template) throw unprocessable('invalid', 'code');
    if (template.kind === 'freespins') {
      const spins = await this.db.transaction((tx) =>
        this.freespins.issue(tx, template, {
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
      return this.lifecycle.issue(tx, template, {
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
    const template = await this.templates.templateByCode(code, currency, groupIds);
    if (!settings?.canIssueBonuses || !template || template.kind !== 'coupon') return { status: 'failed_to_activate' };
    const issued = await this.db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      const result = await this.lifecycle.issue(tx, template, {
        userId,
        currency,
        country: settings.country,
        issueKey: `code:${template.id}:${userId}`,
        stage: 'issued',
      });
      if (result.created && !(await this.lifecycle.wagering(tx, userId)))
        await this.lifecycle.startWagering(tx, result.row);
      return result;
    });
    return { status: issued.created ? 'successfully_activated' : 'already_activated' };
  }

  // ---- issuing from events --------------------------------------------------------------------

  /** A new player gets the registration gifts of their currency (activatable). */
  async onRegistered(tx: Tx, userId: number, currency: string): Promise<void> {
    const settings = await bonusSettingsOf(tx, userId);
    if (!settings?.canIssueBonuses) return;
    const groupIds = (await membershipsOf(tx, userId)).map((g) => g.id);
    for (const template of await this.templates.offered(tx, 'registration', currency, groupIds))
      await this.lifecycle.issue(tx, template, {
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
        if (row.stage === 'issued') await this.lifecycle.finish(tx, row, 'canceled');
        return;
      }
      const [template] = await tx.select().from(bonusTemplates).where(eq(bonusTemplates.id, templateId));
      const settings = await bonusSettingsOf(tx, userId);
      if (!template || template.kind !== 'registration' || !settings || !termsIn(template.money, settings.currency))
        return;
      const declined = await this.lifecycle.issue(tx, template, {
        userId,
        currency: settings.currency,
        country: settings.country,
        issueKey,
        stage: 'issued',
      });
      if (declined.created) {
        await this.lifecycle.finish(tx, declined.row, 'canceled');
        return;
      }
      // The gift was being given at this very moment (its row not yet committed when looked for
      // above; the insert waited for it): it is there now, and declined all the same.
      const [given] = await tx.select().from(playerBonuses).where(eq(playerBonuses.issueKey, issueKey)).for('update');
      if (given?.stage === 'issued') await this.lifecycle.finish(tx, given, 'canceled');
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
      if (row && !(await this.lifecycle.wagering(tx, deposit.userId))) await this.lifecycle.startWagering(tx, row);
      else if (row) await this.lifecycle.changed(tx, row);
      return;
    }
    if (!settings.depositBonusCode) return;
    const [template] = (await this.templates.offered(tx, 'deposit', deposit.currency, groupIds)).filter(
      (t) =>
        t.code === settings.depositBonusCode &&
        (t.depositNumbers === null || t.depositNumbers.includes(deposit.number)),
    );
    await changeBonusSettings(tx, deposit.userId, { depositBonusCode: null });
    const terms = template && termsIn(template.money, deposit.currency);
    if (!template || !terms || deposit.amountCents < (terms.min_deposit_cents ?? 0)) return;
    const amount = depositBonusAmount(deposit.amountCents, template.percent ?? 0, terms.max_amount_cents ?? null);
    if (amount <= 0) return;
    const issued = await this.lifecycle.issue(tx, template, {
      userId: deposit.userId,
      currency: deposit.currency,
      country: settings.country,
      issueKey: `deposit:${paymentId}`,
      stage: 'issued',
      amountCents: amount,
      paymentId,
    });
    if (issued.created && !(await this.lifecycle.wagering(tx, deposit.userId)))
      await this.lifecycle.startWagering(tx, issued.row);
  }
}
