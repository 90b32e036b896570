/**
 * Loot boxes and wheels (docs/promotions.md "Loot boxes and wheels"): a box is issued with its
 * items (the wheel's segments for the player's group, scaled by the tier) and a server seed whose
 * SHA-256 is shown at once; opening it draws one item by weight (`weightedRoll`, provably fair:
 * the seed is revealed after) and issues the prize through the bonuses module in the same
 * transaction, once. Stages: issued → activated, or expired when its time passes, or canceled.
 */
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  localisedText,
  localisedTextsSchema,
  pickByRoll,
  weightedRoll,
  WHEEL_PAGE_SLUG,
  wheelSegmentSchema,
  wheelTiersConfigSchema,
  type LocalisedTexts,
  type Lootbox,
  type WheelTier,
} from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import { notFound, unprocessable } from '../../platform/errors';
import type { BonusGrants } from '../bonuses';
import { playerLocales } from '../identity';
import { CmsService, WHEEL_BOX_TEXTS, WHEEL_SEGMENTS_SEED, WHEEL_TIERS_SEED } from '../cms';
import { openAccount, referenceRatesNow } from '../wallet';
import { newServerSeed, nodeHmac, seedHash } from './lotteries';
import { promoLootboxes, type StoredLootboxItem } from './schema';
import {
  pageAmountIn,
  readWheelPage,
  segmentPrizes,
  segmentSetFor,
  TIER_LABELS,
  type FromEur,
  type Wheel,
} from './wheel-terms';

export { segmentSetFor, tierForDeposit, tiersFor, type Wheel } from './wheel-terms';
export type LootboxRow = typeof promoLootboxes.$inferSelect;

/** The templates the wheel's prizes are issued from: bonus money wagers 30 times, free-spin winnings 3. */
export const WHEEL_BONUS_TEMPLATE = 'wheel-bonus';
export const WHEEL_SPINS_TEMPLATE = 'wheel-spins';
/** The currency a prize is granted in when its template has no terms in the box's (a crypto box). */
const FALLBACK_CURRENCY = 'EUR';
const DAY = 86_400_000;

/**
 * The wheel's configs as the server reads them: the contracts' shapes with each tier's and
 * segment's `translations` kept (a malformed one reads as none: the title falls back to English).
 */
const translationsField = localisedTextsSchema.catch({});
const localisedTiersSchema = wheelTiersConfigSchema.extend({
  tiers: z.array(wheelTiersConfigSchema.shape.tiers.element.extend({ translations: translationsField })),
});
const localisedSegmentSetsSchema = z.object({
  segments_by_group: z.record(z.string(), z.array(wheelSegmentSchema.extend({ translations: translationsField }))),
});
const hasTexts = (texts: LocalisedTexts | undefined): texts is LocalisedTexts =>
  texts !== undefined && Object.keys(texts).length > 0;

/** EUR cents into `currency` by the reference rates (rounded down); identity for EUR. */
export async function fromEurIn(db: Executor, currency: string): Promise<FromEur> {
  if (currency === 'EUR') return (cents) => cents;
  const rates = await referenceRatesNow(db);
  return (cents) => rates.convert(cents, 'EUR', currency, 'down');
}

