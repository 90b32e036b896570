/**
 * The comp-point shop (docs/loyalty.md "Shop"): its cards by reward type, and the exchange, which
 * debits the points and issues what they buy in one transaction, once per idempotency key.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  CompPointRate,
  CompPointRateInput,
  CompPointRewardType,
  ExchangeResponse,
  MoneyReward,
  TypedReward,
} from '@orbit/contracts';
import { localisedText } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import { AppError, notFound, unprocessable } from '../../platform/errors';
import { enqueueEvent } from '../../platform/outbox/outbox';
import type { BonusGrants } from '../bonuses';
import { bonusSettingsOf } from '../identity';
import { DEFAULT_CURRENCY, Ledger, referenceRatesNow } from '../wallet';
import { compPointsOf, levelId } from './points';
import type { PromotionRewardsDoor } from './promotion-door';
import { compPointBalances, compPointExchanges, compPointRates } from './schema';

export type RateRow = typeof compPointRates.$inferSelect;
export type ExchangeRow = typeof compPointExchanges.$inferSelect;

/** The multi-account group: its players confirm a warning before they exchange. */
export const MULTI_ACCOUNT_GROUP_ID = 100;

/** Topic of a finished exchange: the realtime `comps_award` of the points spent is published from it. */
export const COMP_POINTS_SPENT_TOPIC = 'loyalty.points_spent';
export type CompPointsSpentEvent = { exchangeId: number; userId: number };

/**
 * Money reward's rate for a player: their currency, then EUR, then the casino's default currency,
 * then the card's first rate (spec "Validation rules").
 */
export function pickRate<T extends { currency: string }>(rates: readonly T[], currency: string): T | undefined {
  for (const c of [currency, 'EUR', DEFAULT_CURRENCY]) {
    const found = rates.find((r) => r.currency === c);
    if (found) return found;
  }
  return rates[0];
}

export function presentRate(row: RateRow): CompPointRate {
  return {
    group: row.group,
    type: row.type,
    title: row.title,
    rates: row.rates,
    points: row.points,
    wager: row.wager,
    template_key: row.templateKey,
    freespins_count: row.freespinsCount,
    games: row.games,
    tab: row.tab,
    badges: row.badges as CompPointRate['badges'],
    image: row.image,
    description: row.description,
    translations: row.translations,
    position: row.position,
    active: row.active,
  };
}

/** A card's title in the page's locale (docs/localisation.md). */
const titleIn = (row: RateRow, locale: string) => localisedText(row.translations, 'title', locale, row.title);

const extras = (row: RateRow, locale: string) => ({
  tab: row.tab,
  badges: row.badges as MoneyReward['badges'],
  image: row.image,
  description:
    row.description === null ? null : localisedText(row.translations, 'description', locale, row.description),
});

export type ExchangeAsk = {
  type: CompPointRewardType;
  group: string;
  /** The price per piece the page showed (refused when the rate changed since). */
  points: number;
  quantity: number;
  confirmed: boolean;
  currency: string | undefined;
  idempotencyKey: string;
  /** Lotteries: which lottery the tickets are for (`quantity` is the ticket count). */
  lotteryId?: number | undefined;
};

