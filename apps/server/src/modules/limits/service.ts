import { and, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  AMOUNT_LIMIT_TYPES,
  EXCLUSION_LIMIT_TYPES,
  type AmountLimitType,
  type ConfirmUserLimitResponse,
  type CreateUserLimitRequest,
  type LimitPeriod,
  type LimitType,
  type ResponsibleGamingResponse,
  type UserLimit,
} from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { subjectLock, type Executor } from '../../platform/db/executor';
import { notFound, unprocessable } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { MailLocale } from '../../platform/mail-layout';
import { enqueueEvent } from '../../platform/outbox/outbox';
import type { PubSub } from '../../platform/realtime/pubsub';
import { publishToPlayer } from '../../platform/realtime/channels';
import { hashToken, newToken } from '../../platform/tokens';
import type { DepositCheck } from '../cashbox';
import type { PreBetCheck } from '../games';
import {
  endAllSessions,
  mailWithdrawalLink,
  playerContact,
  signedInSeconds,
  stopPromotions,
  type CurrentPlayer,
  type SignInCheck,
} from '../identity';
import {
  listAccounts,
  listCurrencies,
  playerMovements,
  playerMovementsByCurrency,
  referenceRatesNow,
  type PlayerMovements,
  type ReferenceRates,
} from '../wallet';
import { LimitDefaultsStore } from './defaults';
import { limitChangeMail } from './mails';
import { exclusionEnd, periodWindow, type PeriodWindow } from './periods';
import { realityChecks, userLimitAccounts, userLimitChanges, userLimits } from './schema';

type LimitRow = typeof userLimits.$inferSelect;
type ChangeRow = typeof userLimitChanges.$inferSelect;
type AccountRow = typeof userLimitAccounts.$inferSelect;

const HOUR_MS = 3600_000;
const isExclusion = (type: LimitType) => (EXCLUSION_LIMIT_TYPES as readonly string[]).includes(type);
const isAmount = (type: LimitType): type is AmountLimitType => (AMOUNT_LIMIT_TYPES as readonly string[]).includes(type);

/** A change that waits: neither confirmed, canceled nor expired. */
const openChange = () =>
  and(isNull(userLimitChanges.confirmedAt), isNull(userLimitChanges.canceledAt), isNull(userLimitChanges.expiredAt));

/** Limits in force at `at`: not removed, and (exclusions) not over yet. */
const inForceAt = (at: Date) =>
  and(isNull(userLimits.removedAt), or(isNull(userLimits.endsAt), gt(userLimits.endsAt, at)));
/** The player's limits in force at `at`. */
const inForce = (userId: number, at: Date) => and(eq(userLimits.userId, userId), inForceAt(at));

/** Written with an exclusion that starts: the player's deposits still waiting at the PSP are canceled. */
export const EXCLUSION_STARTED_TOPIC = 'limits.exclusion_started';

/**
 * Whether a movement of `amount` on top of `used` would exceed `limit` (true: refuse it): a bet or
 * deposit that would take the usage over the amount; at a launch or an address request (amount 0),
 * a usage that already reached it (reached when amount − current ≤ 0, docs/limits.md).
 */
export function wouldExceed(limit: number, used: number, amount: number): boolean {
  return amount === 0 ? used >= limit : used + amount > limit;
}

/** Mailed links, each to the page in the player's language. */
export type LimitsLinks = {
  confirm(token: string, locale: MailLocale): string;
  withdrawal(token: string, locale: MailLocale): string;
};

/**
 * Responsible-gambling limits (docs/limits.md): setting, lowering at once,
 * raising and removing after 24 hours and a mailed confirmation, cooling-off and
 * self-exclusion, the usage of each period from the ledger, and the checks that sign-in,
 * deposits, launches and provider bets pass. Every change of one player's limits runs under a
 * lock of that player, so two requests at once apply one after the other.
 */
