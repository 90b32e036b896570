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
import type { BonusGrants } from '../bonuses';
import { addPoints } from '../loyalty';
import { listAccounts, referenceRatesNow } from '../wallet';
import { promoPayouts, type StoredPrize } from './schema';

export type PromoRef = { kind: 'tournament' | 'lottery'; id: number };

/**
 * The currency a prize is paid in: the winner's active account's when the promotion takes it
 * (a tournament: the currencies whose bets count; a lottery: its deposit scale's), else the
 * promotion's own.
 */
export async function payoutCurrency(
  tx: Tx,
  userId: number,
  promoCurrency: string,
  accepted: readonly string[],
): Promise<string> {
  const active = (await listAccounts(tx, userId)).find((a) => a.active)?.currency;
  return active && accepted.includes(active) ? active : promoCurrency;
}

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
  bonuses: BonusGrants,
  promo: PromoRef,
  prize: StoredPrize,
  userId: number,
  promoCurrency: string,
  accepted: readonly string[],
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
  // The prize table is in the promotion's currency; paid in another, it is turned by the
  // reference rates, rounded down (never more than the table's value).
  const currency = await payoutCurrency(tx, userId, promoCurrency, accepted);
  const moneyCents =
    currency === promoCurrency || prize.money_award_cents === 0
      ? prize.money_award_cents
      : (await referenceRatesNow(tx)).convert(prize.money_award_cents, promoCurrency, currency, 'down');
  const detail: Record<string, unknown> = { currency };
  try {
    // A savepoint: a refused grant leaves the rest of the job's transaction intact.
    await tx.transaction(async (sp) => {
      if (moneyCents > 0 && prize.bonus_template) {
        const bonus = await bonuses.grant(userId, prize.bonus_template, currency, `${key}:bonus`, moneyCents, sp);
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
      .set({ outcome: 'skipped', detail: { currency, refusal: error.code } })
      .where(eqPayout(fresh.id));
    return 'skipped';
  }
  await tx.update(promoPayouts).set({ detail }).where(eqPayout(fresh.id));
  return 'paid';
}

const eqPayout = (id: number) => eq(promoPayouts.id, id);
