/**
 * The loyalty calls' answers as the page reads them: the contract's types (packages/contracts
 * `loyalty.ts`). Types only: the page does not validate them in the browser (no zod in its code).
 */
export type {
  AdventureDay,
  CompPoints as CompPointsState,
  CompsAward,
  ExchangeResponse,
  GroupsUpdate,
  LoyaltyLevel,
  Manager,
  MoneyReward as MoneyRewardRate,
  PlayerAdventure,
  PlayerLevel,
  TypedReward as RewardRate,
  VipProgress,
  VipStatusKey,
} from '@orbit/contracts';

/** The body's `exchange` of `POST /api/comp_points/exchange/{type}` as the page sends it. */
export type CompPointsExchangeRequest = {
  group: string;
  quantity: number;
  confirmed: boolean;
  idempotency_key: string;
} & ({ points: number; currency: string } | { points: number } | { tickets_count: number; lottery_id: number });
