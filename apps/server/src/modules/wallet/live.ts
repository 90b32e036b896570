/**
 * Live balances: every ledger transfer sends the moved players their account (`balance`). The
 * outbox handler reads through the delivery's transaction and publishes once it has committed, so
 * a page never sees a balance the database has not kept; a redelivery publishes the same state
 * again, which is harmless.
 */
import type { ModuleContext } from '../../platform/context';
import { publishToPlayer } from '../../platform/realtime/channels';
import { accountsOf, presentAccount } from './accounts';
import { TRANSFER_TOPIC, type TransferEvent } from './ledger';

export function publishBalances(ctx: ModuleContext): void {
  // Once per delivery batch: each moved player's account read in one query after all the batch's
  // transfers, so its one message carries the newest state.
  ctx.outbox.onBatch(TRANSFER_TOPIC, 'wallet.publish-balance', async (events, { tx, afterCommit }) => {
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
}
