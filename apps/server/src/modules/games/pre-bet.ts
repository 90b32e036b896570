/**
 * The one check every real-money bet and launch passes before money moves. Other modules plug
 * their rules in (responsible-gambling limits, bonus max bet) with `add`; the first refusal wins.
 * The games module itself never reads those modules' tables.
 */
import type { WalletErrorCode } from '@orbit/contracts';

export type PreBetInput = {
  userId: number;
  currency: string;
  /** Catalogue identifier (`orbit/stellar-sevens`). */
  game: string;
  /** The bet's amount; 0 when a real game is launched. */
  amountCents: number;
  at: Date;
};
export type PreBetRefusal = Extract<WalletErrorCode, 'player_excluded' | 'limit_reached' | 'bonus_max_bet' | 'game_disabled'>;
export type PreBetCheck = (input: PreBetInput) => Promise<PreBetRefusal | null>;

export class PreBetChecks {
  private readonly checks: Array<{ name: string; check: PreBetCheck }> = [];

  add(name: string, check: PreBetCheck): void {
    if (this.checks.some((c) => c.name === name)) throw new Error(`pre-bet check ${name} is already registered`);
    this.checks.push({ name, check });
  }

  async run(input: PreBetInput): Promise<PreBetRefusal | null> {
    for (const { check } of this.checks) {
      const refusal = await check(input);
      if (refusal) return refusal;
    }
    return null;
  }
}
