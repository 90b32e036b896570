/**
 * The one check every real-money bet and launch passes before money moves. Other modules plug
 * their rules in (responsible-gambling limits, bonus max bet) with `add`; the first refusal wins.
 * The games module itself never reads those modules' tables.
 */
import type { WalletErrorCode } from '@orbit/contracts';
import { Checks } from '../../platform/checks';
import type { Executor } from '../../platform/db/executor';

export type PreBetInput = {
  userId: number;
  currency: string;
  /** Catalogue identifier (`orbit/stellar-sevens`). */
  game: string;
  /** The bet's amount; 0 when a real game is launched. */
  amountCents: number;
  at: Date;
  /** Where to read: the bet's own transaction when the bet is serialized (see `counting`). */
  executor?: Executor | undefined;
};
export type PreBetRefusal = Extract<WalletErrorCode, 'player_excluded' | 'limit_reached' | 'bonus_max_bet' | 'game_disabled'>;
/**
 * A refusal, null (passes), or `counting`: passes, but the rule counts the player's earlier bets
 * (a wager or loss limit), so two bets sent at once could each pass alone; the wallet then checks
 * again and places the bet under a lock of the player, in one transaction.
 */
export type PreBetVerdict = PreBetRefusal | 'counting' | null;
export type PreBetCheck = (input: PreBetInput) => Promise<PreBetVerdict>;

/** The door every real bet and launch passes; `counting` is soft (see PreBetVerdict). */
export class PreBetChecks extends Checks<PreBetInput, Exclude<PreBetVerdict, null>> {
  constructor() {
    super('pre-bet', ['counting']);
  }
}
