/**
 * The back office's door to the templates and grants (docs/backoffice.md "Bonuses"): templates
 * listed with their usage, created, changed, switched off and on, cloned, each in a transaction
 * the caller writes its audit entry into; a template granted to many players at once, once per
 * player and idempotency key. The back office never reads these tables itself.
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  BackofficeBonusGrantResponse,
  BackofficeBonusTemplate,
  BonusGrantSkip,
  BonusTemplate,
  BonusTemplateInput,
  BonusTemplateUsage,
} from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { isUniqueViolation, databaseErrorOf, type Executor, type Tx } from '../../platform/db/executor';
import { notFound, unprocessable } from '../../platform/errors';
import { bonusSettingsOf, membershipsOf } from '../identity';
import { accountsOf } from '../wallet';
import type { FreespinsService } from './freespins';
import type { BonusLifecycle } from './lifecycle';
import type { TemplateRow } from './rows';
import { MULTI_ACCOUNT_GROUP, termsIn } from './rules';
import { bonusTemplates, playerBonuses, playerFreespins } from './schema';
import { presentTemplate, templateValues } from './templates';

/** The caller's part of a template's change, in its transaction: the audit entry. */
export type TemplateChangeHook = (tx: Executor, before: BonusTemplate | null, after: BonusTemplate) => Promise<void>;

export type ManyGrant = {
  templateKey: string;
  currency: string;
  amountCents?: number | undefined;
  playerIds: readonly number[];
  idempotencyKey: string;
  /** Players the caller refuses before the bonuses look (blocked in the back office), with the reason. */
  refused: ReadonlyMap<number, BonusGrantSkip>;
};

/**
 * Issue keys of codes and deposit offers: a bonus whose key starts so was taken by the template's
 * code (typed, or chosen as the deposit offer), as issuing.ts names them.
 */
const REDEEMED = sql`(issue_key like 'code:%' or issue_key like 'deposit:%')`;

