/**
 * The door a studio's free spin passes (docs/provider-protocol.md "Free spins"): the games module
 * takes the call (signature, session, idempotency, the round) and asks the module that owns the
 * player's free spins (bonuses) to count the spin and keep its win, in the call's transaction.
 * The games module never reads that module's tables.
 */
import type { Tx } from '../../platform/db/executor';

export type FreespinPlay = {
  tx: Tx;
  userId: number;
  currency: string;
  /** Catalogue identifier of the session's game (`orbit/stellar-sevens`). */
  game: string;
  /** The grant, as the platform named it in its issue call. */
  freespinId: string;
  winCents: number;
  at: Date;
};
export type FreespinPlayed = { left: number } | { refusal: 'freespin_not_found' | 'freespins_used' };
export type FreespinPlayer = (play: FreespinPlay) => Promise<FreespinPlayed>;

export class FreespinDoor {
  private player: FreespinPlayer | undefined;

  /** The owner of free spins plugs in here (one owner). */
  serve(player: FreespinPlayer): void {
    if (this.player) throw new Error('free spins already have an owner');
    this.player = player;
  }

  play(play: FreespinPlay): Promise<FreespinPlayed> {
    return this.player ? this.player(play) : Promise.resolve({ refusal: 'freespin_not_found' });
  }
}
