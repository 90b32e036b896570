/**
 * The door through which a module above identity records something of its own about a new player
 * in the registration's transaction (telemetry: the affiliate tag and the A/B arm), without
 * identity knowing what. A hook records; it never decides: one that fails is logged and undone
 * (each runs in a savepoint), and the registration goes on.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../platform/db/executor';

/** The new player, when, and the headers of the registration's request (its cookies, its referrer). */
export type JoinedPlayer = { userId: number; at: Date; headers: IncomingHttpHeaders };
export type RegistrationHook = (tx: Tx, joined: JoinedPlayer) => Promise<void>;

export class RegistrationHooks {
  private readonly hooks: Array<{ name: string; hook: RegistrationHook }> = [];

  add(name: string, hook: RegistrationHook): void {
    this.hooks.push({ name, hook });
  }

  /** Runs every hook in the registration's transaction, each in its own savepoint. */
  async run(tx: Tx, joined: JoinedPlayer, log: FastifyBaseLogger): Promise<void> {
    for (const { name, hook } of this.hooks) {
      try {
        await tx.transaction((savepoint) => hook(savepoint, joined));
      } catch (error) {
        log.error({ err: error, hook: name }, 'registration hook failed; the player is registered without it');
      }
    }
  }
}
