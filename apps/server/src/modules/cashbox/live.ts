/**
 * Live updates: every ledger transfer sends the moved players their account (`balance`), every
 * payment change sends the payment (`payments_changes`). Outbox handlers read through the
 * delivery's transaction and publish once it has committed, so a page never sees a balance the
 * database has not kept; a redelivery publishes the same state again, which is harmless.
 */
import { eq } from 'drizzle-orm';
import type { ModuleContext } from '../../platform/context';
import { publishToPlayer } from '../../platform/realtime/channels';
import { accountsOf, TRANSFER_TOPIC, type TransferEvent } from '../wallet';
import { presentAccount } from './accounts-routes';
import { payments } from './schema';
import { PAYMENT_CHANGED_TOPIC, presentPayment, type PaymentChangedEvent } from './service';

export function registerLiveUpdates(ctx: ModuleContext): void {
  // Once per delivery batch: each moved player's account read in one query after all the batch's
  // transfers, so its one message carries the newest state.
  ctx.outbox.onBatch(TRANSFER_TOPIC, 'cashbox.publish-balance', async (events, { tx, afterCommit }) => {
    const pairs = new Map<string, { userId: number; currency: string }>();
    for (const event of events) {
      const transfer = event.payload as TransferEvent;
      for (const side of [transfer.from, transfer.to]) {
        if ('player' in side)
          pairs.set(`${side.player}:${transfer.currency}`, { userId: side.player, currency: transfer.currency });
      }
    }
    for (const account of await accountsOf(tx, [...pairs.values()])) {
      afterCommit(() => publishToPlayer(ctx.pubsub, account.userId, 'balance', presentAccount(account)));
    }
  });
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
