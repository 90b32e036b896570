/**
 * Live updates: every payment change sends the payment (`payments_changes`; the balance it moved
 * is the wallet's to send). The outbox handler reads through the delivery's transaction and
 * publishes once it has committed; a redelivery publishes the same state again, which is harmless.
 */
import { eq } from 'drizzle-orm';
import type { ModuleContext } from '../../platform/context';
import { publishToPlayer } from '../../platform/realtime/channels';
import { payments } from './schema';
import { PAYMENT_CHANGED_TOPIC, presentPayment, type PaymentChangedEvent } from './service';

export function registerLiveUpdates(ctx: ModuleContext): void {
  ctx.outbox.on(
    PAYMENT_CHANGED_TOPIC,
    'cashbox.publish-payment',
    async (event, { tx, afterCommit }) => {
      const { paymentId } = event.payload as PaymentChangedEvent;
      const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      if (row) afterCommit(() => publishToPlayer(ctx.pubsub, row.userId, 'payments_changes', presentPayment(row)));
    },
    { readOnly: true },
  );
}
