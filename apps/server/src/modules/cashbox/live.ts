/**
 * Live updates: every ledger transfer sends the moved players their account (`balance`), every
 * payment change sends the payment (`payments_changes`). Outbox handlers read through the
 * delivery's transaction and publish once it has committed, so a page never sees a balance the
 * database has not kept; a redelivery publishes the same state again, which is harmless.
 */
import { eq } from 'drizzle-orm';
import type { ModuleContext } from '../../platform/context';
import { publishToPlayer } from '../../platform/realtime/channels';
import { accountOf, TRANSFER_TOPIC, type TransferEvent } from '../wallet';
import { presentAccount } from './accounts-routes';
import { payments } from './schema';
import { PAYMENT_CHANGED_TOPIC, presentPayment, type PaymentChangedEvent } from './service';

export function registerLiveUpdates(ctx: ModuleContext): void {
  ctx.outbox.on(TRANSFER_TOPIC, 'cashbox.publish-balance', async (event, { tx, afterCommit }) => {
    const transfer = event.payload as TransferEvent;
    const players = new Set<number>();
    for (const side of [transfer.from, transfer.to]) if ('player' in side) players.add(side.player);
    for (const userId of players) {
      const account = await accountOf(tx, userId, transfer.currency);
      if (account) afterCommit(() => publishToPlayer(ctx.pubsub, userId, 'balance', presentAccount(account)));
    }
  }, { readOnly: true });
  ctx.outbox.on(PAYMENT_CHANGED_TOPIC, 'cashbox.publish-payment', async (event, { tx, afterCommit }) => {
    const { paymentId } = event.payload as PaymentChangedEvent;
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (row) afterCommit(() => publishToPlayer(ctx.pubsub, row.userId, 'payments_changes', presentPayment(row)));
  }, { readOnly: true });
}
