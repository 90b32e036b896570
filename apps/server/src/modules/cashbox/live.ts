/**
 * Live updates: every payment change sends the payment (`payments_changes`; the balance it moved
 * is the wallet's to send) and, beside it, a small event naming what happened (`payments_events`:
 * `{type: "<action>_<state>", payment_id, action, state, currency, amount_cents}`), for a front
 * end that reacts to the event rather than the payment. The outbox handler reads through the
 * delivery's transaction and publishes once it has committed; a redelivery publishes the same
 * state again, which is harmless. A card deposit that waits for its 3-D Secure challenge is told
 * on `allsecure_notification` (docs/compatibility.md "Realtime").
 */
import type { Payment } from '@orbit/contracts';
import { eq } from 'drizzle-orm';
import type { ModuleContext } from '../../platform/context';
import { publishToPlayer } from '../../platform/realtime/channels';
import { payments } from './schema';
import { PAYMENT_CHANGED_TOPIC, presentPayment, type PaymentChangedEvent } from './service';

/** The `payments_events` message of a payment in its current state. */
export type PaymentEventMessage = {
  type: string;
  payment_id: number;
  action: Payment['action'];
  state: Payment['state'];
  currency: string;
  amount_cents: number;
};

export function paymentEvent(payment: Payment): PaymentEventMessage {
  return {
    type: `${payment.action}_${payment.state}`,
    payment_id: payment.id,
    action: payment.action,
    state: payment.state,
    currency: payment.currency,
    amount_cents: payment.amount_cents,
  };
}

export function registerLiveUpdates(ctx: ModuleContext): void {
  ctx.outbox.on(
    PAYMENT_CHANGED_TOPIC,
    'cashbox.publish-payment',
    async (event, { tx, afterCommit }) => {
      const { paymentId } = event.payload as PaymentChangedEvent;
      const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      if (!row) return;
      const payment = presentPayment(row);
      afterCommit(async () => {
        await publishToPlayer(ctx.pubsub, row.userId, 'payments_changes', payment);
        await publishToPlayer(ctx.pubsub, row.userId, 'payments_events', paymentEvent(payment));
      });
    },
    { readOnly: true },
  );
}

/**
 * `allsecure_notification`: the card deposit `payment` waits for the player's 3-D Secure
 * challenge at `redirect_url` (the PSP said so in its answer). A failed publish is logged, never
 * the deposit's failure: the answer to the deposit call carries the same URL.
 */
export async function publishThreeDsChallenge(
  ctx: ModuleContext,
  userId: number,
  payment: Payment,
  redirectUrl: string,
): Promise<void> {
  try {
    await publishToPlayer(ctx.pubsub, userId, 'allsecure_notification', {
      type: 'three_ds_challenge',
      payment_id: payment.id,
      amount_cents: payment.amount_cents,
      currency: payment.currency,
      redirect_url: redirectUrl,
    });
  } catch (error) {
    ctx.log.warn({ err: error, payment: payment.id }, 'allsecure_notification not published');
  }
}