export class LootboxService {
  private readonly cms: CmsService;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bonuses: BonusGrants,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.cms = new CmsService(db);
  }

  /**
   * The wheel's terms: the fe configs (else the built-in samples) and the static page's json,
   * read through `db` (an outbox handler's or the shop's transaction: PGlite has one connection,
   * a read beside the transaction would wait for ever). A page json that does not read as the
   * wheel's terms is left out, with a warning.
   */
  async wheel(db: Executor = this.db): Promise<Wheel> {
    const tiers = localisedTiersSchema.safeParse(await this.cms.feConfig('wheel-config', 'en', db));
    const sets = localisedSegmentSetsSchema.safeParse(await this.cms.feConfig('wheel-config-segments', 'en', db));
    const { page, error } = readWheelPage(await this.cms.pageJson(WHEEL_PAGE_SLUG, db));
    if (error) this.log?.warn({ page: WHEEL_PAGE_SLUG, error }, "the wheel's page json is left out");
    return {
      tiers: tiers.success && tiers.data.tiers.length ? tiers.data : WHEEL_TIERS_SEED,
      sets:
        sets.success && Object.keys(sets.data.segments_by_group).length
          ? sets.data.segments_by_group
          : WHEEL_SEGMENTS_SEED.segments_by_group,
      ...(page ? { page } : {}),
    };
  }

  /**
   * Issues a wheel box of a tier (once per player and key): the player's segment set with the
   * tier's prizes in the box's currency (`segmentPrizes`), each bonus prize with the page's cap on
   * its winnings (`maxWin`: the currency's, else EUR converted), kept on the item. The box's and
   * the segments' titles in other locales are copied with them (the tier's in the config, else the
   * built-in ones of its `Rocket wheel <label>` title).
   */
  async issueWheel(
    tx: Tx,
    wheel: Wheel,
    userId: number,
    groupIds: readonly number[],
    currency: string,
    tier: WheelTier,
    issueKey: string,
    at: Date,
    validDays = 7,
  ): Promise<{ row: LootboxRow; created: boolean }> {
    const fromEur = await fromEurIn(tx, currency);
    const prizes = segmentPrizes(wheel, groupIds, tier, currency, fromEur);
    const maxWin = pageAmountIn(wheel.page?.maxWin, currency, fromEur);
    const items: StoredLootboxItem[] = segmentSetFor(wheel.sets, groupIds).map((s, i) => ({
      id: i + 1,
      weight: s.weight,
      type: s.type,
      title: s.title,
      bonus_amount_cents: prizes[i] ?? 0,
      freespins_count: s.freespins_count,
      wager: s.wager,
      ...(maxWin ? { max_win_cents: maxWin.amount_cents } : {}),
      ...(hasTexts(s.translations) ? { translations: s.translations } : {}),
    }));
    const configured = wheel.tiers.tiers.find((t) => t.tier === tier)?.translations;
    const serverSeed = newServerSeed();
    const [created] = await tx
      .insert(promoLootboxes)
      .values({
        userId,
        currency,
        groupKey: `wheel_${tier}`,
        title: `Rocket wheel ${TIER_LABELS[tier]}`,
        translations: hasTexts(configured) ? configured : WHEEL_BOX_TEXTS[tier],
        stage: 'issued',
        items,
        serverSeed,
        serverSeedHash: seedHash(serverSeed),
        issueKey,
        createdAt: at,
        validUntil: new Date(at.getTime() + validDays * DAY),
      })
      .onConflictDoNothing()
      .returning();
    if (created) return { row: created, created: true };
    const [existing] = await tx
      .select()
      .from(promoLootboxes)
      .where(and(eq(promoLootboxes.userId, userId), eq(promoLootboxes.issueKey, issueKey)));
    return { row: existing!, created: false };
  }

  /** Shown: issued and not expired, or activated today (spec "shown only if"). */
  async list(userId: number): Promise<LootboxRow[]> {
    const now = this.clock.now();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    return this.db
      .select()
      .from(promoLootboxes)
      .where(
        and(
          eq(promoLootboxes.userId, userId),
          sql`((${promoLootboxes.stage} = 'issued' and ${promoLootboxes.validUntil} > ${now.toISOString()})
            or (${promoLootboxes.stage} = 'activated' and ${promoLootboxes.activatedAt} >= ${today.toISOString()}))`,
        ),
      )
      .orderBy(desc(promoLootboxes.createdAt), desc(promoLootboxes.id));
  }

  /**
   * Opens a box: the draw and the prize in one transaction, the box locked so a second click waits
   * and then finds it activated. Refusals: 404 `not_found`, 422 `lootbox_not_issued`,
   * `bonuses_disabled` (nothing changes).
   */
  async activate(userId: number, id: number): Promise<LootboxRow> {
    const at = this.clock.now();
    // Which currencies the prizes' templates have terms in, read before the transaction.
    const covered = new Map(
      (await this.bonuses.templates())
        .filter((t) => t.retired_at === null)
        .map((t) => [t.key, new Set(Object.keys(t.money))] as const),
    );
    return this.db.transaction(async (tx) => {
      const [box] = await tx
        .select()
        .from(promoLootboxes)
        .where(and(eq(promoLootboxes.id, id), eq(promoLootboxes.userId, userId)))
        .for('update');
      if (!box) throw notFound();
      if (box.stage !== 'issued' || box.validUntil <= at) throw unprocessable('lootbox_not_issued');
      const weights = box.items.map((i) => i.weight);
      const roll = await weightedRoll(
        nodeHmac,
        box.serverSeed,
        `lootbox:${box.id}`,
        weights.reduce((a, b) => a + b, 0),
      );
      const item = box.items[pickByRoll(weights, roll)]!;
      const key = `lootbox:${box.id}`;
      const template = item.type === 'bonus' ? WHEEL_BONUS_TEMPLATE : WHEEL_SPINS_TEMPLATE;
      const prize = await this.prizeTerms(tx, userId, box, item, covered.get(template), at);
      const result: Record<string, unknown> =
        item.type === 'bonus'
          ? {
              bonus_id: (
                await this.bonuses.grant(userId, template, prize.currency, key, prize.bonusCents, tx, prize.maxWinCents)
              ).id,
            }
          : {
              freespin_id: (
                await this.bonuses.grantFreespins(userId, template, prize.currency, key, tx, prize.maxWinCents)
              ).id,
            };
      const [opened] = await tx
        .update(promoLootboxes)
        .set({ stage: 'activated', roll, wonItem: item.id, result, activatedAt: at })
        .where(eq(promoLootboxes.id, box.id))
        .returning();
      return opened!;
    });
  }

  /**
   * The won item's prize as granted: in the box's currency when the prize's template has terms in
   * it; else (a box in a currency the templates do not cover, as BTC) in EUR, its amounts turned
   * by the reference rates (rounded down), with the player's EUR account opened to receive it.
   */
  private async prizeTerms(
    tx: Tx,
    userId: number,
    box: LootboxRow,
    item: StoredLootboxItem,
    covered: ReadonlySet<string> | undefined,
    at: Date,
  ): Promise<{ currency: string; bonusCents: number; maxWinCents: number | undefined }> {
    if (!covered || covered.has(box.currency) || !covered.has(FALLBACK_CURRENCY))
      return { currency: box.currency, bonusCents: item.bonus_amount_cents, maxWinCents: item.max_win_cents };
    const rates = await referenceRatesNow(tx);
    const inFallback = (cents: number) => rates.convert(cents, box.currency, FALLBACK_CURRENCY, 'down');
    await openAccount(tx, userId, FALLBACK_CURRENCY, at);
    return {
      currency: FALLBACK_CURRENCY,
      bonusCents: inFallback(item.bonus_amount_cents),
      maxWinCents: item.max_win_cents === undefined ? undefined : inFallback(item.max_win_cents),
    };
  }

  /**
   * The demo player always has a wheel to spin (docs/promotions.md "Demo"): when none is issued,
   * a LITE box keyed by the day (two processes issue one).
   */
  async keepDemoWheel(userId: number, groupIds: readonly number[], currency: string): Promise<void> {
    const now = this.clock.now();
    const [issued] = await this.db
      .select({ id: promoLootboxes.id })
      .from(promoLootboxes)
      .where(
        and(eq(promoLootboxes.userId, userId), eq(promoLootboxes.stage, 'issued'), gt(promoLootboxes.validUntil, now)),
      )
      .limit(1);
    if (issued) return;
    const wheel = await this.wheel();
    const day = now.toISOString().slice(0, 10);
    await this.db.transaction((tx) =>
      this.issueWheel(tx, wheel, userId, groupIds, currency, 'rocket_lite', `demo-wheel-${day}`, now),
    );
  }

  /** Issued boxes past their time become expired (the sweep); answers them for the live push. */
  async expire(): Promise<LootboxRow[]> {
    const now = this.clock.now();
    return this.db
      .update(promoLootboxes)
      .set({ stage: 'expired' })
      .where(and(eq(promoLootboxes.stage, 'issued'), lte(promoLootboxes.validUntil, now)))
      .returning();
  }

  async one(db: Executor, userId: number, id: number): Promise<LootboxRow | undefined> {
    const [row] = await db
      .select()
      .from(promoLootboxes)
      .where(and(eq(promoLootboxes.id, id), eq(promoLootboxes.userId, userId), gt(promoLootboxes.id, 0)));
    return row;
  }
}

