/**
 * The promotions' results as domain events (docs/notifications.md): when a tournament's end job
 * has ranked and paid, one `promotions.result` per ranked player (their place, and their prize
 * with its outcome); when a lottery is drawn, one per winning player. Written in the end job's
 * own transaction (the outbox), so an event exists exactly when the result it tells does. And
 * `promotions.tickets` when a player is issued lottery tickets, in the issuing transaction.
 */
import { localisedText, type LocalisedTexts } from '@orbit/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/executor';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { playerLocales } from '../identity';
import { referenceRatesNow } from '../wallet';
import { kindOf, questParts } from './quests';
import { promoPayouts, type StoredPrize } from './schema';

export const PROMO_RESULT_TOPIC = 'promotions.result';
/** Lottery tickets issued to a player (a deposit's, comp points'), one event per issue. */
export const LOTTERY_TICKETS_TOPIC = 'promotions.tickets';

/**
 * One issue of lottery tickets to a player: how many now (`count`, at least one), how many the
 * player holds in that lottery with them (`total`), and the source key
 * (`deposit:<payment>`, `points:<player>:<key>`), unique within the lottery.
 */
export type LotteryTicketsEvent = {
  lotteryId: number;
  userId: number;
  title: string;
  slug: string;
  count: number;
  total: number;
  sourceKey: string;
};

/** One prize a player won: its place, what it holds (in `currency`) and whether it was paid. */
export type PromoResultPrize = {
  place: number;
  outcome: 'paid' | 'skipped';
  currency: string;
  money_award_cents: number;
  freespins_count: number;
  comp_points: number;
};

export type PromoResultEvent = {
  kind: 'tournament' | 'lottery';
  promoId: number;
  userId: number;
  title: string;
  /** The frontend identifier (a lottery's is `lottery--<slug>`). */
  identifier: string;
  /** The promotion's page, without locale. */
  path: string;
  /** The player's places, best first (a tournament: one; a lottery: one per winning ticket). */
  places: number[];
  prizes: PromoResultPrize[];
};

/**
 * The promotion's title in each player's saved locale (docs/localisation.md "Live pushes"): the
 * events are told to players without a request, so the notification names the promotion in the
 * language the player chose, falling back as every text does.
 */
async function titlesFor(
  tx: Tx,
  promo: { title: string; translations?: LocalisedTexts },
  userIds: readonly number[],
): Promise<(userId: number) => string> {
  const locales = await playerLocales(tx, userIds);
  return (userId) => localisedText(promo.translations, 'title', locales.get(userId) ?? 'en', promo.title);
}

/**
 * Enqueues the event of an issue of tickets, titled in the player's saved locale (`translations`:
 * the lottery's); call it in the issuing transaction, after the insert.
 */
export async function announceTickets(
  tx: Tx,
  event: LotteryTicketsEvent,
  at: Date,
  translations?: LocalisedTexts,
): Promise<void> {
  if (event.count <= 0) return;
  const title = await titlesFor(tx, { title: event.title, translations }, [event.userId]);
  await enqueueEvent(tx, LOTTERY_TICKETS_TOPIC, { ...event, title: title(event.userId) }, at);
}

/** A tournament's page: quests and achievements at /action/{slug}, tournaments at /tournaments/{slug}. */
export function promoPagePath(frontendIdentifier: string): string {
  if (kindOf(frontendIdentifier) !== 'tournament')
    return `/action/${encodeURIComponent(questParts(frontendIdentifier).slug)}`;
  const slug = frontendIdentifier.startsWith('tournament--') ? frontendIdentifier.slice('tournament--'.length) : '';
  return `/tournaments/${encodeURIComponent(slug || frontendIdentifier)}`;
}

/**
 * Enqueues a result event per player of `places` (user id → places), with the prizes the job
 * wrote in `promo_payouts` for them. Call it in the end job's transaction, after paying.
 */
export async function announceResults(
  tx: Tx,
  promo: {
    kind: 'tournament' | 'lottery';
    id: number;
    title: string;
    translations?: LocalisedTexts;
    identifier: string;
    path: string;
  },
  table: readonly StoredPrize[],
  promoCurrency: string,
  places: ReadonlyMap<number, number[]>,
  at: Date,
): Promise<void> {
  if (places.size === 0) return;
  const payouts = await tx
    .select()
    .from(promoPayouts)
    .where(and(eq(promoPayouts.promoKind, promo.kind), eq(promoPayouts.promoId, promo.id)));
  const prizeOf = new Map(table.map((p) => [p.award_place, p]));
  let rates: Awaited<ReturnType<typeof referenceRatesNow>> | undefined;
  const titleOf = await titlesFor(tx, promo, [...places.keys()]);
  for (const [userId, own] of places) {
    const prizes: PromoResultPrize[] = [];
    for (const payout of payouts.filter((p) => p.userId === userId).sort((a, b) => a.awardPlace - b.awardPlace)) {
      const prize = prizeOf.get(payout.awardPlace);
      if (!prize) continue;
      const currency = typeof payout.detail.currency === 'string' ? payout.detail.currency : promoCurrency;
      let money = prize.bonus_template ? prize.money_award_cents : 0;
      if (money > 0 && currency !== promoCurrency) {
        rates ??= await referenceRatesNow(tx);
        money = rates.convert(money, promoCurrency, currency, 'down');
      }
      prizes.push({
        place: payout.awardPlace,
        outcome: payout.outcome,
        currency,
        money_award_cents: money,
        freespins_count: prize.freespins_template ? prize.freespins_count : 0,
        comp_points: prize.chargeable_comp_points,
      });
    }
    const event: PromoResultEvent = {
      kind: promo.kind,
      promoId: promo.id,
      userId,
      title: titleOf(userId),
      identifier: promo.identifier,
      path: promo.path,
      places: [...own].sort((a, b) => a - b),
      prizes,
    };
    await enqueueEvent(tx, PROMO_RESULT_TOPIC, event, at);
  }
}