export class ShopService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bonuses: BonusGrants,
    private readonly promotions?: PromotionRewardsDoor,
  ) {}

  async cards(type: CompPointRewardType): Promise<RateRow[]> {
    return this.db
      .select()
      .from(compPointRates)
      .where(and(eq(compPointRates.type, type), eq(compPointRates.active, true)))
      .orderBy(asc(compPointRates.position), asc(compPointRates.group));
  }

  async moneyRewards(locale = 'en'): Promise<MoneyReward[]> {
    return (await this.cards('money')).map((row) => ({
      group: row.group,
      title: titleIn(row, locale),
      wager: row.wager,
      rates: row.rates,
      ...extras(row, locale),
    }));
  }

  /**
   * Loot boxes have no cards until the promotions bring them (an empty list). A lottery card lists
   * the lotteries selling tickets now (through the promotions' door), priced as the first of them;
   * with none it is not shown.
   */
  async typedRewards(type: CompPointRewardType, locale = 'en'): Promise<Array<MoneyReward | TypedReward>> {
    if (type === 'money') return this.moneyRewards(locale);
    if (type === 'lotteries') {
      const selling = (await this.promotions?.sellingLotteries()) ?? [];
      if (selling.length === 0) return [];
      return (await this.cards(type)).map((row) => ({
        group: row.group,
        title: titleIn(row, locale),
        rate: { points: selling[0]!.points, lottery_ids: selling.map((l) => l.id) },
        games: row.games,
        ...extras(row, locale),
      }));
    }
    return (await this.cards(type))
      .filter((row) => row.points !== null)
      .map((row) => ({
        group: row.group,
        title: titleIn(row, locale),
        rate: {
          points: row.points!,
          ...(row.freespinsCount ? { freespins_count: row.freespinsCount } : {}),
        },
        games: row.games,
        ...extras(row, locale),
      }));
  }

  // ---- operator ------------------------------------------------------------------------------

  async allRates(): Promise<CompPointRate[]> {
    const rows = await this.db.select().from(compPointRates).orderBy(asc(compPointRates.position));
    return rows.map(presentRate);
  }

  async saveRate(group: string, input: CompPointRateInput): Promise<CompPointRate> {
    const values = checkedRateValues(group, input);
    const [row] = await this.db
      .insert(compPointRates)
      .values(values)
      .onConflictDoUpdate({ target: compPointRates.group, set: values })
      .returning();
    return presentRate(row!);
  }

  // ---- exchange ------------------------------------------------------------------------------

  /**
   * Spends points on a reward. Refusals (nothing changes): `unknown_reward`, `reward_unavailable`,
   * `multi_account_confirmation_required`, `bonuses_disabled`, `not_enough_points`,
   * `idempotency_key_reused` (409). A repeat of a key answers the first exchange.
   */
  async exchange(
    userId: number,
    groupIds: readonly number[],
    activeCurrency: string,
    ask: ExchangeAsk,
  ): Promise<ExchangeResponse> {
    const request = requestHash(ask);
    const earlier = await this.byKey(this.db, userId, ask.idempotencyKey);
    if (earlier) return this.answerRepeat(earlier, request);

    const [card] = await this.db.select().from(compPointRates).where(eq(compPointRates.group, ask.group));
    if (!card || !card.active || card.type !== ask.type) throw unprocessable('unknown_reward');
    if ((card.type === 'lootboxes' || card.type === 'lotteries') && !this.promotions)
      throw unprocessable('reward_unavailable');
    if (card.type === 'lotteries' && ask.lotteryId === undefined) throw unprocessable('required', 'lottery_id');
    if (ask.type === 'money' && ask.currency !== undefined && ask.currency !== activeCurrency)
      throw unprocessable('invalid', 'currency');
    // A lottery ticket costs what the lottery asks (the card only shows the shop's entry).
    const ticketPrice =
      card.type === 'lotteries' ? await this.promotions!.lotteryTicketPrice(ask.lotteryId!) : undefined;
    if (card.type === 'lotteries' && ticketPrice === undefined) throw unprocessable('unknown_reward');
    const rate =
      card.type === 'money'
        ? pickRate(card.rates, activeCurrency)
        : ticketPrice !== undefined
          ? { points: ticketPrice, currency: activeCurrency, amount_cents: 0 }
          : card.points !== null
            ? { points: card.points, currency: activeCurrency, amount_cents: 0 }
            : undefined;
    if (!rate) throw unprocessable('unknown_reward');
    // Lottery clients send the ticket count and the lottery, not a price.
    if (card.type !== 'lotteries' && rate.points !== ask.points) throw unprocessable('price_changed', 'points');
    if (groupIds.includes(MULTI_ACCOUNT_GROUP_ID) && !ask.confirmed)
      throw unprocessable('multi_account_confirmation_required');
    const isBonus = card.type === 'freespins' || (card.type === 'money' && card.wager > 0);
    if (isBonus && !(await bonusSettingsOf(this.db, userId))?.canIssueBonuses) throw unprocessable('bonuses_disabled');
    const cost = rate.points * ask.quantity;

    try {
      const row = await this.db.transaction(async (tx) => {
        const now = this.clock.now();
        // The key first: a second click with the same key waits here for the first to commit, then repeats it.
        const [created] = await tx
          .insert(compPointExchanges)
          .values({
            userId,
            idempotencyKey: ask.idempotencyKey,
            request,
            type: card.type,
            group: card.group,
            points: cost,
            quantity: ask.quantity,
            reward: emptyReward,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!created) return undefined;
        const [debited] = await tx
          .update(compPointBalances)
          .set({ chargeable: sql`${compPointBalances.chargeable} - ${cost}`, updatedAt: now })
          .where(and(eq(compPointBalances.userId, userId), sql`${compPointBalances.chargeable} >= ${cost}`))
          .returning();
        if (!debited) throw unprocessable('not_enough_points');
        const reward =
          card.type === 'lotteries'
            ? await this.issueTickets(tx, userId, ask.lotteryId!, ask.quantity, created.id, now)
            : card.type === 'lootboxes'
              ? await this.issueLootboxes(tx, userId, groupIds, activeCurrency, ask.quantity, created.id, now)
              : await this.issue(tx, userId, card, rate, activeCurrency, ask.quantity, created.id);
        const [done] = await tx
          .update(compPointExchanges)
          .set({ reward })
          .where(eq(compPointExchanges.id, created.id))
          .returning();
        await enqueueEvent(tx, COMP_POINTS_SPENT_TOPIC, { exchangeId: created.id, userId }, now);
        return done!;
      });
      if (row) return this.present(this.db, row);
      const first = await this.byKey(this.db, userId, ask.idempotencyKey);
      return this.answerRepeat(first!, request);
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The check constraint as the last guard (a debit below zero is refused, never written).
      if (String((error as { code?: string }).code) === '23514') throw unprocessable('not_enough_points');
      throw error;
    }
  }

  /** Wheel loot boxes through the promotions' door, in the exchange's transaction. */
  private async issueLootboxes(
    tx: Tx,
    userId: number,
    groupIds: readonly number[],
    currency: string,
    count: number,
    exchangeId: number,
    at: Date,
  ): Promise<ExchangeRow['reward']> {
    const ids = await this.promotions!.issueLootboxes({
      tx,
      userId,
      groupIds,
      currency,
      count,
      key: `exchange:${exchangeId}`,
      at,
    });
    return {
      kind: 'lootboxes',
      amount_cents: null,
      currency,
      freespins_count: null,
      bonus_id: null,
      freespin_id: null,
      lootbox_ids: ids,
    };
  }

  /** Lottery tickets through the promotions' door, in the exchange's transaction. */
  private async issueTickets(
    tx: Tx,
    userId: number,
    lotteryId: number,
    count: number,
    exchangeId: number,
    at: Date,
  ): Promise<ExchangeRow['reward']> {
    await this.promotions!.issueLotteryTickets({ tx, userId, lotteryId, count, key: `exchange:${exchangeId}`, at });
    return {
      kind: 'lottery_tickets',
      amount_cents: null,
      currency: null,
      freespins_count: null,
      bonus_id: null,
      freespin_id: null,
      lottery_id: lotteryId,
      tickets_count: count,
    };
  }

  private async issue(
    tx: Tx,
    userId: number,
    card: RateRow,
    rate: { points: number; currency: string; amount_cents: number },
    currency: string,
    quantity: number,
    exchangeId: number,
  ): Promise<ExchangeRow['reward']> {
    if (card.type === 'freespins') {
      // The template's spins, once per unit bought, issued by the bonuses module inside this transaction.
      const grants = [];
      for (let unit = 0; unit < quantity; unit++)
        grants.push(
          await this.bonuses.grantFreespins(
            userId,
            card.templateKey!,
            currency,
            `comp_points:${exchangeId}:${unit}`,
            tx,
          ),
        );
      return {
        kind: 'freespins',
        amount_cents: 0,
        currency,
        freespins_count: grants.reduce((sum, g) => sum + g.freespins_total, 0),
        bonus_id: null,
        freespin_id: grants[0]!.id,
      };
    }
    // A rate in another currency pays its worth in the player's (reference rates, rounded down).
    const each =
      rate.currency === currency
        ? rate.amount_cents
        : (await referenceRatesNow(tx)).convert(rate.amount_cents, rate.currency, currency, 'down');
    const amount = each * quantity;
    if (amount <= 0) throw unprocessable('unknown_reward');
    const key = `comp_points:${exchangeId}`;
    if (card.wager > 0) {
      // A bonus with its wager, issued by the bonuses module inside this transaction.
      const bonus = await this.bonuses.grant(userId, card.templateKey!, currency, key, amount, tx);
      return {
        kind: 'bonus',
        amount_cents: amount,
        currency,
        freespins_count: null,
        bonus_id: bonus.id,
        freespin_id: null,
      };
    }
    await new Ledger(this.clock).transfer(tx, {
      idempotencyKey: key,
      kind: 'adjustment',
      reference: key,
      currency,
      amount,
      from: { house: 'promotions' },
      to: { player: userId, kind: 'real' },
    });
    return { kind: 'money', amount_cents: amount, currency, freespins_count: null, bonus_id: null, freespin_id: null };
  }

  private async byKey(db: Executor, userId: number, key: string): Promise<ExchangeRow | undefined> {
    const [row] = await db
      .select()
      .from(compPointExchanges)
      .where(and(eq(compPointExchanges.userId, userId), eq(compPointExchanges.idempotencyKey, key)));
    return row;
  }

  private async answerRepeat(row: ExchangeRow, request: string): Promise<ExchangeResponse> {
    if (row.request !== request) throw new AppError(409, 'idempotency_key_reused');
    return this.present(this.db, row);
  }

  async present(db: Executor, row: ExchangeRow): Promise<ExchangeResponse> {
    return {
      id: row.id,
      type: row.type as CompPointRewardType,
      group: row.group,
      points: row.points,
      quantity: row.quantity,
      reward: row.reward,
      comp_points: await compPointsOf(db, row.userId),
      created_at: row.createdAt.toISOString(),
    };
  }

  /** What `comps_award` says of an exchange's points. */
  async spentAward(db: Executor, exchangeId: number) {
    const [row] = await db.select().from(compPointExchanges).where(eq(compPointExchanges.id, exchangeId));
    if (!row) throw notFound();
    const points = await compPointsOf(db, row.userId);
    return {
      userId: row.userId,
      award: {
        points: -row.points,
        reason: 'exchange' as const,
        chargeable: points.chargeable,
        persistent: points.persistent,
        level: levelId(points.persistent.points),
      },
    };
  }
}