export class LimitsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly pubsub: PubSub,
    private readonly links: LimitsLinks,
    private readonly log: FastifyBaseLogger,
    /** The operator's defaults (the raise's wait, the confirmation's window, the reality check). */
    private readonly defaults: LimitDefaultsStore = new LimitDefaultsStore(db),
  ) {
    this.inForceLookup = db
      .select()
      .from(userLimits)
      .where(
        and(
          eq(userLimits.userId, sql.placeholder('userId')),
          isNull(userLimits.removedAt),
          or(isNull(userLimits.endsAt), sql`${userLimits.endsAt} > ${sql.placeholder('at')}::timestamptz`),
        ),
      )
      .prepare('limits_in_force');
  }

  private readonly inForceLookup;

  // ---- reading --------------------------------------------------------------------------------

  /** The player's limits in force with this period's usage and pending changes (`GET /api/user_limits`). */
  async list(userId: number, executor: Executor = this.db): Promise<UserLimit[]> {
    const at = this.clock.now();
    const limits = await executor.select().from(userLimits).where(inForce(userId, at)).orderBy(userLimits.id);
    if (limits.length === 0) return [];
    const ids = limits.map((l) => l.id);
    const [accounts, changes, contact] = await Promise.all([
      executor
        .select()
        .from(userLimitAccounts)
        .where(inArray(userLimitAccounts.limitId, ids))
        .orderBy(userLimitAccounts.currency),
      executor
        .select()
        .from(userLimitChanges)
        .where(and(inArray(userLimitChanges.limitId, ids), openChange()))
        .orderBy(userLimitChanges.id),
      playerContact(executor, userId),
    ]);
    const usage = new Usage(executor, userId, contact?.timeZone, at);
    const presented: UserLimit[] = [];
    for (const limit of limits) {
      presented.push(
        await this.present(
          limit,
          accounts.filter((a) => a.limitId === limit.id),
          changes.filter((c) => c.limitId === limit.id),
          usage,
        ),
      );
    }
    return presented;
  }

  private async present(
    limit: LimitRow,
    accounts: AccountRow[],
    changes: ChangeRow[],
    usage: Usage,
  ): Promise<UserLimit> {
    const type = limit.type;
    const removal = changes.find((c) => c.action === 'remove');
    const shown = removal ?? changes[0];
    const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    const base = {
      id: limit.id,
      type,
      period: limit.period,
      status: changes.length > 0 ? ('pending' as const) : ('active' as const),
      disable_at: isExclusion(type) ? iso(limit.endsAt) : iso(shown?.confirmableAt),
      confirm_until: iso(shown?.confirmUntil),
      created_at: limit.createdAt.toISOString(),
      pending_change: shown
        ? {
            action: shown.action,
            requested_at: shown.requestedAt.toISOString(),
            confirmable_at: shown.confirmableAt.toISOString(),
            confirm_until: iso(shown.confirmUntil),
          }
        : null,
    };
    if (type === 'session') {
      const window = usage.window(limit.period as LimitPeriod);
      return {
        ...base,
        accounts: [],
        minutes: limit.minutes,
        current_value_minutes: Math.floor((await usage.signedInSeconds(limit.period as LimitPeriod)) / 60),
        active_until: window.end.toISOString(),
      };
    }
    if (isAmount(type)) {
      const window = usage.window(limit.period as LimitPeriod);
      const presentedAccounts = [];
      for (const account of accounts) {
        presentedAccounts.push({
          currency: account.currency,
          amount_cents: account.amountCents,
          current_value_amount_cents: await usage.used(type, limit.period as LimitPeriod, account.currency, true),
          active_until: window.end.toISOString(),
          pending_amount_cents:
            changes.find((c) => c.action === 'raise' && c.currency === account.currency)?.amount ?? null,
        });
      }
      return {
        ...base,
        accounts: presentedAccounts,
        minutes: null,
        current_value_minutes: null,
        active_until: window.end.toISOString(),
      };
    }
    return { ...base, accounts: [], minutes: null, current_value_minutes: null, active_until: null };
  }

  // ---- changes --------------------------------------------------------------------------------

  /**
   * `POST /api/user_limits`: a new or lower limit applies at once, a higher one waits (24 h, then
   * the mailed confirmation). `tighten`: the back office, at the player's request, which may only
   * make play stricter: a higher amount answers 422 `would_loosen` (docs/backoffice.md); `within`
   * runs in the change's transaction (the audit entry).
   */
  async set(
    userId: number,
    request: CreateUserLimitRequest,
    tighten?: { within: (tx: Executor) => Promise<void> },
  ): Promise<UserLimit[]> {
    const now = this.clock.now();
    const mailId = await this.db.transaction(async (tx) => {
      const mail = await this.change(tx, userId, request, now, tighten !== undefined);
      await tighten?.within(tx);
      return mail;
    });
    if (mailId !== null) await this.mailer.deliver([mailId]);
    return this.changed(userId);
  }

  private async change(
    tx: Executor,
    userId: number,
    request: CreateUserLimitRequest,
    now: Date,
    tightenOnly: boolean,
  ): Promise<number | null> {
    await lockPlayer(tx, userId);
    if (request.type === 'cooling_off' || request.type === 'self_exclusion')
      return this.exclude(tx, userId, request.type, request.period, now);
    const [existing] = await tx
      .select()
      .from(userLimits)
      .where(and(inForce(userId, now), eq(userLimits.type, request.type), eq(userLimits.period, request.period)));
    if (request.type === 'session') {
      if (tightenOnly && existing?.minutes != null && request.minutes > existing.minutes)
        throw unprocessable('would_loosen', 'minutes');
      if (!existing) {
        await tx
          .insert(userLimits)
          .values({ userId, type: 'session', period: request.period, minutes: request.minutes, createdAt: now });
      } else {
        await this.setAmount(tx, existing, null, existing.minutes, request.minutes, now);
      }
      return null;
    }
    const held = new Set((await listAccounts(tx, userId)).map((a) => a.currency));
    if (request.accounts.some((a) => !held.has(a.currency))) throw unprocessable('no_account', 'currency');
    const limit =
      existing ??
      (
        await tx
          .insert(userLimits)
          .values({ userId, type: request.type, period: request.period, createdAt: now })
          .returning()
      )[0]!;
    const current = existing
      ? await tx.select().from(userLimitAccounts).where(eq(userLimitAccounts.limitId, limit.id))
      : [];
    for (const account of request.accounts) {
      const was = current.find((c) => c.currency === account.currency);
      if (tightenOnly && was && account.amount_cents > was.amountCents)
        throw unprocessable('would_loosen', 'amount_cents');
      await this.setAmount(tx, limit, account.currency, was?.amountCents ?? null, account.amount_cents, now);
    }
    return null;
  }

  /**
   * One amount (a currency account's, or a session limit's minutes when `currency` is null): no
   * amount yet or a lower one applies at once and drops a raise or removal that waited; a higher
   * one becomes a raise that waits (a new amount restarts its 24 hours).
   */
  private async setAmount(
    tx: Executor,
    limit: LimitRow,
    currency: string | null,
    was: number | null,
    amount: number,
    now: Date,
  ): Promise<void> {
    const ofThisAmount = and(
      eq(userLimitChanges.limitId, limit.id),
      currency === null ? isNull(userLimitChanges.currency) : eq(userLimitChanges.currency, currency),
    );
    if (was === null || amount <= was) {
      if (currency === null) await tx.update(userLimits).set({ minutes: amount }).where(eq(userLimits.id, limit.id));
      else if (was === null)
        await tx.insert(userLimitAccounts).values({ limitId: limit.id, currency, amountCents: amount });
      else
        await tx
          .update(userLimitAccounts)
          .set({ amountCents: amount })
          .where(and(eq(userLimitAccounts.limitId, limit.id), eq(userLimitAccounts.currency, currency)));
      // A stricter choice now outweighs a looser one asked for earlier.
      await tx
        .update(userLimitChanges)
        .set({ canceledAt: now })
        .where(
          and(
            eq(userLimitChanges.limitId, limit.id),
            openChange(),
            or(eq(userLimitChanges.action, 'remove'), and(eq(userLimitChanges.action, 'raise'), ofThisAmount)),
          ),
        );
      return;
    }
    const [waiting] = await tx
      .select()
      .from(userLimitChanges)
      .where(and(ofThisAmount, eq(userLimitChanges.action, 'raise'), openChange()));
    if (waiting?.amount === amount) return;
    if (waiting) await tx.update(userLimitChanges).set({ canceledAt: now }).where(eq(userLimitChanges.id, waiting.id));
    await tx.insert(userLimitChanges).values({
      limitId: limit.id,
      userId: limit.userId,
      action: 'raise',
      currency,
      amount,
      requestedAt: now,
      confirmableAt: new Date(now.getTime() + (await this.defaults.current(tx)).raise_delay_hours * HOUR_MS),
    });
  }

  /**
   * Cooling-off and self-exclusion start at once and can only be made longer: every session of
   * the player ends, promotional mail stops and a withdrawal link goes out (their money stays
   * theirs), in the same transaction. Answers the mail's id.
   */
  private async exclude(
    tx: Executor,
    userId: number,
    type: 'cooling_off' | 'self_exclusion',
    period: string,
    now: Date,
  ): Promise<number | null> {
    const contact = await playerContact(tx, userId);
    const endsAt = exclusionEnd(period as Parameters<typeof exclusionEnd>[0], now, contact?.timeZone);
    // One that is over but not yet marked by the sweep makes way for the new one.
    await tx
      .update(userLimits)
      .set({ removedAt: sql`${userLimits.endsAt}` })
      .where(
        and(
          eq(userLimits.userId, userId),
          eq(userLimits.type, type),
          isNull(userLimits.removedAt),
          lte(userLimits.endsAt, now),
        ),
      );
    const [current] = await tx
      .select()
      .from(userLimits)
      .where(and(inForce(userId, now), eq(userLimits.type, type)));
    if (current) {
      if (current.endsAt === null || (endsAt !== null && endsAt <= current.endsAt))
        throw unprocessable('shorter_than_current', 'period');
      await tx.update(userLimits).set({ period, endsAt }).where(eq(userLimits.id, current.id));
    } else {
      await tx.insert(userLimits).values({ userId, type, period, createdAt: now, endsAt });
    }
    await endAllSessions(tx, userId, now);
    await stopPromotions(tx, userId);
    // Deposits still waiting at the PSP are canceled once this commits (index.ts).
    await enqueueEvent(tx, EXCLUSION_STARTED_TOPIC, { userId }, now);
    return mailWithdrawalLink(tx, this.mailer, this.links.withdrawal, userId, now);
  }

  /**
   * A player's account in a new currency takes every amount limit in force: the strictest of the
   * limit's amounts converted at the reference rate, rounded down (the outbox, in its transaction).
   * The usage already binds that currency without it (every currency counts against every
   * amount); this is the amount the page shows and the player can change there.
   */
  async extendToAccount(tx: Executor, userId: number, currency: string): Promise<boolean> {
    await lockPlayer(tx, userId);
    const limits = await tx
      .select()
      .from(userLimits)
      .where(and(inForce(userId, this.clock.now()), inArray(userLimits.type, [...AMOUNT_LIMIT_TYPES])));
    if (limits.length === 0) return false;
    const accounts = await tx
      .select()
      .from(userLimitAccounts)
      .where(
        inArray(
          userLimitAccounts.limitId,
          limits.map((l) => l.id),
        ),
      );
    const rates = await referenceRatesNow(tx);
    let extended = false;
    for (const limit of limits) {
      const amounts = accounts.filter((a) => a.limitId === limit.id);
      if (amounts.length === 0 || amounts.some((a) => a.currency === currency)) continue;
      const amountCents = Math.min(...amounts.map((a) => rates.convert(a.amountCents, a.currency, currency, 'down')));
      await tx.insert(userLimitAccounts).values({ limitId: limit.id, currency, amountCents }).onConflictDoNothing();
      extended = true;
    }
    return extended;
  }

  /** `DELETE /api/user_limits/{id}`: the removal waits 24 hours and the mailed confirmation; exclusions cannot be removed. */
  async remove(userId: number, id: number): Promise<UserLimit[]> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      const [limit] = await tx
        .select()
        .from(userLimits)
        .where(and(inForce(userId, now), eq(userLimits.id, id)));
      if (!limit) throw notFound();
      if (isExclusion(limit.type)) throw unprocessable('limit_locked');
      const [waiting] = await tx
        .select()
        .from(userLimitChanges)
        .where(and(eq(userLimitChanges.limitId, id), eq(userLimitChanges.action, 'remove'), openChange()));
      if (waiting) return;
      await tx.insert(userLimitChanges).values({
        limitId: id,
        userId,
        action: 'remove',
        requestedAt: now,
        confirmableAt: new Date(now.getTime() + (await this.defaults.current(tx)).raise_delay_hours * HOUR_MS),
      });
    });
    return this.changed(userId);
  }

  /** `POST /api/user_limits/confirm`: the mailed token applies its raise or removal (once, before `confirm_until`). */
  async confirm(token: string): Promise<ConfirmUserLimitResponse> {
    const now = this.clock.now();
    const applied = await this.db.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(userLimitChanges)
        .where(eq(userLimitChanges.tokenHash, hashToken(token)));
      if (!found || found.confirmedAt || found.canceledAt) throw unprocessable('invalid', 'token');
      if (found.expiredAt || !found.confirmUntil || found.confirmUntil <= now || found.confirmableAt > now)
        throw unprocessable('expired', 'token');
      await lockPlayer(tx, found.userId);
      const [change] = await tx
        .update(userLimitChanges)
        .set({ confirmedAt: now })
        .where(and(eq(userLimitChanges.id, found.id), openChange()))
        .returning();
      if (!change) throw unprocessable('invalid', 'token');
      const [limit] = await tx
        .select()
        .from(userLimits)
        .where(and(eq(userLimits.id, change.limitId), isNull(userLimits.removedAt)));
      if (!limit) throw unprocessable('invalid', 'token');
      if (change.action === 'remove') {
        await tx.update(userLimits).set({ removedAt: now }).where(eq(userLimits.id, limit.id));
        await tx
          .update(userLimitChanges)
          .set({ canceledAt: now })
          .where(and(eq(userLimitChanges.limitId, limit.id), openChange()));
      } else if (change.currency === null) {
        await tx.update(userLimits).set({ minutes: change.amount }).where(eq(userLimits.id, limit.id));
      } else {
        await tx
          .update(userLimitAccounts)
          .set({ amountCents: change.amount! })
          .where(and(eq(userLimitAccounts.limitId, limit.id), eq(userLimitAccounts.currency, change.currency)));
      }
      return { userId: change.userId, type: limit.type, action: change.action };
    });
    await this.changed(applied.userId);
    return { confirmed: true, type: applied.type, action: applied.action };
  }

  /** Publishes the player's limits on `game_limits` and answers them. */
  async changed(userId: number): Promise<UserLimit[]> {
    const limits = await this.list(userId);
    await publishToPlayer(this.pubsub, userId, 'game_limits', { limits });
    return limits;
  }

  // ---- timed transitions (a sweep: durable, since each pass reads what is due from the database) ----

  /**
   * Raises and removals whose 24 hours passed get their confirmation mail (token, 7 days to
   * confirm); unconfirmed ones expire after that; exclusions that are over are marked ended.
   * Each step is a guarded update, so two instances sweeping at once do each thing once.
   */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    const due = await this.db
      .select()
      .from(userLimitChanges)
      .where(and(openChange(), isNull(userLimitChanges.mailedAt), lte(userLimitChanges.confirmableAt, now)))
      .limit(500);
    // Amounts in mails are written with their currency's minor units.
    const subunits = due.some((c) => c.currency)
      ? new Map((await listCurrencies(this.db)).map((c) => [c.code, c.subunitsToUnit]))
      : new Map<string, number>();
    const subunitsOf = (currency: string) => subunits.get(currency) ?? 100;
    const { confirm_window_days: confirmDays } = await this.defaults.current();
    for (const change of due) {
      const token = newToken();
      const mailId = await this.db.transaction(async (tx) => {
        const [marked] = await tx
          .update(userLimitChanges)
          .set({
            tokenHash: hashToken(token),
            mailedAt: now,
            confirmUntil: new Date(now.getTime() + confirmDays * 24 * HOUR_MS),
          })
          .where(and(eq(userLimitChanges.id, change.id), isNull(userLimitChanges.mailedAt), openChange()))
          .returning();
        if (!marked) return null;
        const [limit] = await tx.select().from(userLimits).where(eq(userLimits.id, change.limitId));
        const contact = await playerContact(tx, change.userId);
        if (!limit || !contact) return null;
        return this.mailer.enqueue(tx, limitChangeMail(contact, limit, marked, this.links.confirm, token, subunitsOf));
      });
      if (mailId !== null) await this.mailer.deliver([mailId]);
      await this.changed(change.userId);
    }
    const expired = await this.db
      .update(userLimitChanges)
      .set({ expiredAt: now })
      .where(and(openChange(), lte(userLimitChanges.confirmUntil, now)))
      .returning({ userId: userLimitChanges.userId });
    const ended = await this.db
      .update(userLimits)
      .set({ removedAt: sql`${userLimits.endsAt}` })
      .where(and(isNull(userLimits.removedAt), lte(userLimits.endsAt, now)))
      .returning({ userId: userLimits.userId });
    for (const userId of new Set([...expired, ...ended].map((r) => r.userId))) await this.changed(userId);
  }

  // ---- the doors ------------------------------------------------------------------------------

  /**
   * The limits in force of a player (one query; most players have none, and then nothing else is
   * read). Every bet asks: outside a transaction it is a statement prepared once (as the wallet's
   * session lookup), named on PostgreSQL.
   */
  private async inForceRows(executor: Executor, userId: number, at: Date): Promise<LimitRow[]> {
    if (executor !== this.db) return executor.select().from(userLimits).where(inForce(userId, at));
    return this.inForceLookup.execute({ userId, at: at.toISOString() });
  }

  /** Sign-in: refused while cooling off or self-excluded. */
  readonly signInCheck: SignInCheck = async ({ userId, at }) => {
    const limits = await this.inForceRows(this.db, userId, at);
    return limits.some((l) => isExclusion(l.type)) ? 'player_excluded' : null;
  };

  /**
   * Every real bet and real launch: exclusions, then session, wager and loss limits of the bet's
   * currency; `counting` when a wager or loss limit passed, `unrestricted` without any of these
   * (see PreBetVerdict).
   */
  readonly betCheck: PreBetCheck = async ({ userId, currency, amountCents, at, executor = this.db }) => {
    const limits = await this.inForceRows(executor, userId, at);
    if (limits.some((l) => isExclusion(l.type))) return 'player_excluded';
    const relevant = limits.filter((l) => l.type === 'session' || l.type === 'wager' || l.type === 'loss');
    // Nothing that stops a bet, and nothing will until a limit is set or changed (user_limits
    // raises the player's pre-bet rules version: a trigger, games/sql/pre_bet_rules_changed.sql): time only ends limits.
    if (relevant.length === 0) return 'unrestricted';
    const contact = await playerContact(executor, userId);
    const usage = new Usage(executor, userId, contact?.timeZone, at);
    for (const limit of relevant.filter((l) => l.type === 'session')) {
      // Time is used up when the period's minutes are, whatever the bet.
      if ((await usage.signedInSeconds(limit.period as LimitPeriod)) >= limit.minutes! * 60) return 'limit_reached';
    }
    const amounts = relevant.filter((l) => l.type !== 'session');
    if (amounts.length === 0) return null;
    // Every currency's amount binds play in every currency (docs/limits.md "One player, all currencies").
    const accounts = await executor
      .select()
      .from(userLimitAccounts)
      .where(
        inArray(
          userLimitAccounts.limitId,
          amounts.map((l) => l.id),
        ),
      );
    for (const account of accounts) {
      const limit = amounts.find((l) => l.id === account.limitId)!;
      const used = await usage.used(
        limit.type as AmountLimitType,
        limit.period as LimitPeriod,
        account.currency,
        false,
      );
      const stake = (await usage.rates()).convert(amountCents, currency, account.currency, 'up');
      if (wouldExceed(account.amountCents, used, stake)) return 'limit_reached';
    }
    // These limits count earlier bets: the wallet places this one under the player's lock.
    return accounts.length > 0 ? 'counting' : null;
  };

  /** Every deposit (and crypto address): exclusions, then the deposit limits in every currency, counting deposits still pending. */
  readonly depositCheck: DepositCheck = async ({ userId, currency, amountCents, pending, at, executor }) => {
    const limits = await this.inForceRows(executor, userId, at);
    if (limits.length === 0) return null;
    if (limits.some((l) => isExclusion(l.type))) return 'player_excluded';
    const deposits = limits.filter((l) => l.type === 'deposit');
    if (deposits.length === 0) return null;
    const contact = await playerContact(executor, userId);
    const usage = new Usage(executor, userId, contact?.timeZone, at);
    const accounts = await executor
      .select()
      .from(userLimitAccounts)
      .where(
        inArray(
          userLimitAccounts.limitId,
          deposits.map((l) => l.id),
        ),
      );
    const rates = await usage.rates();
    for (const account of accounts) {
      const limit = deposits.find((l) => l.id === account.limitId)!;
      let used = await usage.used('deposit', limit.period as LimitPeriod, account.currency, false);
      for (const waiting of pending) used += rates.convert(waiting.cents, waiting.currency, account.currency, 'up');
      if (wouldExceed(account.amountCents, used, rates.convert(amountCents, currency, account.currency, 'up')))
        return 'limit_reached';
    }
    return null;
  };

  /** Which of these players have a deposit, loss, wager or session limit in force (one query for a whole outbox batch). */
  async withUsageLimits(executor: Executor, userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await executor
      .selectDistinct({ userId: userLimits.userId })
      .from(userLimits)
      .where(
        and(
          inArray(userLimits.userId, userIds),
          inForceAt(this.clock.now()),
          notInArray(userLimits.type, [...EXCLUSION_LIMIT_TYPES]),
        ),
      );
    return new Set(rows.map((r) => r.userId));
  }

  /** After a movement of a player with limits: their usage changed (`game_limits`). */
  async publishUsage(executor: Executor, userId: number): Promise<() => Promise<void>> {
    const limits = await this.list(userId, executor);
    return () => publishToPlayer(this.pubsub, userId, 'game_limits', { limits });
  }

  // ---- the session's facts and reality checks -------------------------------------------------

  /** `GET /api/responsible_gaming`: time signed in and net position of this session, the reality-check interval. */
  async responsibleGaming(player: CurrentPlayer): Promise<ResponsibleGamingResponse> {
    const now = this.clock.now();
    const userId = player.user.id;
    const started = player.session.createdAt;
    const accounts = await listAccounts(this.db, userId);
    const currency = accounts.find((a) => a.active)?.currency ?? player.user.currency;
    const [moved, minutes] = await Promise.all([
      playerMovements(this.db, userId, currency, started, new Date(now.getTime() + 1)),
      this.realityCheckMinutes(userId),
    ]);
    return {
      reality_check_minutes: minutes,
      session: {
        started_at: started.toISOString(),
        seconds_played: Math.max(0, Math.floor((now.getTime() - started.getTime()) / 1000)),
        currency,
        bets_cents: moved.bets,
        wins_cents: moved.wins,
        net_cents: moved.wins - moved.bets,
      },
      time_zone: player.user.timeZone ?? 'UTC',
    };
  }

  /** The player's reality-check interval: their own choice, else the casino's default for a player who chose none. */
  async realityCheckMinutes(userId: number, executor: Executor = this.db): Promise<number> {
    const [setting] = await executor.select().from(realityChecks).where(eq(realityChecks.userId, userId));
    return setting?.minutes ?? (await this.defaults.current(executor)).new_player_reality_check_minutes;
  }

  async setRealityCheck(player: CurrentPlayer, minutes: number): Promise<ResponsibleGamingResponse> {
    const now = this.clock.now();
    await this.db
      .insert(realityChecks)
      .values({ userId: player.user.id, minutes, updatedAt: now })
      .onConflictDoUpdate({ target: realityChecks.userId, set: { minutes, updatedAt: now } });
    return this.responsibleGaming(player);
  }
}

