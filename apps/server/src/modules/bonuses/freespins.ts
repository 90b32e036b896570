/**
 * Free spins (docs/bonuses.md "Free spins"): issued from a `freespins` template, activated by the
 * player, told to the studio with its issue call (an outbox delivery, retried until the studio
 * answers), played through the studio's `freespin` calls at the games door, and finished when
 * the last spin is played or the window passes: the wins then become one bonus with the
 * template's wagering (`BonusGrantsService.issueWinnings`).
 */
import { createHmac } from 'node:crypto';
import { and, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { freespinCallResponseSchema, type GiftAction, type PlayerFreespin } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Fetch } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Executor, Tx } from '../../platform/db/executor';
import { notFound, unprocessable } from '../../platform/errors';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { freespinEndpoint, type FreespinPlay, type FreespinPlayed } from '../games';
import { bonusSettingsOf } from '../identity';
import { termsIn, wagerMultiplierFor } from './rules';
import { playerFreespins } from './schema';
import { titlesInLocale } from './titles';
import type { BonusGrantsService } from './grants';
import type { TemplateRow } from './rows';

export type FreespinRow = typeof playerFreespins.$inferSelect;

/** Every change of a player's free spins: the whole grant goes to the player's `freespins_changes`. */
export const FREESPINS_CHANGED_TOPIC = 'bonuses.freespins_changed';
/** The studio is to be told of a grant (`issue`) or of its end (`cancel`). */
export const FREESPINS_CALL_TOPIC = 'bonuses.freespins_call';
export type FreespinsChangedEvent = { freespinId: number; userId: number };
export type FreespinsCallEvent = { freespinId: number; call: 'issue' | 'cancel' };

const DAY_MS = 86_400_000;

