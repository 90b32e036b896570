/**
 * The promotions' reference and demo content (docs/promotions.md "Demo"): the bonus templates
 * prizes are paid from, and for the demo a running tournament, a quest and a lottery, renewed by
 * a job whenever the last one ended (only where the demo was seeded). Idempotent.
 */
import type { BonusTemplateInput } from '@orbit/contracts';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import type { SeedOptions } from '../../platform/module';
import { BonusTemplates } from '../bonuses';
import { newServerSeed, seedHash } from './lotteries';
import { WHEEL_BONUS_TEMPLATE, WHEEL_SPINS_TEMPLATE } from './lootboxes';
import {
  EXPLORER_QUEST_TEXTS,
  PRIZE_BONUS_TEXTS,
  SLOTS_RACE_TEXTS,
  WEEKLY_DRAW_TEXTS,
  WHEEL_BONUS_TEXTS,
  WHEEL_SPINS_TEXTS,
} from './seed-texts';
import { promoLotteries, promoTournaments, type StoredPrize } from './schema';

export const PRIZE_BONUS_TEMPLATE = 'promo-prize';
/** Free-spin prizes use the bonuses module's own demo spins. */
export const PRIZE_SPINS_TEMPLATE = 'stellar-spins';
export const PRIZE_WAGER = 10;

const UNITS_PER_EUR: Readonly<Record<string, number>> = { EUR: 1, USD: 1, CAD: 1.5, AUD: 1.5, NZD: 1.5, NOK: 10 };
const perCurrency = (eurCents: number) =>
  Object.fromEntries(
    Object.entries(UNITS_PER_EUR).map(([c, per]) => [c, { amount_cents: Math.round(eurCents * per) }]),
  );

const TEMPLATES: BonusTemplateInput[] = [
  {
    key: WHEEL_BONUS_TEMPLATE,
    kind: 'manual',
    title: 'Wheel bonus',
    description: 'A rocket wheel prize. Wager it 30 times within 14 days.',
    translations: WHEEL_BONUS_TEXTS,
    code: null,
    percent: null,
    deposit_numbers: null,
    money: perCurrency(100),
    wager_multiplier: 30,
    contributions: { slots: 100, instant: 100, table: 10, live: 0, other: 100 },
    games: null,
    freespins_count: null,
    activation_days: 7,
    wagering_days: 14,
    group_ids: [],
    starts_at: null,
    ends_at: null,
  },
  {
    key: PRIZE_BONUS_TEMPLATE,
    kind: 'manual',
    title: 'Promotion prize',
    description: 'A tournament or lottery prize. Wager it 10 times within 14 days.',
    translations: PRIZE_BONUS_TEXTS,
    code: null,
    percent: null,
    deposit_numbers: null,
    money: perCurrency(1_000),
    wager_multiplier: PRIZE_WAGER,
    contributions: { slots: 100, instant: 100, table: 10, live: 0, other: 100 },
    games: null,
    freespins_count: null,
    activation_days: 7,
    wagering_days: 14,
    group_ids: [],
    starts_at: null,
    ends_at: null,
  },
];

const money = (place: number, cents: number): StoredPrize => ({
  award_place: place,
  money_award_cents: cents,
  wager_multiplier: PRIZE_WAGER,
  bonus_template: PRIZE_BONUS_TEMPLATE,
  freespins_count: 0,
  freespins_template: null,
  chargeable_comp_points: 0,
  persistent_comp_points: 0,
});
const spins = (place: number): StoredPrize => ({
  award_place: place,
  money_award_cents: 0,
  wager_multiplier: PRIZE_WAGER,
  bonus_template: null,
  freespins_count: 10,
  freespins_template: PRIZE_SPINS_TEMPLATE,
  chargeable_comp_points: 0,
  persistent_comp_points: 0,
});
const points = (place: number, n: number): StoredPrize => ({
  award_place: place,
  money_award_cents: 0,
  wager_multiplier: 0,
  bonus_template: null,
  freespins_count: 0,
  freespins_template: null,
  chargeable_comp_points: n,
  persistent_comp_points: n,
});

export const DEMO_TOURNAMENT_PRIZES: StoredPrize[] = [
  money(1, 10_000),
  money(2, 5_000),
  money(3, 2_500),
  spins(4),
  spins(5),
  points(6, 100),
  points(7, 100),
  points(8, 50),
  points(9, 50),
  points(10, 50),
];
const DEMO_LOTTERY_PRIZES: StoredPrize[] = [money(1, 5_000), money(2, 2_000), spins(3), points(4, 100), points(5, 100)];
const CURRENCIES = Object.keys(UNITS_PER_EUR);
const DAY = 86_400_000;

const stamp = (at: Date) => at.toISOString().slice(0, 16).replace(/[-:T]/g, '');
const budget = (prizes: StoredPrize[]) => prizes.reduce((sum, p) => sum + p.money_award_cents, 0);

/**
 * Makes sure a demo tournament, quest and lottery run at `at`: each kind is created (starting now)
 * when none of its demo rows runs. The identifiers carry the minute, so two processes renewing at
 * once create one.
 */
