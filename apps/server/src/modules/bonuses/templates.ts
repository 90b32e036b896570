/**
 * Bonus templates (docs/bonuses.md): what a bonus can be, created, changed and retired by
 * operators, and the offers they make now to a player (registration and deposit offers, a promo
 * code's template).
 */
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { BonusKind, BonusOffer, BonusOfferPart, BonusTemplate, BonusTemplateInput } from '@orbit/contracts';
import { localisedText } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { isUniqueViolation, type Executor } from '../../platform/db/executor';
import { notFound, unprocessable } from '../../platform/errors';
import { succeededDeposits } from '../cashbox';
import { defaultMaxWin, MULTI_ACCOUNT_GROUP, termsIn } from './rules';
import type { TemplateRow } from './rows';
import { bonusTemplates } from './schema';

export class BonusTemplates {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async templates(): Promise<BonusTemplate[]> {
    const rows = await this.db.select().from(bonusTemplates).orderBy(asc(bonusTemplates.id));
    return rows.map(presentTemplate);
  }

  /** Creates the template, or changes the one with that key (its bonuses already given keep their terms). */
  async saveTemplate(input: BonusTemplateInput): Promise<BonusTemplate> {
    const values = templateValues(input);
    try {
      const [row] = await this.db
        .insert(bonusTemplates)
        .values({ ...values, createdAt: this.clock.now() })
        .onConflictDoUpdate({ target: bonusTemplates.key, set: { ...values, retiredAt: null } })
        .returning();
      return presentTemplate(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw unprocessable('taken', 'code');
      throw error;
    }
  }

  /** A retired template is offered no more; bonuses already given go on. */
  async retireTemplate(key: string): Promise<BonusTemplate> {
    const [row] = await this.db
      .update(bonusTemplates)
      .set({ retiredAt: this.clock.now() })
      .where(and(eq(bonusTemplates.key, key), isNull(bonusTemplates.retiredAt)))
      .returning();
    if (!row) throw notFound();
    return presentTemplate(row);
  }

  // ---- offers ---------------------------------------------------------------------------------

  /** The registration gifts a new player in this currency would get. */
  async registrationOffers(currency: string, locale = 'en'): Promise<BonusOffer[]> {
    const rows = await this.offered(this.db, 'registration', currency, []);
    return rows.map((t) => presentOffer(t, currency, locale));
  }

  /** The deposit offers for the player's next deposit in their active currency. */
  async depositOffers(userId: number, currency: string, groupIds: number[], locale = 'en'): Promise<BonusOffer[]> {
    if (groupIds.includes(MULTI_ACCOUNT_GROUP)) return [];
    const next = (await succeededDeposits(this.db, userId)) + 1;
    const rows = await this.offered(this.db, 'deposit', currency, groupIds);
    return rows
      .filter((t) => t.code !== null && (t.depositNumbers === null || t.depositNumbers.includes(next)))
      .map((t) => presentOffer(t, currency, locale));
  }

  /** Templates of a kind on offer now in a currency to a player of these groups. */
  async offered(db: Executor, kind: BonusKind, currency: string, groupIds: number[]): Promise<TemplateRow[]> {
    const now = this.clock.now();
    const rows = await db
      .select()
      .from(bonusTemplates)
      .where(
        and(
          eq(bonusTemplates.kind, kind),
          isNull(bonusTemplates.retiredAt),
          or(isNull(bonusTemplates.startsAt), lte(bonusTemplates.startsAt, now)),
          or(isNull(bonusTemplates.endsAt), sql`${bonusTemplates.endsAt} > ${now.toISOString()}`),
        ),
      )
      .orderBy(asc(bonusTemplates.id));
    return rows.filter((t) => termsIn(t.money, currency) && forGroups(t, groupIds));
  }

  /**
   * The single bonus page's offer (docs/rules/content-pages.md "Bonus page"): a template on offer
   * now in `currency` to everyone (no group named), by its key; undefined for a retired, a
   * group-only, a manual or an unknown one.
   */
  async publicOffer(key: string, currency: string, locale = 'en'): Promise<BonusOffer | undefined> {
    const [row] = await this.db.select().from(bonusTemplates).where(eq(bonusTemplates.key, key));
    if (!row || row.kind === 'manual' || row.groupIds.length > 0) return undefined;
    const offered = await this.offered(this.db, row.kind, currency, []);
    const template = offered.find((t) => t.id === row.id);
    return template && presentOffer(template, currency, locale);
  }

  /** The template with this promo code on offer now in a currency to a player of these groups. */
  async templateByCode(code: string, currency: string, groupIds: number[]): Promise<TemplateRow | undefined> {
    const now = this.clock.now();
    const [template] = await this.db
      .select()
      .from(bonusTemplates)
      .where(and(eq(bonusTemplates.code, code.trim().toUpperCase()), isNull(bonusTemplates.retiredAt)));
    if (!template || !termsIn(template.money, currency) || !forGroups(template, groupIds)) return undefined;
    if ((template.startsAt && template.startsAt > now) || (template.endsAt && template.endsAt <= now)) return undefined;
    return template;
  }
}

/** Whether a template is for a player of these groups (none named: everyone). */
const forGroups = (t: TemplateRow, groupIds: number[]) =>
  t.groupIds.length === 0 || t.groupIds.some((g) => groupIds.includes(g));

export function templateValues(input: BonusTemplateInput) {
  return {
    key: input.key,
    kind: input.kind,
    title: input.title,
    description: input.description,
    translations: input.translations,
    code: input.code ? input.code.toUpperCase() : null,
    percent: input.percent,
    depositNumbers: input.deposit_numbers,
    money: input.money,
    wagerMultiplier: input.wager_multiplier,
    contributions: input.contributions,
    games: input.games,
    freespinsCount: input.freespins_count,
    activationDays: input.activation_days,
    wageringDays: input.wagering_days,
    groupIds: input.group_ids,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
  };
}

export function presentTemplate(t: TemplateRow): BonusTemplate {
  return {
    id: t.id,
    key: t.key,
    kind: t.kind,
    title: t.title,
    description: t.description,
    translations: t.translations,
    code: t.code,
    percent: t.percent,
    deposit_numbers: t.depositNumbers,
    money: t.money,
    wager_multiplier: t.wagerMultiplier,
    contributions: t.contributions,
    games: t.games,
    freespins_count: t.freespinsCount,
    activation_days: t.activationDays,
    wagering_days: t.wageringDays,
    group_ids: t.groupIds,
    starts_at: t.startsAt?.toISOString() ?? null,
    ends_at: t.endsAt?.toISOString() ?? null,
    retired_at: t.retiredAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
  };
}

function presentOffer(t: TemplateRow, currency: string, locale: string): BonusOffer {
  const terms = termsIn(t.money, currency)!;
  const title = localisedText(t.translations, 'title', locale, t.title);
  const part = (type: BonusOfferPart['type']): BonusOfferPart => ({
    title,
    type,
    amount_cents: type === 'bonus' ? (terms.amount_cents ?? null) : null,
    percent: type === 'bonus' ? t.percent : null,
    max_amount_cents: type === 'bonus' ? (terms.max_amount_cents ?? null) : null,
    freespins_count: type === 'freespins' ? t.freespinsCount : null,
    wager_multiplier: t.wagerMultiplier,
  });
  const givesMoney = terms.amount_cents != null || t.percent != null;
  const parts = [...(givesMoney ? [part('bonus')] : []), ...(t.freespinsCount ? [part('freespins')] : [])];
  return {
    id: t.id,
    title,
    description: localisedText(t.translations, 'description', locale, t.description),
    kind: t.kind,
    code: t.kind === 'deposit' ? t.code : null,
    currency,
    amount_cents: terms.amount_cents ?? null,
    percent: t.percent,
    max_amount_cents: terms.max_amount_cents ?? null,
    min_deposit_cents: terms.min_deposit_cents ?? null,
    deposit_numbers: t.depositNumbers,
    freespins_count: t.freespinsCount,
    wager_multiplier: t.wagerMultiplier,
    max_bet_cents: terms.max_bet_cents ?? null,
    max_win_cents: terms.max_win_cents ?? (terms.amount_cents ? defaultMaxWin(terms.amount_cents) : null),
    activation_days: t.activationDays,
    wagering_days: t.wageringDays,
    group_key: t.key,
    bonuses: parts.length ? parts : [part('bonus')],
  };
}