const emptyReward: ExchangeRow['reward'] = {
  kind: 'money',
  amount_cents: null,
  currency: null,
  freespins_count: null,
  bonus_id: null,
  freespin_id: null,
};

/** What makes two exchanges "the same click": a key reused for another one is refused. */
function requestHash(ask: ExchangeAsk): string {
  const what = [ask.type, ask.group, ask.points, ask.quantity, ask.currency ?? null, ask.lotteryId ?? null];
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

/** A card's row from its operator input (the seed's cards too). */
/**
 * A card's row from the operator's input, refused (422, nothing written) where its type needs
 * what it lacks: both doors (the operator API, the back office) write cards through this.
 */
export function checkedRateValues(group: string, input: CompPointRateInput): typeof compPointRates.$inferInsert {
  if (input.type === 'money' && input.rates.length === 0) throw unprocessable('required', 'rates');
  if (input.type !== 'money' && input.points === null) throw unprocessable('required', 'points');
  if (input.type === 'freespins' && (!input.template_key || !input.freespins_count))
    throw unprocessable('required', 'template_key');
  if (input.type === 'money' && input.wager > 0 && !input.template_key) throw unprocessable('required', 'template_key');
  return rateValues(group, input);
}

export function rateValues(group: string, input: CompPointRateInput): typeof compPointRates.$inferInsert {
  return {
    group,
    type: input.type,
    title: input.title,
    rates: input.rates,
    points: input.points,
    wager: input.wager,
    templateKey: input.template_key,
    freespinsCount: input.freespins_count,
    games: input.games,
    tab: input.tab,
    badges: input.badges,
    image: input.image,
    description: input.description,
    translations: input.translations,
    position: input.position,
    active: input.active,
  };
}