export async function renewDemoPromotions(db: Executor, at: Date): Promise<void> {
  const running = await db
    .select({ id: promoTournaments.id, frontendIdentifier: promoTournaments.frontendIdentifier })
    .from(promoTournaments)
    .where(
      and(
        eq(promoTournaments.demo, true),
        isNull(promoTournaments.finishedAt),
        lte(promoTournaments.startAt, at),
        gt(promoTournaments.endAt, at),
      ),
    );
  const s = stamp(at);
  if (!running.some((r) => r.frontendIdentifier.startsWith('tournament--')))
    await db
      .insert(promoTournaments)
      .values({
        title: 'Orbit Slots Race',
        description:
          'Every bet on slots counts: the more you stake, the higher you climb. The top ten share the prizes when the race ends.',
        translations: SLOTS_RACE_TEXTS,
        frontendIdentifier: `tournament--slots-race-${s}`,
        strategy: 'bet_sum',
        currencies: CURRENCIES,
        currency: 'EUR',
        gameCategories: ['slots'],
        providers: [],
        groupIds: [],
        confirmationRequired: true,
        moneyBudgetCents: budget(DEMO_TOURNAMENT_PRIZES),
        prizes: DEMO_TOURNAMENT_PRIZES,
        startAt: at,
        endAt: new Date(at.getTime() + 3 * DAY),
        demo: true,
        createdAt: at,
      })
      .onConflictDoNothing();
  if (!running.some((r) => r.frontendIdentifier.startsWith('quest--')))
    await db
      .insert(promoTournaments)
      .values({
        title: 'Orbit Explorer quest',
        description: 'Play any game and climb the levels: each level is a bet total to reach.',
        translations: EXPLORER_QUEST_TEXTS,
        frontendIdentifier: `quest--xs--explorer-${s}`,
        strategy: 'bet_sum',
        currencies: CURRENCIES,
        currency: 'EUR',
        gameCategories: [],
        providers: [],
        groupIds: [],
        confirmationRequired: false,
        moneyBudgetCents: 0,
        prizes: [points(1, 200), points(2, 100), points(3, 50)],
        startAt: at,
        endAt: new Date(at.getTime() + 7 * DAY),
        demo: true,
        createdAt: at,
      })
      .onConflictDoNothing();
  const [lottery] = await db
    .select({ id: promoLotteries.id })
    .from(promoLotteries)
    .where(
      and(
        eq(promoLotteries.demo, true),
        isNull(promoLotteries.finishedAt),
        lte(promoLotteries.startAt, at),
        gt(promoLotteries.endAt, at),
      ),
    );
  if (!lottery) {
    // The seed is chosen now and only its hash is shown until the draw.
    const serverSeed = newServerSeed();
    await db
      .insert(promoLotteries)
      .values({
        slug: `weekly-draw-${s}`,
        translations: WEEKLY_DRAW_TEXTS,
        title: 'Orbit Weekly Draw',
        description:
          'A ticket for every 20 deposited (every 10 from 100 up) once the deposit is played through, or 50 comp points each; up to 50 tickets. Winners are drawn when the week ends.',
        currency: 'EUR',
        groupIds: [],
        compPointsTicketPrice: 50,
        depositScaleRules: {
          EUR: [
            { from_amount_cents: 2_000, price_cents: 2_000 },
            { from_amount_cents: 10_000, price_cents: 1_000 },
          ],
        },
        maxTicketsPerPlayer: 50,
        moneyBudgetCents: budget(DEMO_LOTTERY_PRIZES),
        prizes: DEMO_LOTTERY_PRIZES,
        serverSeed,
        serverSeedHash: seedHash(serverSeed),
        startAt: at,
        endAt: new Date(at.getTime() + 7 * DAY),
        demo: true,
        createdAt: at,
      })
      .onConflictDoNothing();
  }
}

/** Whether this database carries the demo promotions (the renewal job renews only there). */
export async function hasDemoPromotions(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: promoTournaments.id })
    .from(promoTournaments)
    .where(eq(promoTournaments.demo, true))
    .limit(1);
  return row !== undefined;
}

export async function seedPromotions(db: Db, options: SeedOptions): Promise<void> {
  const bonuses = new BonusTemplates(db, systemClock);
  const known = new Set((await bonuses.templates()).map((t) => t.key));
  for (const template of TEMPLATES) if (!known.has(template.key)) await bonuses.saveTemplate(template);
  // The wheel's free spins: the demo spins' terms, their winnings wagered 3 times (spec).
  const spins = (await bonuses.templates()).find((t) => t.key === PRIZE_SPINS_TEMPLATE);
  if (spins && !known.has(WHEEL_SPINS_TEMPLATE)) {
    const { id: _id, retired_at: _retired, created_at: _created, ...input } = spins;
    await bonuses.saveTemplate({
      ...input,
      key: WHEEL_SPINS_TEMPLATE,
      code: null,
      title: 'Wheel free spins',
      description: 'Free spins from the rocket wheel. What they win becomes a bonus: wager it 3 times.',
      translations: WHEEL_SPINS_TEXTS,
      wager_multiplier: 3,
    });
  }
  if (options.demoPlayer) await renewDemoPromotions(db, new Date());
}
