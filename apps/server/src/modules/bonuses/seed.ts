/**
 * The demo's bonus templates (README "Demo content"): a registration gift, a first-deposit bonus
 * (100 % up to 200), a reload bonus for the next deposits, free spins (promo code SPINS10, and a
 * grant waiting in the demo player's gifts) and a coupon. Offered in the main fiat
 * currencies, amounts in the currency's own units. An operator's later change of a template is
 * kept: the seed only adds templates that are missing.
 */
import type { BonusTemplateInput, BonusTemplateMoney } from '@orbit/contracts';
import { bonusTemplateInputSchema } from '@orbit/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { SeedOptions } from '../../platform/module';
import { demoPlayerId } from '../identity';
import { seedTranslations } from '../../platform/db/upsert';
import { bonusTemplates, playerFreespins } from './schema';
import { BONUS_TEMPLATE_TEXTS } from './seed-texts';

/** Units of each currency per euro of the terms (round numbers a player recognises). */
const UNITS_PER_EUR: Readonly<Record<string, number>> = { EUR: 1, USD: 1, CAD: 1.5, AUD: 1.5, NZD: 1.5, NOK: 10 };

function money(eur: Partial<Record<keyof BonusTemplateMoney, number>>): Record<string, BonusTemplateMoney> {
  return Object.fromEntries(
    Object.entries(UNITS_PER_EUR).map(([currency, per]) => [
      currency,
      Object.fromEntries(Object.entries(eur).map(([field, units]) => [field, Math.round(units * per * 100)])),
    ]),
  );
}

/** Adds a bet level of `eur` euros in each currency, rounded to the game's stake step (minor units). */
function withBetLevel(
  terms: Record<string, BonusTemplateMoney>,
  eur: number,
  step: number,
): Record<string, BonusTemplateMoney> {
  return Object.fromEntries(
    Object.entries(terms).map(([currency, t]) => [
      currency,
      { ...t, bet_level_cents: Math.max(step, Math.round((eur * UNITS_PER_EUR[currency]! * 100) / step) * step) },
    ]),
  );
}

export const BONUS_TEMPLATE_SEED: ReadonlyArray<
  Partial<BonusTemplateInput> & Pick<BonusTemplateInput, 'key' | 'kind' | 'title' | 'money'>
> = [
  {
    key: 'welcome-gift',
    kind: 'registration',
    title: 'Welcome gift',
    description:
      'A bonus for signing up. Activate it in your gifts and wager it 20 times; its winnings are yours up to its max win.',
    money: money({ amount_cents: 5, max_bet_cents: 5, max_win_cents: 50 }),
    wager_multiplier: 20,
    activation_days: 7,
    wagering_days: 7,
  },
  {
    key: 'first-deposit-100',
    kind: 'deposit',
    title: '100 % first-deposit bonus',
    description:
      'Your first deposit doubled, up to the cap shown. Wager the bonus 35 times within 30 days, within its max bet.',
    code: 'WELCOME100',
    percent: 100,
    deposit_numbers: [1],
    money: money({ max_amount_cents: 200, min_deposit_cents: 20, max_bet_cents: 5, max_win_cents: 2000 }),
    wager_multiplier: 35,
  },
  {
    key: 'reload-50',
    kind: 'deposit',
    title: '50 % reload bonus',
    description:
      'Half of your deposit on top, up to the cap shown, on your second to fifth deposit. Wager it 35 times within 30 days.',
    code: 'RELOAD50',
    percent: 50,
    deposit_numbers: [2, 3, 4, 5],
    money: money({ max_amount_cents: 100, min_deposit_cents: 20, max_bet_cents: 5, max_win_cents: 1000 }),
    wager_multiplier: 35,
  },
  {
    key: 'stellar-spins',
    kind: 'freespins',
    title: '10 free spins on Stellar Sevens',
    description:
      'Ten spins on Stellar Sevens. What they win becomes a bonus: wager it 10 times within 7 days, paid out up to its max win.',
    code: 'SPINS10',
    games: ['orbit/stellar-sevens'],
    freespins_count: 10,
    // The spin's stake must be one the game takes: Stellar Sevens bets in steps of 20 minor units.
    money: withBetLevel(money({ max_bet_cents: 5, max_win_cents: 100 }), 0.2, 20),
    wager_multiplier: 10,
    activation_days: 7,
    wagering_days: 7,
  },
  {
    key: 'orbit-coupon',
    kind: 'coupon',
    title: 'Coupon ORBIT10',
    description:
      'Enter the coupon ORBIT10 in your gifts. Wager it 10 times within 7 days; its winnings are yours up to its max win.',
    code: 'ORBIT10',
    money: money({ amount_cents: 10, max_bet_cents: 5, max_win_cents: 100 }),
    wager_multiplier: 10,
    wagering_days: 7,
  },
];

export async function seedBonuses(db: Db, options: SeedOptions): Promise<void> {
  const now = new Date();
  for (const seed of BONUS_TEMPLATE_SEED) {
    const t = bonusTemplateInputSchema.parse({ translations: BONUS_TEMPLATE_TEXTS[seed.key], ...seed });
    await db
      .insert(bonusTemplates)
      .values({
        key: t.key,
        kind: t.kind,
        title: t.title,
        description: t.description,
        translations: t.translations,
        code: t.code,
        percent: t.percent,
        depositNumbers: t.deposit_numbers,
        money: t.money,
        wagerMultiplier: t.wager_multiplier,
        contributions: t.contributions,
        games: t.games,
        freespinsCount: t.freespins_count,
        activationDays: t.activation_days,
        wageringDays: t.wagering_days,
        groupIds: t.group_ids,
        createdAt: now,
      })
      // A template seeded before it had translations gets them; an operator's own are kept.
      .onConflictDoUpdate({ target: bonusTemplates.key, set: { translations: seedTranslations(bonusTemplates) } });
  }
  if (options.demoPlayer) await seedDemoFreespins(db, now);
}

/** The demo player always has free spins waiting in their gifts (a new grant once the last one has ended). */
async function seedDemoFreespins(db: Db, now: Date): Promise<void> {
  const userId = await demoPlayerId(db);
  const [template] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.key, 'stellar-spins'));
  const terms = template?.money.EUR;
  if (!userId || !template || template.retiredAt || !terms?.bet_level_cents || !template.games) return;
  const [waiting] = await db
    .select({ id: playerFreespins.id })
    .from(playerFreespins)
    .where(
      and(
        eq(playerFreespins.userId, userId),
        eq(playerFreespins.templateId, template.id),
        inArray(playerFreespins.stage, ['issued', 'activated']),
      ),
    );
  if (waiting) return;
  await db
    .insert(playerFreespins)
    .values({
      userId,
      templateId: template.id,
      issueKey: `demo:${template.key}:${now.toISOString()}`,
      title: template.title,
      currency: 'EUR',
      stage: 'issued',
      games: template.games,
      count: template.freespinsCount ?? 10,
      betLevelCents: terms.bet_level_cents,
      wagerMultiplier: template.wagerMultiplier,
      groupKey: template.key,
      activationDays: template.activationDays,
      wageringDays: template.wageringDays,
      activatableUntil: new Date(now.getTime() + template.activationDays * 86_400_000),
      createdAt: now,
    })
    .onConflictDoNothing();
}
