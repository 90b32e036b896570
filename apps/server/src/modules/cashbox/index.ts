/**
 * The cashbox module's public face: payment methods, deposits through a PSP adapter (the shipped
 * sandbox PSP by default), cashouts with recall and operator review, the payment history.
 * Money moves only through the wallet's ledger.
 */
import { publicBase } from '../../platform/config';
import type { OrbitModule } from '../../platform/module';
import { mailWithdrawalLink, withdrawalLink } from '../identity';
import { Ledger, listCurrencies, TRANSFER_TOPIC, transfersOf } from '../wallet';
import { CashoutChecks, DepositChecks } from './deposit-checks';
import { SandboxPspAdapter } from './psp';
import { accountsRoutes } from './accounts-routes';
import { registerLiveUpdates } from './live';
import { countStakes } from './playthrough';
import { cashoutRoutes } from './routes/cashouts';
import { depositRoutes } from './routes/deposits';
import { riskRoutes } from './routes/risk';
import { methodsInfoRoutes } from './routes/methods-info';
import { operatorCashboxRoutes } from './routes/operator';
import { paymentRoutes } from './routes/payments';
import { webhookRoutes } from './routes/webhooks';
import {
  CashboxService,
  DEPOSIT_HELD_TOPIC,
  PAYOUT_REQUESTED_TOPIC,
  type CashoutDecisionHook,
  type DepositHeldEvent,
  type PaymentRow,
} from './service';

export {
  PAYMENT_CHANGED_TOPIC,
  presentPayment,
  type CashoutDecisionHook,
  type PaymentChangedEvent,
  type PaymentRow,
} from './service';
export { paymentTotals, playersSharingCard, waitingCashouts, type PaymentTotals } from './cashout-queue';
export { SandboxPspAdapter, type PspAdapter, type PspPayment } from './psp';
export {
  CashoutChecks,
  DepositChecks,
  type CashoutCheck,
  type CashoutCheckInput,
  type DepositCheck,
  type DepositCheckInput,
  type DepositRefusal,
} from './deposit-checks';
export { depositFacts, succeededDeposits, type DepositFacts } from './deposit-facts';
export { DEPOSIT_PLAYED_TOPIC, type DepositPlayedEvent } from './playthrough';
export { paymentsOfPlayer, type PlayerPayment } from './player-payments';

declare module 'fastify' {
  interface FastifyInstance {
    /** The checks every deposit passes before the PSP is called; modules add their rules (limits). */
    orbitDepositChecks: DepositChecks;
    /** The checks every cashout passes before its money is reserved; modules add their rules (bonuses). */
    orbitCashoutChecks: CashoutChecks;
    /** Cancels a player's deposits still waiting at the PSP (limits: when an exclusion starts). */
    orbitPendingDeposits: { cancel(userId: number, because: string): Promise<number> };
    /** An operator's decision on a waiting cashout (the back office); undefined when it no longer waits. */
    orbitCashoutDecisions: {
      approve(id: number, within: CashoutDecisionHook): Promise<PaymentRow | undefined>;
      reject(id: number, reason: string, within: CashoutDecisionHook): Promise<PaymentRow | undefined>;
    };
  }
}

/** Where the shipped sandbox PSP is mounted in the casino's own process. */
export const SANDBOX_PSP_PREFIX = '/sandbox-psp';

export const cashboxModule: OrbitModule = {
  name: 'cashbox',
  routes: async (app, ctx) => {
    const base = publicBase(ctx.config);
    const psp = new SandboxPspAdapter({
      baseUrl: ctx.config.sandboxPsp.url ?? `${base}${SANDBOX_PSP_PREFIX}`,
      apiKey: ctx.config.sandboxPsp.apiKey,
      webhookSecret: ctx.config.sandboxPsp.webhookSecret,
      ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
    });
    const units = ctx.config.cashoutAutoApproveUnits;
    const autoApprove = Object.fromEntries(
      (await listCurrencies(ctx.db))
        .filter((c) => c.fiat && units > 0)
        .map((c) => [c.code, Math.round(units * c.subunitsToUnit)]),
    );
    const depositChecks = new DepositChecks();
    app.decorate('orbitDepositChecks', depositChecks);
    const cashoutChecks = new CashoutChecks();
    app.decorate('orbitCashoutChecks', cashoutChecks);
    const service = new CashboxService(
      ctx.db,
      ctx.clock,
      new Ledger(ctx.clock),
      psp,
      { publicBase: base, autoApprove },
      ctx.log,
      depositChecks,
      cashoutChecks,
    );
    app.decorate('orbitPendingDeposits', {
      cancel: (userId: number, because: string) => service.cancelPendingDeposits(userId, because),
    });
    app.decorate('orbitCashoutDecisions', {
      approve: (id: number, within: CashoutDecisionHook) => service.approve(id, within),
      reject: (id: number, reason: string, within: CashoutDecisionHook) => service.reject(id, reason, within),
    });
    ctx.outbox.on(PAYOUT_REQUESTED_TOPIC, 'cashbox.send-payout', (event, delivery) =>
      service.sendPayout((event.payload as { paymentId: number }).paymentId, delivery),
    );
    // An excluded player cannot sign in to see a deposit that arrived during the exclusion: the
    // withdrawal link goes out (it shows the held money), at most as the identity module allows.
    ctx.outbox.on(DEPOSIT_HELD_TOPIC, 'cashbox.mail-withdrawal-link', async (event, { tx, afterCommit }) => {
      const held = event.payload as DepositHeldEvent;
      if (held.reason !== 'player_excluded') return;
      const mailId = await mailWithdrawalLink(
        tx,
        ctx.mailer,
        (token, locale) => withdrawalLink(ctx.config, token, locale),
        held.userId,
        ctx.clock.now(),
      );
      if (mailId !== null) afterCommit(() => ctx.mailer.deliver([mailId]));
    });
    // Deposits played through by the real-money stakes after them (playthrough.ts): a batch with
    // no such stake costs nothing, one whose players have no waiting deposit a single read.
    ctx.outbox.onBatch(TRANSFER_TOPIC, 'cashbox.deposit-playthrough', async (events, { tx }) => {
      await countStakes(tx, transfersOf(events), ctx.clock.now());
    });
    ctx.sweeps.every('cashbox.stale-deposits', 60_000, () => service.sweepStaleDeposits());
    registerLiveUpdates(ctx);
    await accountsRoutes(app, ctx);
    await depositRoutes(service)(app, ctx);
    // The page's payment risk data (docs/rules/fields.md "Payment risk data").
    await riskRoutes()(app, ctx);
    await methodsInfoRoutes()(app, ctx);
    await cashoutRoutes(service)(app, ctx);
    await paymentRoutes(service)(app);
    await webhookRoutes(service)(app);
    await operatorCashboxRoutes(service)(app, ctx);
  },
};