/**
 * A box as the player sees it, its and its segments' titles in `locale` (the request's, or for a
 * live push the player's saved one; docs/localisation.md), else as issued (English).
 */
export function presentLootbox(row: LootboxRow, locale = 'en'): Lootbox {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    currency: row.currency,
    group_key: row.groupKey,
    stage: row.stage,
    title: localisedText(row.translations, 'title', locale, row.title),
    valid_until: row.validUntil.toISOString(),
    activated_at: row.activatedAt ? row.activatedAt.toISOString() : null,
    items: row.items.map((item) => ({
      id: item.id,
      weight: item.weight,
      prize: row.wonItem === item.id,
      bonuses: [
        {
          title: localisedText(item.translations, 'title', locale, item.title),
          type: item.type,
          attributes:
            item.type === 'freespins'
              ? [{ field: 'freespins_count', value: item.freespins_count }]
              : [{ field: 'bonus_amount', value: [{ currency: row.currency, amount_cents: item.bonus_amount_cents }] }],
          result_bonus: [
            { field: 'wager', value: item.wager },
            {
              field: 'max_win',
              value:
                item.max_win_cents !== undefined ? [{ currency: row.currency, amount_cents: item.max_win_cents }] : [],
            },
          ],
        },
      ],
    })),
    fairness: {
      server_seed_hash: row.serverSeedHash,
      server_seed: row.stage === 'activated' ? row.serverSeed : null,
      roll: row.roll,
    },
  };
}

/**
 * Boxes as their live pushes (`lootboxes_changes`) carry them: having no request, each in its
 * player's saved locale (docs/localisation.md "Live pushes"), one read of the players' locales
 * for the lot.
 */
export async function lootboxPushes(
  db: Executor,
  rows: readonly LootboxRow[],
): Promise<Array<{ userId: number; box: Lootbox }>> {
  const locales = await playerLocales(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((row) => ({ userId: row.userId, box: presentLootbox(row, locales.get(row.userId)) }));
}
