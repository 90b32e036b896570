/**
 * What an operator does to a player's account (docs/backoffice.md "Acting on a player"): notes
 * (append-only), ending sign-in sessions, blocking and unblocking. Each write and its audit entry
 * commit together.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { changeGroups, endPlayerSessions, listGroups, membershipsOf, playerSince, type SignInCheck } from '../identity';
import { appendAudit, type Actor } from './audit';
import { operators, playerBlocks, playerNotes } from './schema';

export class PlayerDesk {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** 404 for an id that is no player's. */
  async requirePlayer(userId: number): Promise<{ email: string; createdAt: Date }> {
    const player = await playerSince(this.db, userId);
    if (!player) throw notFound();
    return player;
  }

  async notes(userId: number, page: number, perPage: number) {
    await this.requirePlayer(userId);
    const where = eq(playerNotes.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ note: playerNotes, operatorName: operators.name })
        .from(playerNotes)
        .innerJoin(operators, eq(operators.id, playerNotes.operatorId))
        .where(where)
        .orderBy(desc(playerNotes.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(playerNotes).where(where),
    ]);
    return {
      total: Number(total?.n ?? 0),
      data: rows.map(({ note, operatorName }) => ({
        id: note.id,
        body: note.body,
        operator_id: note.operatorId,
        operator_name: operatorName,
        created_at: note.createdAt.toISOString(),
      })),
    };
  }

  async addNote(by: Actor, userId: number, body: string) {
    await this.requirePlayer(userId);
    const now = this.clock.now();
    const note = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(playerNotes)
        .values({ userId, operatorId: by.operatorId!, body, createdAt: now })
        .returning();
      await appendAudit(tx, now, by, {
        action: 'player.note',
        targetType: 'player',
        targetId: userId,
        after: { body },
      });
      return row!;
    });
    const [author] = await this.db
      .select({ name: operators.name })
      .from(operators)
      .where(eq(operators.id, note.operatorId));
    return {
      id: note.id,
      body: note.body,
      operator_id: note.operatorId,
      operator_name: author?.name ?? '',
      created_at: note.createdAt.toISOString(),
    };
  }

  /** Ends one session (`sessionId`) or all of them (null); 409 `not_active` when there was none to end. */
  async endSessions(by: Actor, userId: number, sessionId: string | null) {
    await this.requirePlayer(userId);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const ended = await endPlayerSessions(tx, userId, sessionId, now);
      if (sessionId !== null && ended === 0) throw conflict('not_active');
      await appendAudit(tx, now, by, {
        action: sessionId === null ? 'player.sessions.end_all' : 'player.session.end',
        targetType: 'player',
        targetId: userId,
        after: { ended, ...(sessionId === null ? {} : { session_id: sessionId }) },
      });
      return { ended };
    });
  }

  async blockOf(userId: number, executor: Executor = this.db) {
    const [row] = await executor.select().from(playerBlocks).where(eq(playerBlocks.userId, userId));
    return {
      blocked: row !== undefined,
      blocked_at: row?.blockedAt.toISOString() ?? null,
      reason: row?.reason ?? null,
    };
  }

  /**
   * A blocked player cannot sign in, and their sessions end now (with them the game sessions they
   * launched); a cashout they asked for stays in the queue for an operator's decision.
   */
  async block(by: Actor, userId: number, reason: string) {
    await this.requirePlayer(userId);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(playerBlocks)
        .values({ userId, blockedAt: now, operatorId: by.operatorId, reason })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('already_blocked');
      const ended = await endPlayerSessions(tx, userId, null, now);
      await appendAudit(tx, now, by, {
        action: 'player.block',
        targetType: 'player',
        targetId: userId,
        before: { blocked: false },
        after: { blocked: true, sessions_ended: ended },
        reason,
      });
      return this.blockOf(userId, tx);
    });
  }

  async unblock(by: Actor, userId: number, reason: string) {
    await this.requirePlayer(userId);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx.delete(playerBlocks).where(eq(playerBlocks.userId, userId)).returning();
      if (!row) throw conflict('not_blocked');
      await appendAudit(tx, now, by, {
        action: 'player.unblock',
        targetType: 'player',
        targetId: userId,
        before: { blocked: true, blocked_at: row.blockedAt.toISOString(), reason: row.reason },
        after: { blocked: false },
        reason,
      });
      return this.blockOf(userId, tx);
    });
  }

  /**
   * Puts the player in groups and takes them out (levels follow comp points: 422 `level`; an id
   * that is no group: 422 `unknown`). Joining one of an exclusive set leaves its siblings, as
   * everywhere. Audited as `player.groups` with the memberships before and after.
   */
  async changeGroups(by: Actor, userId: number, add: number[], remove: number[]) {
    await this.requirePlayer(userId);
    const catalogue = new Map((await listGroups(this.db)).map((g) => [g.id, g]));
    for (const [field, ids] of [
      ['add', add],
      ['remove', remove],
    ] as const) {
      if (ids.some((id) => !catalogue.has(id))) throw unprocessable('unknown', field);
      if (ids.some((id) => catalogue.get(id)!.kind === 'level')) throw unprocessable('level', field);
    }
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const before = (await membershipsOf(tx, userId)).map((g) => g.id);
      await changeGroups(tx, userId, add, remove, now);
      const after = await membershipsOf(tx, userId);
      await appendAudit(tx, now, by, {
        action: 'player.groups',
        targetType: 'player',
        targetId: userId,
        before: { groups: before },
        after: { groups: after.map((g) => g.id) },
      });
      return { data: after.map((g) => ({ id: g.id, name: g.name, kind: g.kind })), total: after.length };
    });
  }

  /** The sign-in check identity runs before a session starts. */
  readonly signInCheck: SignInCheck = async ({ userId }) =>
    (await this.blockOf(userId)).blocked ? 'player_blocked' : null;
}
