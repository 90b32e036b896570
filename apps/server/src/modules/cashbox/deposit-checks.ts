/**
 * The doors of the cashbox. The checks a deposit passes before the PSP is called (and before a crypto address is shown):
 * other modules plug their rules in (responsible-gambling limits) with `add`; the first refusal
 * wins (platform/checks.ts). The cashbox never reads those modules' tables.
 */
import { Checks, type Check } from '../../platform/checks';
import type { Executor } from '../../platform/db/executor';

export type DepositCheckInput = {
  userId: number;
  currency: string;
  /** The deposit's amount; 0 when a crypto address is asked for (the amount is not known yet). */
  amountCents: number;
  /** The player's deposits still waiting at the PSP, per currency: they may all succeed. */
  pending: Array<{ currency: string; cents: number }>;
  at: Date;
  /** The cashbox's transaction, which holds the player's deposit lock while the checks read. */
  executor: Executor;
};
/** `limit_reached`: 422 on `amount_cents`; `player_excluded`: 422 on `base`. */
export type DepositRefusal = 'limit_reached' | 'player_excluded';
export type DepositCheck = Check<DepositCheckInput, DepositRefusal>;

export class DepositChecks extends Checks<DepositCheckInput, DepositRefusal> {
  constructor() {
    super('deposit');
  }
}

/** What a cashout check is told: the player, the currency and the amount asked for. */
export type CashoutCheckInput = { userId: number; currency: string; amountCents: number; at: Date };
/** `bonus_wagering`: 422 on `base` (a bonus wagers in that currency: docs/bonuses.md). */
export type CashoutRefusal = 'bonus_wagering';
export type CashoutCheck = Check<CashoutCheckInput, CashoutRefusal>;

/** The checks a cashout passes before its money is reserved; other modules add their rules (bonuses). */
export class CashoutChecks extends Checks<CashoutCheckInput, CashoutRefusal> {
  constructor() {
    super('cashout');
  }
}
