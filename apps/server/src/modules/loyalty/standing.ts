/**
 * Where a player stands in the loyalty programme, for the back office's card (docs/backoffice.md
 * "The player's card"): comp points, the level they earn, and the VIP status held now.
 */
import type { Executor } from '../../platform/db/executor';
import { levelForPoints } from '../identity';
import { compPointsOf } from './points';
import { heldStatus, STATUS_NAMES } from './vip';

export type LoyaltyStanding = {
  comp_points: { chargeable: number; persistent: number };
  level: { rank: number; name: string };
  vip_status: string;
  vip_status_name: string;
};

export async function loyaltyStanding(db: Executor, userId: number, at: Date): Promise<LoyaltyStanding> {
  const [points, status] = await Promise.all([compPointsOf(db, userId), heldStatus(db, userId, at)]);
  const level = levelForPoints(points.persistent.points);
  return {
    comp_points: { chargeable: points.chargeable.points, persistent: points.persistent.points },
    level: { rank: level.rank, name: level.name },
    vip_status: status,
    vip_status_name: STATUS_NAMES[status],
  };
}
