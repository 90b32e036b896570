import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  FIRST_DEPOSIT_SUGGESTION,
  type CashoutRequest,
  type WithdrawalResponse,
  type CryptoAddressResponse,
  type DepositRequest,
  type Payment,
  type PaymentAction,
  type PaymentMethodsResponse,
  type PaymentState,
  isLithuanianIban,
  LITHUANIAN_IBAN_GROUP_ID,
} from '@orbit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { subjectLock, type Executor } from '../../platform/db/executor';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors';
import { localePath, mailLocale } from '../../platform/mail-layout';
import { enqueueEvent, type DeliveryContext } from '../../platform/outbox/outbox';
import { changeGroups, type CurrentPlayer } from '../identity';
import {
  InsufficientFundsError,
  Ledger,
  listAccounts,
  listCurrencies,
  playerBalances,
  type CurrencyRow,
  type TransferRequest,
} from '../wallet';
import { CashoutChecks, DepositChecks, type DepositRefusal } from './deposit-checks';
import {
  CRYPTO_DEPOSIT_CURRENCIES,
  limitsOf,
  METHODS,
  methodsFor,
  type CurrencyInfo,
  type MethodDefinition,
} from './methods';
import { PspError, type PspAdapter, type PspNotification, type PspPayment } from './psp';
import { forfeitWaiting, startPlaythrough } from './playthrough';
import { cryptoAddresses, payments, savedCards } from './schema';

export type PaymentRow = typeof payments.$inferSelect;

/** The outbox topic of every payment change; realtime sends the whole payment on `payments_changes`. */
export const PAYMENT_CHANGED_TOPIC = 'cashbox.payment_changed';
/** A cashout approved: the worker asks the PSP to pay it out (at least once; the PSP dedupes by reference). */
export const PAYOUT_REQUESTED_TOPIC = 'cashbox.payout_requested';
export type PaymentChangedEvent = { paymentId: number; userId: number; state: PaymentState };

export type CashboxSettings = {
  /** Where the player's browser and the PSP reach the casino (return pages, webhooks). */
  publicBase: string;
  /** Cashouts up to this amount (minor units, by currency) are approved without an operator. */
  autoApprove: Record<string, number>;
};

const FINAL: PaymentState[] = ['succeeded', 'canceled', 'declined', 'rejected', 'recalled'];

export function presentPayment(p: PaymentRow): Payment {
  const method = METHODS.find((m) => m.id === p.method);
  return {
    id: p.id,
    amount_cents: p.amount,
    currency: p.currency,
    action: p.action as PaymentAction,
    payment_system: p.provider,
    system_name: method?.brand ?? p.method,
    brand: method?.brand ?? p.method,
    recallable: p.action === 'cashout' && p.state === 'pending',
    created_at: p.createdAt.toISOString(),
    finished_at: p.finishedAt ? p.finishedAt.toISOString() : null,
    state: p.state as PaymentState,
    success: p.state === 'succeeded',
    cancellation_reason: p.cancellationReason,
    held_reason: (p.heldReason as Payment['held_reason']) ?? null,
  };
}

/**
 * Deposits and cashouts. State lives in `payments`; money moves only through the ledger, each
 * movement keyed by the payment (`payment:<id>:deposit|reserve|release|payout`), so that a
 * webhook and a status poll arriving together credit once. State changes are guarded updates
 * (`where state = ...`) in the same transaction as their ledger transfer.
 */
/** Who a cashout is for: a signed-in player, or the holder of a withdrawal link (no session). */
export type PlayerRef = Pick<CurrentPlayer, 'user' | 'groupIds'>;