export class FreespinsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bonuses: BonusGrantsService,
    private readonly studio: { publicBase: string; fetch: Fetch },
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(userId: number, locale = 'en'): Promise<PlayerFreespin[]> {
    const rows = await titlesInLocale(
      this.db,
      await this.db
        .select()
        .from(playerFreespins)
        .where(eq(playerFreespins.userId, userId))
        .orderBy(desc(playerFreespins.createdAt), desc(playerFreespins.id)),
      locale,
    );
    const canIssue = (await bonusSettingsOf(this.db, userId))?.canIssueBonuses ?? false;
    return rows.map((r) => this.present(r, canIssue));
  }

  /** A grant as the player sees it, with what they may do now (`canIssue`: the player takes bonuses; activation needs it). */
  present(row: FreespinRow, canIssue = true): PlayerFreespin {
    const now = this.clock.now();
    const first = row.games[0] ?? '';
    const actions: GiftAction[] = [];
    if (canIssue && row.stage === 'issued' && (row.activatableUntil === null || row.activatableUntil > now))
      actions.push('activate');
    if (row.stage === 'issued' || row.stage === 'activated') actions.push('cancel');
    return {
      id: row.id,
      title: row.title,
      freespins_total: row.count,
      freespins_performed: row.performed,
      stage: row.stage,
      games: row.games,
      provider: first.slice(0, first.indexOf('/')),
      currency: row.currency,
      bet_level: row.betLevelCents,
      activatable_until: row.activatableUntil?.toISOString() ?? null,
      valid_until: row.validUntil?.toISOString() ?? null,
      activatable: actions.includes('activate'),
      cancelable: actions.includes('cancel'),
      created_at: row.createdAt.toISOString(),
      group_key: row.groupKey,
      win_cents: row.winCents,
      wager_multiplier: row.wagerMultiplier,
      actions,
    };
  }

  /** Writes a grant from a `freespins` template (or finds the one already issued under this key). */
  async issue(
    tx: Executor,
    template: TemplateRow,
    what: { userId: number; currency: string; country: string | null; issueKey: string; maxWinCents?: number },
  ): Promise<{ row: FreespinRow; created: boolean }> {
    const terms = termsIn(template.money, what.currency);
    if (!terms?.bet_level_cents || !template.games?.length || !template.freespinsCount)
      throw unprocessable('invalid', 'template_key');
    const now = this.clock.now();
    const [row] = await tx
      .insert(playerFreespins)
      .values({
        userId: what.userId,
        templateId: template.id,
        issueKey: what.issueKey,
        title: template.title,
        currency: what.currency,
        stage: 'issued',
        games: template.games,
        count: template.freespinsCount,
        betLevelCents: terms.bet_level_cents,
        wagerMultiplier: wagerMultiplierFor(template.wagerMultiplier, what.country),
        maxWinCents: what.maxWinCents ?? null,
        groupKey: template.key,
        activationDays: template.activationDays,
        wageringDays: template.wageringDays,
        activatableUntil: new Date(now.getTime() + template.activationDays * DAY_MS),
        createdAt: now,
      })
      .onConflictDoNothing({ target: playerFreespins.issueKey })
      .returning();
    if (row) {
      await this.changed(tx, row);
      return { row, created: true };
    }
    const [existing] = await tx.select().from(playerFreespins).where(eq(playerFreespins.issueKey, what.issueKey));
    return { row: existing!, created: false };
  }

  /** Issued → activated: the spins can be played for the template's days; the studio is told. */
  async activate(userId: number, id: number): Promise<PlayerFreespin> {
    const settings = await bonusSettingsOf(this.db, userId);
    if (!settings?.canIssueBonuses) throw unprocessable('bonuses_disabled');
    return this.db.transaction(async (tx) => {
      const row = await this.lock(tx, userId, id);
      const now = this.clock.now();
      if (row.stage !== 'issued' || (row.activatableUntil && row.activatableUntil <= now))
        throw unprocessable('not_activatable');
      const [activated] = await tx
        .update(playerFreespins)
        .set({ stage: 'activated', activatedAt: now, validUntil: new Date(now.getTime() + row.wageringDays * DAY_MS) })
        .where(eq(playerFreespins.id, id))
        .returning();
      await this.changed(tx, activated!);
      await this.call(tx, activated!, 'issue');
      return this.present(activated!);
    });
  }

  /** The player gives the spins up: those left are withdrawn and what they won so far is not paid. */
  async cancel(
    userId: number,
    id: number,
    within?: (tx: Executor, stage: string) => Promise<void>,
  ): Promise<PlayerFreespin> {
    return this.db.transaction(async (tx) => {
      const row = await this.lock(tx, userId, id);
      if (row.stage !== 'issued' && row.stage !== 'activated') throw unprocessable('not_cancelable');
      await within?.(tx, row.stage);
      const [ended] = await tx
        .update(playerFreespins)
        .set({ stage: 'canceled', finishedAt: this.clock.now() })
        .where(eq(playerFreespins.id, id))
        .returning();
      await this.changed(tx, ended!);
      if (row.stage === 'activated') await this.call(tx, ended!, 'cancel');
      return this.present(ended!);
    });
  }

  /** A studio's free spin, in the wallet call's transaction: counted, its win kept; the last one ends the grant. */
  async play(play: FreespinPlay): Promise<FreespinPlayed> {
    const id = /^\d{1,15}$/.test(play.freespinId) ? Number(play.freespinId) : null;
    if (id === null) return { refusal: 'freespin_not_found' };
    const [row] = await play.tx.select().from(playerFreespins).where(eq(playerFreespins.id, id)).for('update');
    if (!row || row.userId !== play.userId || row.currency !== play.currency || !row.games.includes(play.game))
      return { refusal: 'freespin_not_found' };
    if (row.stage !== 'activated' || row.performed >= row.count || (row.validUntil && row.validUntil <= play.at))
      return { refusal: 'freespins_used' };
    const performed = row.performed + 1;
    const [updated] = await play.tx
      .update(playerFreespins)
      .set({ performed, winCents: row.winCents + play.winCents })
      .where(eq(playerFreespins.id, id))
      .returning();
    if (performed === row.count) await this.finish(play.tx, updated!, 'finished');
    else await this.changed(play.tx, updated!);
    return { left: row.count - performed };
  }

  /** Ends a grant; its wins so far become one bonus (finished, or expired with spins unplayed). */
  private async finish(tx: Tx, row: FreespinRow, stage: 'finished' | 'expired'): Promise<void> {
    const [ended] = await tx
      .update(playerFreespins)
      .set({ stage, finishedAt: this.clock.now() })
      .where(and(eq(playerFreespins.id, row.id), eq(playerFreespins.stage, row.stage)))
      .returning();
    if (!ended) return;
    if (ended.winCents > 0) {
      const bonus = await this.bonuses.issueWinnings(tx, ended);
      await tx.update(playerFreespins).set({ bonusId: bonus.id }).where(eq(playerFreespins.id, row.id));
    }
    await this.changed(tx, ended);
  }

  /** Ends what is due: activation windows passed (nothing to pay), play windows passed (the wins so far paid as a bonus). */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const due = await this.db
      .select({ id: playerFreespins.id, userId: playerFreespins.userId })
      .from(playerFreespins)
      .where(
        or(
          and(eq(playerFreespins.stage, 'issued'), lte(playerFreespins.activatableUntil, now)),
          and(eq(playerFreespins.stage, 'activated'), lte(playerFreespins.validUntil, now)),
        ),
      )
      .limit(500);
    let ended = 0;
    for (const { id, userId } of due) {
      try {
        await this.db.transaction(async (tx) => {
          const row = await this.lock(tx, userId, id);
          if (row.stage === 'issued' && row.activatableUntil && row.activatableUntil <= now) {
            await tx
              .update(playerFreespins)
              .set({ stage: 'expired', finishedAt: now })
              .where(and(eq(playerFreespins.id, id), inArray(playerFreespins.stage, ['issued'])));
            await this.changed(tx, { ...row, stage: 'expired' });
            ended++;
          } else if (row.stage === 'activated' && row.validUntil && row.validUntil <= now) {
            await this.finish(tx, row, 'expired');
            await this.call(tx, row, 'cancel');
            ended++;
          }
        });
      } catch (error) {
        this.log.warn({ err: error, freespins: id }, 'free spins expiry failed; the next sweep retries');
      }
    }
    return ended;
  }

  /**
   * Outbox delivery of FREESPINS_CALL_TOPIC: the signed issue or cancel call to the provider of
   * the grant's games. A failure throws, and the outbox retries with a growing delay.
   */
  async deliverCall(tx: Tx, event: FreespinsCallEvent): Promise<void> {
    const [row] = await tx.select().from(playerFreespins).where(eq(playerFreespins.id, event.freespinId));
    if (!row) return;
    const endpoint = await freespinEndpoint(tx, row.games[0]!);
    if (!endpoint) {
      this.log.warn({ freespins: row.id }, 'the games of these free spins have no provider taking free spins');
      return;
    }
    const body = JSON.stringify(
      event.call === 'issue'
        ? {
            freespin_id: String(row.id),
            player_id: String(row.userId),
            currency: row.currency,
            games: row.games.map((g) => g.slice(g.indexOf('/') + 1)),
            count: row.count,
            bet_level_cents: row.betLevelCents,
            valid_until: row.validUntil!.toISOString(),
          }
        : { freespin_id: String(row.id) },
    );
    const base = endpoint.url.startsWith('/') ? `${this.studio.publicBase}${endpoint.url}` : endpoint.url;
    const res = await this.studio.fetch(`${base}/${event.call}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-sign': createHmac('sha256', endpoint.secret).update(body).digest('hex'),
      },
      body,
    });
    const text = await res.text();
    if (res.status !== 200 || !freespinCallResponseSchema.safeParse(safeJson(text)).success)
      throw new Error(`free spins ${event.call} call answered ${res.status}`);
    if (event.call === 'issue')
      await tx
        .update(playerFreespins)
        .set({ providerIssuedAt: this.clock.now() })
        .where(eq(playerFreespins.id, row.id));
  }

  private async lock(tx: Executor, userId: number, id: number): Promise<FreespinRow> {
    const [row] = await tx
      .select()
      .from(playerFreespins)
      .where(and(eq(playerFreespins.id, id), eq(playerFreespins.userId, userId)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  private changed(tx: Executor, row: FreespinRow): Promise<void> {
    return enqueueEvent(
      tx,
      FREESPINS_CHANGED_TOPIC,
      { freespinId: row.id, userId: row.userId } satisfies FreespinsChangedEvent,
      this.clock.now(),
    );
  }

  private call(tx: Executor, row: FreespinRow, call: 'issue' | 'cancel'): Promise<void> {
    return enqueueEvent(
      tx,
      FREESPINS_CALL_TOPIC,
      { freespinId: row.id, call } satisfies FreespinsCallEvent,
      this.clock.now(),
    );
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