/** What a limit counts of one currency's movements: deposits, bets, or the net loss (bets − wins). */
function countedBy(type: AmountLimitType, moved: PlayerMovements): number {
  if (type === 'deposit') return moved.deposits;
  if (type === 'wager') return moved.bets;
  return moved.bets - moved.wins;
}

/** One player's usage at one instant, each period read once, the reference rates read once. */
class Usage {
  private readonly moved = new Map<LimitPeriod, Promise<Map<string, PlayerMovements>>>();
  private readonly seconds = new Map<LimitPeriod, Promise<number>>();
  private referenceRates: Promise<ReferenceRates> | undefined;

  constructor(
    private readonly executor: Executor,
    private readonly userId: number,
    private readonly timeZone: string | null | undefined,
    private readonly at: Date,
  ) {}

  window(period: LimitPeriod): PeriodWindow {
    return periodWindow(period, this.at, this.timeZone);
  }

  rates(): Promise<ReferenceRates> {
    this.referenceRates ??= referenceRatesNow(this.executor);
    return this.referenceRates;
  }

  /**
   * What a limit of `type` has used this period, in `currency`: every currency's movements, each
   * converted at the reference rate and rounded up (a player is never allowed more than they
   * set). Shown (`current_value_amount_cents`), a net loss is never below 0; checked, a player
   * who is up may lose what they won before the limit bites.
   */
  async used(type: AmountLimitType, period: LimitPeriod, currency: string, shown: boolean): Promise<number> {
    let found = this.moved.get(period);
    if (!found) {
      const { start } = this.window(period);
      // Up to and including `at`: a movement of this instant counts.
      found = playerMovementsByCurrency(this.executor, this.userId, start, new Date(this.at.getTime() + 1));
      this.moved.set(period, found);
    }
    const byCurrency = await found;
    // One currency (the usual case) needs no rates.
    const rates = [...byCurrency.keys()].some((c) => c !== currency) ? await this.rates() : null;
    let used = 0;
    for (const [moved, movements] of byCurrency)
      used += rates ? rates.convert(countedBy(type, movements), moved, currency, 'up') : countedBy(type, movements);
    return shown && type === 'loss' ? Math.max(0, used) : used;
  }

  signedInSeconds(period: LimitPeriod): Promise<number> {
    let found = this.seconds.get(period);
    if (!found) {
      const { start, end } = this.window(period);
      found = signedInSeconds(this.executor, this.userId, start, end < this.at ? end : this.at, this.at);
      this.seconds.set(period, found);
    }
    return found;
  }
}

/** Serializes changes of one player's limits (held until the transaction ends). */
async function lockPlayer(tx: Executor, userId: number): Promise<void> {
  await tx.execute(subjectLock('limits.player', userId));
}
