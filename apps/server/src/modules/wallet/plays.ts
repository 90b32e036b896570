/**
 * What a batch of `wallet.transfer` events means to the modules that count play: the one reading
 * of "a bet was counted" (docs/architecture.md "A bet's after-effects"). A bet from a player's
 * real or bonus account is a stake; a rollback paid back to one is a refund (it takes the stake
 * back: a player can cause refunds, so a refunded stake must never earn); a win paid to one is a
 * win. Jackpot prizes, deposits, cashouts and bonus movements are no play. The games module adds
 * the round, game and categories (`settledPlays`); the cashbox counts real-money stakes from here.
 */
import type { OutboxEvent } from '../../platform/outbox/outbox';
import type { TransferEvent } from './ledger';

export type PlayKind = 'stake' | 'refund' | 'win';

export type Play = {
  transferId: number;
  kind: PlayKind;
  userId: number;
  /** The player's account the stake left, or the refund or win came to. */
  money: 'real' | 'bonus';
  currency: string;
  /** The transfer's amount, positive. */
  cents: number;
  /** What the play adds to the player's stakes: the stake, minus a refund, nothing for a win. */
  stakeCents: number;
  /** The ledger reference: the games module's round (`settledPlays`) reads it, nobody else. */
  reference: string;
  /** When the transfer was written (its outbox event's time). */
  at: Date;
};

/** The transfers of an outbox batch with their times, for `playsOf` and the handlers that read money movements. */
export function transfersOf(events: ReadonlyArray<OutboxEvent>): Array<{ transfer: TransferEvent; at: Date }> {
  return events.map((e) => ({ transfer: e.payload as TransferEvent, at: e.createdAt }));
}

/** The plays among a batch's transfers, in their order. */
export function playsOf(events: ReadonlyArray<{ transfer: TransferEvent; at: Date }>): Play[] {
  const plays: Play[] = [];
  for (const { transfer: t, at } of events) {
    const side = t.kind === 'bet' ? t.from : t.kind === 'rollback' || t.kind === 'win' ? t.to : undefined;
    if (!side || !('player' in side) || (side.kind !== 'real' && side.kind !== 'bonus')) continue;
    const kind: PlayKind = t.kind === 'bet' ? 'stake' : t.kind === 'rollback' ? 'refund' : 'win';
    plays.push({
      transferId: t.transferId,
      kind,
      userId: side.player,
      money: side.kind,
      currency: t.currency,
      cents: t.amount,
      stakeCents: kind === 'stake' ? t.amount : kind === 'refund' ? -t.amount : 0,
      reference: t.reference,
      at,
    });
  }
  return plays;
}