export class BonusDesk {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly lifecycle: BonusLifecycle,
    private readonly freespins: FreespinsService,
  ) {}

  /** Every template with its usage, oldest first. */
  async templates(): Promise<BackofficeBonusTemplate[]> {
    const rows = await this.db.select().from(bonusTemplates).orderBy(asc(bonusTemplates.id));
    const usage = await this.usage();
    return rows.map((row) => withUsage(row, usage.get(row.id)));
  }

  async template(id: number): Promise<BackofficeBonusTemplate> {
    const [row] = await this.db.select().from(bonusTemplates).where(eq(bonusTemplates.id, id));
    if (!row) throw notFound();
    return withUsage(row, (await this.usage(id)).get(id));
  }

  /** Counted from the bonuses and grants themselves, never from a counter. */
  private async usage(
    templateId?: number,
  ): Promise<Map<number, { issued: number; activated: number; redeemed: number }>> {
    const count = (n: unknown) => Number(n ?? 0);
    const byTemplate = new Map<number, { issued: number; activated: number; redeemed: number }>();
    for (const table of [playerBonuses, playerFreespins]) {
      const rows = await this.db
        .select({
          templateId: table.templateId,
          issued: sql<number>`count(*)`,
          activated: sql<number>`count(${table.activatedAt})`,
          redeemed: sql<number>`count(*) filter (where ${REDEEMED})`,
        })
        .from(table)
        .where(templateId === undefined ? undefined : eq(table.templateId, templateId))
        .groupBy(table.templateId);
      for (const r of rows) {
        if (r.templateId === null) continue;
        const sum = byTemplate.get(r.templateId) ?? { issued: 0, activated: 0, redeemed: 0 };
        sum.issued += count(r.issued);
        sum.activated += count(r.activated);
        sum.redeemed += count(r.redeemed);
        byTemplate.set(r.templateId, sum);
      }
    }
    return byTemplate;
  }

  /** A new template; its key (or, among enabled templates, its code) already taken is 422 `taken`. */
  create(input: BonusTemplateInput, within: TemplateChangeHook): Promise<BackofficeBonusTemplate> {
    return this.writing(async (tx) => {
      const [row] = await tx
        .insert(bonusTemplates)
        .values({ ...templateValues(input), createdAt: this.clock.now() })
        .returning();
      await within(tx, null, presentTemplate(row!));
      return row!;
    });
  }

  /** The whole template but its key; bonuses already given keep their terms; enabled or not stays. */
  update(
    id: number,
    input: Omit<BonusTemplateInput, 'key'>,
    within: TemplateChangeHook,
  ): Promise<BackofficeBonusTemplate> {
    return this.writing(async (tx) => {
      const before = await this.locked(tx, id);
      const { key: _key, ...values } = templateValues({ ...input, key: before.key });
      const [row] = await tx.update(bonusTemplates).set(values).where(eq(bonusTemplates.id, id)).returning();
      await within(tx, presentTemplate(before), presentTemplate(row!));
      return row!;
    });
  }

  /**
   * Off: offered to nobody (retired), bonuses already given go on. On again: offered as before
   * (its code taken meanwhile by another enabled template is 422 `code: taken`). Switching to the
   * state it is in is 422 `already_enabled` / `already_disabled`, writing nothing.
   */
  setEnabled(id: number, enabled: boolean, within: TemplateChangeHook): Promise<BackofficeBonusTemplate> {
    return this.writing(async (tx) => {
      const before = await this.locked(tx, id);
      if ((before.retiredAt === null) === enabled)
        throw unprocessable(enabled ? 'already_enabled' : 'already_disabled', 'enabled');
      const [row] = await tx
        .update(bonusTemplates)
        .set({ retiredAt: enabled ? null : this.clock.now() })
        .where(
          and(
            eq(bonusTemplates.id, id),
            enabled ? isNotNull(bonusTemplates.retiredAt) : isNull(bonusTemplates.retiredAt),
          ),
        )
        .returning();
      await within(tx, presentTemplate(before), presentTemplate(row!));
      return row!;
    });
  }

  /** A copy under a new key with its own code (or none), disabled until an operator switches it on. */
  clone(id: number, key: string, code: string | null, within: TemplateChangeHook): Promise<BackofficeBonusTemplate> {
    return this.writing(async (tx) => {
      const source = await this.locked(tx, id);
      const { id: _id, createdAt: _created, retiredAt: _retired, ...copy } = source;
      const now = this.clock.now();
      const [row] = await tx
        .insert(bonusTemplates)
        .values({ ...copy, key, code: code ? code.toUpperCase() : null, createdAt: now, retiredAt: now })
        .returning();
      await within(tx, presentTemplate(source), presentTemplate(row!));
      return row!;
    });
  }

  private async locked(tx: Tx, id: number): Promise<TemplateRow> {
    const [row] = await tx.select().from(bonusTemplates).where(eq(bonusTemplates.id, id)).for('update');
    if (!row) throw notFound();
    return row;
  }

  /** A template write in its own transaction; a key or code already taken answers 422 `taken`. */
  private async writing(write: (tx: Tx) => Promise<TemplateRow>): Promise<BackofficeBonusTemplate> {
    try {
      const row = await this.db.transaction(write);
      return withUsage(row, (await this.usage(row.id)).get(row.id));
    } catch (error) {
      if (isUniqueViolation(error))
        throw unprocessable('taken', databaseErrorOf(error)?.constraint === 'bonus_templates_code' ? 'code' : 'key');
      throw error;
    }
  }

  // ---- grants ---------------------------------------------------------------------------------

  /**
   * The template given to each player once: the issue key is the call's idempotency key and the
   * player, so a repeated (or concurrent) call grants nothing more and answers `already_granted`.
   * All in one transaction, players in ascending order (concurrent calls wait on the same keys in
   * the same order, never in a cycle); `within` writes the audit entry when anyone got something.
   * A template unknown, retired or without terms in the currency is 422 before anything is written.
   */
  async grantMany(
    grant: ManyGrant,
    within: (tx: Executor, outcome: BackofficeBonusGrantResponse) => Promise<void>,
  ): Promise<BackofficeBonusGrantResponse> {
    const [template] = await this.db.select().from(bonusTemplates).where(eq(bonusTemplates.key, grant.templateKey));
    if (!template || template.retiredAt) throw unprocessable('invalid', 'template_key');
    const terms = termsIn(template.money, grant.currency);
    if (!terms) throw unprocessable('invalid', 'currency');
    const spins = template.kind === 'freespins';
    if (spins && grant.amountCents !== undefined) throw unprocessable('not_allowed', 'amount_cents');
    if (spins && (!terms.bet_level_cents || !template.games?.length || !template.freespinsCount))
      throw unprocessable('invalid', 'template_key');
    // A deposit template has no amount of its own: the operator names it.
    if (!spins && grant.amountCents === undefined && !terms.amount_cents)
      throw unprocessable('required', 'amount_cents');

    const ids = [...new Set(grant.playerIds)].sort((a, b) => a - b);
    return this.db.transaction(async (tx) => {
      const withAccount = new Set(
        (
          await accountsOf(
            tx,
            ids.map((userId) => ({ userId, currency: grant.currency })),
          )
        ).map((a) => a.userId),
      );
      const players: BackofficeBonusGrantResponse['players'] = [];
      for (const userId of ids) {
        const refused = grant.refused.get(userId);
        const settings = refused ? undefined : await bonusSettingsOf(tx, userId);
        const skip: BonusGrantSkip | null =
          refused ??
          (!settings
            ? 'not_found'
            : !settings.canIssueBonuses
              ? 'bonuses_disabled'
              : !withAccount.has(userId)
                ? 'no_account'
                : // The rule every door keeps: a multi-account player gets no deposit bonus, not even by hand.
                  template.kind === 'deposit' && (await inMultiAccountGroup(tx, userId))
                  ? 'multi_account'
                  : null);
        if (skip || !settings) {
          players.push({ player_id: userId, result: skip ?? 'not_found', id: null });
          continue;
        }
        const what = {
          userId,
          currency: grant.currency,
          country: settings.country,
          issueKey: `backoffice:${grant.idempotencyKey}:${userId}`,
        };
        const issued = spins
          ? await this.freespins.issue(tx, template, what)
          : await this.lifecycle.issue(tx, template, {
              ...what,
              stage: 'issued',
              ...(grant.amountCents !== undefined ? { amountCents: grant.amountCents } : {}),
            });
        players.push({ player_id: userId, result: issued.created ? 'granted' : 'already_granted', id: issued.row.id });
      }
      const outcome = summary(template.key, spins, players);
      if (outcome.granted > 0) await within(tx, outcome);
      return outcome;
    });
  }
}

const inMultiAccountGroup = async (tx: Executor, userId: number) =>
  (await membershipsOf(tx, userId)).some((g) => g.id === MULTI_ACCOUNT_GROUP);

function summary(
  templateKey: string,
  spins: boolean,
  players: BackofficeBonusGrantResponse['players'],
): BackofficeBonusGrantResponse {
  const byReason: BackofficeBonusGrantResponse['skipped_by_reason'] = {};
  for (const p of players) if (p.result !== 'granted') byReason[p.result] = (byReason[p.result] ?? 0) + 1;
  const granted = players.filter((p) => p.result === 'granted').length;
  return {
    template_key: templateKey,
    kind: spins ? 'freespins' : 'bonus',
    granted,
    skipped: players.length - granted,
    skipped_by_reason: byReason,
    players,
  };
}

function withUsage(row: TemplateRow, counted: { issued: number; activated: number; redeemed: number } | undefined) {
  const usage: BonusTemplateUsage = {
    issued: counted?.issued ?? 0,
    activated: counted?.activated ?? 0,
    redeemed: row.code === null ? null : (counted?.redeemed ?? 0),
  };
  return { ...presentTemplate(row), enabled: row.retiredAt === null, usage };
}
