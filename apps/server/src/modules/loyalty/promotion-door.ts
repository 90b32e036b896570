/**
 * The door the shop reaches the promotions through (docs/promotions.md "Lotteries"): loyalty
 * stands below promotions, so it never imports them; the promotions module serves this door
 * (`app.orbitPromotionRewards`). Until it does, loot boxes and lottery tickets answer
 * `reward_unavailable`.
 */
import type { Tx } from '../../platform/db/executor';
import { unprocessable } from '../../platform/errors';

export type LotteryTicketsAsk = { tx: Tx; userId: number; lotteryId: number; count: number; key: string; at: Date };

export type LootboxesAsk = {
  tx: Tx;
  userId: number;
  groupIds: readonly number[];
  currency: string;
  count: number;
  key: string;
  at: Date;
};

export type PromotionRewards = {
  /** Issues `count` wheel boxes inside the exchange's transaction; answers their ids. */
  issueLootboxes(ask: LootboxesAsk): Promise<number[]>;
  /** Points per ticket of a lottery that sells tickets for points now (undefined: none). */
  lotteryTicketPrice(lotteryId: number): Promise<number | undefined>;
  /** The lotteries selling tickets for points now, with their price. */
  sellingLotteries(): Promise<Array<{ id: number; points: number }>>;
  /** Issues the tickets inside the exchange's transaction; refuses with an AppError (cap, not running). */
  issueLotteryTickets(ask: LotteryTicketsAsk): Promise<void>;
};

export class PromotionRewardsDoor {
  private rewards: PromotionRewards | undefined;

  /** The promotions module plugs in here (one owner). */
  serve(rewards: PromotionRewards): void {
    if (this.rewards) throw new Error('promotion rewards already have an owner');
    this.rewards = rewards;
  }

  lotteryTicketPrice(lotteryId: number): Promise<number | undefined> {
    if (!this.rewards) throw unprocessable('reward_unavailable');
    return this.rewards.lotteryTicketPrice(lotteryId);
  }

  /** None while unserved: the shop's lottery card then lists no lottery. */
  sellingLotteries(): Promise<Array<{ id: number; points: number }>> {
    return this.rewards ? this.rewards.sellingLotteries() : Promise.resolve([]);
  }

  issueLootboxes(ask: LootboxesAsk): Promise<number[]> {
    if (!this.rewards) throw unprocessable('reward_unavailable');
    return this.rewards.issueLootboxes(ask);
  }

  issueLotteryTickets(ask: LotteryTicketsAsk): Promise<void> {
    if (!this.rewards) throw unprocessable('reward_unavailable');
    return this.rewards.issueLotteryTickets(ask);
  }
}