/** `annabelle@example.com` → `an***@example.com`. */
/** A deposit credited as withdraw-only money (past a deposit limit, or during an exclusion). */
export const DEPOSIT_HELD_TOPIC = 'cashbox.deposit_held';
export type DepositHeldEvent = { paymentId: number; userId: number; reason: DepositRefusal };

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, Math.max(at, 0)))}***${email.slice(at)}`;
}

/**
 * Runs inside a cashout decision's transaction once the payment changed (the back office writes
 * its audit entry there: a decision whose entry cannot be written does not happen).
 */
export type CashoutDecisionHook = (tx: Executor, row: PaymentRow) => Promise<void>;

export class CashboxService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly psp: PspAdapter,
    private readonly settings: CashboxSettings,
    private readonly log: FastifyBaseLogger,
    private readonly depositChecks: DepositChecks = new DepositChecks(),
    private readonly cashoutChecks: CashoutChecks = new CashoutChecks(),
  ) {}

  get provider(): string {
    return this.psp.provider;
  }

  private get notificationUrl(): string {
    return `${this.settings.publicBase}/api/cashbox/webhooks/${this.psp.provider}`;
  }

  private async currency(code: string): Promise<CurrencyRow & CurrencyInfo> {
    const row = (await listCurrencies(this.db)).find((c) => c.code === code);
    if (!row) throw unprocessable('invalid', 'currency');
    return row;
  }

  private async requireAccount(userId: number, currency: string): Promise<void> {
    const accounts = await listAccounts(this.db, userId);
    if (!accounts.some((a) => a.currency === currency)) throw unprocessable('account_not_found', 'currency');
  }

  private method(id: string, currency: CurrencyInfo, action: PaymentAction, groupIds: number[]): MethodDefinition {
    const method = methodsFor(currency, action, groupIds).find((m) => m.id === id);
    if (!method) throw unprocessable('invalid', 'payment_method');
    return method;
  }

  private checkLimits(method: MethodDefinition, action: PaymentAction, currency: CurrencyInfo, amount: number): void {
    const { min, max } = limitsOf(method, action, currency);
    if (amount < min) throw unprocessable('too_small', 'amount_cents');
    if (amount > max) throw unprocessable('too_large', 'amount_cents');
  }

  async methods(
    player: PlayerRef,
    action: PaymentAction,
    currencyCode: string | undefined,
  ): Promise<PaymentMethodsResponse> {
    const accounts = await listAccounts(this.db, player.user.id);
    const code = currencyCode ?? accounts.find((a) => a.active)?.currency ?? accounts[0]?.currency;
    if (!code) return { methods: [], suggested_amount_cents: null };
    const currency = await this.currency(code);
    const cards = await this.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.userId, player.user.id))
      .orderBy(asc(savedCards.id));
    const [deposited] = await this.db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.userId, player.user.id), eq(payments.action, 'deposit'), eq(payments.state, 'succeeded')));
    return {
      methods: methodsFor(currency, action, player.groupIds).map((m) => {
        const limits = limitsOf(m, action, currency);
        return {
          id: m.id,
          brand: m.brand,
          provider: m.provider,
          type: m.type,
          currency: currency.code,
          action,
          min_amount_cents: limits.min,
          max_amount_cents: limits.max,
          fee_percent: m.feePercent,
          processing_time: m.processingTime,
          fields:
            action === 'cashout' && m.destination
              ? [
                  {
                    name: m.destination.name,
                    type: m.type === 'card' ? ('card_token' as const) : ('text' as const),
                    required: true,
                    pattern: m.type === 'card' ? null : m.destination.pattern.source,
                  },
                ]
              : [],
          saved_profiles:
            m.type === 'card'
              ? cards.filter((c) => c.brand === m.brand).map((c) => ({ id: c.id, brand: c.brand, last4: c.last4 }))
              : [],
          network: m.network,
          terms_of_service: {
            restrictions: {
              amount_currency_code: currency.code,
              min_amount_cents: limits.min,
              max_amount_cents: limits.max,
            },
          },
        };
      }),
      suggested_amount_cents:
        action === 'deposit' && deposited!.n === 0 && currency.fiat
          ? FIRST_DEPOSIT_SUGGESTION * currency.subunitsToUnit
          : null,
    };
  }

  /** `locale`: the page's; the PSP sends the player back to the return page in it. */
  async deposit(
    player: CurrentPlayer,
    request: DepositRequest,
    locale = 'en',
  ): Promise<{ payment: Payment; redirectUrl: string | null; challenge: boolean }> {
    const userId = player.user.id;
    const currency = await this.currency(request.currency);
    await this.requireAccount(userId, currency.code);
    const method = this.method(request.payment_method, currency, 'deposit', player.groupIds);
    if (method.type === 'crypto') throw unprocessable('use_crypto_address', 'payment_method');
    this.checkLimits(method, 'deposit', currency, request.amount_cents);
    let cardToken: string | undefined;
    if (request.saved_profile_id !== undefined) {
      const [card] = await this.db
        .select()
        .from(savedCards)
        .where(
          and(
            eq(savedCards.id, request.saved_profile_id),
            eq(savedCards.userId, userId),
            eq(savedCards.brand, method.brand),
          ),
        );
      if (!card || method.type !== 'card') throw unprocessable('invalid', 'saved_profile_id');
      cardToken = card.token;
    }
    const now = this.clock.now();
    const payment = await this.db.transaction(async (tx) => {
      await this.refuseDeposit(tx, userId, currency.code, request.amount_cents, now);
      const [row] = await tx
        .insert(payments)
        .values({
          userId,
          action: 'deposit',
          state: 'pending',
          currency: currency.code,
          amount: request.amount_cents,
          method: method.id,
          provider: method.provider,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await this.changed(tx, row!);
      return row!;
    });
    let created;
    try {
      created = await this.psp.createDeposit({
        reference: `payment:${payment.id}`,
        amountCents: payment.amount,
        currency: payment.currency,
        method: method.type as Exclude<typeof method.type, 'crypto'>,
        // Our own parameter name: a PSP adds its own (`payment_id`, `status`) and may overwrite those.
        returnUrl: `${this.settings.publicBase}${localePath(mailLocale(locale), '/cashbox/return')}?payment=${payment.id}`,
        notificationUrl: this.notificationUrl,
        customer: { email: player.user.email },
        ...(cardToken ? { cardToken } : {}),
      });
    } catch (error) {
      this.log.error({ err: error, payment: payment.id }, 'PSP refused to open a deposit');
      await this.finish(payment.id, ['pending'], 'declined', 'provider_error');
      throw new AppError(
        422,
        error instanceof PspError && error.status === 422 ? 'declined_by_provider' : 'provider_unavailable',
        'base',
      );
    }
    await this.db
      .update(payments)
      .set({ externalId: created.payment.externalId, updatedAt: now })
      .where(eq(payments.id, payment.id));
    const current = await this.apply(created.payment);
    return {
      payment: presentPayment(current ?? payment),
      redirectUrl: created.redirectUrl,
      challenge: created.challenge === true && created.redirectUrl !== null,
    };
  }

  /**
   * The deposit checks (limits), under a lock per player held until the caller's transaction ends,
   * so that two deposits sent at once are checked one after the other, each counting the other as pending.
   */
  private async refuseDeposit(
    tx: Executor,
    userId: number,
    currency: string,
    amountCents: number,
    at: Date,
  ): Promise<void> {
    const refusal = await this.depositRefusal(tx, userId, currency, amountCents, at);
    if (refusal === 'limit_reached') throw unprocessable('limit_reached', 'amount_cents');
    if (refusal) throw unprocessable(refusal, 'base');
  }

  /** What the deposit checks say of this amount now, counting the player's other deposits still pending. */
  private async depositRefusal(
    tx: Executor,
    userId: number,
    currency: string,
    amountCents: number,
    at: Date,
  ): Promise<DepositRefusal | null> {
    await tx.execute(subjectLock('cashbox.deposit', userId));
    const pending = await tx
      .select({ currency: payments.currency, cents: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number) })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.action, 'deposit'), eq(payments.state, 'pending')))
      .groupBy(payments.currency);
    return this.depositChecks.run({ userId, currency, amountCents, pending, at, executor: tx });
  }

  /**
   * What a withdrawal link shows (`GET /api/cashbox/withdrawal`): the player's masked address,
   * the real money of each account and the cashout methods of their currencies.
   */
  async withdrawal(player: PlayerRef): Promise<WithdrawalResponse> {
    const accounts = await listAccounts(this.db, player.user.id);
    const currencies = await listCurrencies(this.db);
    const methods = [];
    for (const account of accounts) methods.push(...(await this.methods(player, 'cashout', account.currency)).methods);
    return {
      email: maskEmail(player.user.email),
      accounts: accounts.map((a) => ({
        currency: a.currency,
        real_cents: a.real + a.held,
        subunits_to_unit: currencies.find((c) => c.code === a.currency)?.subunitsToUnit ?? 100,
      })),
      methods,
    };
  }

  /** The player came back from the PSP's page: ask the PSP where the payment stands (the webhook may still be on its way). */
  async check(player: CurrentPlayer, id: number): Promise<Payment> {
    const payment = await this.ownPayment(player.user.id, id);
    if (payment.externalId && !FINAL.includes(payment.state as PaymentState)) {
      try {
        return presentPayment((await this.apply(await this.psp.paymentStatus(payment.externalId))) ?? payment);
      } catch (error) {
        if (!(error instanceof PspError)) throw error;
        this.log.warn({ err: error, payment: id }, 'PSP status poll failed');
      }
    }
    return presentPayment(payment);
  }

  /** A signed notification from the PSP; false when the signature does not hold. */
  async notify(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
    const notification: PspNotification | null = this.psp.verifyNotification(rawBody, headers, this.clock.now());
    if (!notification) return false;
    await this.apply(notification.payment);
    return true;
  }

  /**
   * Brings our payment in line with the PSP's word (webhook or poll). Every transition is a
   * guarded update with its ledger transfer in one transaction: applying the same word twice,
   * or a webhook racing a poll, changes and credits once.
   */
  async apply(psp: PspPayment, canceledBecause = 'canceled_by_player'): Promise<PaymentRow | undefined> {
    const payment = await this.findForPsp(psp);
    if (!payment) {
      this.log.warn(
        { externalId: psp.externalId, reference: psp.reference },
        'PSP notification for an unknown payment',
      );
      return undefined;
    }
    if (payment.externalId === null) {
      await this.db.update(payments).set({ externalId: psp.externalId }).where(eq(payments.id, payment.id));
    }
    if (psp.amountCents !== payment.amount || psp.currency !== payment.currency) {
      this.log.error(
        { payment: payment.id, psp },
        'PSP reports another amount or currency than the payment: not applied',
      );
      return payment;
    }
    if (payment.action === 'deposit') {
      if (psp.status === 'succeeded') await this.creditDeposit(payment, psp);
      else if (psp.status === 'declined' || psp.status === 'failed')
        await this.finish(payment.id, ['pending'], 'declined', psp.declineReason ?? 'declined');
      else if (psp.status === 'canceled')
        await this.finish(payment.id, ['pending'], 'canceled', psp.declineReason ?? canceledBecause);
    } else if (psp.status === 'succeeded') await this.payOut(payment);
    else if (psp.status === 'failed' || psp.status === 'declined' || psp.status === 'canceled')
      await this.release(payment.id, ['processing'], 'rejected', psp.declineReason ?? 'payout_failed');
    return (await this.db.select().from(payments).where(eq(payments.id, payment.id)))[0];
  }

  /** A deposit the PSP took: succeeded, its money credited (held when it may not be played), its card saved. */
  private async creditDeposit(payment: PaymentRow, psp: PspPayment): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.transition(tx, payment.id, ['pending'], 'succeeded', null);
      if (!row) return;
      // The money is the player's whatever happened since the deposit started; money that
      // arrives past a deposit limit or during an exclusion is theirs to withdraw, not to play.
      const held = await this.depositRefusal(tx, payment.userId, payment.currency, payment.amount, this.clock.now());
      // The payment's change event (above) is read at delivery, after this commit: one suffices.
      if (held) {
        await tx
          .update(payments)
          .set({ heldCents: payment.amount, heldReason: held })
          .where(eq(payments.id, payment.id));
        await enqueueEvent(
          tx,
          DEPOSIT_HELD_TOPIC,
          { paymentId: payment.id, userId: payment.userId, reason: held } satisfies DepositHeldEvent,
          this.clock.now(),
        );
      }
      // The rewards bound to a deposit wait until it is played through (playthrough.ts).
      if (!held)
        await startPlaythrough(
          tx,
          { paymentId: payment.id, userId: payment.userId, currency: payment.currency, amount: payment.amount },
          this.clock.now(),
        );
      await this.ledger.transfer(tx, {
        idempotencyKey: `payment:${payment.id}:deposit`,
        kind: 'deposit',
        reference: `payment:${payment.id}`,
        currency: payment.currency,
        amount: payment.amount,
        from: { house: 'psp_clearing' },
        to: { player: payment.userId, kind: held ? 'held' : 'real' },
      });
      if (psp.card) {
        await tx
          .insert(savedCards)
          .values({
            userId: payment.userId,
            provider: this.psp.provider,
            token: psp.card.token,
            brand: psp.card.brand,
            last4: psp.card.last4,
            createdAt: this.clock.now(),
          })
          .onConflictDoNothing();
      }
    });
  }

  /** A cashout the PSP paid: succeeded, its reserved money gone to the PSP. */
  private async payOut(payment: PaymentRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.transition(tx, payment.id, ['processing'], 'succeeded', null);
      if (!row) return;
      await this.ledger.transfer(tx, {
        idempotencyKey: `payment:${payment.id}:payout`,
        kind: 'cashout_payout',
        reference: `payment:${payment.id}`,
        currency: payment.currency,
        amount: payment.amount,
        from: { player: payment.userId, kind: 'reserved' },
        to: { house: 'psp_clearing' },
      });
    });
  }

  /** Our payment behind a PSP payment: by (provider, external id), by our reference, or a new crypto deposit to a player's address. */
  private async findForPsp(psp: PspPayment): Promise<PaymentRow | undefined> {
    const [byExternal] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, this.psp.provider), eq(payments.externalId, psp.externalId)));
    if (byExternal) return byExternal;
    const ours = /^payment:(\d+)$/.exec(psp.reference);
    if (ours) {
      const [byReference] = await this.db
        .select()
        .from(payments)
        .where(and(eq(payments.id, Number(ours[1])), eq(payments.provider, this.psp.provider)));
      if (byReference && (byReference.externalId === null || byReference.externalId === psp.externalId))
        return byReference;
      return undefined;
    }
    if (psp.kind !== 'deposit' || psp.method !== 'crypto' || !psp.address) return undefined;
    const [address] = await this.db
      .select()
      .from(cryptoAddresses)
      .where(
        and(
          eq(cryptoAddresses.provider, this.psp.provider),
          eq(cryptoAddresses.address, psp.address),
          eq(cryptoAddresses.currency, psp.currency),
        ),
      );
    if (!address) return undefined;
    const now = this.clock.now();
    const method = METHODS.find((m) => m.type === 'crypto' && m.currency === psp.currency)!;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({
          userId: address.userId,
          action: 'deposit',
          state: 'pending',
          currency: psp.currency,
          amount: psp.amountCents,
          method: method.id,
          provider: this.psp.provider,
          externalId: psp.externalId,
          destination: psp.txid,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (row) {
        await this.changed(tx, row);
        return row;
      }
      // A notification for the same transaction raced this one and created the payment first.
      const [existing] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, this.psp.provider), eq(payments.externalId, psp.externalId)));
      return existing;
    });
  }

  async cryptoAddress(player: CurrentPlayer, code: string): Promise<CryptoAddressResponse> {
    if (!(CRYPTO_DEPOSIT_CURRENCIES as readonly string[]).includes(code)) throw unprocessable('invalid', 'currency');
    const currency = await this.currency(code);
    await this.requireAccount(player.user.id, code);
    const method = this.method(`crypto_${code.toLowerCase()}`, currency, 'deposit', player.groupIds);
    // Crypto arrives unasked once the address is known: the address is shown only while a deposit is allowed.
    await this.db.transaction((tx) => this.refuseDeposit(tx, player.user.id, code, 0, this.clock.now()));
    const where = and(
      eq(cryptoAddresses.userId, player.user.id),
      eq(cryptoAddresses.provider, this.psp.provider),
      eq(cryptoAddresses.currency, code),
    );
    let [row] = await this.db.select().from(cryptoAddresses).where(where);
    if (!row) {
      let issued;
      try {
        issued = await this.psp.cryptoAddress({
          currency: code,
          reference: `player:${player.user.id}:${code}`,
          notificationUrl: this.notificationUrl,
        });
      } catch (error) {
        this.log.error({ err: error }, 'PSP refused a crypto address');
        throw unprocessable('provider_unavailable', 'base');
      }
      await this.db
        .insert(cryptoAddresses)
        .values({
          userId: player.user.id,
          provider: this.psp.provider,
          currency: code,
          address: issued.address,
          confirmationsRequired: issued.confirmationsRequired,
          createdAt: this.clock.now(),
        })
        .onConflictDoNothing();
      [row] = await this.db.select().from(cryptoAddresses).where(where);
    }
    return {
      currency: code,
      address: row!.address,
      qr_code: await (await import('qrcode')).default.toDataURL(row!.address, { margin: 1, width: 220 }),
      min_amount_cents: limitsOf(method, 'deposit', currency).min,
      confirmations_required: row!.confirmationsRequired,
    };
  }

  async cashout(player: PlayerRef, request: CashoutRequest): Promise<Payment> {
    const userId = player.user.id;
    if (!player.user.confirmedAt) throw unprocessable('email_not_confirmed', 'base');
    const currency = await this.currency(request.currency);
    await this.requireAccount(userId, currency.code);
    const method = this.method(request.payment_method, currency, 'cashout', player.groupIds);
    this.checkLimits(method, 'cashout', currency, request.amount_cents);
    const refusal = await this.cashoutChecks.run({
      userId,
      currency: currency.code,
      amountCents: request.amount_cents,
      at: this.clock.now(),
    });
    if (refusal) throw unprocessable(refusal, 'base');
    const destination = await this.cashoutDestination(userId, method, request.destination);
    const now = this.clock.now();
    const payment = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({
          userId,
          action: 'cashout',
          state: 'pending',
          currency: currency.code,
          amount: request.amount_cents,
          method: method.id,
          provider: method.provider,
          destination,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      // A valid Lithuanian IBAN puts the player in its group (docs/rules/fields.md "IBAN").
      if (method.destination?.name === 'iban' && isLithuanianIban(destination))
        await changeGroups(tx, userId, [LITHUANIAN_IBAN_GROUP_ID], [], now);
      // The currency's deposits not yet played through give up their rewards (the form says so
      // first). Their rows are locked before the accounts, in the order the wallet's batches
      // take them (the play-through count, then the bonuses' money): never a deadlock.
      await forfeitWaiting(tx, userId, currency.code, now);
      // Withdraw-only money leaves first (it can do nothing else), then real money.
      const [balances] = await playerBalances(tx, userId, [currency.code]);
      const fromHeld = Math.min(balances?.held ?? 0, request.amount_cents);
      const reserve = (kind: 'held' | 'real', amount: number, key: string): TransferRequest => ({
        idempotencyKey: `payment:${row!.id}:${key}`,
        kind: 'cashout_reserve',
        reference: `payment:${row!.id}`,
        currency: currency.code,
        amount,
        from: { player: userId, kind },
        to: { player: userId, kind: 'reserved' },
      });
      const reserves = [
        ...(fromHeld > 0 ? [reserve('held', fromHeld, 'reserve-held')] : []),
        ...(request.amount_cents > fromHeld ? [reserve('real', request.amount_cents - fromHeld, 'reserve')] : []),
      ];
      try {
        await this.ledger.transferAll(tx, reserves);
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw unprocessable('insufficient_funds', 'amount_cents');
        throw error;
      }
      const [reserved] =
        fromHeld > 0
          ? await tx.update(payments).set({ heldCents: fromHeld }).where(eq(payments.id, row!.id)).returning()
          : [row!];
      await this.changed(tx, reserved!);
      return reserved!;
    });
    const limit = this.settings.autoApprove[currency.code];
    if (limit !== undefined && payment.amount <= limit)
      return presentPayment((await this.approve(payment.id)) ?? payment);
    return presentPayment(payment);
  }

  /** Where a cashout goes: a card's PSP token for a card method, else the address as given, if the method takes it. */
  private async cashoutDestination(userId: number, method: MethodDefinition, destination: string): Promise<string> {
    if (method.type === 'card') {
      const [card] = /^\d{1,12}$/.test(destination)
        ? await this.db
            .select()
            .from(savedCards)
            .where(and(eq(savedCards.id, Number(destination)), eq(savedCards.userId, userId)))
        : [];
      // Card payouts go back to a card the player deposited with (its PSP token).
      if (!card) throw unprocessable('invalid', 'destination');
      return card.token;
    }
    if (!method.destination?.pattern.test(destination)) throw unprocessable('invalid', 'destination');
    return destination;
  }

  async recall(player: CurrentPlayer, id: number): Promise<Payment> {
    const payment = await this.ownPayment(player.user.id, id);
    if (payment.action !== 'cashout') throw conflict('not_recallable');
    const row = await this.release(payment.id, ['pending'], 'recalled', 'recalled_by_player');
    if (!row) throw conflict('not_recallable');
    return presentPayment(row);
  }

  /** Operator (or auto-approval): the cashout goes to the PSP; the worker sends it. */
  async approve(id: number, within?: CashoutDecisionHook): Promise<PaymentRow | undefined> {
    return this.db.transaction(async (tx) => {
      const row = await this.transition(tx, id, ['pending'], 'processing', null, 'cashout');
      if (row) await enqueueEvent(tx, PAYOUT_REQUESTED_TOPIC, { paymentId: id }, this.clock.now());
      if (row) await within?.(tx, row);
      return row;
    });
  }

  /** Operator: the cashout is refused before it reached the PSP; the money goes back to real. */
  async reject(id: number, reason: string | undefined, within?: CashoutDecisionHook): Promise<PaymentRow | undefined> {
    return this.release(id, ['pending'], 'rejected', reason ?? 'rejected_by_operator', within);
  }

  /**
   * Outbox handler of PAYOUT_REQUESTED_TOPIC: asks the PSP to pay (the PSP dedupes by our
   * reference, so a redelivery pays once). Runs in the delivery's transaction, which is the only
   * connection it may use; what the PSP answered is applied once that has committed (and again by
   * the PSP's webhook, harmlessly).
   */
  async sendPayout(paymentId: number, { tx, afterCommit }: DeliveryContext): Promise<void> {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || payment.state !== 'processing' || payment.action !== 'cashout') return;
    const method = METHODS.find((m) => m.id === payment.method)!;
    const psp = await this.psp.createPayout({
      reference: `payment:${payment.id}`,
      amountCents: payment.amount,
      currency: payment.currency,
      method: method.type,
      destination: payment.destination ?? '',
      notificationUrl: this.notificationUrl,
    });
    await tx
      .update(payments)
      .set({ externalId: psp.externalId, updatedAt: this.clock.now() })
      .where(eq(payments.id, payment.id));
    afterCommit(async () => void (await this.apply(psp)));
  }

  /**
   * Deposits the PSP never told us about: after `pollAfterMs` they are polled (a lost webhook),
   * after `cancelAfterMs` still without a result they are canceled (`timeout`), so the cashbox
   * never shows a payment pending forever. Crypto deposits only exist once money was seen.
   */
  async sweepStaleDeposits(pollAfterMs = 15 * 60_000, cancelAfterMs = 24 * 3_600_000): Promise<number> {
    const now = this.clock.now().getTime();
    const stale = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.action, 'deposit'),
          eq(payments.state, 'pending'),
          lte(payments.createdAt, new Date(now - pollAfterMs)),
        ),
      )
      .orderBy(asc(payments.id))
      .limit(100);
    for (const payment of stale) {
      const expired = payment.createdAt.getTime() <= now - cancelAfterMs;
      try {
        if (!payment.externalId) {
          if (expired) await this.finish(payment.id, ['pending'], 'canceled', 'timeout');
          continue;
        }
        let psp = await this.psp.paymentStatus(payment.externalId);
        // Never cancel only on our side: the PSP might still take the money. It cancels first.
        let because: string | undefined;
        if (psp.status === 'pending' && expired && psp.method !== 'crypto') {
          psp = await this.psp.cancelPayment(payment.externalId);
          because = 'timeout';
        }
        if (psp.status !== 'pending') await this.apply(psp, because);
      } catch (error) {
        this.log.warn({ err: error, payment: payment.id }, 'stale deposit sweep failed for a payment');
      }
    }
    return stale.length;
  }

  /**
   * Cancels the player's deposits still waiting at the PSP (card, bank transfer, e-wallet, voucher:
   * crypto cannot be called back), as starting an exclusion does (docs/limits.md). The PSP cancels
   * first: one it can no longer cancel ends as the PSP says. Answers how many were canceled.
   */
  async cancelPendingDeposits(userId: number, because: string): Promise<number> {
    const pending = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.action, 'deposit'), eq(payments.state, 'pending')))
      .orderBy(asc(payments.id));
    let canceled = 0;
    for (const payment of pending) {
      if (!payment.externalId) {
        if (await this.finish(payment.id, ['pending'], 'canceled', because)) canceled++;
        continue;
      }
      const psp = await this.psp.cancelPayment(payment.externalId);
      if (psp.method === 'crypto' || psp.status === 'pending') continue;
      const row = await this.apply(psp, because);
      if (row?.state === 'canceled') canceled++;
    }
    return canceled;
  }

  async list(
    userId: number,
    filter: { currency?: string | undefined; type?: PaymentAction | undefined },
    page: number,
    pageSize: number,
  ) {
    const conditions: SQL[] = [eq(payments.userId, userId)];
    if (filter.currency) conditions.push(eq(payments.currency, filter.currency));
    if (filter.type) conditions.push(eq(payments.action, filter.type));
    const where = and(...conditions);
    const rows = await this.db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db.select({ n: count() }).from(payments).where(where);
    return { data: rows.map(presentPayment), total: total!.n };
  }

  /** Operator: open cashouts, oldest first. */
  async pendingCashouts(): Promise<Payment[]> {
    const rows = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.action, 'cashout'), inArray(payments.state, ['pending', 'processing'])))
      .orderBy(asc(payments.id));
    return rows.map(presentPayment);
  }

  private async ownPayment(userId: number, id: number): Promise<PaymentRow> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.userId, userId)));
    if (!payment) throw notFound();
    return payment;
  }

  /** A guarded state change: only from the states given; answers the changed row, or nothing when another call got there first. */
  private async transition(
    tx: Executor,
    id: number,
    from: PaymentState[],
    to: PaymentState,
    reason: string | null,
    action?: PaymentAction,
  ): Promise<PaymentRow | undefined> {
    const now = this.clock.now();
    const conditions: SQL[] = [eq(payments.id, id), inArray(payments.state, from)];
    if (action) conditions.push(eq(payments.action, action));
    const [row] = await tx
      .update(payments)
      .set({
        state: to,
        cancellationReason: reason,
        updatedAt: now,
        ...(FINAL.includes(to) ? { finishedAt: now } : {}),
      })
      .where(and(...conditions))
      .returning();
    if (row) await this.changed(tx, row);
    return row;
  }

  private finish(id: number, from: PaymentState[], to: PaymentState, reason: string): Promise<PaymentRow | undefined> {
    return this.db.transaction((tx) => this.transition(tx, id, from, to, reason));
  }

  /** A cashout that ends without paying out: its reserved money goes back where it came from (withdraw-only money stays so). */
  private release(
    id: number,
    from: PaymentState[],
    to: PaymentState,
    reason: string,
    within?: CashoutDecisionHook,
  ): Promise<PaymentRow | undefined> {
    return this.db.transaction(async (tx) => {
      const row = await this.transition(tx, id, from, to, reason, 'cashout');
      if (!row) return undefined;
      await within?.(tx, row);
      const back = (kind: 'held' | 'real', amount: number, key: string): TransferRequest => ({
        idempotencyKey: `payment:${id}:${key}`,
        kind: 'cashout_release',
        reference: `payment:${id}`,
        currency: row.currency,
        amount,
        from: { player: row.userId, kind: 'reserved' },
        to: { player: row.userId, kind },
      });
      await this.ledger.transferAll(tx, [
        ...(row.heldCents > 0 ? [back('held', row.heldCents, 'release-held')] : []),
        ...(row.amount > row.heldCents ? [back('real', row.amount - row.heldCents, 'release')] : []),
      ]);
      return row;
    });
  }

  private changed(tx: Executor, row: PaymentRow): Promise<void> {
    const event: PaymentChangedEvent = { paymentId: row.id, userId: row.userId, state: row.state as PaymentState };
    return enqueueEvent(tx, PAYMENT_CHANGED_TOPIC, event, this.clock.now());
  }
}
