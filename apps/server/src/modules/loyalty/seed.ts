/**
 * The loyalty demo and reference content (docs/loyalty.md "Demo"): the default accrual rule, the
 * bonus templates the shop and the adventures issue from, the shop's cards, a personal manager,
 * and for the demo player points (level 5), a bronze status this quarter and the manager.
 * Idempotent: what an operator changed is kept; only what is missing is added.
 */
import { eq } from 'drizzle-orm';
import type { BonusTemplateInput, CompPointRateInput } from '@orbit/contracts';
import { compPointRateInputSchema } from '@orbit/contracts';
import { systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { seedTranslations } from '../../platform/db/upsert';
import type { SeedOptions } from '../../platform/module';
import { BonusTemplates } from '../bonuses';
import { demoPlayerId } from '../identity';
import { assignManager } from './managers';
import { DEFAULT_ACCRUAL_RULE, moveLevel } from './points';
import { LOYALTY_TEMPLATE_TEXTS, SHOP_CARD_TEXTS } from './seed-texts';
import { rateValues } from './shop';
import {
  compPointAccrualRules,
  compPointBalances,
  compPointRates,
  loyaltyManagers,
  playerManagers,
  vipQuarterSums,
  vipStatuses,
} from './schema';
import { evaluateStatuses, quarterOf } from './vip';

/** Units of each demo currency per euro (round numbers, as the bonus templates use). */
const UNITS_PER_EUR: Readonly<Record<string, number>> = { EUR: 1, USD: 1, CAD: 1.5, AUD: 1.5, NZD: 1.5, NOK: 10 };
const perCurrency = (eurCents: number) =>
  Object.fromEntries(
    Object.entries(UNITS_PER_EUR).map(([c, per]) => [c, { amount_cents: Math.round(eurCents * per) }]),
  );
const moneyRates = (points: number, eurCents: number) =>
  Object.entries(UNITS_PER_EUR).map(([currency, per]) => ({
    points,
    currency,
    amount_cents: Math.round(eurCents * per),
  }));

export const SHOP_BONUS_TEMPLATE = 'comp-points-bonus';
export const ADVENTURE_BONUS_TEMPLATE = 'adventure-gift';

const TEMPLATES: BonusTemplateInput[] = [
  {
    key: SHOP_BONUS_TEMPLATE,
    kind: 'manual',
    title: 'Comp-point bonus',
    description: 'Bought with comp points in the shop. Wager it 5 times within 30 days.',
    translations: LOYALTY_TEMPLATE_TEXTS[SHOP_BONUS_TEMPLATE]!,
    code: null,
    percent: null,
    deposit_numbers: null,
    money: perCurrency(1_000),
    wager_multiplier: 5,
    contributions: { slots: 100, instant: 100, table: 10, live: 0, other: 100 },
    games: null,
    freespins_count: null,
    activation_days: 7,
    wagering_days: 30,
    group_ids: [],
    starts_at: null,
    ends_at: null,
  },
  {
    key: ADVENTURE_BONUS_TEMPLATE,
    kind: 'manual',
    title: 'Adventure prize',
    description: "An adventure day's prize. Wager it 10 times within 14 days.",
    translations: LOYALTY_TEMPLATE_TEXTS[ADVENTURE_BONUS_TEMPLATE]!,
    code: null,
    percent: null,
    deposit_numbers: null,
    money: perCurrency(500),
    wager_multiplier: 10,
    contributions: { slots: 100, instant: 100, table: 10, live: 0, other: 100 },
    games: null,
    freespins_count: null,
    activation_days: 3,
    wagering_days: 14,
    group_ids: [],
    starts_at: null,
    ends_at: null,
  },
];

const CARDS: Array<
  { group: string } & Partial<CompPointRateInput> & Pick<CompPointRateInput, 'type' | 'title' | 'tab'>
> = [
  {
    group: 'bonus-10',
    type: 'money',
    title: 'Bonus money',
    tab: 'MONEY_REWARD',
    rates: moneyRates(100, 1_000),
    wager: 5,
    template_key: SHOP_BONUS_TEMPLATE,
    badges: ['popular'],
    description: 'A bonus to wager 5 times.',
    position: 1,
  },
  {
    group: 'cash-5',
    type: 'money',
    title: 'Real money',
    tab: 'MONEY_REWARD',
    rates: moneyRates(250, 500),
    wager: 0,
    badges: ['new'],
    description: 'Real money, yours to play or cash out at once.',
    position: 2,
  },
  {
    group: 'cash-50',
    type: 'money',
    title: 'Real money, a VIP reward',
    tab: 'SPECIAL_REWARDS',
    rates: moneyRates(2_000, 5_000),
    wager: 0,
    badges: ['vip'],
    description: 'For the most loyal: real money with no wager.',
    position: 3,
  },
  {
    group: 'spins-10',
    type: 'freespins',
    title: '10 free spins on Stellar Sevens',
    tab: 'FREE_SPINS',
    points: 80,
    template_key: 'stellar-spins',
    freespins_count: 10,
    games: ['orbit:stellar-sevens'],
    position: 4,
  },
  {
    group: 'wheel-spin',
    type: 'lootboxes',
    title: 'A spin of the rocket wheel',
    tab: 'SPECIAL_REWARDS',
    points: 150,
    description: 'A LITE wheel box: spin it on the prize wheel for a bonus or free spins.',
    position: 6,
  },
  {
    group: 'lottery-tickets',
    type: 'lotteries',
    title: 'Tickets for the weekly draw',
    tab: 'SPECIAL_REWARDS',
    // Shown only; a ticket costs what its lottery asks (docs/promotions.md "Lotteries").
    points: 50,
    description: 'Lottery tickets for comp points: more tickets, more chances in the draw.',
    position: 5,
  },
];

const DEMO_MANAGER = {
  name: 'Nova Reyes',
  // No picture: the pages show the manager's initials (an operator sets an avatar URL).
  avatar: null,
  hours: 'Mon–Fri 09:00–18:00 CET',
  whatsapp: 'https://wa.me/0000000000',
  telegram: 'https://t.me/orbit_vip_demo',
  email: 'vip@orbit.example',
  groupIds: [257, 258, 259, 255, 759],
};

export async function seedLoyalty(db: Db, options: SeedOptions): Promise<void> {
  const now = new Date();
  await db
    .insert(compPointAccrualRules)
    .values({
      currency: '*',
      centsPerPoint: DEFAULT_ACCRUAL_RULE.centsPerPoint,
      contributions: DEFAULT_ACCRUAL_RULE.contributions,
    })
    .onConflictDoNothing();

  const bonuses = new BonusTemplates(db, systemClock);
  const known = new Set((await bonuses.templates()).map((t) => t.key));
  for (const template of TEMPLATES) if (!known.has(template.key)) await bonuses.saveTemplate(template);

  for (const { group, ...card } of CARDS) {
    const input = compPointRateInputSchema.parse({ translations: SHOP_CARD_TEXTS[group], ...card });
    // A card seeded before it had translations gets them; an operator's own are kept.
    await db
      .insert(compPointRates)
      .values(rateValues(group, input))
      .onConflictDoUpdate({ target: compPointRates.group, set: { translations: seedTranslations(compPointRates) } });
  }

  let [manager] = await db.select().from(loyaltyManagers).where(eq(loyaltyManagers.name, DEMO_MANAGER.name));
  if (!manager) [manager] = await db.insert(loyaltyManagers).values(DEMO_MANAGER).returning();

  if (!options.demoPlayer) return;
  const userId = await demoPlayerId(db);
  if (userId === undefined) return;
  await db.transaction(async (tx) => {
    // Once: a demo player who already has points keeps them.
    const [created] = await tx
      .insert(compPointBalances)
      .values({ userId, chargeable: 450, persistent: 1_250, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created) return;
    await moveLevel(tx, userId, 0, created.persistent, now);
    // Bronze this quarter, halfway to silver.
    const [status] = await tx.select().from(vipStatuses).where(eq(vipStatuses.userId, userId));
    if (!status)
      await tx
        .insert(vipQuarterSums)
        .values({ userId, quarter: quarterOf(now), currency: 'EUR', depositCents: 900_000, betCents: 9_000_000 })
        .onConflictDoNothing();
    await evaluateStatuses(tx, [userId], now);
    const [assigned] = await tx.select().from(playerManagers).where(eq(playerManagers.userId, userId));
    if (!assigned) await assignManager(tx, userId, manager!.id, now);
  });
}
