/**
 * Paying a place's prize (docs/promotions.md "Prizes"), inside the end job's transaction: the
 * payout row first (unique per promotion and place: a place is paid once, whatever the
 * retries), then the bonus and free spins through the bonuses module with keys named after the
 * place, and comp points through loyalty. A refusal (bonuses turned off) is kept as `skipped`.
 */
import { eq } from 'drizzle-orm';
import type { PromoPrize } from '@orbit/contracts';
import { AppError } from '../../platform/errors';
import type { Tx } from '../../platform/db/executor';
import type { BonusesService } from '../bonuses';
import { addPoints } from '../loyalty';
import { promoPayouts, type StoredPrize } from './schema';

export type PromoRef = { kind: 'tournament' | 'lottery'; id: number };

export function presentPrize(p: StoredPrize): PromoPrize {
  return {
    award_place: p.award_place,
    money_award_cents: p.money_award_cents,
    wager_multiplier: p.wager_multiplier,
    freespins_count: p.freespins_count,
    chargeable_comp_points: p.chargeable_comp_points,
    persistent_comp_points: p.persistent_comp_points,
  };
}

export async function payPrize(
  tx: Tx,
  bonuses: BonusesService,
  promo: PromoRef,
  prize: StoredPrize,
  userId: number,
  currency: string,
  at: Date,
): Promise<'paid' | 'skipped' | 'already'> {
  const [fresh] = await tx
    .insert(promoPayouts)
    .values({
      promoKind: promo.kind,
      promoId: promo.id,
      awardPlace: prize.award_place,
      userId,
      outcome: 'paid',
      detail: {},
      paidAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: promoPayouts.id });
  if (!fresh) return 'already';
  const key = `${promo.kind}:${promo.id}:place:${prize.award_place}`;
  const detail: Record<string, unknown> = {};
  try {
    // A savepoint: a refused grant leaves the rest of the job's transaction intact.
    await tx.transaction(async (sp) => {
      if (prize.money_award_cents > 0 && prize.bonus_template) {
        const bonus = await bonuses.grant(
          userId,
          prize.bonus_template,
          currency,
          `${key}:bonus`,
          prize.money_award_cents,
          sp,
        );
        detail.bonus_id = bonus.id;
      }
      if (prize.freespins_count > 0 && prize.freespins_template) {
        const spins = await bonuses.grantFreespins(userId, prize.freespins_template, currency, `${key}:spins`, sp);
        detail.freespin_id = spins.id;
      }
      if (prize.chargeable_comp_points > 0) {
        await addPoints(sp, new Map([[userId, prize.chargeable_comp_points * 1000]]), 'operator', at);
        detail.comp_points = prize.chargeable_comp_points;
      }
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await tx
      .update(promoPayouts)
      .set({ outcome: 'skipped', detail: { refusal: error.code } })
      .where(eqPayout(fresh.id));
    return 'skipped';
  }
  await tx.update(promoPayouts).set({ detail }).where(eqPayout(fresh.id));
  return 'paid';
}

const eqPayout = (id: number) => eq(promoPayouts.id, id);
