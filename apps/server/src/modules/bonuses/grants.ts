/**
 * Grants (docs/bonuses.md): the bonuses and free spins other modules give from a template (the
 * shop, the adventures, the promotions' prizes), and the bonus that free spins' winnings become.
 */
import { eq } from 'drizzle-orm';
import type { BonusTemplate, PlayerBonus, PlayerFreespin } from '@orbit/contracts';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import { notFound, unprocessable } from '../../platform/errors';
import { bonusSettingsOf } from '../identity';
import { termsIn } from './rules';
import type { FreespinRow, FreespinsService } from './freespins';
import type { BonusLifecycle } from './lifecycle';
import { lockPlayer, type BonusRow } from './rows';
import { bonusTemplates } from './schema';
import type { BonusTemplates } from './templates';

/** The narrow door loyalty and the promotions grant their prizes through (`app.orbitBonuses`). */
export interface BonusGrants {
  /** The templates a prize may name. */
  templates(): Promise<BonusTemplate[]>;
  grant(
    userId: number,
    templateKey: string,
    currency: string,
    idempotencyKey: string,
    amountCents?: number,
    db?: Executor,
    maxWinCents?: number,
  ): Promise<PlayerBonus>;
  grantFreespins(
    userId: number,
    templateKey: string,
    currency: string,
    idempotencyKey: string,
    db?: Executor,
    maxWinCents?: number,
  ): Promise<PlayerFreespin>;
}

export class BonusGrantsService implements BonusGrants {
  /** The free spins (set once by the module: they issue their winnings as bonuses here). */
  freespins: FreespinsService | undefined;

  constructor(
    private readonly db: Db,
    private readonly catalogue: BonusTemplates,
    private readonly lifecycle: BonusLifecycle,
  ) {}

  templates(): Promise<BonusTemplate[]> {
    return this.catalogue.templates();
  }

  /**
   * A gift from a template (an operator's, the shop's, an adventure day's): a retried call with
   * the same key grants once. `db`: the caller's transaction, to grant with what it writes.
   * `maxWinCents`: the cap on what its wagering pays out, instead of the template's (the wheel's
   * page states its own).
   */
  async grant(
    userId: number,
    templateKey: string,
    currency: string,
    idempotencyKey: string,
    amountCents?: number,
    db: Executor = this.db,
    maxWinCents?: number,
  ): Promise<PlayerBonus> {
    const { template, settings } = await this.grantable(db, userId, templateKey, currency, 'bonus');
    const issued = await db.transaction((tx) =>
      this.lifecycle.issue(tx, template, {
        userId,
        currency,
        country: settings.country,
        issueKey: `grant:${idempotencyKey}`,
        stage: 'issued',
        ...(amountCents !== undefined ? { amountCents } : {}),
        ...(maxWinCents !== undefined ? { maxWinCents } : {}),
      }),
    );
    return this.lifecycle.one(db, userId, issued.row.id);
  }

  /**
   * Free spins from a `freespins` template (a retried call with the same key grants once); `db` as
   * for `grant`; `maxWinCents` caps what their winnings' bonus pays out, instead of the template's.
   */
  async grantFreespins(
    userId: number,
    templateKey: string,
    currency: string,
    idempotencyKey: string,
    db: Executor = this.db,
    maxWinCents?: number,
  ): Promise<PlayerFreespin> {
    const { template, settings } = await this.grantable(db, userId, templateKey, currency, 'freespins');
    const issued = await db.transaction((tx) =>
      this.freespins!.issue(tx, template, {
        userId,
        currency,
        country: settings.country,
        issueKey: `grant:${idempotencyKey}`,
        ...(maxWinCents !== undefined ? { maxWinCents } : {}),
      }),
    );
    return this.freespins!.present(issued.row);
  }

  /** The template a grant names and the player's settings, or the refusal: no player, bonuses off, no such template or currency. */
  private async grantable(
    db: Executor,
    userId: number,
    templateKey: string,
    currency: string,
    kind: 'bonus' | 'freespins',
  ) {
    const settings = await bonusSettingsOf(db, userId);
    if (!settings) throw notFound();
    if (!settings.canIssueBonuses) throw unprocessable('bonuses_disabled');
    const [template] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.key, templateKey));
    if (!template || template.retiredAt || (template.kind === 'freespins') !== (kind === 'freespins'))
      throw unprocessable('invalid', 'template_key');
    if (!termsIn(template.money, currency)) throw unprocessable('invalid', 'currency');
    return { template, settings };
  }

  /** The wins of finished free spins become one bonus with their wagering; it starts at once when nothing else wagers. */
  async issueWinnings(tx: Tx, spins: FreespinRow): Promise<BonusRow> {
    await lockPlayer(tx, spins.userId);
    const [template] = await tx.select().from(bonusTemplates).where(eq(bonusTemplates.id, spins.templateId));
    const issued = await this.lifecycle.issue(tx, template!, {
      userId: spins.userId,
      currency: spins.currency,
      country: null,
      issueKey: `freespins:${spins.id}`,
      stage: 'issued',
      amountCents: spins.winCents,
      multiplier: spins.wagerMultiplier,
      ...(spins.maxWinCents !== null ? { maxWinCents: spins.maxWinCents } : {}),
    });
    if (issued.created && !(await this.lifecycle.wagering(tx, spins.userId)))
      await this.lifecycle.startWagering(tx, issued.row);
    return issued.row;
  }
}
